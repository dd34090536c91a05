/// A list of sections of rows, drawn as text: CellKit's `UITableView`.
///
/// Give it a ``dataSource`` (and optionally a ``delegate``), register cell
/// types, and the host renders it: in full, streaming row after row to a
/// writer (memory stays flat however many rows there are), or a viewport at
/// a time (only the visible cells exist).
///
/// ```swift
/// let table = TableView()
/// table.border = .rounded
/// table.title = "Team"
/// table.register(cellType: NameCell.self)
/// table.dataSource = names
/// print(renderedText(table, width: 40))
/// // ╭─ Team ───────────────────────────────╮
/// // │ Ada                                  │
/// // │ Grace                                │
/// // ╰──────────────────────────────────────╯
/// ```
open class TableView: View {
    /// Let each row be as tall as its cell needs (``View/sizeThatFits(_:)``).
    public static let automaticDimension = -1

    /// Where rows come from; setting it makes the table reload before it is next used.
    @exclusivity(unchecked) public weak var dataSource: (any TableViewDataSource)? {
        didSet { needsReload = true }
    }
    /// Heights and custom section views.
    @exclusivity(unchecked) public weak var delegate: (any TableViewDelegate)? {
        didSet { needsReload = true }
    }
    /// Every row's height, or ``automaticDimension`` (the default).
    @exclusivity(unchecked) public var rowHeight = TableView.automaticDimension
    /// The border around the table; `.none` (the default) draws none.
    @exclusivity(unchecked) public var border: BoxStyle = .none
    /// The colour of borders, separators and dividers.
    @exclusivity(unchecked) public var borderStyle: Style = .plain
    /// A title in the top border (or above the rows when there is no border).
    @exclusivity(unchecked) public var title: String?
    /// How the title looks.
    @exclusivity(unchecked) public var titleStyle: Style = .bold
    /// Whether a line is drawn between rows.
    @exclusivity(unchecked) public var separatorStyle: SeparatorStyle = .none
    /// Columns shared by the rows: the border and separators join their dividers.
    @exclusivity(unchecked) public var columnLayout: ColumnLayout?
    /// Columns of blank space inside each side of the border (default 1 with
    /// a border, 0 without).
    @exclusivity(unchecked) public var contentPadding: Int?
    /// A view above the first section, separated from it by a line.
    @exclusivity(unchecked) public var tableHeaderView: View?
    /// A view below the last section, separated from it by a line.
    @exclusivity(unchecked) public var tableFooterView: View?
    /// The row drawn in reverse video, as the scroll view's cursor.
    @exclusivity(unchecked) public var selectedIndexPath: IndexPath?

    /// Lines between rows.
    public enum SeparatorStyle: String, Sendable {
        /// No lines between rows.
        case none
        /// A line between rows.
        case line
    }

    let cellQueue = ReuseQueue(kind: "cell")
    let headerFooterQueue = ReuseQueue(kind: "header/footer view") { "register(headerFooterViewType: \($0).self)" }
    /// The section layout computed by ``reloadData()``.
    @exclusivity(unchecked) var sections = SectionMap()
    @exclusivity(unchecked) var needsReload = true
    /// The pieces being rendered, from ``preparePieces(width:)``.
    @exclusivity(unchecked) var renderList: ElementList?
    /// A row's cell asked for early, to learn its columns (a rule above it
    /// joins its dividers); the row is drawn with it, so each row is still
    /// asked for once.
    @exclusivity(unchecked) var prefetched: (indexPath: IndexPath, cell: TableViewCell)?
    /// The columns of the last row drawn, for the rule below it.
    @exclusivity(unchecked) var lastRowColumns: (layout: ColumnLayout, divider: BoxStyle)?

    /// An empty table, with the default section header and footer view
    /// registered. Register cells and set a ``dataSource`` before rendering it.
    public required init() {
        super.init()
        headerFooterQueue.register(
            identifier: Self.defaultHeaderFooterIdentifier, typeName: "TableViewHeaderFooterView"
        ) {
            TableViewHeaderFooterView()
        }
    }

    static let defaultHeaderFooterIdentifier = "CellKit.TableViewHeaderFooterView"

    // MARK: - Data

    /// Asks the data source again for sections, rows and section titles.
    /// Cells on screen go back to the reuse queue.
    public func reloadData() {
        sections = SectionMap()
        renderList = nil
        releasePrefetched()
        lastRowColumns = nil
        // Cleared first: a data source or delegate that asks for a count while
        // it is being asked (`numberOfRows(inSection:)` from a footer) must not
        // start another reload (that recursed until the stack overflowed).
        needsReload = false
        guard let dataSource else { return }
        let count = max(0, dataSource.numberOfSections(in: self))
        for s in 0..<count {
            let rows = max(0, dataSource.tableView(self, numberOfRowsInSection: s))
            sections.append(
                rows: rows, header: hasSectionView(s, header: true), footer: hasSectionView(s, header: false),
                separators: separatorStyle == .line, last: s == count - 1)
        }
    }

    private func hasSectionView(_ section: Int, header: Bool) -> Bool {
        let title =
            header
            ? dataSource?.tableView(self, titleForHeaderInSection: section)
            : dataSource?.tableView(self, titleForFooterInSection: section)
        if title != nil { return true }
        let custom =
            header
            ? delegate?.tableView(self, viewForHeaderInSection: section)
            : delegate?.tableView(self, viewForFooterInSection: section)
        if let custom {
            headerFooterQueue.enqueue(custom)
            return true
        }
        return false
    }

    /// How many sections, as of the last ``reloadData()``.
    public var numberOfSections: Int {
        reloadIfNeeded()
        return sections.count
    }

    /// How many rows in `section`, as of the last ``reloadData()``.
    public func numberOfRows(inSection section: Int) -> Int {
        reloadIfNeeded()
        return section >= 0 && section < sections.count ? sections.rows(section) : 0
    }

    /// How many rows in all sections.
    public var totalNumberOfRows: Int {
        reloadIfNeeded()
        return sections.totalRows
    }

    func reloadIfNeeded() {
        if needsReload { reloadData() }
    }

    /// How many cells have been made so far (reuse does not count): a
    /// measure of how well cells are reused.
    public var numberOfCellsCreated: Int { cellQueue.createdCount }

    /// How many dequeued cells have not been given back for reuse.
    public var numberOfLiveCells: Int { cellQueue.liveCount }
}
