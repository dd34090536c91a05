import CellKit

/// Code-drawn charts: sparkline, horizontal bar chart, aligned columns.
enum ChartCells: Plugin {
    static let name = "ChartCells"
    static let version = "0.1.0"
    static let summary = "code-drawn charts: sparkline, bar chart, aligned columns"

    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(SparklineCell.self, summary: "a label, a sparkline of values, the last value")
        try registrar.register(BarChartCell.self, summary: "a horizontal bar chart, one line per value")
        try registrar.register(ColumnsCell.self, summary: "a row of aligned columns, with optional dividers")
    }
}

@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(ChartCells.self, with: registrar)
}
