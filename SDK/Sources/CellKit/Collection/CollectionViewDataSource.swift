/// Supplies a ``CollectionView``'s sections and items: UIKit's
/// `UICollectionViewDataSource`, with the same shape.
///
/// ```swift
/// final class Tiles: CollectionViewDataSource {
///     let values = [12, 7, 42]
///     func collectionView(_ view: CollectionView, numberOfItemsInSection section: Int) -> Int { values.count }
///     func collectionView(_ view: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
///         let cell: TileCell = view.dequeueReusableCell(for: indexPath)
///         cell.value.text = String(values[indexPath.item])
///         return cell
///     }
/// }
/// ```
public protocol CollectionViewDataSource: AnyObject {
    /// How many sections; 1 by default.
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// How many items in `section`.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// The configured cell for an item, dequeued from `collectionView`.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
    /// A supplementary view (dequeued from `collectionView`) of `kind` for a
    /// section — `elementKindSectionHeader` or `elementKindSectionFooter` —
    /// or `nil` for none. `indexPath.item` is 0.
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionReusableView?
    /// A title for the section's default header (a CellKit addition, as
    /// tables have), or `nil` for none.
    func collectionView(_ collectionView: CollectionView, titleForHeaderInSection section: Int) -> String?
    /// A title for the section's default footer, or `nil` for none.
    func collectionView(_ collectionView: CollectionView, titleForFooterInSection section: Int) -> String?
}

// MARK: - Default implementations

extension CollectionViewDataSource {
    /// One section.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    /// No supplementary view: the section shows its title, if any, in the
    /// default header or footer.
    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionReusableView? { nil }
    /// No header title.
    public func collectionView(_ collectionView: CollectionView, titleForHeaderInSection section: Int) -> String? {
        nil
    }
    /// No footer title.
    public func collectionView(_ collectionView: CollectionView, titleForFooterInSection section: Int) -> String? {
        nil
    }
}

/// How a ``CollectionView`` lays items out: a grid of a fixed number of
/// columns, or a flow of fixed-width items (as many per row as fit).
///
/// ```swift
/// collection.layout = CollectionViewGridLayout(columns: 3, spacing: 2)
/// collection.layout = CollectionViewGridLayout(itemWidth: 20)
/// ```
public struct CollectionViewGridLayout: Hashable, Sendable {
    /// Items per row; `nil` to fit as many ``itemWidth``-wide items as there is room for.
    public var columns: Int?
    /// The width of each item in a flow layout.
    public var itemWidth: Int?
    /// Each item's height, or `nil` for the tallest item in the row.
    public var itemHeight: Int?
    /// Columns between items in a row.
    public var spacing: Int
    /// Rows between rows of items.
    public var lineSpacing: Int

    /// A grid of `columns` equal columns.
    public init(columns: Int, spacing: Int = 1, lineSpacing: Int = 0, itemHeight: Int? = nil) {
        self.columns = max(1, columns)
        self.itemWidth = nil
        self.spacing = max(0, spacing)
        self.lineSpacing = max(0, lineSpacing)
        self.itemHeight = itemHeight
    }

    /// A flow of items `itemWidth` wide.
    public init(itemWidth: Int, spacing: Int = 1, lineSpacing: Int = 0, itemHeight: Int? = nil) {
        self.columns = nil
        self.itemWidth = max(1, itemWidth)
        self.spacing = max(0, spacing)
        self.lineSpacing = max(0, lineSpacing)
        self.itemHeight = itemHeight
    }

    /// How many items per row, and each item's width, in `width` columns.
    public func metrics(width: Int) -> (columns: Int, itemWidth: Int) {
        if let columns {
            let w = max(0, (width - spacing * (columns - 1)) / columns)
            return (columns, w)
        }
        let item = min(itemWidth ?? 10, max(1, width))
        return (max(1, (width + spacing) / (item + spacing)), item)
    }
}
