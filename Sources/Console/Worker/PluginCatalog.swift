@_spi(Host) import CellKit
import PluginHost

/// A loaded plugin as the session knows it: what it registered, as data.
/// The worker loads the library and sends this back; the session checks
/// scripts against it without ever running the plugin's code.
struct PluginInfo: Equatable, Sendable {
    var name: String
    var version: String
    var summary: String
    /// The library it was loaded from; `nil` for one compiled into the worker.
    var path: String?
    var abiVersion: UInt32
    var compilerVersion: UInt32
    var items: [ItemInfo]

    /// `3 cells, 2 nibs`.
    var contentsSummary: String { PluginRegistration.Kind.summary(of: items.map(\.kind)) }

    /// How many of each kind it registered, for `plugins --json`.
    var contentsCounts: [(PluginRegistration.Kind, Int)] { PluginRegistration.Kind.counts(of: items.map(\.kind)) }
}

extension PluginRegistration.Kind {
    /// How many of each kind `kinds` holds, in the order of the kinds, those present only.
    static func counts(of kinds: [PluginRegistration.Kind]) -> [(PluginRegistration.Kind, Int)] {
        allCases.compactMap { kind in
            let n = kinds.filter { $0 == kind }.count
            return n == 0 ? nil : (kind, n)
        }
    }

    /// `3 cells, 2 nibs`.
    static func summary(of kinds: [PluginRegistration.Kind]) -> String {
        counts(of: kinds).map { "\($1) \($0.noun(plural: $1 != 1))" }.joined(separator: ", ")
    }
}

/// One registered cell, view, nib, storyboard or loader, as data.
struct ItemInfo: Equatable, Sendable {
    var name: String
    var kind: PluginRegistration.Kind
    var summary: String?
    var typeName: String
    var nibName: String?
    var attributes: [AttributeInfo]
    var scenes: [String]
    /// Outlets the cell fills from code: not attributes, and refused by name.
    var codeOnlyOutlets: [String] = []
}

/// An inspectable attribute, as data: what `describe` lists and what a
/// `row` command is checked against.
struct AttributeInfo: Equatable, Sendable {
    var name: String
    var type: AttributeType
    var defaultValue: AttributeValue?
    var summary: String?
}

/// An item with the plugin that registered it: what a name resolves to.
struct CatalogItem: Equatable, Sendable {
    var plugin: String
    var info: ItemInfo

    var name: String { info.name }
    var qualifiedName: String { plugin + "." + info.name }
    var kind: PluginRegistration.Kind { info.kind }
}

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
                    },
                    scenes: r.scenes, codeOnlyOutlets: r.codeOnlyOutlets)
            })
    }
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
