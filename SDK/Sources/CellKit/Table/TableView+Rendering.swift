// MARK: - Rendering: in full (streamed) or a viewport at a time

extension TableView {
    /// One drawn piece of the whole table, top to bottom.
    enum Element: Equatable {
        case topBorder
        case titleLine
        case tableHeader
        case headerRule
        case section(SectionMap.Piece)
        case footerRule
        case tableFooter
        case bottomBorder

        /// Whether the piece shows the table's columns (so rules join their dividers).
        var isColumnar: Bool {
            switch self {
            case .tableHeader, .section(.row): true
            default: false
            }
        }
    }

    var isBordered: Bool { !border.isNone }

    /// Every piece of the table in order, as of now. (A class: drawing a
    /// piece reads it, and copying a struct of three arrays retains each.)
    final class ElementList {
        let head: [Element]
        let sections: SectionMap
        let tail: [Element]

        init(head: [Element], sections: SectionMap, tail: [Element]) {
            self.head = head
            self.sections = sections
            self.tail = tail
        }

        var count: Int { head.count + sections.pieceCount + tail.count }

        func element(at index: Int) -> Element {
            if index < head.count { return head[index] }
            let i = index - head.count
            if i < sections.pieceCount { return .section(sections.piece(at: i)) }
            return tail[i - sections.pieceCount]
        }

        func index(of indexPath: IndexPath) -> Int? {
            sections.index(of: indexPath).map { $0 + head.count }
        }
    }

    func elements() -> ElementList {
        reloadIfNeeded()
        var head: [Element] = []
        if isBordered { head.append(.topBorder) } else if let title, !title.isEmpty { head.append(.titleLine) }
        if tableHeaderView != nil { head += [.tableHeader, .headerRule] }
        var tail: [Element] = []
        if tableFooterView != nil { tail += [.footerRule, .tableFooter] }
        if isBordered { tail.append(.bottomBorder) }
        return ElementList(head: head, sections: sections, tail: tail)
    }

    /// The x range rows are drawn in, inside the border and padding.
    func contentFrame(width: Int) -> (x: Int, width: Int) {
        let side = isBordered ? 1 : 0
        let padding = max(0, contentPadding ?? (isBordered ? 1 : 0))
        let x = side + padding
        return (x, max(0, width - 2 * x))
    }

    /// Draws one piece at `width` into `canvas` (resized to the piece's height).
    /// Returns the cell drawn for a row, so the caller decides when it is reused.
    @discardableResult
    func draw(
        _ element: Element, into canvas: Canvas, width: Int, above: Element?, below: Element?,
        source: (any TableViewDataSource)?, delegate: (any TableViewDelegate)?
    ) -> TableViewCell? {
        let (x, contentWidth) = contentFrame(width: width)
        switch element {
        case .topBorder, .bottomBorder, .headerRule, .footerRule, .section(.separator):
            canvas.reset(width: width, height: 1)
            drawRule(element, in: canvas, above: above, below: below)
            return nil
        case .section(.gap):
            canvas.reset(width: width, height: 1)
            if isBordered { drawRule(element, in: canvas, above: above, below: below) }
            return nil
        case .titleLine:
            canvas.reset(width: width, height: 1)
            canvas.draw(TextLayout.truncated(title ?? "", toWidth: width), at: Point(x: 0, y: 0), style: titleStyle)
            return nil
        case .tableHeader, .tableFooter:
            guard let view = element == .tableHeader ? tableHeaderView : tableFooterView else { return nil }
            drawView(view, into: canvas, width: width, x: x, contentWidth: contentWidth, height: nil)
            return nil
        case .section(.header(let s)), .section(.footer(let s)):
            let isHeader: Bool = if case .section(.header) = element { true } else { false }
            let view = sectionView(s, header: isHeader)
            drawView(view, into: canvas, width: width, x: x, contentWidth: contentWidth, height: nil)
            headerFooterQueue.enqueue(view)
            return nil
        case .section(.row(let ip)):
            let cell: TableViewCell?
            if let early = prefetched, early.indexPath == ip {
                cell = early.cell
                prefetched = nil
            } else {
                cell = source?.tableView(self, cellForRowAt: ip)
            }
            guard let cell else {
                canvas.reset(width: width, height: 1)
                drawSides(canvas)
                return nil
            }
            let fixed = delegate?.tableView(self, heightForRowAt: ip) ?? rowHeight
            let headsRows = cell.isHeaderRow
            drawView(
                cell, into: canvas, width: width, x: x, contentWidth: contentWidth, height: fixed >= 0 ? fixed : nil,
                extraLines: headsRows ? 1 : 0)
            if columnLayout == nil { lastRowColumns = cell.columnLayout.map { ($0, cell.columnDivider) } }
            if ip == selectedIndexPath || cell.isSelected {
                let inner = isBordered ? 1 : 0
                let rows = canvas.height - (headsRows ? 1 : 0)
                canvas.restyle(Rect(x: inner, y: 0, width: width - 2 * inner, height: rows)) {
                    $0.adding(.reverse)
                }
            }
            if headsRows {
                drawRule(element, in: canvas, y: canvas.height - 1, above: element, below: below)
            }
            return cell
        }
    }

    private func drawView(
        _ view: View, into canvas: Canvas, width: Int, x: Int, contentWidth: Int, height: Int?, extraLines: Int = 0
    ) {
        let h = min(max(0, height ?? view.fittingHeight(width: contentWidth)), Canvas.maximumHeight)
        view.frame = Rect(x: x, y: 0, width: contentWidth, height: h)
        view.layoutIfNeeded()
        canvas.reset(width: width, height: h + extraLines)
        drawSides(canvas)
        view.drawHierarchy(in: DrawingContext(borrowing: canvas).child(for: view.frame))
    }

    /// The cell of row `indexPath`, asked for now and kept for when the row
    /// is drawn; a cell asked for earlier and not drawn goes back for reuse.
    private func prefetch(_ indexPath: IndexPath) -> TableViewCell? {
        if let early = prefetched {
            if early.indexPath == indexPath { return early.cell }
            releasePrefetched()
        }
        guard let cell = dataSource?.tableView(self, cellForRowAt: indexPath) else { return nil }
        prefetched = (indexPath, cell)
        return cell
    }

    /// Gives a prefetched cell that was not drawn back for reuse.
    func releasePrefetched() {
        if let early = prefetched {
            prefetched = nil
            cellQueue.enqueue(early.cell)
        }
    }

    /// The section's header or footer: the delegate's view, or the default
    /// one showing the section title.
    private func sectionView(_ section: Int, header: Bool) -> TableViewHeaderFooterView {
        if let custom = header
            ? delegate?.tableView(self, viewForHeaderInSection: section)
            : delegate?.tableView(self, viewForFooterInSection: section)
        {
            return custom
        }
        // The default view is registered in init, so this cannot fail.
        let view =
            (try? headerFooterQueue.dequeue(Self.defaultHeaderFooterIdentifier)) as? TableViewHeaderFooterView
            ?? TableViewHeaderFooterView()
        view.textLabel.text =
            (header
                ? dataSource?.tableView(self, titleForHeaderInSection: section)
                : dataSource?.tableView(self, titleForFooterInSection: section)) ?? ""
        view.textLabel.style = header ? .bold : .dim
        return view
    }

    private func drawSides(_ canvas: Canvas) {
        canvas.drawBorderSides(border, style: borderStyle)
    }

    /// A horizontal line: a border edge, or a separator that meets the sides
    /// with tees; column dividers above and below join it. `y` is the line of
    /// the canvas it is drawn on (a header row's rule is its last line).
    private func drawRule(_ element: Element, in canvas: Canvas, y: Int = 0, above: Element?, below: Element?) {
        let width = canvas.width
        guard width > 0 else { return }
        let box = isBordered ? border : BoxStyle.light
        let rule = Rect(x: 0, y: y, width: width, height: 1)
        if isBordered {
            canvas.fill(rule, with: box.horizontal, style: borderStyle)
        } else {
            let (x, w) = contentFrame(width: width)
            canvas.fill(Rect(x: x, y: y, width: w, height: 1), with: box.horizontal, style: borderStyle)
        }
        if isBordered && width >= 2 {
            let (left, right): (Unicode.Scalar, Unicode.Scalar) =
                switch element {
                case .topBorder: (box.topLeft, box.topRight)
                case .bottomBorder: (box.bottomLeft, box.bottomRight)
                default: (box.teeRight, box.teeLeft)
                }
            canvas.fill(Rect(x: 0, y: y, width: 1, height: 1), with: left, style: borderStyle)
            canvas.fill(Rect(x: width - 1, y: y, width: 1, height: 1), with: right, style: borderStyle)
        }
        let (x, w) = contentFrame(width: width)
        if let columnLayout {
            let up = above?.isColumnar ?? false
            let down = below?.isColumnar ?? false
            if up || down {
                let junction = up && down ? box.cross : up ? box.teeUp : box.teeDown
                columnLayout.forEachDivider(width: w) { d in
                    canvas.fill(Rect(x: x + d, y: y, width: 1, height: 1), with: junction, style: borderStyle)
                }
            }
        } else {
            joinRowColumns(in: canvas, y: y, box: box, x: x, width: w, above: above, below: below)
        }
        if element == .topBorder, let title {
            canvas.drawBorderTitle(title, x: 0, y: y, width: width, borderStyle: borderStyle, titleStyle: titleStyle)
        }
    }

    /// Joins a rule to the dividers of the rows next to it, as their cells
    /// lay them out (``TableViewCell/columnLayout``): the row above was the
    /// last drawn; the row below is asked for now and drawn next.
    private func joinRowColumns(
        in canvas: Canvas, y: Int, box: BoxStyle, x: Int, width w: Int, above: Element?, below: Element?
    ) {
        var up: (layout: ColumnLayout, divider: BoxStyle)?
        if case .section(.row) = above { up = lastRowColumns }
        var down: (layout: ColumnLayout, divider: BoxStyle)?
        if case .section(.row(let ip)) = below, let cell = prefetch(ip), let layout = cell.columnLayout {
            down = (layout, cell.columnDivider)
        }
        if let up {
            let glyph = box.junction(divider: up.divider, up: true, down: false)
            up.layout.forEachDivider(width: w) { d in
                canvas.fill(Rect(x: x + d, y: y, width: 1, height: 1), with: glyph, style: borderStyle)
            }
        }
        if let down {
            let upGlyph = up.map { box.junction(divider: $0.divider, up: true, down: false) }
            let glyph = box.junction(divider: down.divider, up: false, down: true)
            let cross = box.junction(divider: down.divider, up: true, down: true)
            down.layout.forEachDivider(width: w) { d in
                guard x + d >= 0, x + d < canvas.width else { return }
                let joined = upGlyph.map { canvas[x + d, y].content == $0.value } ?? false
                canvas.fill(
                    Rect(x: x + d, y: y, width: 1, height: 1), with: joined ? cross : glyph, style: borderStyle)
            }
        }
    }
}

// MARK: - ScrollableContent

extension TableView: ScrollableContent {
    /// Lays the table out at `width` (reloading first if needed) and returns
    /// how many pieces it draws as: borders, the table header, section headers
    /// and footers, rows and separators.
    @_spi(Host) public func preparePieces(width: Int) -> Int {
        let list = elements()
        renderList = list
        return list.count
    }

    /// Draws one piece; a row's cell goes back to the reuse queue as soon as
    /// it is drawn, so only the cell being drawn is alive.
    @_spi(Host) public func drawPiece(_ index: Int, into canvas: Canvas, width: Int) {
        drawPiece(index, into: canvas, width: width, source: dataSource, delegate: delegate)
    }

    /// Draws the pieces of `range`, asking the data source and the delegate
    /// for each row, both loaded once for all the pieces: loading a `weak`
    /// reference, and retaining an object that one points to, takes the
    /// runtime's slow path, twice a row when done a row at a time.
    @discardableResult
    @_spi(Host) public func drawPieces(
        _ range: Range<Int>, into canvas: Canvas, width: Int, _ body: (Int) throws -> Bool
    ) rethrows -> Bool {
        let source = dataSource
        let delegate = delegate
        for index in range {
            drawPiece(index, into: canvas, width: width, source: source, delegate: delegate)
            guard try body(index) else { return false }
        }
        return true
    }

    private func drawPiece(
        _ index: Int, into canvas: Canvas, width: Int, source: (any TableViewDataSource)?,
        delegate: (any TableViewDelegate)?
    ) {
        let list = renderList ?? elements()
        guard index >= 0, index < list.count else {
            canvas.reset(width: width, height: 0)
            return
        }
        let above = index > 0 ? list.element(at: index - 1) : nil
        let below = index + 1 < list.count ? list.element(at: index + 1) : nil
        let element = list.element(at: index)
        if let cell = draw(
            element, into: canvas, width: width, above: above, below: below, source: source, delegate: delegate)
        {
            cellQueue.enqueue(cell)
        }
    }

    /// The piece index of a row, for scrolling to it.
    @_spi(Host) public func pieceIndex(of indexPath: IndexPath) -> Int? {
        (renderList ?? elements()).index(of: indexPath)
    }
}
