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
