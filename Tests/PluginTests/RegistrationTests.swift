@_spi(Host) import CellKit
import Testing

/// The built `libBasicCells.so` and `libChartCells.so`, opened with `dlopen`
/// and registered as a host does: every name, kind and attribute (with its
/// type and default) is there.
@Suite struct RegistrationTests {
    /// `name: Type = default` for each attribute, by registered name.
    static let expected: [String: (kind: PluginRegistration.Kind, attributes: [String])] = [
        "TextCell": (
            .cell,
            [
                "text: String = ", "style: plain|bold|dim|italic|underline|title = plain",
                "alignment: left|center|right = left", "wrap: Bool = false",
            ]
        ),
        "KeyValueCell": (
            .cell,
            [
                "key: String = ", "value: String = ", "leader: dots|space = dots",
                "keyStyle: plain|bold|dim|italic|underline|title = plain",
                "valueStyle: plain|bold|dim|italic|underline|title = bold", "valueColor: Color = default",
            ]
        ),
        "ProgressCell": (
            .cell,
            [
                "label: String = ", "value: Double = 0", "color: Color = green", "thresholds: [Double] = []",
                "labelWidth: Int = 0",
            ]
        ),
        "BadgeCell": (
            .cell,
            [
                "status: ok|warning|error|info|neutral = neutral", "text: String = ", "badge: String = ",
                "detail: String = ", "filled: Bool = true",
            ]
        ),
        "SectionHeader": (
            .headerFooter,
            [
                "title: String = ", "subtitle: String = ", "detail: String = ", "color: Color = cyan",
                "rule: Bool = true",
            ]
        ),
        "SectionFooter": (
            .headerFooter, ["text: String = ", "alignment: left|center|right = left", "wrap: Bool = false"]
        ),
        "SparklineCell": (
            .cell,
            [
                "label: String = ", "values: [Double] = []", "color: Color = cyan", "unit: String = ",
                "range: [Double] = []", "labelWidth: Int = 0",
            ]
        ),
        "BarChartCell": (
            .cell,
            [
                "labels: String = ", "values: [Double] = []", "color: Color = cyan", "unit: String = ",
                "maximum: Double = 0", "labelWidth: Int = 0",
            ]
        ),
        "ColumnsCell": (
            .cell,
            [
                "values: [String] = []", "widths: String = ", "align: String = ",
                "divider: none|ascii|light|rounded|heavy|double = none", "header: Bool = false",
            ]
        ),
    ]

    @Test(arguments: ["BasicCells", "ChartCells"]) func aPluginLoadsWithDlopenAndRegistersItsCells(_ plugin: String)
        throws
    {
        let library = try (plugin == "BasicCells" ? PluginLibrary.basicCells : PluginLibrary.chartCells).get()
        #expect(library.abi == PluginABI.current)
        #expect(library.status == 0, "\(library.failure ?? "")")
        #expect(library.declared.name == plugin)
        #expect(library.declared.version == "0.1.0")
        #expect(!library.declared.summary.isEmpty)
        let names =
            plugin == "BasicCells"
            ? ["TextCell", "KeyValueCell", "ProgressCell", "BadgeCell", "SectionHeader", "SectionFooter"]
            : ["SparklineCell", "BarChartCell", "ColumnsCell"]
        #expect(library.registrations.map(\.name) == names)
        for registration in library.registrations {
            let expected = try #require(Self.expected[registration.name])
            #expect(registration.kind == expected.kind, "\(registration.name)")
            #expect(registration.attributes.map(\.description) == expected.attributes, "\(registration.name)")
            #expect(registration.summary?.isEmpty == false, "\(registration.name) has no summary")
            #expect(registration.nibName == nil)
            let view = try #require(try registration.makeView?())
            #expect(view is (any Reusable) && view is any Inspectable, "\(registration.name)")
            #expect(PluginBundle(for: type(of: view)).name == plugin)
            #expect(PluginBundle(for: type(of: view)).imagePath == library.path)
        }
    }
}
