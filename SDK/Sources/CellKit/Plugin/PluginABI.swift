/// The binary interface a plugin was built against, baked into the plugin
/// when it is compiled, so the host can refuse a mismatch before running
/// any of the plugin's Swift code.
///
/// A plugin exports it with one line (the `cellkit new-plugin` template
/// writes it for you):
///
/// ```swift
/// @_cdecl("cellkit_plugin_abi")
/// public func cellkitPluginABI() -> UInt64 { PluginABI.current }
/// ```
///
/// The SDK is not built with library evolution, so any change to its
/// public interface can break a plugin built against an older SDK. The ABI
/// version is bumped with every such change (see docs/abi-policy.md) and the
/// host loads only plugins with exactly its own version and Swift compiler.
public enum PluginABI {
    /// The SDK's ABI version. Bumped on every change to the SDK's public interface.
    @_alwaysEmitIntoClient
    public static var version: UInt32 { 3 }

    /// The Swift compiler that built the caller, as `major * 10000 + minor * 100 + patch`
    /// (6.3.1 is 60301); 0 if older than 6.0.
    @_alwaysEmitIntoClient
    public static var compilerVersion: UInt32 {
        #if compiler(>=7.0.3)
            return 70003
        #elseif compiler(>=7.0.2)
            return 70002
        #elseif compiler(>=7.0.1)
            return 70001
        #elseif compiler(>=7.0)
            return 70000
        #elseif compiler(>=6.5.4)
            return 60504
        #elseif compiler(>=6.5.3)
            return 60503
        #elseif compiler(>=6.5.2)
            return 60502
        #elseif compiler(>=6.5.1)
            return 60501
        #elseif compiler(>=6.5)
            return 60500
        #elseif compiler(>=6.4.4)
            return 60404
        #elseif compiler(>=6.4.3)
            return 60403
        #elseif compiler(>=6.4.2)
            return 60402
        #elseif compiler(>=6.4.1)
            return 60401
        #elseif compiler(>=6.4)
            return 60400
        #elseif compiler(>=6.3.4)
            return 60304
        #elseif compiler(>=6.3.3)
            return 60303
        #elseif compiler(>=6.3.2)
            return 60302
        #elseif compiler(>=6.3.1)
            return 60301
        #elseif compiler(>=6.3)
            return 60300
        #elseif compiler(>=6.2.4)
            return 60204
        #elseif compiler(>=6.2.3)
            return 60203
        #elseif compiler(>=6.2.2)
            return 60202
        #elseif compiler(>=6.2.1)
            return 60201
        #elseif compiler(>=6.2)
            return 60200
        #elseif compiler(>=6.1.4)
            return 60104
        #elseif compiler(>=6.1.3)
            return 60103
        #elseif compiler(>=6.1.2)
            return 60102
        #elseif compiler(>=6.1.1)
            return 60101
        #elseif compiler(>=6.1)
            return 60100
        #elseif compiler(>=6.0.4)
            return 60004
        #elseif compiler(>=6.0.3)
            return 60003
        #elseif compiler(>=6.0.2)
            return 60002
        #elseif compiler(>=6.0.1)
            return 60001
        #elseif compiler(>=6.0)
            return 60000
        #else
            return 0
        #endif
    }

    /// version and compilerVersion in one value: what a plugin's
    /// `cellkit_plugin_abi` entry point returns.
    @_alwaysEmitIntoClient
    public static var current: UInt64 { UInt64(version) << 32 | UInt64(compilerVersion) }

    /// Splits a value returned by `cellkit_plugin_abi`.
    public static func decode(_ value: UInt64) -> (version: UInt32, compiler: UInt32) {
        (UInt32(truncatingIfNeeded: value >> 32), UInt32(truncatingIfNeeded: value))
    }

    /// `6.3.1` for 60301.
    public static func compilerDescription(_ code: UInt32) -> String {
        code == 0 ? "older than 6.0" : "\(code / 10000).\(code / 100 % 100).\(code % 100)"
    }

    /// The name of the entry point that returns the ABI.
    public static let abiSymbol = "cellkit_plugin_abi"
    /// The name of the entry point that registers the plugin's contents.
    public static let registerSymbol = "cellkit_plugin_register"
}
