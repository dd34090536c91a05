@_spi(Host) import CellKit
import CellKitSupport

/// `rows CELL from FILE name=.field other=value`: rows from a JSON array or
/// a CSV file, each record's fields mapped to attributes.
///
/// A binding holds where its rows come from, never the records: every
/// record is checked when `rows` runs, and read again where it lies when its
/// row is drawn (docs/design.md, "The data path").
package struct Binding: Equatable, Sendable {
    package var cell: CellReference
    /// The file as written in the script.
    package var file: String
    /// The file that was read: found next to the script, or `--data`'s.
    package var path: String
    /// What it holds, by the name `format=` gives it (`csv`, `jsonl`): from
    /// `format=`, or the file's name. DataBinding's `RecordFormats` finds
    /// the format of that name, where the file is read.
    package var format: String
    /// Each attribute and where its value comes from.
    package var mappings: [Mapping]
    /// How many records the file had when `rows` checked it.
    package var count: Int
    /// The file as it was then: drawing refuses a file that changed since.
    package var identity: DataFileIdentity
    /// Where the file's chunks start, as `rows` found them (its check read
    /// every chunk), then the file's end; empty when unknown. A worker
    /// finds the chunk holding a row by a binary search, never by scanning
    /// the file from its start.
    package var chunks: [RecordChunker.ChunkStart] = []
    /// `watch=true`: the rows are read again, and the screen drawn again,
    /// when the file changes (in `show` and at the prompt).
    package var watch = false
    /// When a plugin's data source reads the records (a database): which,
    /// with what options (``format`` is then its name, as `format=` says
    /// it); `nil` for the data files cellkit reads itself (``format`` says which).
    package var source: SourceBinding?
    /// `sort=` and `where=`: the records that pass, in order, were written
    /// to a file of their own, which ``path`` names. The session's own (it
    /// saves them, watches the file they were read from, and owns the file
    /// written); not sent: the workers read ``path`` as any data file.
    package var derivation: Derivation?

    package enum Mapping: Equatable, Sendable {
        /// `attr=.field`: the record's field.
        case field(attribute: String, path: FieldPath)
        /// `attr=[.low, 0.5, .high]`: a list of numbers, some from the record's fields.
        case list(attribute: String, elements: [Command.Value])
        /// `attr="{.name} ({.title})"`: text made of each record's fields.
        case template(attribute: String, text: String)
        /// `attr=value`: the same value on every row.
        case constant(AttributeSetting)
    }

    package static func == (a: Binding, b: Binding) -> Bool {
        a.cell == b.cell && a.file == b.file && a.format == b.format && a.mappings == b.mappings && a.watch == b.watch
            && a.source?.name == b.source?.name && a.source?.options == b.source?.options
            && a.derivation?.sort == b.derivation?.sort && a.derivation?.filter == b.derivation?.filter
    }

    package init(
        cell: CellReference, file: String, path: String, format: String, mappings: [Mapping], count: Int,
        identity: DataFileIdentity, chunks: [RecordChunker.ChunkStart] = [], watch: Bool = false,
        source: SourceBinding? = nil
    ) {
        self.cell = cell
        self.file = file
        self.path = path
        self.format = format
        self.mappings = mappings
        self.count = count
        self.identity = identity
        self.chunks = chunks
        self.watch = watch
        self.source = source
    }
}

extension Binding {
    /// How a sorted or filtered binding's rows were made (``Binding/derivation``).
    package struct Derivation: Equatable, Sendable {
        /// `sort=` as written (a field, `-.field`, or a list of them).
        package var sort: Command.Value?
        /// `where=` as written.
        package var filter: String?
        /// The data file the records were read from, its format and its
        /// identity then (`watch=true` follows it).
        package var path: String
        package var format: String
        package var identity: DataFileIdentity
        /// The file the rows are read from: removed when no binding holds it.
        package var file: TemporaryFile

        package init(
            sort: Command.Value?, filter: String?, path: String, format: String, identity: DataFileIdentity,
            file: TemporaryFile
        ) {
            self.sort = sort
            self.filter = filter
            self.path = path
            self.format = format
            self.identity = identity
            self.file = file
        }

        package static func == (a: Derivation, b: Derivation) -> Bool {
            a.sort == b.sort && a.filter == b.filter && a.path == b.path && a.format == b.format
                && a.identity == b.identity && a.file === b.file
        }
    }
}
