@_spi(Host) import CellKit
import PluginDiscovery
import WorkerProtocol

/// `cellkit --version`: cellkit's version, its SDK's and its compiler's.
struct VersionCommand: CellKitCommand, Equatable {
    func run(_ context: Context) -> Int32 {
        context.output.print(
            "cellkit \(CellKitApp.version) (CellKit SDK \(PluginABI.sdkVersionDescription), "
                + "Swift \(PluginABI.compilerDescription(PluginABI.compilerVersion)), \(HostBuild.configuration) build)"
        )
        return 0
    }
}

/// `cellkit --scan-plugin LIBRARY`, the child a session starts to scan a
/// library for its registry cache: the executable runs it before any
/// session (it opens the library, which a session never does).
package struct ScanPluginCommand: CellKitCommand, Equatable {
    /// The library's path.
    package var path: String

    package func run(_ context: Context) -> Int32 {
        context.output.printError("error: --scan-plugin runs in the worker's side of cellkit, not in a session")
        return ExitCode.usage.rawValue
    }
}
