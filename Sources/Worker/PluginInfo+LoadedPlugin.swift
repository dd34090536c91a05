@_spi(Host) import CellKit
@_spi(Host) import PluginDiscovery
import PluginRuntime
import WorkerProtocol

extension PluginInfo {
    /// The metadata of a plugin the worker loaded.
    init(_ plugin: LoadedPlugin) {
        self.init(
            name: plugin.name, version: plugin.version, summary: plugin.summary, path: plugin.path,
            abiVersion: plugin.abiVersion, compilerVersion: plugin.compilerVersion,
            items: plugin.registrations.map {
                ItemInfo($0) { AttributeInfo(name: $0, type: $1, defaultValue: $2, summary: $3) }
            })
    }
}
