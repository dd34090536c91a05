/// A row of a ``TableView``: CellKit's `UITableViewCell`.
///
/// Put content in ``contentView`` (or load it from a nib with
/// ``NibOwnerLoadable/loadNibContent()``); the table sizes the cell to the
/// table's width and to the height its content needs, unless a fixed
/// ``TableView/rowHeight`` is set.
///
/// ```swift
/// final class GreetingCell: TableViewCell, Reusable {
///     let label = Label()
///     required init() {
///         super.init()
///         label.pinEdges()
///         contentView.addSubview(label)
///     }
/// }
/// ```
open class TableViewCell: ReusableView {
    /// The view cell content goes into; it fills the cell.
    public let contentView = View()
    /// Whether the row is selected; a table draws a selected row in reverse video.
    @exclusivity(unchecked) public var isSelected = false

    /// Creates the cell with an empty ``contentView`` that fills it; a
    /// subclass calls `super.init()` and then adds its content:
    ///
    /// ```swift
    /// final class NameCell: TableViewCell, Reusable {
    ///     let label = Label()
    ///     required init() {
    ///         super.init()
    ///         label.pinEdges()
    ///         contentView.addSubview(label)
    ///     }
    /// }
    /// ```
    public required init() {
        super.init()
        addFillingSubview(contentView)
    }

    /// Clears ``isSelected``. Overrides call `super`, then reset what the
    /// previous row set (an ``Inspectable`` cell calls
    /// ``Inspectable/resetAttributesToDefaults()``):
    ///
    /// ```swift
    /// override func prepareForReuse() {
    ///     super.prepareForReuse()
    ///     resetAttributesToDefaults()
    /// }
    /// ```
    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
    }

    // MARK: - Columns the table joins

    /// The columns the cell's content is laid out in, measured across the
    /// table's content width: a table without a ``TableView/columnLayout``
    /// of its own joins its borders and rules to these dividers (`┬`, `┼`,
    /// `┴`). `nil` (the default): the cell is not in columns.
    ///
    /// ```swift
    /// final class RowCell: TableViewCell, Reusable {
    ///     let columns = ColumnsView(layout: ColumnLayout([.fixed(4), .flexible()]))
    ///     override var columnLayout: ColumnLayout? { columns.layout }
    ///     override var columnDivider: BoxStyle { .light }
    /// }
    /// ```
    open var columnLayout: ColumnLayout? { nil }
    /// The box style of the lines the cell draws between its columns, so
    /// junctions mix weights correctly (`┯` for a light divider under a heavy
    /// border). `.none` (the default) takes the border's own.
    open var columnDivider: BoxStyle { .none }
    /// Whether the row heads the rows below it: the table draws a rule under
    /// it, across to its border, as under a ``TableView/tableHeaderView``.
    /// `false` by default.
    open var isHeaderRow: Bool { false }
}

/// A section header or footer of a ``TableView``: CellKit's
/// `UITableViewHeaderFooterView`.
///
/// The default one shows ``textLabel`` (the section's title); subclass it,
/// conform to ``Reusable``, register it with
/// ``TableView/register(headerFooterViewType:)-6sigj`` and return it from the
/// delegate for your own.
///
/// ```swift
/// final class BigHeader: TableViewHeaderFooterView, Reusable {}
/// table.register(headerFooterViewType: BigHeader.self)
/// ```
open class TableViewHeaderFooterView: ReusableView {
    /// The view content goes into; it fills the view.
    public let contentView = View()
    /// The title label the default header and footer use.
    public let textLabel = Label()

    /// Creates the view with ``textLabel`` filling its ``contentView``.
    public required init() {
        super.init()
        addFillingSubview(contentView)
        textLabel.pinEdges()
        contentView.addSubview(textLabel)
    }

    /// Empties ``textLabel``. Overrides call `super`.
    open override func prepareForReuse() {
        super.prepareForReuse()
        textLabel.text = ""
    }
}
