import CellKit

// The plugin the loading benchmark copies to many files: one cell, as small
// as a real plugin gets.
final class BenchCell: TableViewCell, Reusable, Inspectable {
    let label = Label()
    var text = "" { didSet { label.text = text } }

    required init() {
        super.init()
        label.pinEdges()
        contentView.addSubview(label)
    }

    static var inspectableAttributes: [InspectableAttribute<BenchCell>] {
        [.init("text", \.text, summary: "the text")]
    }
}

enum BenchPlugin: Plugin {
    static let name = "BenchPlugin"
    static let version = "1.0.0"
    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(BenchCell.self)
    }
}

@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(BenchPlugin.self, with: registrar)
}
