@_spi(Host) import CellKit
import CellKitSupport

/// A plugin the gate refuses because it was built by another Swift compiler,
/// or against an SDK of another major version (or a newer minor) than this
/// cellkit's: its code is fine, it only needs building again, from its
/// package, with this toolchain and SDK (`cellkit plugin rebuild NAME`).
///
/// ```swift
/// StalePlugin.reason(abiVersion: record.abiVersion, compilerVersion: record.compilerVersion)
/// // "built with Swift 5.10.0; this cellkit has Swift 6.3.1"
/// ```
package enum StalePlugin {
    /// Why a plugin built against SDK `abiVersion` with compiler
    /// `compilerVersion` must be rebuilt for this cellkit; `nil` when it loads
    /// as it is, or when what it was built with is unknown (0).
    package static func reason(abiVersion: UInt32, compilerVersion: UInt32) -> String? {
        guard abiVersion != 0, compilerVersion != 0 else { return nil }
        if compilerVersion != PluginABI.compilerVersion {
            return "built with Swift \(PluginABI.compilerDescription(compilerVersion)); "
                + "this cellkit has Swift \(PluginABI.compilerDescription(PluginABI.compilerVersion))"
        }
        // The gate's rule (PluginLoader.versionRefusal, docs/abi-policy.md): the same major, a minor no newer.
        let host = PluginABI.version
        if abiVersion >> 16 != host >> 16 || abiVersion & 0xFFFF > host & 0xFFFF {
            return "built against SDK \(PluginABI.versionDescription(abiVersion)); "
                + "this cellkit has SDK \(PluginABI.versionDescription(PluginABI.version))"
        }
        return nil
    }

    /// The command that fixes a stale plugin `name` installed in
    /// `pluginDirectory`: `cellkit plugin rebuild NAME` when its package is
    /// recorded, else a `plugin install` of its package.
    package static func fix(name: String, pluginDirectory: String) -> String {
        PluginSource.recorded(for: name, in: pluginDirectory) != nil
            ? "cellkit plugin rebuild \(name)"
            : "cellkit plugin install PACKAGE_DIR (its package folder)"
    }
}

extension RegistryCache.Record {
    /// Why this plugin must be rebuilt to load in this cellkit, if it must
    /// (see ``StalePlugin``); `nil` for a plugin that loads or is broken otherwise.
    package var staleReason: String? {
        guard error != nil else { return nil }
        return StalePlugin.reason(abiVersion: abiVersion, compilerVersion: compilerVersion)
    }
}
