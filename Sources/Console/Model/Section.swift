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
