import CellKit

// Reports the ABI of an SDK one version newer than the host's. Its
// registration would trap if it ever ran: the gate must stop it first.
@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { UInt64(PluginABI.version + 1) << 32 | UInt64(PluginABI.compilerVersion) }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    fatalError("the ABI gate let a plugin with another ABI register")
}
