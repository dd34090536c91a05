@_spi(Host) import CellKit
import CellKitSupport
import Glibc

/// What a plugin that `dlopen` refused says it was built against, so that the
/// refusal can name both versions: a plugin built against an older major SDK
/// needs a symbol the new one removed, and `RTLD_NOW` refuses it before its
/// ABI entry point can be read.
///
/// The entry point is read in a process of its own (`cellkit --plugin-abi
/// PATH`), which opens the library with `RTLD_LAZY` (functions are bound when
/// first called, so the missing ones are not looked up), calls only
/// `cellkit_plugin_abi` (the version is compiled into the plugin: it calls no
/// SDK code) and exits. The process that loads plugins never maps an image it
/// refused.
///
/// ```swift
/// PluginABIProbe.reportedBuild(path: "plugins/libOld.so")   // (65537, 60301): SDK 1.1, Swift 6.3.1
/// ```
package enum PluginABIProbe {
    /// The argument that runs ``run(path:)``: `cellkit --plugin-abi PATH`.
    package static let argument = "--plugin-abi"

    /// The probe's side: prints the value the plugin's ABI entry point
    /// returns, in decimal. Exit status 0, or 1 when the library cannot be
    /// opened even lazily or has no entry point.
    package static func run(path: String) -> Int32 {
        guard let handle = dlopen(path, RTLD_LAZY | RTLD_LOCAL), let symbol = dlsym(handle, PluginABI.abiSymbol) else {
            return 1
        }
        let value = unsafeBitCast(symbol, to: PluginLoader.ABIEntry.self)()
        return SystemCall.writeAll(1, Array("\(value)\n".utf8)) == 0 ? 0 : 1
    }

    /// The SDK version (``PluginABI/version``'s form) and compiler the plugin
    /// at `path` was built with, read by running this executable as the probe;
    /// `nil` when that fails (the executable is not `cellkit`, the library
    /// cannot be opened at all).
    static func reportedBuild(path: String) -> (abiVersion: UInt32, compilerVersion: UInt32)? {
        guard let executable = try? Path.executable(),
            let result = try? ChildProcess.run(
                [executable, argument, path], in: "/", captureOutput: true, timeout: .seconds(30)),
            result.status == 0,
            let value = UInt64(result.output.split(separator: "\n").first ?? "")
        else { return nil }
        let (version, compiler) = PluginABI.decode(value)
        return (version, compiler)
    }
}
