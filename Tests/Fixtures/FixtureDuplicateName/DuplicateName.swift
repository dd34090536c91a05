import CellKit

final class TwiceCell: TableViewCell, Reusable {}

enum FixtureDuplicateName: Plugin {
    static let name = "FixtureDuplicateName"
    static let version = "0.0.1"
    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(TwiceCell.self)
        try registrar.register(TwiceCell.self)
    }
}

@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(FixtureDuplicateName.self, with: registrar)
}
