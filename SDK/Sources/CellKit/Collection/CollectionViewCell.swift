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
/// ```swift
/// final class TileCell: CollectionViewCell, Reusable {
///     let value = Label()
///     required init() { super.init(); value.pinEdges(); contentView.addSubview(value) }
/// }
/// ```
open class CollectionViewCell: CollectionReusableView {
    /// The view item content goes into; it fills the cell.
    public let contentView = View()
    /// Whether the item is selected; a collection draws a selected item in reverse video.
    @exclusivity(unchecked) public var isSelected = false

    /// Creates the cell with an empty ``contentView`` that fills it; a
    /// subclass calls `super.init()` and then adds its content:
    ///
    /// ```swift
    /// final class TileCell: CollectionViewCell, Reusable {
    ///     let value = Label()
    ///     required init() {
    ///         super.init()
    ///         value.pinEdges()
    ///         contentView.addSubview(value)
    ///     }
    /// }
    /// ```
    public required init() {
        super.init()
        contentView.pinEdges()
        addSubview(contentView)
    }

    /// Clears ``isSelected``. Overrides call `super` and reset what their
    /// previous item set.
    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
    }
}
