@_spi(Host) import CellKit
@_spi(Host) import PluginDiscovery

/// A plugin whose registrations are in the registry.
package struct LoadedPlugin: Sendable {
    /// The namespace: `CardCells`.
    package let name: String
    /// The plugin's own version.
    package let version: String
    /// One line about it.
    package let summary: String
    /// The library it was loaded from; `nil` for a plugin registered in-process.
    package let path: String?
    /// The SDK ABI version it was built against.
    package let abiVersion: UInt32
    /// The Swift compiler it was built with (60301 for 6.3.1).
    package let compilerVersion: UInt32
    /// What it registered.
    package let registrations: [PluginRegistration]

    /// `3 cells, 2 nibs` — counts by kind, for load messages and listings.
    package var contentsSummary: String {
        PluginRegistration.Kind.allCases.compactMap { kind -> String? in
            let n = registrations.filter { $0.kind == kind }.count
            guard n > 0 else { return nil }
            return "\(n) \(kind.noun(plural: n != 1))"
        }.joined(separator: ", ")
    }
}

/// One registered thing, with the plugin that registered it.
package struct RegisteredItem: Sendable {
    /// The plugin's name.
    package let plugin: String
    /// What was registered.
    package let registration: PluginRegistration

    /// The short name: `ProfileCell`.
    package var name: String { registration.name }
    /// The qualified name: `CardCells.ProfileCell`.
    package var qualifiedName: String { plugin + "." + registration.name }
    /// The kind: cell, item, header/footer, nib, storyboard, loader.
    package var kind: PluginRegistration.Kind { registration.kind }
}
