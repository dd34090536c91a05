/// Sections of items laid out in a grid or a flow, drawn as text:
/// CellKit's `UICollectionView`.
///
/// ```swift
/// let grid = CollectionView()
/// grid.layout = CollectionViewGridLayout(columns: 3, spacing: 2)
/// grid.border = .light
/// grid.register(cellType: TileCell.self)
/// grid.dataSource = tiles
/// print(renderedText(grid, width: 40))
/// ```
open class CollectionView: View {
    /// The kind of a section header supplementary view.
    public static let elementKindSectionHeader = "CollectionElementKindSectionHeader"
    /// The kind of a section footer supplementary view.
    public static let elementKindSectionFooter = "CollectionElementKindSectionFooter"

    /// Where items come from.
    public weak var dataSource: (any CollectionViewDataSource)? {
        didSet { needsReload = true }
    }
    /// Columns, item width and spacing.
    public var layout = CollectionViewGridLayout(columns: 2)
    /// The border around the collection; `.none` (the default) draws none.
    public var border: BoxStyle = .none
    /// The colour of the border.
    public var borderStyle: Style = .plain
    /// A title in the top border (or above the items when there is no border).
    public var title: String?
    /// How the title looks.
    public var titleStyle: Style = .bold
    /// Columns of blank space inside each side of the border (default 1 with a border).
    public var contentPadding: Int?
    /// The item drawn in reverse video, as the scroll view's cursor.
    public var selectedIndexPath: IndexPath?

    let cellQueue = ReuseQueue(kind: "cell")
    var supplementaryQueues: [String: ReuseQueue] = [:]
    var sectionItems: [Int] = []
    var needsReload = true
    var plan: Plan?

    static let defaultSupplementaryIdentifier = "CellKit.DefaultSupplementaryView"

    /// An empty collection, in a grid of two columns, with the default section
    /// header and footer views registered. Register cells and set a
    /// ``dataSource`` before rendering it.
    public required init() {
        super.init()
        for kind in [Self.elementKindSectionHeader, Self.elementKindSectionFooter] {
            supplementaryQueue(kind).register(identifier: Self.defaultSupplementaryIdentifier, typeName: "TitleView") {
                TitleView()
            }
        }
    }

    /// The default header and footer: one label.
    final class TitleView: CollectionReusableView {
        let label = Label()
        required init() {
            super.init()
            label.pinEdges()
            addSubview(label)
        }
    }

    func supplementaryQueue(_ kind: String) -> ReuseQueue {
        if let queue = supplementaryQueues[kind] { return queue }
        let queue = ReuseQueue(kind: "supplementary view of kind \(kind)") {
            "register(supplementaryViewType: \($0).self, ofKind: \"\(kind)\")"
        }
        supplementaryQueues[kind] = queue
        return queue
    }

    /// Asks the data source again for sections and items.
    public func reloadData() {
        sectionItems = []
        plan = nil
        if let dataSource {
            let count = max(0, dataSource.numberOfSections(in: self))
            sectionItems = (0..<count).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
        }
        needsReload = false
    }

    /// How many sections, as of the last ``reloadData()``.
    public var numberOfSections: Int {
        if needsReload { reloadData() }
        return sectionItems.count
    }

    /// How many items in `section`, as of the last ``reloadData()``.
    public func numberOfItems(inSection section: Int) -> Int {
        if needsReload { reloadData() }
        return section >= 0 && section < sectionItems.count ? sectionItems[section] : 0
    }

    /// How many cells have been made so far (reuse does not count).
    public var numberOfCellsCreated: Int { cellQueue.createdCount }

    // MARK: - Registering and dequeuing

    /// Registers a cell class under its identifier (using a nib of the same
    /// name if one exists in its bundle).
    public func register<T: CollectionViewCell & Reusable>(cellType: T.Type) {
        cellQueue.register(cellType)
    }

    /// Registers a nib-based cell class.
    public func register<T: CollectionViewCell & Reusable & NibLoadable>(cellType: T.Type) {
        cellQueue.register(nibBased: cellType)
    }

    /// Registers a factory under an identifier, for hosts that know cell types only at run time.
    public func register(identifier: String, typeName: String, makeCell: @escaping () throws -> CollectionViewCell) {
        cellQueue.register(identifier: identifier, typeName: typeName, make: makeCell)
    }

    /// Registers a supplementary view class for a kind.
    public func register<T: CollectionReusableView & Reusable>(
        supplementaryViewType: T.Type, ofKind elementKind: String
    ) {
        supplementaryQueue(elementKind).register(supplementaryViewType)
    }

    /// Registers a nib-based supplementary view class for a kind.
    public func register<T: CollectionReusableView & Reusable & NibLoadable>(
        supplementaryViewType: T.Type, ofKind elementKind: String
    ) {
        supplementaryQueue(elementKind).register(nibBased: supplementaryViewType)
    }

    /// A cell of type `T`, typed by the call site. Traps with a message
    /// saying what to fix if `T` was not registered; see
    /// ``tryDequeueReusableCell(for:cellType:)``.
    ///
    /// ```swift
    /// let cell: TileCell = collectionView.dequeueReusableCell(for: indexPath)
    /// ```
    public func dequeueReusableCell<T: CollectionViewCell & Reusable>(
        for indexPath: IndexPath, cellType: T.Type = T.self
    ) -> T {
        cellQueue.dequeueOrTrap(cellType)
    }

    /// Like ``dequeueReusableCell(for:cellType:)``, but throws instead of trapping.
    public func tryDequeueReusableCell<T: CollectionViewCell & Reusable>(
        for indexPath: IndexPath, cellType: T.Type = T.self
    ) throws(CellKitError) -> T {
        try cellQueue.dequeue(cellType)
    }

    /// A cell registered under `identifier`, for hosts that know types only at run time.
    public func tryDequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) throws(CellKitError)
        -> CollectionViewCell
    {
        try cellQueue.dequeue(withIdentifier: identifier, as: CollectionViewCell.self)
    }

    /// A supplementary view of type `T` for a kind, typed by the call site.
    /// Traps if it was not registered; see ``tryDequeueReusableSupplementaryView(ofKind:for:viewType:)``.
    public func dequeueReusableSupplementaryView<T: CollectionReusableView & Reusable>(
        ofKind elementKind: String, for indexPath: IndexPath, viewType: T.Type = T.self
    ) -> T {
        supplementaryQueue(elementKind).dequeueOrTrap(viewType)
    }

    /// Like ``dequeueReusableSupplementaryView(ofKind:for:viewType:)``, but throws.
    public func tryDequeueReusableSupplementaryView<T: CollectionReusableView & Reusable>(
        ofKind elementKind: String, for indexPath: IndexPath, viewType: T.Type = T.self
    ) throws(CellKitError) -> T {
        try supplementaryQueue(elementKind).dequeue(viewType)
    }

    /// Gives back a cell that was dequeued but will not be returned from
    /// `cellForItemAt`, so the next dequeue reuses it.
    public func enqueueReusableCell(_ cell: CollectionViewCell) {
        cellQueue.enqueue(cell)
    }

    /// The identifiers cells are registered under.
    public var registeredCellIdentifiers: [String] { cellQueue.identifiers }
}
