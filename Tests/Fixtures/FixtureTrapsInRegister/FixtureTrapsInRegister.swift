import CellKit

enum FixtureTrapsInRegister: Plugin {
    static let name = "TrapsInRegister"
    static let version = "0.0.1"
    static func register(in registrar: PluginRegistrar) throws {
        fatalError("TrapsInRegister traps while it registers")
    }
}

@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { PluginABI.current }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    PluginRegistrar.run(FixtureTrapsInRegister.self, with: registrar)
}
