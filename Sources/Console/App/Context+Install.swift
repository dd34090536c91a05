import CellKit
import CellKitSupport
import PluginHost

// MARK: - cellkit install, sdk, plugin install, plugin uninstall

extension Context {
    func install(prefix: String?) -> Int32 { notYet("install") }
    func printSDK() -> Int32 { notYet("sdk") }
    func installPlugin(package: String) -> Int32 { notYet("plugin install") }
    func uninstallPlugin(_ name: String) -> Int32 { notYet("plugin uninstall") }

    private func notYet(_ command: String) -> Int32 {
        output.printError("cellkit: error: \(command) is not built yet")
        return ExitCode.usage.rawValue
    }
}
