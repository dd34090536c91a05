@_spi(Host) import CellKit
import PluginDiscovery
import PluginRuntime

/// What a data-bound row costs before it is drawn: a reused plugin cell is
/// prepared for reuse (its attributes reset to their defaults) and four
/// attributes are set by descriptor, as the console's data path does per
/// record (`AttributeDescriptor.apply(_:to:)` with an `AttributeValue`).
///
/// Two cells from the example plugins, loaded as plugins (`dlopen`): ChartCells'
/// `ColumnsCell` (values, widths, align, divider) and BasicCells'
/// `KeyValueCell` (key, value, leader, valueStyle).
enum ConfigureBenchmark {
    static func run(rows: Int, buildDirectory: String) throws {
        let host = PluginHost(searchPath: PluginSearchPath(directories: []))
        _ = try host.load(buildDirectory + "/libChartCells.so")
        _ = try host.load(buildDirectory + "/libBasicCells.so")
        var result = ResultLine()
        result.add("scenario", "configure")
        result.add("rows", rows)
        for (name, settings) in [("ColumnsCell", columnsSettings), ("KeyValueCell", keyValueSettings)] {
            let cell = try host.makeView(try host.registry.resolve(name, kinds: [.cell]))
            let descriptors = try settings.map { try cell.attributeDescriptor(named: $0.name) }
            let values = settings.map(\.values)
            func configure(_ row: Int) throws {
                cell.prepareForReuse()
                for i in descriptors.indices {
                    try descriptors[i].apply(values[i][row % values[i].count], to: cell)
                }
            }
            try configure(0)
            var seconds = 0.0
            var failure: (any Error)?
            let allocations = Measure.allocations {
                seconds = Measure.seconds {
                    do {
                        for row in 0..<rows { try configure(row) }
                    } catch {
                        failure = error
                    }
                }
            }
            if let failure { throw failure }
            // The last row's settings are what the cell shows.
            for (descriptor, list) in zip(descriptors, values) {
                let expected = try descriptor.type.convert(list[(rows - 1) % list.count])
                try Check.that(
                    descriptor.value(of: cell) == expected,
                    "\(name).\(descriptor.name) is \(descriptor.value(of: cell).map(String.init(describing:)) ?? "nil"), not \(expected)"
                )
            }
            result.add("\(name)NanosecondsPerRow", Int(seconds * 1e9 / Double(rows)))
            result.add("\(name)AllocationsPerRow", format2(Double(allocations) / Double(rows)))
        }
        result.print()
    }

    typealias Setting = (name: String, values: [AttributeValue])

    static let columnsSettings: [Setting] = [
        ("values", TableBenchmark.names.indices.map { i in columnValues(i) }),
        ("widths", [.string("8,*,12,8")]),
        ("align", [.string("right,left,right,left")]),
        ("divider", [.enumeration("light")]),
    ]

    /// One record's four fields, as the data path gives them to `values` (a
    /// `[String]` attribute; before it was one, a `|`-joined String).
    static func columnValues(_ i: Int) -> AttributeValue {
        let fields = [
            String(i * 7919), TableBenchmark.names[i], TableBenchmark.numbers[i],
            TableBenchmark.statuses[i % TableBenchmark.statuses.count].0,
        ]
        return .strings(fields)
    }

    static let keyValueSettings: [Setting] = [
        ("key", TableBenchmark.names.map { .string($0) }),
        ("value", TableBenchmark.numbers.map { .string($0) }),
        ("leader", [.enumeration("dots"), .enumeration("space")]),
        ("valueStyle", [.enumeration("bold"), .enumeration("dim"), .enumeration("plain")]),
    ]
}
