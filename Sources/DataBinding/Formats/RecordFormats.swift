import CellKitSupport

/// The formats cellkit reads itself, one line each: found by name
/// (`format=csv`) and by the ending of a file's name (`.csv`). A new format
/// is a folder of `Formats/` and a line here (docs/design.md, "Data sources").
package enum RecordFormats {
    /// Every built-in format, in the order messages list them.
    package static let all: [any RecordFormat] = [
        CSVFormat.csv,
        CSVFormat.tsv,
        JSONArrayFormat(),
        JSONLinesFormat(),
    ]

    /// The format of a file whose name says none: a JSON array.
    package static let fallback: any RecordFormat = JSONArrayFormat()

    /// Their names, as `format=` takes them (other names aside).
    package static var names: [String] { all.map(\.name) }

    /// The format `format=` names (`csv`, `ndjson`), or `nil`.
    package static func format(named name: String) -> (any RecordFormat)? {
        all.first { $0.name == name || $0.otherNames.contains(name) }
    }

    /// The format the name of the file at `path` says, or `nil` when it says none.
    package static func format(claiming path: String) -> (any RecordFormat)? {
        all.first { $0.claims(path) }
    }

    /// The format a file is read in: `format=`'s (`name`), else the one its
    /// name says, else a JSON array.
    package static func format(forPath path: String, named name: String? = nil) -> any RecordFormat {
        name.flatMap(format(named:)) ?? format(claiming: path) ?? fallback
    }
}
