// MARK: - Registering and dequeuing cells, headers and footers

extension TableView {
    /// Registers a cell class under its ``Reusable/reuseIdentifier``. If a nib
    /// with that name exists in the type's bundle, new cells load it as their
    /// content (seed 002's "use the nib if one exists").
    ///
    /// ```swift
    /// tableView.register(cellType: CodeBasedCustomCell.self)
    /// ```
    public func register<T: TableViewCell & Reusable>(cellType: T.Type) {
        cellQueue.register(identifier: identifierCache.identifier(for: cellType), typeName: "\(T.self)") {
            try NibLoading.makeView(cellType)
        }
    }

    /// Registers a nib-based cell class: new cells load ``NibLoadable/nib``.
    ///
    /// ```swift
    /// tableView.register(cellType: NibBasedCustomCell.self)   // uses NibBasedCustomCell.nib
    /// ```
    public func register<T: TableViewCell & Reusable & NibLoadable>(cellType: T.Type) {
        cellQueue.register(identifier: identifierCache.identifier(for: cellType), typeName: "\(T.self)") {
            try cellType.tryLoadFromNib()
        }
    }

    /// Registers a header/footer view class under its identifier.
    public func register<T: TableViewHeaderFooterView & Reusable>(headerFooterViewType: T.Type) {
        headerFooterQueue.register(
            identifier: identifierCache.identifier(for: headerFooterViewType), typeName: "\(T.self)"
        ) { try NibLoading.makeView(headerFooterViewType) }
    }

    /// Registers a nib-based header/footer view class.
    public func register<T: TableViewHeaderFooterView & Reusable & NibLoadable>(headerFooterViewType: T.Type) {
        headerFooterQueue.register(
            identifier: identifierCache.identifier(for: headerFooterViewType), typeName: "\(T.self)"
        ) { try headerFooterViewType.tryLoadFromNib() }
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
    /// let cell: MyCustomCell = tableView.dequeueReusableCell(for: indexPath)
    /// let other = tableView.dequeueReusableCell(for: indexPath, cellType: cellClass)
    /// ```
    public func dequeueReusableCell<T: TableViewCell & Reusable>(for indexPath: IndexPath, cellType: T.Type = T.self)
        -> T
    {
        do {
            return try tryDequeueReusableCell(for: indexPath, cellType: cellType)
        } catch {
            fatalError(
                "Failed to dequeue a cell with identifier \(T.reuseIdentifier) matching type \(T.self). "
                    + "Check that the reuseIdentifier is right and that you registered the cell beforehand: \(error)")
        }
    }

    /// Like ``dequeueReusableCell(for:cellType:)``, but throws instead of trapping.
    public func tryDequeueReusableCell<T: TableViewCell & Reusable>(
        for indexPath: IndexPath, cellType: T.Type = T.self
    ) throws(CellKitError) -> T {
        let identifier = identifierCache.identifier(for: cellType)
        return try cellQueue.dequeue(identifier, as: T.self) { view in
            CellKitError(
                .typeMismatch,
                "the cell registered under '\(identifier)' is a \(type(of: view)), not a \(T.self)",
                fix: "register \(T.self) under its own identifier, or dequeue it as \(type(of: view))")
        }
    }

    /// A cell registered under `identifier`, for hosts that know types only at run time.
    public func tryDequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) throws(CellKitError)
        -> TableViewCell
    {
        try cellQueue.dequeue(identifier, as: TableViewCell.self) { view in
            CellKitError(.typeMismatch, "'\(identifier)' is a \(type(of: view)), not a table view cell")
        }
    }

    /// A header or footer view of type `T`, typed by the call site. Traps if
    /// `T` was not registered; see ``tryDequeueReusableHeaderFooterView(_:)``.
    ///
    /// ```swift
    /// let header: BigHeader? = tableView.dequeueReusableHeaderFooterView()
    /// ```
    public func dequeueReusableHeaderFooterView<T: TableViewHeaderFooterView & Reusable>(_ viewType: T.Type = T.self)
        -> T?
    {
        do {
            return try tryDequeueReusableHeaderFooterView(viewType)
        } catch {
            fatalError(
                "Failed to dequeue a header/footer with identifier \(T.reuseIdentifier) matching type \(T.self). "
                    + "Check that the reuseIdentifier is right and that you registered the header/footer beforehand: \(error)"
            )
        }
    }

    /// Like ``dequeueReusableHeaderFooterView(_:)``, but throws instead of trapping.
    public func tryDequeueReusableHeaderFooterView<T: TableViewHeaderFooterView & Reusable>(
        _ viewType: T.Type = T.self
    ) throws(CellKitError) -> T {
        let identifier = identifierCache.identifier(for: viewType)
        return try headerFooterQueue.dequeue(identifier, as: T.self) { view in
            CellKitError(
                .typeMismatch, "the view registered under '\(identifier)' is a \(type(of: view)), not a \(T.self)")
        }
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
