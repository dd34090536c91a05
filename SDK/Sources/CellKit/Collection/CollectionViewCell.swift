/// A view a ``CollectionView`` reuses: a section header or footer, or any
/// supplementary view of a kind: CellKit's `UICollectionReusableView`.
///
/// ```swift
/// final class SectionTitleView: CollectionReusableView, Reusable {
///     let title = Label()
///     required init() { super.init(); title.pinEdges(); addSubview(title) }
/// }
/// collection.register(supplementaryViewType: SectionTitleView.self, ofKind: CollectionView.elementKindSectionHeader)
/// ```
open class CollectionReusableView: ReusableView {
    /// Creates the view; subclasses add their subviews in their own `init()`
    /// (the collection makes reusable views with it).
    public required init() {}
}

/// An item of a ``CollectionView``: CellKit's `UICollectionViewCell`.
///
/// A subclass adds its content to ``contentView`` after `super.init()`;
/// a grid lays it out at the column's width:
///
/// ```swift
/// final class TileCell: CollectionViewCell, Reusable {
///     let title = Label()
///     let value = Label()
///     required init() {
///         super.init()
///         let stack = StackView(axis: .vertical, views: [title, value])
///         stack.pinEdges()
///         contentView.addSubview(stack)
///     }
/// }
/// ```
open class CollectionViewCell: CollectionReusableView {
    /// The view item content goes into. It fills the cell, whose size is the
    /// grid's: a column of ``CollectionView/layout`` wide, and as tall as the
    /// tallest item of its row.
    public let contentView = View()
    /// Whether the item is selected; a collection draws a selected item in
    /// reverse video (as it does the item at its ``CollectionView/selectedIndexPath``).
    @exclusivity(unchecked) public var isSelected = false

    /// Creates the item with an empty ``contentView``; a subclass calls
    /// `super.init()`, then adds its content (the `TileCell` above).
    public required init() {
        super.init()
        addFillingSubview(contentView)
    }

    /// Clears ``isSelected`` before the item is handed out again. Overrides
    /// call `super` and reset what the previous item set.
    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
    }
}
