@_spi(Host) import CellKit
import CellKitSupport
import PluginDiscovery
import WorkerProtocol

/// JSON for tools: `cellkit plugins --json`, `cellkit validate --json` and
/// `describe CELL format=json` (`cellkit describe CELL --json`). Each
/// document starts with `"schema": "cellkit.KIND/VERSION"`; the version goes
/// up only when a member changes meaning or goes away (new members may come
/// in any version). docs/json-output.md documents every member.
///
/// ```swift
/// MachineReadable.text(MachineReadable.document("plugins", [("plugins", .array([]))]))
/// // {"schema": "cellkit.plugins/1", "plugins": []} (pretty-printed)
/// ```
enum MachineReadable {
    /// The schema version of each kind of document.
    static let versions = ["plugins": 1, "validate": 1, "describe": 1]

    /// A document of `kind`: its schema, then `members`.
    static func document(_ kind: String, _ members: [(String, JSONValue)]) -> JSONValue {
        var object = JSONObject()
        _ = object.updateValue(.string("cellkit.\(kind)/\(versions[kind] ?? 1)"), forKey: "schema")
        for (key, value) in members { _ = object.updateValue(value, forKey: key) }
        return .object(object)
    }

    /// Pretty-printed, as tools and people read it.
    static func text(_ value: JSONValue) -> String {
        (try? value.serialized(.pretty)) ?? "{}"
    }

    /// One plugin of `cellkit plugins --json`.
    static func plugin(
        name: String, version: String, sdk: String, state: String, reason: String?, path: String?,
        provides: [(PluginRegistration.Kind, Int)]
    ) -> JSONValue {
        var counts = JSONObject()
        for (kind, count) in provides { _ = counts.updateValue(.int(count), forKey: key(kind)) }
        return object([
            ("name", .string(name)), ("version", .string(version)), ("sdk", .string(sdk)), ("state", .string(state)),
            ("reason", reason.map(JSONValue.string) ?? .null), ("path", path.map(JSONValue.string) ?? .null),
            ("provides", .object(counts)),
        ])
    }

    /// `describe CELL format=json`.
    static func describe(_ item: CatalogItem) -> JSONValue {
        document(
            "describe",
            [
                ("name", .string(item.qualifiedName)), ("plugin", .string(item.plugin)),
                ("kind", .string(key(item.kind))), ("nib", item.info.nibName.map(JSONValue.string) ?? .null),
                ("summary", .string(item.info.summary ?? "")),
                (
                    "attributes",
                    .array(
                        item.info.attributes.map { attribute in
                            object([
                                ("name", .string(attribute.name)), ("type", .string(attribute.type.description)),
                                ("default", attribute.defaultValue.map(ScreenJSON.json) ?? .null),
                                ("summary", .string(attribute.summary ?? "")),
                            ])
                        })
                ),
                ("scenes", .array(item.info.scenes.map(JSONValue.string))),
                ("fileExtensions", .array(item.info.fileExtensions.map(JSONValue.string))),
            ])
    }

    /// `cellkit validate --json`: each failure's text as the text output
    /// says it, and, when it is the worker's, its parts (``RenderFailure``).
    static func validate(
        checked: Int, plugins: [String], failures: [(plugin: String?, message: String, failure: RenderFailure?)]
    ) -> JSONValue {
        document(
            "validate",
            [
                ("ok", .bool(failures.isEmpty)), ("checked", .int(checked)),
                ("plugins", .array(plugins.map(JSONValue.string))),
                (
                    "failures",
                    .array(
                        failures.map {
                            object([
                                ("plugin", $0.plugin.map(JSONValue.string) ?? .null), ("message", .string($0.message)),
                                ("item", $0.failure?.cell.map(JSONValue.string) ?? .null),
                                ("code", $0.failure.map { .string($0.code) } ?? .null),
                                ("fix", $0.failure?.fix.map(JSONValue.string) ?? .null),
                                ("places", .array(($0.failure?.diagnostics ?? []).map(place))),
                            ])
                        })
                ),
            ])
    }

    /// A place in a file where something failed: `file`, `line`, `column`, `message`, `notes`.
    static func place(_ diagnostic: Diagnostic) -> JSONValue {
        object([
            ("file", .string(diagnostic.location.file)), ("line", .int(diagnostic.location.line)),
            ("column", .int(diagnostic.location.column)), ("message", .string(diagnostic.message)),
            ("notes", .array(diagnostic.notes.map(JSONValue.string))),
        ])
    }

    /// The key a kind of registration has in JSON: `cell`, `headerFooterView`.
    static func key(_ kind: PluginRegistration.Kind) -> String {
        switch kind {
        case .cell: "cell"
        case .item: "item"
        case .headerFooter: "headerFooterView"
        case .supplementary: "supplementaryView"
        case .nib: "nib"
        case .storyboard: "storyboard"
        case .loader: "loader"
        case .dataSource: "dataSource"
        @unknown default: kind.rawValue
        }
    }

    private static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        var object = JSONObject()
        for (key, value) in members { _ = object.updateValue(value, forKey: key) }
        return .object(object)
    }
}
