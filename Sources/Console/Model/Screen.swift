@_spi(Host) import CellKit
import CellKitSupport

/// A screen being composed: a list (a table) or a grid (a collection) of
/// sections of cells, and how it is drawn. What `screen`, `section`, `row`
/// and `rows` build, what `render` and `show` draw, and what `save` writes.
struct Screen: Equatable, Sendable {
    /// How the screen lays out its cells.
    enum Kind: String, Equatable, Sendable, CaseIterable {
        /// One cell per row: a ``TableView``.
        case list
        /// Cells side by side: a ``CollectionView``.
        case grid
    }

    var name: String
    var kind: Kind = .list
    /// Columns; `nil` means the session's (or the terminal's) width.
    var width: Int?
    var border: BoxStyle = .none
    var title: String?
    /// A grid's items per row.
    var columns: Int?
    /// A grid's item width (a flow of as many as fit), when `columns` is not set.
    var itemWidth: Int?
    /// Columns between grid items.
    var spacing: Int?
    /// A line between list rows.
    var separators = false
    var sections: [Section] = []

    /// The section new rows go into, made on first use.
    mutating func currentSectionIndex() -> Int {
        if sections.isEmpty { sections.append(Section()) }
        return sections.count - 1
    }

    /// How many rows the screen has now (bound rows counted as loaded).
    var rowCount: Int { sections.reduce(0) { $0 + $1.rows.reduce(0) { $0 + $1.count } } }
}

/// A section of a screen: an optional title with a header view, rows, an
/// optional footer.
struct Section: Equatable, Sendable {
    var title: String?
    /// The header view type (a registered header/footer view or cell), by
    /// name as written; `nil` for the default header showing the title.
    var header: CellReference?
    var footer: String?
    var footerCell: CellReference?
    var rows: [RowSource] = []
}

/// A cell type by name: as written (so `save` writes it back the same way)
/// and as resolved in the registry.
struct CellReference: Equatable, Sendable {
    var written: String
    var qualified: String
}

/// Where rows come from: one row with literal attributes, or one row per
/// record of a data file.
enum RowSource: Equatable, Sendable {
    case row(Row)
    case bound(Binding)

    /// How many rows this source gives.
    var count: Int {
        switch self {
        case .row: 1
        case .bound(let b): b.count
        }
    }
}

/// One row: a cell type and attribute values.
struct Row: Equatable, Sendable {
    var cell: CellReference
    var attributes: [AttributeSetting]
}

/// `name=value` for one attribute, checked against the cell's attribute type.
struct AttributeSetting: Equatable, Sendable {
    var name: String
    var value: AttributeValue
}

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
        a.cell == b.cell && a.file == b.file && a.mappings == b.mappings && a.watch == b.watch
    }
}

/// A data file as `rows` saw it: its size and modification time.
struct DataFileIdentity: Equatable, Sendable, CustomStringConvertible {
    var size: Int
    var seconds: Int
    var nanoseconds: Int

    /// The file's identity now, or `nil` if it cannot be read.
    init?(of path: String) {
        guard let info = try? fileInfo(path) else { return nil }
        self.init(
            size: info.size, seconds: info.modificationTime.seconds, nanoseconds: info.modificationTime.nanoseconds)
    }

    init(size: Int, seconds: Int, nanoseconds: Int) {
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    var description: String { "\(size) bytes" }
}
