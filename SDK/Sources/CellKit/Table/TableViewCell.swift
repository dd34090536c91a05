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

    public required init() {
        super.init()
        contentView.pinEdges()
        addSubview(contentView)
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
    }
}

/// A section header or footer of a ``TableView``: CellKit's
/// `UITableViewHeaderFooterView`.
///
/// The default one shows ``textLabel`` (the section's title); subclass it,
/// conform to ``Reusable``, register it with
/// ``TableView/register(headerFooterViewType:)`` and return it from the
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

    public required init() {
        super.init()
        contentView.pinEdges()
        addSubview(contentView)
        textLabel.pinEdges()
        contentView.addSubview(textLabel)
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        textLabel.text = ""
    }
}
