import CellKit

// Reports a Swift compiler other than the host's (5.10.0).
@_cdecl("cellkit_plugin_abi")
public func cellkitPluginABI() -> UInt64 { UInt64(PluginABI.version) << 32 | 51000 }

@_cdecl("cellkit_plugin_register")
public func cellkitPluginRegister(_ registrar: UnsafeMutableRawPointer) -> Int32 {
    fatalError("the compiler gate let a plugin built by another compiler register")
}
