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
            items: plugin.registrations.map { r in
                ItemInfo(
                    name: r.name, kind: r.kind, summary: r.summary, typeName: r.typeName, nibName: r.nibName,
                    attributes: r.attributes.map {
                        AttributeInfo(name: $0.name, type: $0.type, defaultValue: $0.defaultValue, summary: $0.summary)
                    } + r.sourceOptions.map { AttributeInfo(name: $0.name, type: .string, summary: $0.summary) },
                    scenes: r.scenes, codeOnlyOutlets: r.codeOnlyOutlets, fileExtensions: r.fileExtensions)
            })
    }
}
