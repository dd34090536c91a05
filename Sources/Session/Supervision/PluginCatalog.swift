@_spi(Host) import CellKit
import PluginDiscovery
import WorkerProtocol

/// An item with the plugin that registered it: what a name resolves to.
struct CatalogItem: Equatable, Sendable {
    var plugin: String
    var info: ItemInfo

    var name: String { info.name }
    var qualifiedName: String { plugin + "." + info.name }
    var kind: PluginRegistration.Kind { info.kind }
}

/// The plugins the session has loaded (through the worker), by name, and
/// what they registered: qualified names (`CardCells.ProfileCell`) and short
/// names when only one plugin has them. The session's counterpart of the
/// worker's live ``PluginRegistry``, holding data only.
struct PluginCatalog: Equatable, Sendable {
    private(set) var plugins: [PluginInfo] = []
    private var items: [String: CatalogItem] = [:]
    private var byShortName: [String: [String]] = [:]

    init() {}

    func plugin(named name: String) -> PluginInfo? { plugins.first { $0.name == name } }

    func plugin(atPath path: String) -> PluginInfo? { plugins.first { $0.path == path } }

    /// Adds a plugin the worker loaded (the worker has refused duplicates already).
    mutating func add(_ plugin: PluginInfo) {
        guard self.plugin(named: plugin.name) == nil else { return }
        plugins.append(plugin)
        for info in plugin.items {
            let item = CatalogItem(plugin: plugin.name, info: info)
            items[item.qualifiedName] = item
            byShortName[item.name, default: []].append(item.qualifiedName)
        }
    }

    /// Replaces a plugin's metadata with what a new load of it registered.
    mutating func replace(_ plugin: PluginInfo) {
        if let index = plugins.firstIndex(where: { $0.name == plugin.name }) {
            for info in plugins[index].items {
                let qualified = plugin.name + "." + info.name
                items[qualified] = nil
                byShortName[info.name]?.removeAll { $0 == qualified }
                if byShortName[info.name]?.isEmpty == true { byShortName[info.name] = nil }
            }
            plugins.remove(at: index)
        }
        add(plugin)
    }

    /// Every item of the given kinds (all when `nil`), sorted by qualified name.
    func allItems(kinds: Set<PluginRegistration.Kind>? = nil) -> [CatalogItem] {
        items.values.filter { kinds?.contains($0.kind) ?? true }.sorted { $0.qualifiedName < $1.qualifiedName }
    }

    /// Every name, short and qualified, for completion.
    func names(kinds: Set<PluginRegistration.Kind>? = nil) -> [String] {
        let all = allItems(kinds: kinds)
        return Array(Set(all.map(\.name) + all.map(\.qualifiedName))).sorted()
    }

    /// The item called `name` (qualified, or short when unambiguous) among `kinds`.
    ///
    /// - Throws: `.unknownName` with the nearest name, or `.ambiguousName`
    ///   listing the candidates: the same errors as the worker's registry.
    func resolve(_ name: String, kinds: Set<PluginRegistration.Kind>? = nil) throws(PluginError) -> CatalogItem {
        let resolution = NameResolution(
            items: items, byShortName: byShortName, hasPlugins: !plugins.isEmpty,
            kind: \.kind, name: \.name, qualifiedName: \.qualifiedName)
        return try resolution.resolve(name, kinds: kinds)
    }
}
