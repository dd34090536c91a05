@_spi(Host) import CellKit
import PluginDiscovery

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
