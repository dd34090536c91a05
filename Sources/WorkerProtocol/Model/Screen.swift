@_spi(Host) import CellKit
import CellKitSupport

/// A screen being composed: a list (a table) or a grid (a collection) of
/// sections of cells, and how it is drawn. What `screen`, `section`, `row`
/// and `rows` build, what `render` and `show` draw, and what `save` writes.
package struct Screen: Equatable, Sendable {
    /// How the screen lays out its cells.
    package enum Kind: String, Equatable, Sendable, CaseIterable {
        /// One cell per row: a ``TableView``.
        case list
        /// Cells side by side: a ``CollectionView``.
        case grid
    }

    package var name: String
    package var kind: Kind = .list
    /// Columns; `nil` means the session's (or the terminal's) width.
    package var width: Int?
    package var border: BoxStyle = .none
    package var title: String?
    /// A grid's items per row.
    package var columns: Int?
    /// A grid's item width (a flow of as many as fit), when `columns` is not set.
    package var itemWidth: Int?
    /// Columns between grid items.
    package var spacing: Int?
    /// A line between list rows.
    package var separators = false
    package var sections: [Section] = []

    /// The section new rows go into, made on first use.
    package mutating func currentSectionIndex() -> Int {
        if sections.isEmpty { sections.append(Section()) }
        return sections.count - 1
    }

    /// How many rows the screen has now (bound rows counted as loaded).
    package var rowCount: Int { sections.reduce(0) { $0 + $1.rows.reduce(0) { $0 + $1.count } } }

    package init(
        name: String, kind: Kind = .list, width: Int? = nil, border: BoxStyle = .none, title: String? = nil,
        columns: Int? = nil, itemWidth: Int? = nil, spacing: Int? = nil, separators: Bool = false,
        sections: [Section] = []
    ) {
        self.name = name
        self.kind = kind
        self.width = width
        self.border = border
        self.title = title
        self.columns = columns
        self.itemWidth = itemWidth
        self.spacing = spacing
        self.separators = separators
        self.sections = sections
    }
}
