/// What tables and collections have in common, so code can work with
/// either: seed 004's `DataViewable`.
///
/// ```swift
/// func setUp(_ dataView: DataViewable) {
///     dataView.registerNib(nibName: "TileCell")       // under "Cell"
///     dataView.reloadData()
/// }
/// let cell = dataView[indexPath]                      // dequeues "Cell"
/// let other = dataView[indexPath, "ProfileCell"]
/// ```
public protocol DataViewable: AnyObject {
    /// Asks the data source again for sections and rows or items.
    func reloadData()
    /// Registers a nib (by name, in `bundle`) as the cells of an identifier.
    /// The nib's outlets become the cells' String attributes.
    func registerNib(nibName: String, cellIdentifier: String, bundle: PluginBundle)
    /// A cell registered under `identifier`, or an error saying what to fix.
    func dequeueReusableView(withIdentifier identifier: String, for indexPath: IndexPath) throws(CellKitError)
        -> ReusableView
}

// MARK: - Default implementations

extension DataViewable {
    /// The identifier `registerNib(nibName:)` and `dataView[indexPath]` use: `"Cell"`.
    public static var defaultCellIdentifier: String { "Cell" }

    /// Registers the nib named `nibName` from the main bundle under `cellIdentifier`.
    public func registerNib(nibName: String, cellIdentifier: String = "Cell") {
        registerNib(nibName: nibName, cellIdentifier: cellIdentifier, bundle: .main)
    }

    /// The cell registered under `"Cell"` for `indexPath`; traps with a
    /// message saying what to fix when there is none.
    public subscript(indexPath: IndexPath) -> ReusableView {
        self[indexPath, Self.defaultCellIdentifier]
    }

    /// The cell registered under `identifier` for `indexPath`; traps with a
    /// message saying what to fix when there is none.
    public subscript(indexPath: IndexPath, identifier: String) -> ReusableView {
        do {
            return try dequeueReusableView(withIdentifier: identifier, for: indexPath)
        } catch {
            fatalError("Failed to dequeue a cell with identifier \(identifier) for \(indexPath): \(error)")
        }
    }
}

/// A table cell made from a nib alone, with no class of its own: its
/// outlets are its attributes, and reuse empties them.
final class NibTableViewCell: TableViewCell {
    public override func prepareForReuse() {
        super.prepareForReuse()
        for label in connectedOutlets.values { label.text = "" }
    }
}

/// A collection cell made from a nib alone, with no class of its own: its
/// outlets are its attributes, and reuse empties them.
final class NibCollectionViewCell: CollectionViewCell {
    public override func prepareForReuse() {
        super.prepareForReuse()
        for label in connectedOutlets.values { label.text = "" }
    }
}

extension TableView: DataViewable {
    /// Registers the nib `nibName` of `bundle` as a table cell of its own under
    /// `cellIdentifier`: its outlets are its String attributes, and reuse
    /// empties them.
    public func registerNib(nibName: String, cellIdentifier: String, bundle: PluginBundle) {
        let nib = Nib(nibName: nibName, bundle: bundle)
        register(identifier: cellIdentifier, typeName: "\(nibName).nib") {
            let cell = NibTableViewCell()
            try NibLoading.load(nib, into: cell)
            return cell
        }
    }

    /// Dequeues the cell registered under `identifier`; see
    /// ``TableView/tryDequeueReusableCell(withIdentifier:for:)``.
    public func dequeueReusableView(withIdentifier identifier: String, for indexPath: IndexPath) throws(CellKitError)
        -> ReusableView
    {
        try tryDequeueReusableCell(withIdentifier: identifier, for: indexPath)
    }
}

extension CollectionView: DataViewable {
    /// Registers the nib `nibName` of `bundle` as a collection cell of its own
    /// under `cellIdentifier`: its outlets are its String attributes, and reuse
    /// empties them.
    public func registerNib(nibName: String, cellIdentifier: String, bundle: PluginBundle) {
        let nib = Nib(nibName: nibName, bundle: bundle)
        register(identifier: cellIdentifier, typeName: "\(nibName).nib") {
            let cell = NibCollectionViewCell()
            try NibLoading.load(nib, into: cell)
            return cell
        }
    }

    /// Dequeues the cell registered under `identifier`; see
    /// ``CollectionView/tryDequeueReusableCell(withIdentifier:for:)``.
    public func dequeueReusableView(withIdentifier identifier: String, for indexPath: IndexPath) throws(CellKitError)
        -> ReusableView
    {
        try tryDequeueReusableCell(withIdentifier: identifier, for: indexPath)
    }
}
