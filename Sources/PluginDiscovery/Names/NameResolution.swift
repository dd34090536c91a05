@_spi(Host) import CellKit

/// How a name a person typed is found among registered items: the qualified name
/// (`CardCells.ProfileCell`), or the short name when only one plugin has it.
///
/// One rule, and one set of errors, for the host's ``PluginRegistry`` and the console's
/// catalog of what its worker process loaded.
package struct NameResolution<Item> {
    /// Every item, by qualified name.
    package var items: [String: Item]
    /// The qualified names of the items with each short name.
    package var byShortName: [String: [String]]
    /// Whether any plugin is loaded (the hint for an unknown name differs).
    package var hasPlugins: Bool
    /// An item's kind, short name and qualified name.
    package var kind: (Item) -> PluginRegistration.Kind
    package var name: (Item) -> String
    package var qualifiedName: (Item) -> String

    package init(
        items: [String: Item], byShortName: [String: [String]], hasPlugins: Bool,
        kind: @escaping (Item) -> PluginRegistration.Kind, name: @escaping (Item) -> String,
        qualifiedName: @escaping (Item) -> String
    ) {
        self.items = items
        self.byShortName = byShortName
        self.hasPlugins = hasPlugins
        self.kind = kind
        self.name = name
        self.qualifiedName = qualifiedName
    }

    /// The item called `name` among `kinds` (all kinds when `nil`).
    ///
    /// - Throws: `.unknownName` with the nearest name, or `.ambiguousName` listing the
    ///   candidates.
    package func resolve(_ name: String, kinds: Set<PluginRegistration.Kind>?) throws(PluginError) -> Item {
        func accept(_ item: Item) -> Bool { kinds?.contains(kind(item)) ?? true }
        if let item = items[name], accept(item) { return item }
        let candidates = (byShortName[name] ?? []).compactMap { items[$0] }.filter(accept)
        if candidates.count == 1 { return candidates[0] }
        let what = PluginRegistration.Kind.describe(kinds)
        if candidates.count > 1 {
            let names = candidates.map(qualifiedName).sorted()
            throw PluginError(
                .ambiguousName, "'\(name)' is ambiguous: \(names.joined(separator: ", ")) all match",
                fix: "use the qualified name, for example \(names[0])")
        }
        let all = items.values.filter(accept)
        let pool = all.map(self.name) + all.map(qualifiedName)
        var fix: String
        if let near = Suggestions.nearest(to: name, in: pool) {
            fix = "did you mean '\(near)'?"
        } else if !hasPlugins {
            fix = "no plugins are loaded yet; load one first (load BasicCells)"
        } else {
            fix = "`cells` lists what the loaded plugins provide"
        }
        if let wrongKind = items[name] ?? (byShortName[name]?.first).flatMap({ items[$0] }) {
            fix = "\(qualifiedName(wrongKind)) is a \(kind(wrongKind).noun(plural: false)), not a \(what)"
        }
        throw PluginError(.unknownName, "no \(what) named '\(name)'", fix: fix)
    }
}
