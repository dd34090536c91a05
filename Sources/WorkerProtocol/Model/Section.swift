/// A section of a screen: an optional title with a header view, rows, an
/// optional footer.
package struct Section: Equatable, Sendable {
    package var title: String?
    /// The header view type (a registered header/footer view or cell), by
    /// name as written; `nil` for the default header showing the title.
    package var header: CellReference?
    package var footer: String?
    package var footerCell: CellReference?
    package var rows: [RowSource] = []

    package init(
        title: String? = nil, header: CellReference? = nil, footer: String? = nil, footerCell: CellReference? = nil,
        rows: [RowSource] = []
    ) {
        self.title = title
        self.header = header
        self.footer = footer
        self.footerCell = footerCell
        self.rows = rows
    }
}
