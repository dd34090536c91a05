@_spi(Host) import CellKit
@_spi(Host) import PluginDiscovery

/// A loaded plugin as the session knows it: what it registered, as data.
/// The worker loads the library and sends this back; the session checks
/// scripts against it without ever running the plugin's code.
package struct PluginInfo: Equatable, Sendable {
    package var name: String
    package var version: String
    package var summary: String
    /// The library it was loaded from; `nil` for one compiled into the worker.
    package var path: String?
    package var abiVersion: UInt32
    package var compilerVersion: UInt32
    package var items: [ItemInfo]

    /// `3 cells, 2 nibs`.
    package var contentsSummary: String { PluginRegistration.Kind.summary(of: items.map(\.kind)) }

    /// How many of each kind it registered, for `plugins --json`.
    package var contentsCounts: [(PluginRegistration.Kind, Int)] {
        PluginRegistration.Kind.counts(of: items.map(\.kind))
    }

    package init(
        name: String, version: String, summary: String, path: String? = nil, abiVersion: UInt32,
        compilerVersion: UInt32, items: [ItemInfo]
    ) {
        self.name = name
        self.version = version
        self.summary = summary
        self.path = path
        self.abiVersion = abiVersion
        self.compilerVersion = compilerVersion
        self.items = items
    }
}

extension PluginRegistration.Kind {
    /// How many of each kind `kinds` holds, in the order of the kinds, those present only.
    package static func counts(of kinds: [PluginRegistration.Kind]) -> [(PluginRegistration.Kind, Int)] {
        allCases.compactMap { kind in
            let n = kinds.filter { $0 == kind }.count
            return n == 0 ? nil : (kind, n)
        }
    }

    /// `3 cells, 2 nibs`.
    package static func summary(of kinds: [PluginRegistration.Kind]) -> String {
        counts(of: kinds).map { "\($1) \($0.noun(plural: $1 != 1))" }.joined(separator: ", ")
    }
}

/// One registered cell, view, nib, storyboard, loader or data source, as
/// data, with its attributes typed.
package typealias ItemInfo = RegistrationInfo<AttributeInfo>

/// An inspectable attribute, as data: what `describe` lists and what a
/// `row` command is checked against.
package struct AttributeInfo: Equatable, Sendable {
    package var name: String
    package var type: AttributeType
    package var defaultValue: AttributeValue?
    package var summary: String?

    package init(name: String, type: AttributeType, defaultValue: AttributeValue? = nil, summary: String? = nil) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.summary = summary
    }
}
