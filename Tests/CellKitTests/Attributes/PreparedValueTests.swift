@_spi(Host) import CellKit
import Testing

/// A value converted once and set on many views (what the host does with
/// a binding's constants, `rows … frameStyle=heavy`): it sets what
/// `apply` sets, and a value the attribute does not take is an error at once.
@Suite struct PreparedValueTests {
    func descriptor(_ name: String, of view: View) throws -> AttributeDescriptor {
        try #require(AttributeDescriptor.descriptors(of: view).first { $0.name == name })
    }

    @Test func aPreparedValueSetsWhatApplySets() throws {
        let values: [(String, AttributeValue)] = [
            ("count", .int(7)), ("ratio", .string("0.25")), ("caption", .string("GPU")),
            ("trend", .enumeration("up")), ("frameStyle", .string("heavy")), ("samples", .string("1,2,3")),
            ("accent", .string("red")),
        ]
        for (name, value) in values {
            let applied = GaugeCell()
            let prepared = GaugeCell()
            let attribute = try descriptor(name, of: applied)
            try attribute.apply(value, to: applied)
            let once = try attribute.prepared(value)
            for _ in 0..<3 { try once.apply(to: prepared) }
            #expect(attribute.value(of: prepared) == attribute.value(of: applied), "\(name)")
            #expect(attribute.value(of: prepared) != attribute.value(of: GaugeCell()), "\(name)")
        }
        // The setter runs each time: `caption` fills its label.
        let cell = GaugeCell()
        try descriptor("caption", of: cell).prepared(.string("Disk")).apply(to: cell)
        #expect(cell.title.text == "Disk")
    }

    @Test func aValueTheAttributeDoesNotTakeIsAnErrorWhenPrepared() throws {
        let cell = GaugeCell()
        #expect(throws: ValueError.self) { try descriptor("count", of: cell).prepared(.string("many")) }
        #expect(throws: ValueError.self) { try descriptor("frameStyle", of: cell).prepared(.string("wavy")) }
    }

    @Test func aPreparedOutletSetsItsLabel() throws {
        try Nib.register(
            source: "{name} {~} {status:bold}", named: "BadgeNibCell", in: PluginBundle(for: BadgeNibCell.self))
        let cell = try BadgeNibCell.tryLoadFromNib()
        let name = try descriptor("name", of: cell)
        try name.prepared(.string("Ada")).apply(to: cell)
        #expect(name.value(of: cell) == .string("Ada"))
    }

    /// What the host sets a data file's text with: a setter in the
    /// property's own type, for typed attributes and outlets only, that
    /// sets what `apply` sets with that value's `AttributeValue`.
    @Test func aTypedSetterSetsWhatApplySetsAndExistsOnlyForItsOwnType() throws {
        let applied = GaugeCell()
        let typed = GaugeCell()
        let caption = try descriptor("caption", of: applied)
        try caption.apply(.string("GPU"), to: applied)
        let setCaption = try #require(caption.setter(of: String.self))
        setCaption(typed, "GPU")
        #expect(caption.value(of: typed) == caption.value(of: applied))
        #expect(typed.title.text == "GPU")
        #expect(caption.setter(of: [String].self) == nil)
        #expect(try descriptor("count", of: typed).setter(of: String.self) == nil)
        let count = try #require(try descriptor("count", of: typed).setter(of: Int.self))
        count(typed, 9)
        #expect(typed.count == 9)
        // A view of another type is left alone.
        setCaption(BadgeNibCell(), "x")

        try Nib.register(
            source: "{name} {~} {status:bold}", named: "BadgeNibCell", in: PluginBundle(for: BadgeNibCell.self))
        let cell = try BadgeNibCell.tryLoadFromNib()
        let name = try #require(try descriptor("name", of: cell).setter(of: String.self))
        name(cell, "Ada")
        #expect(try descriptor("name", of: cell).value(of: cell) == .string("Ada"))
    }
}
