@_spi(Host) import CellKit
import Testing

/// Attributes through the SDK's by-name API, as scripts set them.
@Suite struct AttributeTests {
    @Test func aValueIsSetByNameAndReadBack() throws {
        let cell = try PluginLibrary.make("ProgressCell")
        try cell.setAttribute("value", to: "0.72")
        #expect(cell.attribute("value") == .double(0.72))
        try cell.setAttribute("thresholds", to: "[0.8, 0.95]")
        #expect(cell.attribute("thresholds") == .numbers([0.8, 0.95]))
        try cell.setAttribute("color", to: "#ff8800")
        #expect(cell.attribute("color") == .color(.rgb(255, 136, 0)))
    }

    @Test func aValueOfTheWrongTypeNamesTheExpectedType() throws {
        let cell = try PluginLibrary.make("ProgressCell")
        let error = try #require(throws: CellKitError.self) { try cell.setAttribute("value", to: "abc") }
        #expect(error.code == .invalidAttributeValue)
        #expect(error.message == "value: expected a Double, got 'abc'")
        #expect(error.fix != nil)
        let labelWidth = try #require(throws: CellKitError.self) { try cell.setAttribute("labelWidth", to: "wide") }
        #expect(labelWidth.message.contains("expected an Int"))
        let values = try #require(throws: CellKitError.self) {
            try PluginLibrary.make("SparklineCell").setAttribute("values", to: "[1, two, 3]")
        }
        #expect(values.message.contains("'two' is not a number"))
        let color = try #require(throws: CellKitError.self) { try cell.setAttribute("color", to: "gren") }
        #expect(color.fix == "did you mean 'green'?")
    }

    @Test func anEnumerationNamesItsCasesAndSuggestsTheNearest() throws {
        let cell = try PluginLibrary.make("BadgeCell")
        let error = try #require(throws: CellKitError.self) { try cell.setAttribute("status", to: "warn") }
        #expect(error.code == .invalidAttributeValue)
        #expect(error.message == "status: 'warn' is not one of ok, warning, error, info, neutral")
        #expect(error.fix == "did you mean 'warning'?")
        try cell.setAttribute("status", to: "ERROR")
        #expect(cell.attribute("status") == .enumeration("error"))
        let leader = try #require(throws: CellKitError.self) {
            try PluginLibrary.make("KeyValueCell").setAttribute("leader", to: "dot")
        }
        #expect(leader.fix == "did you mean 'dots'?")
    }

    @Test func anUnknownNameSuggestsTheNearestAttribute() throws {
        let cell = try PluginLibrary.make("ProgressCell")
        let error = try #require(throws: CellKitError.self) { try cell.setAttribute("vaule", to: "1") }
        #expect(error.code == .unknownAttribute)
        #expect(error.message == "ProgressCell has no attribute 'vaule'")
        #expect(error.fix == "did you mean 'value'?")
        let far = try #require(throws: CellKitError.self) { try cell.setAttribute("zzz", to: "1") }
        #expect(far.fix == "its attributes are: label, value, color, thresholds, labelWidth")
    }

    @Test func columnWidthsAndAlignmentsAreCheckedWhenSet() throws {
        let cell = try PluginLibrary.make("ColumnsCell")
        try cell.setAttribute("widths", to: "4, *, 2*, 0")
        #expect(cell.attribute("widths") == .string("4, *, 2*, 0"))
        let widths = try #require(throws: CellKitError.self) { try cell.setAttribute("widths", to: "4,x,6") }
        #expect(widths.message == "widths: 'x' is not a column width")
        #expect(widths.fix?.contains("4,*,6") == true)
        #expect(throws: CellKitError.self) { try cell.setAttribute("widths", to: "-1") }
        #expect(throws: CellKitError.self) { try cell.setAttribute("widths", to: "0*") }
        #expect(cell.attribute("widths") == .string("4, *, 2*, 0"), "a rejected value leaves the attribute as it was")
        let align = try #require(throws: CellKitError.self) { try cell.setAttribute("align", to: "left,rigth") }
        #expect(align.message == "align: 'rigth' is not an alignment")
        #expect(align.fix == "did you mean 'right'?")
        let divider = try #require(throws: CellKitError.self) { try cell.setAttribute("divider", to: "roundd") }
        #expect(divider.fix == "did you mean 'rounded'?")
    }

    @Test func everyAttributeHasASummary() throws {
        for (name, registration) in try PluginLibrary.all() {
            for attribute in registration.attributes where attribute.kind == .property {
                #expect(attribute.summary?.isEmpty == false, "\(name).\(attribute.name) has no summary")
            }
        }
    }

    /// What `save` writes back out (`description`) sets the same value again.
    @Test func everyAttributeRoundTripsThroughItsText() throws {
        let samples: [String: String] = [
            "Int": "7", "Double": "0.25", "Bool": "true", "String": "a|b,c", "Color": "#102030", "[Double]": "[1, 2.5]",
        ]
        for (name, registration) in try PluginLibrary.all() {
            let view = try PluginLibrary.make(name)
            for attribute in registration.attributes {
                let type = attribute.type
                let sample: String
                if case .enumeration(let cases) = type {
                    sample = cases.last ?? ""
                } else {
                    sample = samples["\(type)"] ?? ""
                }
                let text = attribute.name == "widths" ? "2,*" : attribute.name == "align" ? "right" : sample
                try view.setAttribute(attribute.name, to: text)
                let written = try #require(view.attribute(attribute.name)).description
                let again = try PluginLibrary.make(name)
                try again.setAttribute(attribute.name, to: written)
                #expect(again.attribute(attribute.name) == view.attribute(attribute.name), "\(name).\(attribute.name)")
            }
        }
    }

    /// A reused cell shows nothing its previous row set: scripts set only
    /// the attributes they name.
    @Test func prepareForReuseRestoresEveryDefault() throws {
        for (name, registration) in try PluginLibrary.all() where registration.kind != .nib {
            let view = try PluginLibrary.make(name)
            for attribute in registration.attributes {
                switch attribute.type {
                case .string: try view.setAttribute(attribute.name, to: attribute.name == "widths" ? "3" : "right")
                case .int: try view.setAttribute(attribute.name, to: "9")
                case .double: try view.setAttribute(attribute.name, to: "0.5")
                case .bool:
                    try view.setAttribute(attribute.name, to: attribute.defaultValue == .bool(true) ? "false" : "true")
                case .color: try view.setAttribute(attribute.name, to: "magenta")
                case .numbers: try view.setAttribute(attribute.name, to: "[1, 2]")
                case .strings: try view.setAttribute(attribute.name, to: "[a, \"b c\"]")
                case .enumeration(let cases):
                    let other = cases.first { .enumeration($0) != attribute.defaultValue } ?? ""
                    try view.setAttribute(attribute.name, to: other)
                }
                #expect(
                    view.attribute(attribute.name) != attribute.defaultValue, "\(name).\(attribute.name) did not change"
                )
            }
            view.prepareForReuse()
            for attribute in registration.attributes {
                #expect(
                    view.attribute(attribute.name) == attribute.defaultValue, "\(name).\(attribute.name) after reuse")
            }
        }
    }

    @Test func aReusedCellInATableDrawsOnlyWhatItsRowSays() throws {
        let script = ScreenScript(
            """
            row KeyValueCell key=First value=1 leader=space valueColor=red
            row KeyValueCell key=Second value=2
            """)
        let (table, source) = try script.makeTable()
        withExtendedLifetime(source) {
            #expect(table.renderCanvas(width: 20).text == "First              1\nSecond ........... 2")
            #expect(table.numberOfCellsCreated == 1)
        }
    }
}

/// Section headers and footers fill in from the standard label when their
/// own attributes are empty, and draw the same when shown as a row.
@Suite struct SectionViewTests {
    @Test func aHeaderShowsTheStandardLabelWhenItHasNoTitle() throws {
        let header = try #require(try PluginLibrary.make("SectionHeader") as? TableViewHeaderFooterView)
        header.textLabel.text = "Today"
        try header.setAttribute("detail", to: "3")
        #expect(header.render(width: 20).text == "Today ──────────── 3")
        try header.setAttribute("title", to: "Tomorrow")
        #expect(header.render(width: 20).text == "Tomorrow ───────── 3")
    }

    @Test func aFooterIsTheStandardLabel() throws {
        let footer = try #require(try PluginLibrary.make("SectionFooter") as? TableViewHeaderFooterView)
        footer.textLabel.text = "3 people"
        #expect(footer.attribute("text") == .string("3 people"))
        try footer.setAttribute("alignment", to: "right")
        #expect(footer.render(width: 12).text == "    3 people")
        #expect(footer.render(width: 12).cellStyle(x: 4) == .dim)
    }

    @Test func aHeaderDrawsTheSameAsARow() throws {
        let header = try PluginLibrary.make("SectionHeader")
        try header.setAttribute("title", to: "Today")
        try header.setAttribute("subtitle", to: "Tuesday")
        let alone = header.render(width: 30).text
        let cell = TableViewCell()
        header.pinEdges()
        cell.contentView.addSubview(header)
        #expect(cell.render(width: 30).text == alone)
        #expect(alone == "Today  Tuesday ───────────────")
    }
}

extension Canvas {
    /// The style of the cell at column `x` of the first row.
    func cellStyle(x: Int) -> Style { self[x, 0].style }
}
