@_spi(Host) import CellKit
import CellKitSupport

/// `rows CELL from FILE name=.field other=value`: rows from a JSON array or
/// a CSV file, each record's fields mapped to attributes.
///
/// A binding holds where its rows come from, never the records: every
/// record is checked when `rows` runs, and read again where it lies when its
/// row is drawn (docs/design.md, "The data path").
struct Binding: Equatable, Sendable {
    var cell: CellReference
    /// The file as written in the script.
    var file: String
    /// The file that was read: found next to the script, or `--data`'s.
    var path: String
    /// What it holds: from `format=`, or its name.
    var format: RecordChunker.Format
    /// Each attribute and where its value comes from.
    var mappings: [Mapping]
    /// How many records the file had when `rows` checked it.
    var count: Int
    /// The file as it was then: drawing refuses a file that changed since.
    var identity: DataFileIdentity
    /// `watch=true`: the rows are read again, and the screen drawn again,
    /// when the file changes (in `show` and at the prompt).
    var watch = false

    enum Mapping: Equatable, Sendable {
        /// `attr=.field`: the record's field.
        case field(attribute: String, path: FieldPath)
        /// `attr=[.low, 0.5, .high]`: a list of numbers, some from the record's fields.
        case list(attribute: String, elements: [Command.Value])
        /// `attr="{.name} ({.title})"`: text made of each record's fields.
        case template(attribute: String, text: String)
        /// `attr=value`: the same value on every row.
        case constant(AttributeSetting)
    }

    static func == (a: Binding, b: Binding) -> Bool {
        a.cell == b.cell && a.file == b.file && a.format == b.format && a.mappings == b.mappings && a.watch == b.watch
    }
}
