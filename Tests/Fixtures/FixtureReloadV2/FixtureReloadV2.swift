import CellKit

/// Version 2 of the plugin `Reloadable` (the reload tests swap one library for the other).
final class VersionCell: TableViewCell, Reusable {
    private let label = Label(text: "drawn by version 2")

    required init() {
        super.init()
        label.pinEdges()
        contentView.addSubview(label)
    }
}

enum FixtureReloadV2: Plugin {
    static let name = "Reloadable"
    static let version = "2.0.0"
    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(VersionCell.self, summary: "says which version drew it")
    }
}

@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(FixtureReloadV2.self, with: registrar)
}
