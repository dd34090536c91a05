/// An enum that lists nib-based reusable cells as typed loaders: Loaders'
/// `Nibs`. Class name, nib name and reuse identifier are the same.
///
/// ```swift
/// enum FormCells: Nibs {
///     static var firstTableViewCell: ReusableNib<FirstTableViewCell> { load() }
///     static var secondTableViewCell: ReusableNib<SecondTableViewCell> { load() }
/// }
/// FormCells.firstTableViewCell.register(on: tableView)
/// let cell = FormCells.firstTableViewCell.dequeue(on: tableView, for: indexPath)   // FirstTableViewCell
/// ```
public protocol Nibs {}

extension Nibs {
    /// The typed loader of a nib-based reusable view.
    public static func load<T: ReusableView>(_ type: T.Type = T.self) -> ReusableNib<T> {
        ReusableNib()
    }
}

/// A typed loader of a nib-based reusable view: Loaders' `Reusable<T>`,
/// renamed because `Reusable` is the protocol (see
/// docs/coming-from-reusable-and-loaders.md).
public struct ReusableNib<T: ReusableView>: Sendable {
    /// Creates the loader.
    public init() {}

    /// The identifier: the type's name.
    public var identifier: String { _typeName(T.self, qualified: false) }

    /// The nib named after the type, in its bundle.
    public var nib: Nib { Nib(nibName: identifier, bundle: PluginBundle(for: T.self)) }

    /// The error for a view of another type registered under ``identifier``.
    func mismatch(_ view: ReusableView) -> CellKitError {
        CellKitError(.typeMismatch, "'\(identifier)' is a \(type(of: view)), not a \(T.self)")
    }

    /// A new view with the nib's content.
    public func make() throws(CellKitError) -> T {
        let view = T()
        try NibLoading.load(nib, into: view)
        return view
    }
}

extension ReusableNib where T: TableViewCell {
    /// Registers the cell on a table.
    public func register(on tableView: TableView) {
        let loader = self
        tableView.register(identifier: identifier, typeName: "\(T.self)") { try loader.make() }
    }

    /// Dequeues the cell from a table. Traps with a message saying what to
    /// fix; see ``tryDequeue(on:for:)-(TableView,_)``.
    public func dequeue(on tableView: TableView, for indexPath: IndexPath) -> T {
        do {
            return try tryDequeue(on: tableView, for: indexPath)
        } catch {
            fatalError("Failed to dequeue \(T.self) (nib \(identifier)): \(error)")
        }
    }

    /// Like ``dequeue(on:for:)-(TableView,_)``, but throws.
    public func tryDequeue(on tableView: TableView, for indexPath: IndexPath) throws(CellKitError) -> T {
        try tableView.cellQueue.dequeue(identifier, as: T.self, mismatch: mismatch)
    }
}

extension ReusableNib where T: CollectionViewCell {
    /// Registers the cell on a collection.
    public func register(on collectionView: CollectionView) {
        let loader = self
        collectionView.register(identifier: identifier, typeName: "\(T.self)") { try loader.make() }
    }

    /// Dequeues the cell from a collection. Traps with a message saying what to fix.
    public func dequeue(on collectionView: CollectionView, for indexPath: IndexPath) -> T {
        do {
            return try tryDequeue(on: collectionView, for: indexPath)
        } catch {
            fatalError("Failed to dequeue \(T.self) (nib \(identifier)): \(error)")
        }
    }

    /// Like ``dequeue(on:for:)-(CollectionView,_)``, but throws.
    public func tryDequeue(on collectionView: CollectionView, for indexPath: IndexPath) throws(CellKitError) -> T {
        try collectionView.cellQueue.dequeue(identifier, as: T.self, mismatch: mismatch)
    }
}

extension ReusableNib where T: CollectionReusableView {
    /// Registers the view as a supplementary view of `kind` on a collection.
    public func register(on collectionView: CollectionView, ofKind kind: String) {
        let loader = self
        collectionView.supplementaryQueue(kind).register(identifier: identifier, typeName: "\(T.self)") {
            try loader.make()
        }
    }

    /// Dequeues the supplementary view of `kind`. Traps with a message saying
    /// what to fix; see ``tryDequeue(on:ofKind:for:)``.
    public func dequeue(on collectionView: CollectionView, ofKind kind: String, for indexPath: IndexPath) -> T {
        do {
            return try tryDequeue(on: collectionView, ofKind: kind, for: indexPath)
        } catch {
            fatalError("Failed to dequeue \(T.self) (nib \(identifier)) of kind \(kind): \(error)")
        }
    }

    /// Dequeues the supplementary view of `kind`, or throws.
    public func tryDequeue(on collectionView: CollectionView, ofKind kind: String, for indexPath: IndexPath)
        throws(CellKitError) -> T
    {
        try collectionView.supplementaryQueue(kind).dequeue(identifier, as: T.self, mismatch: mismatch)
    }
}
