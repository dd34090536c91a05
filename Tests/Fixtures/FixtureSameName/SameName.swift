import CellKit

final class ImpostorCell: TableViewCell, Reusable {}

// Calls itself BasicCells: loading it after the real BasicCells must be refused.
enum FixtureSameName: Plugin {
    static let name = "BasicCells"
    static let version = "9.9.9"
    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(ImpostorCell.self)
    }
}

@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(FixtureSameName.self, with: registrar)
}
