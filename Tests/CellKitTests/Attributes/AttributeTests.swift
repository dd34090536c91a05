@_spi(Host) import CellKit
import Testing

// Inspectable attributes: listed with name, type and default; set by name
// from script text and from values (JSON, data files), with a type check for
// every type; errors that say what was expected and suggest the nearest name.

enum Trend: String, CaseIterable, AttributeEnum {
    case up, down, flat
}

/// A cell with an attribute of every type.
final class GaugeCell: TableViewCell, Reusable, Inspectable {
    let title = Label()
    var count = 3
    var ratio = 0.5
    var enabled = true
    var caption = "CPU" {
        didSet { title.text = caption }
    }
    var trend: Trend = .flat
    var accent: Color = .blue
    var samples: [Double] = [1, 2.5]
    var alignment: TextAlignment = .left
    var frameStyle: BoxStyle = .rounded
    var lineBreak: LineBreakMode = .truncatingTail

    required init() {
        super.init()
        title.pinEdges()
        contentView.addSubview(title)
    }

    static var inspectableAttributes: [InspectableAttribute<GaugeCell>] {
        [
            .init("count", \.count, summary: "how many"),
            .init("ratio", \.ratio, summary: "0...1"),
            .init("enabled", \.enabled),
            .init("caption", \.caption, summary: "the text"),
            .init("trend", \.trend),
            .init("accent", \.accent),
            .init("samples", \.samples),
            .init("alignment", \.alignment),
            .init("frameStyle", \.frameStyle),
            .init("lineBreak", \.lineBreak),
        ]
    }
}

/// A nib cell: its outlets are String attributes, unless a declared attribute has the name.
final class BadgeNibCell: TableViewCell, NibReusable, Inspectable {
    @Outlet var name: Label
    @Outlet var status: Label
    var statusText = "" {
        didSet { status.text = statusText.uppercased() }
    }
    static var inspectableAttributes: [InspectableAttribute<BadgeNibCell>] {
        [.init("status", \.statusText, summary: "shown in capitals")]
    }
}

final class PlainView: View {}

@Suite struct AttributeTests {
    init() throws {
        try Nib.register(
            source: "{name} {~} {status:bold}", named: "BadgeNibCell", in: PluginBundle(for: BadgeNibCell.self))
    }

    // MARK: Listing

    @Test func listedWithNameTypeAndDefault() {
        let descriptors = AttributeDescriptor.declared(by: GaugeCell.self)
        #expect(
            descriptors.map(\.description) == [
                "count: Int = 3", "ratio: Double = 0.5", "enabled: Bool = true", "caption: String = CPU",
                "trend: up|down|flat = flat", "accent: Color = blue", "samples: [Double] = [1, 2.5]",
                "alignment: left|center|right = left",
                "frameStyle: none|ascii|light|rounded|heavy|double = rounded",
                "lineBreak: wordWrapping|charWrapping|clipping|truncatingHead|truncatingTail|truncatingMiddle = truncatingTail",
            ])
        let types: [AttributeType] = [
            .int, .double, .bool, .string, .enumeration(["up", "down", "flat"]), .color, .numbers,
            .enumeration(["left", "center", "right"]),
            .enumeration(["none", "ascii", "light", "rounded", "heavy", "double"]),
            .enumeration([
                "wordWrapping", "charWrapping", "clipping", "truncatingHead", "truncatingTail", "truncatingMiddle",
            ]),
        ]
        #expect(descriptors.map { $0.type } == types)
        #expect(
            descriptors.map(\.type.description) == [
                "Int", "Double", "Bool", "String", "up|down|flat", "Color", "[Double]", "left|center|right",
                "none|ascii|light|rounded|heavy|double",
                "wordWrapping|charWrapping|clipping|truncatingHead|truncatingTail|truncatingMiddle",
            ])
        #expect(descriptors[0].summary == "how many" && descriptors[2].summary == nil)
        #expect(descriptors.allSatisfy { $0.kind == .property })
        #expect(descriptors[6].defaultValue == .numbers([1, 2.5]))
        #expect(AttributeDescriptor.declared(by: PlainView.self).isEmpty)
    }

    /// Outlets are String attributes after the declared ones; a declared
    /// attribute of the same name wins.
    @Test func nibOutletsAreStringAttributes() throws {
        let cell = try BadgeNibCell.tryLoadFromNib()
        let descriptors = AttributeDescriptor.descriptors(of: cell)
        #expect(descriptors.map(\.name) == ["status", "name"])
        #expect(descriptors.map(\.kind) == [.property, .outlet])
        #expect(descriptors[1].description == "name: String = ")
        #expect(descriptors[1].summary == "outlet {name}")
        try cell.setAttribute("name", to: "api")
        try cell.setAttribute("status", to: "ok")
        #expect(cell.name.text == "api" && cell.status.text == "OK")
        #expect(cell.attribute("name") == .string("api"))
        #expect(viewLines(cell, width: 10) == ["api     OK"])
    }

    // MARK: Setting from text

    struct TextCase: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var expected: AttributeValue
        var testDescription: String { "\(name)=\(text)" }
    }

    static let validText: [TextCase] = [
        TextCase(name: "count", text: "42", expected: .int(42)),
        TextCase(name: "count", text: " -7 ", expected: .int(-7)),
        TextCase(name: "ratio", text: "0.72", expected: .double(0.72)),
        TextCase(name: "ratio", text: "21", expected: .double(21)),
        TextCase(name: "ratio", text: "1e308", expected: .double(1e308)),
        TextCase(name: "enabled", text: "false", expected: .bool(false)),
        TextCase(name: "enabled", text: "YES", expected: .bool(true)),
        TextCase(name: "enabled", text: "off", expected: .bool(false)),
        TextCase(name: "enabled", text: "1", expected: .bool(true)),
        TextCase(name: "caption", text: "  spaced  ", expected: .string("  spaced  ")),
        TextCase(name: "caption", text: "漢字 👩‍💻", expected: .string("漢字 👩‍💻")),
        TextCase(name: "trend", text: "down", expected: .enumeration("down")),
        TextCase(name: "trend", text: "UP", expected: .enumeration("up")),
        TextCase(name: "accent", text: "red", expected: .color(.red)),
        TextCase(name: "accent", text: "bright-blue", expected: .color(.named(.brightBlue))),
        TextCase(name: "accent", text: "brightBlue", expected: .color(.named(.brightBlue))),
        TextCase(name: "accent", text: "#ff8800", expected: .color(.rgb(255, 136, 0))),
        TextCase(name: "accent", text: "#0af", expected: .color(.rgb(0, 170, 255))),
        TextCase(name: "accent", text: "208", expected: .color(.palette(208))),
        TextCase(name: "accent", text: "grey", expected: .color(.gray)),
        TextCase(name: "accent", text: "default", expected: .color(.default)),
        TextCase(name: "samples", text: "[1, 2.5, 3]", expected: .numbers([1, 2.5, 3])),
        TextCase(name: "samples", text: "4,5", expected: .numbers([4, 5])),
        TextCase(name: "samples", text: "[]", expected: .numbers([])),
        TextCase(name: "alignment", text: "right", expected: .enumeration("right")),
        TextCase(name: "frameStyle", text: "heavy", expected: .enumeration("heavy")),
        TextCase(name: "lineBreak", text: "wordwrapping", expected: .enumeration("wordWrapping")),
    ]

    @Test(arguments: validText) func setFromText(_ c: TextCase) throws {
        let cell = GaugeCell()
        try cell.setAttribute(c.name, to: c.text)
        #expect(cell.attribute(c.name) == c.expected)
        // What `describe` and `save` write reads back to the same value.
        let written = try #require(cell.attribute(c.name)).description
        let again = GaugeCell()
        try again.setAttribute(c.name, to: written)
        #expect(again.attribute(c.name) == c.expected)
    }

    @Test func settingGoesThroughTheProperty() throws {
        let cell = GaugeCell()
        try cell.setAttribute("caption", to: "Disk")
        #expect(cell.caption == "Disk" && cell.title.text == "Disk", "didSet ran")
        try cell.setAttribute("trend", to: "up")
        try cell.setAttribute("frameStyle", to: "double")
        try cell.setAttribute("alignment", to: "center")
        #expect(cell.trend == .up && cell.frameStyle == .double && cell.alignment == .center)
    }

    struct TextError: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var message: String
        var fix: String?
        var testDescription: String { "\(name)=\(text)" }
    }

    static let invalidText: [TextError] = [
        TextError(
            name: "count", text: "abc", message: "count: expected an Int, got 'abc'",
            fix: "write a whole number such as 3 or -12"),
        TextError(
            name: "count", text: "3.5", message: "count: expected an Int, got '3.5'",
            fix: "write a whole number such as 3 or -12"),
        TextError(
            name: "ratio", text: "fast", message: "ratio: expected a Double, got 'fast'",
            fix: "write a number such as 0.72 or 21"),
        TextError(
            name: "ratio", text: "nan", message: "ratio: expected a Double, got 'nan'",
            fix: "write a number such as 0.72 or 21"),
        TextError(
            name: "ratio", text: "inf", message: "ratio: expected a Double, got 'inf'",
            fix: "write a number such as 0.72 or 21"),
        TextError(
            name: "enabled", text: "maybe", message: "enabled: expected a Bool, got 'maybe'", fix: "write true or false"
        ),
        TextError(
            name: "trend", text: "dwn", message: "trend: 'dwn' is not one of up, down, flat",
            fix: "did you mean 'down'?"),
        TextError(name: "trend", text: "sideways", message: "trend: 'sideways' is not one of up, down, flat", fix: nil),
        TextError(
            name: "accent", text: "purple", message: "accent: unknown colour 'purple'",
            fix: "use a name (red, bright-blue, ...), #rrggbb, or a palette index 0...255"),
        TextError(name: "accent", text: "gren", message: "accent: unknown colour 'gren'", fix: "did you mean 'green'?"),
        TextError(
            name: "accent", text: "#12345", message: "accent: '#12345' is not a colour",
            fix: "write an RGB colour as #rrggbb or #rgb, for example #ff8800"),
        TextError(
            name: "samples", text: "[1, x]", message: "samples: expected a list of numbers, but 'x' is not a number",
            fix: "write numbers like [1, 2.5, 3]"),
        TextError(
            name: "samples", text: "[1,,2]", message: "samples: expected a list of numbers, but '' is not a number",
            fix: "write numbers like [1, 2.5, 3]"),
        TextError(
            name: "alignment", text: "centre", message: "alignment: 'centre' is not one of left, center, right",
            fix: "did you mean 'center'?"),
        TextError(
            name: "frameStyle", text: "roundd",
            message: "frameStyle: 'roundd' is not one of none, ascii, light, rounded, heavy, double",
            fix: "did you mean 'rounded'?"),
    ]

    @Test(arguments: invalidText) func typeChecksFromText(_ c: TextError) {
        let cell = GaugeCell()
        let before = cell.attribute(c.name)
        let error = expectCellKitError { try cell.setAttribute(c.name, to: c.text) }
        #expect(error?.code == .invalidAttributeValue)
        #expect(error?.message == c.message)
        #expect(error?.fix == c.fix)
        #expect(cell.attribute(c.name) == before, "a rejected value changes nothing")
    }

    // MARK: Setting from values

    struct ValueCase: Sendable, CustomTestStringConvertible {
        var name: String
        var value: AttributeValue
        var expected: AttributeValue?
        var error: String? = nil
        var testDescription: String { "\(name) ← \(value)" }
    }

    static let values: [ValueCase] = [
        ValueCase(name: "count", value: .int(5), expected: .int(5)),
        ValueCase(name: "count", value: .double(6), expected: .int(6)),
        ValueCase(name: "count", value: .string("12"), expected: .int(12)),
        ValueCase(
            name: "count", value: .double(5.5), expected: nil, error: "count: expected an Int, got a Double '5.5'"),
        ValueCase(name: "count", value: .bool(true), expected: nil, error: "count: expected an Int, got a Bool 'true'"),
        ValueCase(name: "ratio", value: .int(2), expected: .double(2)),
        ValueCase(name: "ratio", value: .double(0.25), expected: .double(0.25)),
        ValueCase(name: "ratio", value: .string("x"), expected: nil, error: "ratio: expected a Double, got 'x'"),
        ValueCase(
            name: "ratio", value: .numbers([1]), expected: nil,
            error: "ratio: expected a Double, got a list of numbers '[1]'"),
        ValueCase(name: "enabled", value: .bool(false), expected: .bool(false)),
        ValueCase(name: "enabled", value: .string("yes"), expected: .bool(true)),
        ValueCase(name: "enabled", value: .int(1), expected: nil, error: "enabled: expected a Bool, got an Int '1'"),
        ValueCase(name: "caption", value: .int(3), expected: .string("3")),
        ValueCase(name: "caption", value: .double(0.5), expected: .string("0.5")),
        ValueCase(name: "caption", value: .numbers([1, 2]), expected: .string("[1, 2]")),
        ValueCase(name: "caption", value: .color(.red), expected: .string("red")),
        ValueCase(name: "trend", value: .enumeration("up"), expected: .enumeration("up")),
        ValueCase(name: "trend", value: .string("down"), expected: .enumeration("down")),
        ValueCase(
            name: "trend", value: .int(1), expected: nil, error: "trend: expected one of up, down, flat, got an Int '1'"
        ),
        ValueCase(name: "accent", value: .color(.rgb(1, 2, 3)), expected: .color(.rgb(1, 2, 3))),
        ValueCase(name: "accent", value: .string("#fff"), expected: .color(.rgb(255, 255, 255))),
        ValueCase(name: "accent", value: .int(3), expected: nil, error: "accent: expected a Color, got an Int '3'"),
        ValueCase(name: "samples", value: .numbers([3, 4]), expected: .numbers([3, 4])),
        ValueCase(name: "samples", value: .int(3), expected: .numbers([3])),
        ValueCase(name: "samples", value: .double(2.5), expected: .numbers([2.5])),
        ValueCase(name: "samples", value: .string("[1,2]"), expected: .numbers([1, 2])),
        ValueCase(
            name: "samples", value: .bool(true), expected: nil, error: "samples: expected a [Double], got a Bool 'true'"
        ),
        ValueCase(name: "alignment", value: .enumeration("center"), expected: .enumeration("center")),
        ValueCase(name: "frameStyle", value: .string("light"), expected: .enumeration("light")),
        ValueCase(
            name: "frameStyle", value: .double(1), expected: nil,
            error: "frameStyle: expected one of none, ascii, light, rounded, heavy, double, got a Double '1'"),
    ]

    @Test(arguments: values) func setFromValues(_ c: ValueCase) {
        let cell = GaugeCell()
        if let expected = c.expected {
            #expect(throws: Never.self) { try cell.setAttribute(c.name, value: c.value) }
            #expect(cell.attribute(c.name) == expected)
        } else {
            let error = expectCellKitError { try cell.setAttribute(c.name, value: c.value) }
            #expect(error?.code == .invalidAttributeValue)
            #expect(error?.message == c.error)
        }
    }

    // MARK: Unknown names

    @Test func unknownAttributesSuggestTheNearestName() throws {
        let cell = GaugeCell()
        let typo = expectCellKitError { try cell.setAttribute("cuont", to: "1") }
        #expect(typo?.code == .unknownAttribute)
        #expect(typo?.message == "GaugeCell has no attribute 'cuont'")
        #expect(typo?.fix == "did you mean 'count'?")
        #expect(typo?.description == "GaugeCell has no attribute 'cuont'; did you mean 'count'?")
        let far = expectCellKitError { try cell.setAttribute("zzz", value: .int(1)) }
        #expect(
            far?.fix
                == "its attributes are: count, ratio, enabled, caption, trend, accent, samples, alignment, frameStyle, lineBreak"
        )
        let none = expectCellKitError { try PlainView().setAttribute("width", to: "3") }
        #expect(none?.message == "PlainView has no attribute 'width'")
        #expect(none?.fix == "it has no attributes")
        let outlet = expectCellKitError { try BadgeNibCell.tryLoadFromNib().setAttribute("nmae", to: "x") }
        #expect(outlet?.fix == "did you mean 'name'?", "outlets are suggested too")
        #expect(cell.attribute("nope") == nil)
        let ratio = try cell.attributeDescriptor(named: "ratio")
        #expect(ratio.type == AttributeType.double)
    }

    // MARK: The types on their own

    @Test func parsingAndConvertingWithoutAView() throws {
        #expect(try AttributeType.numbers.parse(" [ 1 , 2 ] ") == .numbers([1, 2]))
        #expect(try AttributeType.int.convert(.string(" 8 ")) == .int(8))
        #expect(AttributeValue.double(3).description == "3")
        #expect(AttributeValue.numbers([0.5, 2]).description == "[0.5, 2]")
        #expect(AttributeValue.color(.rgb(255, 136, 0)).description == "#ff8800")
        #expect(Trend.attributeType == .enumeration(["up", "down", "flat"]))
        #expect(try Trend(attributeValue: .string("FLAT")) == .flat)
        #expect(try BoxStyle(attributeValue: .enumeration("ascii")) == .ascii)
        do {
            _ = try Color(parsing: "bleu")
            Issue.record("bleu is not a colour")
        } catch {
            #expect(error.fix == "did you mean 'blue'?")
        }
        // A descriptor applied directly throws the plain ValueError.
        let descriptor = try GaugeCell().attributeDescriptor(named: "count")
        do {
            try descriptor.apply(.string("many"), to: GaugeCell())
            Issue.record("many is not an Int")
        } catch {
            #expect(error.message == "expected an Int, got 'many'")
        }
        do {
            try descriptor.apply(.int(1), to: PlainView())
            Issue.record("a PlainView has no count")
        } catch {
            #expect(error.message == "PlainView is not a GaugeCell")
        }
    }

    // MARK: What a plugin's registration lists

    enum GaugePlugin: Plugin {
        static let name = "GaugePlugin"
        static let version = "1.0.0"
        static func register(in registrar: PluginRegistrar) throws {
            try registrar.register(GaugeCell.self, summary: "a gauge")
            try registrar.register(nibSource: "{left} {~} {right}", named: "Pair")
        }
    }

    @Test func aPluginRegistrationListsTheAttributes() throws {
        let registrar = PluginRegistrar(imagePath: nil)
        #expect(registrar.run(GaugePlugin.self) == 0, "\(registrar.failure.map { "\($0)" } ?? "")")
        #expect(registrar.registrations.map(\.name) == ["GaugeCell", "Pair"])
        #expect(registrar.registrations[0].attributes.map(\.name).prefix(3) == ["count", "ratio", "enabled"])
        #expect(registrar.registrations[0].attributes[0].defaultValue == .int(3))
        #expect(registrar.registrations[1].attributes.map(\.description) == ["left: String = ", "right: String = "])
        let makePair = try #require(registrar.registrations[1].makeView)
        let pair = try makePair()
        try pair.setAttribute("left", to: "L")
        try pair.setAttribute("right", to: "R")
        #expect(viewLines(pair, width: 5) == ["L   R"])
    }
}
