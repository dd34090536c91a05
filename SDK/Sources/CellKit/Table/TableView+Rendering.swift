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
        _ element: Element, into canvas: Canvas, width: Int, above: Element?, below: Element?
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
            guard let cell = dataSource?.tableView(self, cellForRowAt: ip) else {
                canvas.reset(width: width, height: 1)
                drawSides(canvas)
                return nil
            }
            let fixed = delegate?.tableView(self, heightForRowAt: ip) ?? rowHeight
            drawView(
                cell, into: canvas, width: width, x: x, contentWidth: contentWidth, height: fixed >= 0 ? fixed : nil)
            if ip == selectedIndexPath || cell.isSelected {
                let inner = isBordered ? 1 : 0
                canvas.restyle(Rect(x: inner, y: 0, width: width - 2 * inner, height: canvas.height)) {
                    $0.adding(.reverse)
                }
            }
            return cell
        }
    }

    private func drawView(_ view: View, into canvas: Canvas, width: Int, x: Int, contentWidth: Int, height: Int?) {
        let h = min(max(0, height ?? view.fittingHeight(width: contentWidth)), Canvas.maximumHeight)
        view.frame = Rect(x: x, y: 0, width: contentWidth, height: h)
        view.layoutIfNeeded()
        canvas.reset(width: width, height: h)
        drawSides(canvas)
        view.drawHierarchy(in: DrawingContext(borrowing: canvas).subcontext(for: view.frame))
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
    /// with tees; column dividers above and below join it.
    private func drawRule(_ element: Element, in canvas: Canvas, above: Element?, below: Element?) {
        let width = canvas.width
        guard width > 0 else { return }
        let box = isBordered ? border : BoxStyle.light
        let rule = Rect(x: 0, y: 0, width: width, height: 1)
        if isBordered {
            canvas.fill(rule, with: box.horizontal, style: borderStyle)
        } else {
            let (x, w) = contentFrame(width: width)
            canvas.fill(Rect(x: x, y: 0, width: w, height: 1), with: box.horizontal, style: borderStyle)
        }
        if isBordered && width >= 2 {
            let (left, right): (Unicode.Scalar, Unicode.Scalar) =
                switch element {
                case .topBorder: (box.topLeft, box.topRight)
                case .bottomBorder: (box.bottomLeft, box.bottomRight)
                default: (box.teeRight, box.teeLeft)
                }
            canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: left, style: borderStyle)
            canvas.fill(Rect(x: width - 1, y: 0, width: 1, height: 1), with: right, style: borderStyle)
        }
        if let columnLayout {
            let up = above?.isColumnar ?? false
            let down = below?.isColumnar ?? false
            if up || down {
                let junction = up && down ? box.cross : up ? box.teeUp : box.teeDown
                let (x, w) = contentFrame(width: width)
                columnLayout.forEachDivider(width: w) { d in
                    canvas.fill(Rect(x: x + d, y: 0, width: 1, height: 1), with: junction, style: borderStyle)
                }
            }
        }
        if element == .topBorder, let title {
            canvas.drawBorderTitle(title, x: 0, y: 0, width: width, borderStyle: borderStyle, titleStyle: titleStyle)
        }
    }
}

// MARK: - ScrollableContent

extension TableView: ScrollableContent {
    public func preparePieces(width: Int) -> Int {
        let list = elements()
        renderList = list
        return list.count
    }

    /// Draws one piece; a row's cell goes back to the reuse queue as soon as
    /// it is drawn, so only the cell being drawn is alive.
    public func drawPiece(_ index: Int, into canvas: Canvas, width: Int) {
        let list = renderList ?? elements()
        guard index >= 0, index < list.count else {
            canvas.reset(width: width, height: 0)
            return
        }
        let above = index > 0 ? list.element(at: index - 1) : nil
        let below = index + 1 < list.count ? list.element(at: index + 1) : nil
        if let cell = draw(list.element(at: index), into: canvas, width: width, above: above, below: below) {
            cellQueue.enqueue(cell)
        }
    }

    /// The piece index of a row, for scrolling to it.
    public func pieceIndex(of indexPath: IndexPath) -> Int? {
        (renderList ?? elements()).index(of: indexPath)
    }
}
