/// The SDK a plugin was built against, baked into the plugin when it is
/// compiled, so the host can refuse a plugin it cannot run before running
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
/// The SDK is built with library evolution, and versioned semantically
/// (docs/abi-policy.md): a plugin built against SDK 1.m loads in every host
/// 1.n with n ≥ m. A plugin that needs a newer minor version than the host
/// has, a plugin of another major version, and one built by another Swift
/// compiler are refused with both versions and the fix.
public enum PluginABI {
    /// The SDK's semantic version: the one place it is written. The host,
    /// the scaffold and `cellkit --version` read it; each plugin carries the
    /// value it was compiled against, which is also the oldest SDK it needs.
    @_alwaysEmitIntoClient
    public static var sdkVersion: (major: UInt32, minor: UInt32, patch: UInt32) { (2, 1, 0) }

    /// The part of ``sdkVersion`` the host's gate compares, `major << 16 | minor`
    /// (1.0 is 65536). Plugins built before 1.0 report their ABI number here
    /// (3 and below): major version 0, refused by every 1.x host.
    @_alwaysEmitIntoClient
    public static var version: UInt32 { sdkVersion.major << 16 | sdkVersion.minor }

    /// `1.2` for the gate value of SDK 1.2; `0.3 (ABI 3, before 1.0)` for an old plugin's.
    @_spi(Host) public static func versionDescription(_ version: UInt32) -> String {
        let (major, minor) = (version >> 16, version & 0xFFFF)
        return major == 0 ? "0.\(minor) (ABI \(minor), before 1.0)" : "\(major).\(minor)"
    }

    /// `1.0.0`: the SDK version this code was compiled against.
    @_alwaysEmitIntoClient
    public static var sdkVersionDescription: String {
        "\(sdkVersion.major).\(sdkVersion.minor).\(sdkVersion.patch)"
    }

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
    @_spi(Host) public static func decode(_ value: UInt64) -> (version: UInt32, compiler: UInt32) {
        (UInt32(truncatingIfNeeded: value >> 32), UInt32(truncatingIfNeeded: value))
    }

    /// `6.3.1` for 60301.
    @_spi(Host) public static func compilerDescription(_ code: UInt32) -> String {
        code == 0 ? "older than 6.0" : "\(code / 10000).\(code / 100 % 100).\(code % 100)"
    }

    /// The name of the entry point that returns the ABI.
    @_spi(Host) public static let abiSymbol = "cellkit_plugin_abi"
    /// The name of the entry point that registers the plugin's contents.
    @_spi(Host) public static let registerSymbol = "cellkit_plugin_register"
}
