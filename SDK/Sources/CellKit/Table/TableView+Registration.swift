// MARK: - Registering and dequeuing cells, headers and footers

extension TableView {
    /// Registers a cell class under its ``Reusable/reuseIdentifier``. If a nib
    /// with that name exists in the type's bundle, new cells load it as their
    /// content (seed 002's "use the nib if one exists").
    ///
    /// ```swift
    /// tableView.register(cellType: ForecastCell.self)
    /// ```
    public func register<T: TableViewCell & Reusable>(cellType: T.Type) {
        cellQueue.register(cellType)
    }

    /// Registers a nib-based cell class: new cells load ``NibLoadable/nib``.
    ///
    /// ```swift
    /// tableView.register(cellType: ProfileCell.self)   // uses ProfileCell.nib
    /// ```
    public func register<T: TableViewCell & Reusable & NibLoadable>(cellType: T.Type) {
        cellQueue.register(nibBased: cellType)
    }

    /// Registers a header/footer view class under its identifier.
    public func register<T: TableViewHeaderFooterView & Reusable>(headerFooterViewType: T.Type) {
        headerFooterQueue.register(headerFooterViewType)
    }

    /// Registers a nib-based header/footer view class.
    public func register<T: TableViewHeaderFooterView & Reusable & NibLoadable>(headerFooterViewType: T.Type) {
        headerFooterQueue.register(nibBased: headerFooterViewType)
    }

    /// Registers a factory under an identifier: for hosts that know cell
    /// types only at run time (a plugin registry). Prefer the typed forms.
    public func register(identifier: String, typeName: String, makeCell: @escaping () throws -> TableViewCell) {
        cellQueue.register(identifier: identifier, typeName: typeName, make: makeCell)
    }

    /// A cell of type `T` for `indexPath`: a reused one after
    /// ``ReusableView/prepareForReuse()``, or a new one. The type comes from
    /// the call site.
    ///
    /// Traps, with a message saying what to fix, if `T` was not registered;
    /// use ``tryDequeueReusableCell(for:cellType:)`` where that must not trap.
    ///
    /// ```swift
    /// let cell: ForecastCell = tableView.dequeueReusableCell(for: indexPath)
    /// let other = tableView.dequeueReusableCell(for: indexPath, cellType: ProfileCell.self)
    /// ```
    public func dequeueReusableCell<T: TableViewCell & Reusable>(for indexPath: IndexPath, cellType: T.Type = T.self)
        -> T
    {
        cellQueue.dequeueOrTrap(cellType)
    }

    /// Like ``dequeueReusableCell(for:cellType:)``, but throws instead of trapping.
    public func tryDequeueReusableCell<T: TableViewCell & Reusable>(
        for indexPath: IndexPath, cellType: T.Type = T.self
    ) throws(CellKitError) -> T {
        try cellQueue.dequeue(cellType)
    }

    /// A cell registered under `identifier`, for hosts that know types only at run time.
    public func tryDequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) throws(CellKitError)
        -> TableViewCell
    {
        try cellQueue.dequeue(withIdentifier: identifier, as: TableViewCell.self)
    }

    /// A header or footer view of type `T`, typed by the call site. Traps if
    /// `T` was not registered; see ``tryDequeueReusableHeaderFooterView(_:)``.
    ///
    /// ```swift
    /// let header: SectionHeader? = tableView.dequeueReusableHeaderFooterView()
    /// ```
    public func dequeueReusableHeaderFooterView<T: TableViewHeaderFooterView & Reusable>(_ viewType: T.Type = T.self)
        -> T?
    {
        headerFooterQueue.dequeueOrTrap(viewType)
    }

    /// Like ``dequeueReusableHeaderFooterView(_:)``, but throws instead of trapping.
    public func tryDequeueReusableHeaderFooterView<T: TableViewHeaderFooterView & Reusable>(
        _ viewType: T.Type = T.self
    ) throws(CellKitError) -> T {
        try headerFooterQueue.dequeue(viewType)
    }

    /// Gives back a cell that was dequeued but will not be returned from
    /// `cellForRowAt` (or that a custom renderer has finished drawing), so
    /// the next dequeue reuses it. Cells returned to the table are given back
    /// by the table itself.
    ///
    /// ```swift
    /// let probe: ProfileCell = table.dequeueReusableCell(for: indexPath)
    /// let height = probe.sizeThatFits(Size(width: 80, height: 100)).height
    /// table.enqueueReusableCell(probe)
    /// ```
    public func enqueueReusableCell(_ cell: TableViewCell) {
        cellQueue.enqueue(cell)
    }

    /// The identifiers cells are registered under.
    public var registeredCellIdentifiers: [String] { cellQueue.identifiers }
}
