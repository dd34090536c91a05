// MARK: - Rendering: pieces of a grid

extension CollectionView {
    /// The pieces of the collection at one width.
    struct Plan {
        struct Section {
            var start: Int
            var items: Int
            var rows: Int
            var header: Bool
            var footer: Bool
            var gap: Bool
            var spacers: Bool
            var rowSpan: Int { rows == 0 ? 0 : spacers ? rows * 2 - 1 : rows }
            var count: Int { (header ? 1 : 0) + rowSpan + (footer ? 1 : 0) + (gap ? 1 : 0) }
        }

        enum Piece: Equatable {
            case topBorder, titleLine, bottomBorder
            case header(Int)
            case footer(Int)
            case gap(Int)
            case spacer
            case row(section: Int, row: Int)
        }

        var width: Int
        var columns: Int
        var itemWidth: Int
        var contentX: Int
        var head: [Piece] = []
        var sections: [Section] = []
        var tail: [Piece] = []
        var count = 0

        func piece(at index: Int) -> Piece {
            if index < head.count { return head[index] }
            let i = index - head.count
            let sectionsEnd = (sections.last.map { $0.start + $0.count } ?? 0)
            if i >= sectionsEnd { return tail[i - sectionsEnd] }
            var lo = 0
            var hi = sections.count - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if sections[mid].start <= i { lo = mid } else { hi = mid - 1 }
            }
            let section = sections[lo]
            var offset = i - section.start
            if section.header {
                if offset == 0 { return .header(lo) }
                offset -= 1
            }
            if offset < section.rowSpan {
                if section.spacers { return offset % 2 == 0 ? .row(section: lo, row: offset / 2) : .spacer }
                return .row(section: lo, row: offset)
            }
            offset -= section.rowSpan
            if section.footer {
                if offset == 0 { return .footer(lo) }
            }
            return .gap(lo)
        }
    }

    var isBordered: Bool { !border.isNone }

    func makePlan(width: Int) -> Plan {
        if needsReload { reloadData() }
        let side = isBordered ? 1 : 0
        let padding = max(0, contentPadding ?? (isBordered ? 1 : 0))
        let contentX = side + padding
        let contentWidth = max(0, width - 2 * contentX)
        let (columns, itemWidth) = layout.metrics(width: contentWidth)
        var plan = Plan(width: width, columns: columns, itemWidth: itemWidth, contentX: contentX)
        if isBordered {
            plan.head.append(.topBorder)
        } else if let title, !title.isEmpty {
            plan.head.append(.titleLine)
        }
        var start = 0
        for (s, items) in sectionItems.enumerated() {
            let section = Plan.Section(
                start: start, items: items, rows: (items + columns - 1) / columns,
                header: hasSupplementary(s, kind: Self.elementKindSectionHeader),
                footer: hasSupplementary(s, kind: Self.elementKindSectionFooter),
                gap: s < sectionItems.count - 1, spacers: layout.lineSpacing > 0)
            plan.sections.append(section)
            start += section.count
        }
        if isBordered { plan.tail.append(.bottomBorder) }
        plan.count = plan.head.count + start + plan.tail.count
        return plan
    }

    private func hasSupplementary(_ section: Int, kind: String) -> Bool {
        if let view = dataSource?.collectionView(
            self, viewForSupplementaryElementOfKind: kind, at: IndexPath(item: 0, section: section))
        {
            supplementaryQueue(kind).enqueue(view)
            return true
        }
        return title(section, kind: kind) != nil
    }

    private func title(_ section: Int, kind: String) -> String? {
        kind == Self.elementKindSectionHeader
            ? dataSource?.collectionView(self, titleForHeaderInSection: section)
            : dataSource?.collectionView(self, titleForFooterInSection: section)
    }

    private func supplementaryView(_ section: Int, kind: String) -> CollectionReusableView {
        if let view = dataSource?.collectionView(
            self, viewForSupplementaryElementOfKind: kind, at: IndexPath(item: 0, section: section))
        {
            return view
        }
        let queue = supplementaryQueue(kind)
        let view = (try? queue.dequeue(Self.defaultSupplementaryIdentifier)) as? TitleView ?? TitleView()
        view.label.text = title(section, kind: kind) ?? ""
        view.label.style = kind == Self.elementKindSectionHeader ? .bold : .dim
        return view
    }

    private func drawSides(_ canvas: Canvas) {
        canvas.drawBorderSides(border, style: borderStyle)
    }

    private func drawRule(_ piece: Plan.Piece, in canvas: Canvas) {
        let width = canvas.width
        canvas.reset(width: width, height: 1)
        guard isBordered, width >= 2 else { return }
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), with: border.horizontal, style: borderStyle)
        let (left, right): (Unicode.Scalar, Unicode.Scalar) =
            switch piece {
            case .topBorder: (border.topLeft, border.topRight)
            case .bottomBorder: (border.bottomLeft, border.bottomRight)
            default: (border.teeRight, border.teeLeft)
            }
        canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: left, style: borderStyle)
        canvas.fill(Rect(x: width - 1, y: 0, width: 1, height: 1), with: right, style: borderStyle)
        if piece == .topBorder, let title {
            canvas.drawBorderTitle(title, x: 0, y: 0, width: width, borderStyle: borderStyle, titleStyle: titleStyle)
        }
    }
}

// MARK: - ScrollableContent

extension CollectionView: ScrollableContent {
    /// Lays the collection out at `width` (reloading first if needed) and
    /// returns how many pieces it draws as: borders, section headers and
    /// footers, and rows of items.
    @_spi(Host) public func preparePieces(width: Int) -> Int {
        let p = makePlan(width: width)
        plan = p
        return p.count
    }

    /// Draws piece `index` of the layout made by ``preparePieces(width:)``
    /// into `canvas`, resizing it to the piece's height; an index out of range
    /// leaves it empty.
    @_spi(Host) public func drawPiece(_ index: Int, into canvas: Canvas, width: Int) {
        let plan = self.plan.flatMap { $0.width == width ? $0 : nil } ?? makePlan(width: width)
        guard index >= 0, index < plan.count else {
            canvas.reset(width: width, height: 0)
            return
        }
        let contentWidth = max(0, width - 2 * plan.contentX)
        switch plan.piece(at: index) {
        case .topBorder, .bottomBorder:
            canvas.reset(width: width, height: 1)
            drawRule(plan.piece(at: index), in: canvas)
        case .gap:
            canvas.reset(width: width, height: 1)
            if isBordered { drawRule(.gap(0), in: canvas) }
        case .spacer:
            canvas.reset(width: width, height: layout.lineSpacing)
            drawSides(canvas)
        case .titleLine:
            canvas.reset(width: width, height: 1)
            canvas.draw(TextLayout.truncated(title ?? "", toWidth: width), at: .zero, style: titleStyle)
        case .header(let s), .footer(let s):
            let kind =
                plan.piece(at: index) == .header(s) ? Self.elementKindSectionHeader : Self.elementKindSectionFooter
            let view = supplementaryView(s, kind: kind)
            let h = view.fittingHeight(width: contentWidth)
            view.frame = Rect(x: plan.contentX, y: 0, width: contentWidth, height: h)
            view.layoutIfNeeded()
            canvas.reset(width: width, height: h)
            drawSides(canvas)
            view.drawHierarchy(in: DrawingContext(borrowing: canvas).subcontext(for: view.frame))
            supplementaryQueue(kind).enqueue(view)
        case .row(let s, let r):
            drawGridRow(section: s, row: r, plan: plan, into: canvas)
        }
    }

    private func drawGridRow(section: Int, row: Int, plan: Plan, into canvas: Canvas) {
        let first = row * plan.columns
        let last = min(first + plan.columns, plan.sections[section].items)
        var cells: [CollectionViewCell] = []
        cells.reserveCapacity(last - first)
        var height = layout.itemHeight ?? 0
        for item in first..<last {
            guard let cell = dataSource?.collectionView(self, cellForItemAt: IndexPath(item: item, section: section))
            else { continue }
            cells.append(cell)
            if layout.itemHeight == nil {
                height = max(height, cell.fittingHeight(width: plan.itemWidth))
            }
        }
        canvas.reset(width: plan.width, height: height)
        drawSides(canvas)
        let context = DrawingContext(borrowing: canvas)
        for (i, cell) in cells.enumerated() {
            let x = plan.contentX + i * (plan.itemWidth + layout.spacing)
            cell.frame = Rect(x: x, y: 0, width: plan.itemWidth, height: height)
            cell.layoutIfNeeded()
            cell.drawHierarchy(in: context.subcontext(for: cell.frame))
            if cell.isSelected || IndexPath(item: first + i, section: section) == selectedIndexPath {
                canvas.restyle(cell.frame) { $0.adding(.reverse) }
            }
            cellQueue.enqueue(cell)
        }
    }
}
