@_spi(Host) import CellKit
import CellKitSupport
@_spi(Host) import PluginDiscovery
import Synchronization

/// Every loaded plugin and what it registered, by qualified name
/// (`CardCells.ProfileCell`) and by short name when that is unambiguous.
///
/// Additions are all-or-nothing: a plugin is either entirely in the
/// registry or not at all. Thread-safe.
///
/// ```swift
/// let item = try registry.resolve("ProfileCell", kinds: [.cell, .nib])
/// print(item.qualifiedName)   // CardCells.ProfileCell
/// ```
package final class PluginRegistry: Sendable {
    struct State {
        var plugins: [LoadedPlugin] = []
        var items: [String: RegisteredItem] = [:]
        var byShortName: [String: [String]] = [:]
    }

    private let state = Mutex(State())

    /// An empty registry.
    package init() {}

    /// The loaded plugins, in load order.
    package var plugins: [LoadedPlugin] { state.withLock { $0.plugins } }

    /// The plugin with that name, if loaded.
    package func plugin(named name: String) -> LoadedPlugin? {
        state.withLock { $0.plugins.first { $0.name == name } }
    }

    /// The plugin loaded from that file (canonical path), if any.
    package func plugin(atPath path: String) -> LoadedPlugin? {
        state.withLock { $0.plugins.first { $0.path == path } }
    }

    /// Every registered item of the given kinds (all kinds when `nil`), sorted by qualified name.
    package func items(kinds: Set<PluginRegistration.Kind>? = nil) -> [RegisteredItem] {
        state.withLock { s in
            s.items.values.filter { kinds?.contains($0.kind) ?? true }.sorted { $0.qualifiedName < $1.qualifiedName }
        }
    }

    /// Adds a plugin and everything it registered, or nothing.
    ///
    /// - Throws: `.duplicatePlugin` if a plugin of that name is loaded,
    ///   `.invalidPlugin` for an unusable name, `.duplicateName` for a name
    ///   registered twice.
    package func add(_ plugin: LoadedPlugin) throws(PluginError) {
        guard Self.isIdentifier(plugin.name) else {
            throw PluginError(
                .invalidPlugin,
                "the plugin at \(plugin.path ?? "?") calls itself '\(plugin.name)', which is not a valid name",
                fix: "a plugin name is a Swift identifier such as CardCells", path: plugin.path)
        }
        var seen = Set<String>()
        for registration in plugin.registrations {
            guard seen.insert(registration.name).inserted else {
                throw PluginError(
                    .duplicateName, "\(plugin.name) registers '\(registration.name)' twice",
                    fix: "give each thing a plugin registers its own name", path: plugin.path)
            }
        }
        try state.withLock { s throws(PluginError) in
            if let existing = s.plugins.first(where: { $0.name == plugin.name }) {
                throw PluginError(
                    .duplicatePlugin,
                    "a plugin named \(plugin.name) is already loaded from \(existing.path ?? "this process")"
                        + (plugin.path.map { "; refusing \($0)" } ?? ""),
                    fix: "names are unique; remove one of the two copies, or rename one plugin", path: plugin.path)
            }
            s.plugins.append(plugin)
            for registration in plugin.registrations {
                let item = RegisteredItem(plugin: plugin.name, registration: registration)
                s.items[item.qualifiedName] = item
                s.byShortName[item.name, default: []].append(item.qualifiedName)
            }
        }
    }

    /// The item called `name` — qualified (`CardCells.ProfileCell`) or short
    /// when only one plugin has it — among `kinds` (all kinds when `nil`).
    ///
    /// - Throws: `.unknownName` with the nearest name, or `.ambiguousName`
    ///   listing the candidates.
    package func resolve(_ name: String, kinds: Set<PluginRegistration.Kind>? = nil) throws(PluginError)
        -> RegisteredItem
    {
        let snapshot = state.withLock { $0 }
        let resolution = NameResolution(
            items: snapshot.items, byShortName: snapshot.byShortName, hasPlugins: !snapshot.plugins.isEmpty,
            kind: \.kind, name: \.name, qualifiedName: \.qualifiedName)
        return try resolution.resolve(name, kinds: kinds)
    }

    /// Every name (short and qualified) of the given kinds, for completion.
    package func names(kinds: Set<PluginRegistration.Kind>? = nil) -> [String] {
        let items = self.items(kinds: kinds)
        return Array(Set(items.map(\.name) + items.map(\.qualifiedName))).sorted()
    }

    package static func describe(_ kinds: Set<PluginRegistration.Kind>?) -> String {
        PluginRegistration.Kind.describe(kinds)
    }

    /// Whether `name` can be a plugin's name: a Swift identifier, whose letters may be any
    /// alphabetic character.
    static func isIdentifier(_ name: String) -> Bool {
        isPluginName(name)
    }
}
