/// Where one segment of a template line is drawn: from column `x`, `width` columns wide.
///
/// A line's placements come one per segment, in segment order (`placements[i]` places
/// `line.segments[i]`), edge to edge: `placements[i + 1].x == placements[i].x +
/// placements[i].width`, and never past the target width. A width may be 0 (a spring with
/// no slack, an outlet with empty text, anything past the right edge of a line too narrow
/// for it).
///
/// How to draw each kind of segment in its placement:
/// - literal: its ``NibTemplate/Literal/text`` (``NibTemplate/Literal/continuationText`` on
///   continuation rows); when `width` is less than the literal's width the line was too
///   narrow and the literal is clipped at its right (``NibTemplate/Literal/drawn(width:continuation:)``);
/// - outlet: its text, aligned in `width` when narrower, truncated to `width` (or, for a
///   `wrap` outlet, wrapped at `width`) when wider;
/// - spring: its fill repeated over `width` (``NibTemplate/Spring/drawn(width:)``).
struct NibPlacement: Sendable, Hashable {
    /// The first column, from 0.
    var x: Int
    /// The number of columns.
    var width: Int

    /// Creates a placement.
    init(x: Int, width: Int) {
        self.x = x
        self.width = width
    }
}

/// A template line laid out at a width: its placements and how many rows it draws.
///
/// A line with a `wrap` outlet draws `rowCount` rows with the same placements. On the first
/// row everything draws; on continuation rows (1 ..< rowCount) the wrap outlet draws its
/// next wrapped line, literals draw their ``NibTemplate/Literal/continuationText`` (box
/// drawing, `|` and `+` kept so borders continue, the rest blank), springs draw their fill,
/// and other outlets are blank.
struct NibLineLayout: Sendable, Hashable {
    /// One per segment, in segment order.
    var placements: [NibPlacement]
    /// The rows the line draws: 1, or the wrap outlet's wrapped line count (at least 1).
    var rowCount: Int

    /// Creates a line layout.
    init(placements: [NibPlacement], rowCount: Int) {
        self.placements = placements
        self.rowCount = rowCount
    }
}

/// A whole template laid out at a width.
///
/// ```swift
/// // not compiled: the host's layout of a parsed template, with its measures
/// let layout = template.layout(width: 40, naturalWidth: { widths[$0] },
///                              wrappedLineCount: { outlet, width in 1 })
/// for y in 0 ..< layout.height {
///     let row = layout.row(y)   // which template line, which wrapped row, placements
/// }
/// ```
struct NibLayout: Sendable, Hashable {
    /// One row of a laid-out template.
    struct Row: Sendable, Hashable {
        /// The index of the template line in ``NibTemplate/lines``.
        var line: Int
        /// 0 on a line's first row, 1, 2, … on its continuation rows (wrapped lines).
        var wrapRow: Int
        /// The line's placements (the same for all its rows).
        var placements: [NibPlacement]
        /// True on continuation rows.
        var isContinuation: Bool { wrapRow > 0 }
    }

    /// The target width.
    var width: Int
    /// One per template line.
    var lines: [NibLineLayout]
    /// The total number of rows: the sum of the lines' row counts.
    var height: Int

    /// Creates a layout from its lines.
    init(width: Int, lines: [NibLineLayout]) {
        self.width = width
        self.lines = lines
        self.height = lines.reduce(0) { $0 + $1.rowCount }
    }

    /// The row at `y` (0 ..< ``height``).
    func row(_ y: Int) -> Row {
        precondition(y >= 0 && y < height, "row \(y) is outside the layout's \(height) rows")
        var remaining = y
        for (index, line) in lines.enumerated() {
            if remaining < line.rowCount {
                return Row(line: index, wrapRow: remaining, placements: line.placements)
            }
            remaining -= line.rowCount
        }
        preconditionFailure("unreachable: height is the sum of row counts")
    }

    /// Every row, top to bottom (placements shared with ``lines``, not copied).
    var rows: [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(height)
        for (index, line) in lines.enumerated() {
            for wrapRow in 0..<line.rowCount {
                rows.append(Row(line: index, wrapRow: wrapRow, placements: line.placements))
            }
        }
        return rows
    }
}

extension NibTemplate {
    /// Lays out every line at `width`.
    ///
    /// - Parameters:
    ///   - width: the target width in columns (negative counts as 0).
    ///   - naturalWidth: the display width of an outlet's current text, by outlet index
    ///     (``Outlet/index``); a `wrap` outlet reports its unwrapped width; an empty label
    ///     with a placeholder reports the placeholder's width.
    ///   - wrappedLineCount: how many lines a `wrap` outlet's text wraps to at a width
    ///     (called only for wrap outlets placed at least 1 column wide; results below 1
    ///     count as 1).
    func layout(
        width: Int,
        naturalWidth: (_ outlet: Int) -> Int,
        wrappedLineCount: (_ outlet: Int, _ width: Int) -> Int
    ) -> NibLayout {
        var layouts: [NibLineLayout] = []
        layouts.reserveCapacity(lines.count)
        for line in lines {
            layouts.append(
                line.layout(
                    width: width, naturalWidth: naturalWidth, wrappedLineCount: wrappedLineCount))
        }
        return NibLayout(width: width, lines: layouts)
    }
}

extension NibTemplate.Line {
    /// Lays out the line at `width`; see ``layout(width:into:naturalWidth:wrappedLineCount:)``.
    func layout(
        width: Int,
        naturalWidth: (_ outlet: Int) -> Int,
        wrappedLineCount: (_ outlet: Int, _ width: Int) -> Int
    ) -> NibLineLayout {
        var placements: [NibPlacement] = []
        let rows = layout(
            width: width, into: &placements, naturalWidth: naturalWidth,
            wrappedLineCount: wrappedLineCount)
        return NibLineLayout(placements: placements, rowCount: rows)
    }

    /// Lays out the line at `width` into a reusable buffer and returns its row count.
    ///
    /// The rules, in order:
    /// 1. Literals take their width; an outlet takes its fixed width, or its natural width
    ///    clamped to `min`…`max`; a `stretch` outlet takes its `min` (default 0); springs
    ///    take 0.
    /// 2. If that fits, springs and `stretch` outlets (weight 1) share the slack by weight: spring k's right edge is at
    ///    ⌊slack × (weights of springs 1…k) ÷ (all weights)⌋ from the first spring's share,
    ///    so each gets its exact share rounded down or up, and the rounded-up ones are spread
    ///    evenly, the rightmost first. A line without springs keeps its natural width (the
    ///    columns after it are blank).
    /// 3. If it does not fit, outlets shrink: first the line's `wrap` outlet (wrapping loses
    ///    no text), down to its `min` (default: 10 columns, or its width if less); then all
    ///    outlets, widest first: the widest is cut to the next widest, then those together,
    ///    and so on; a column left over from the even cut goes to the leftmost. No outlet
    ///    goes below its `min` (default 0) or its `width=N`.
    /// 4. If it still does not fit, everything past the right edge is clipped (literals
    ///    included); nothing is placed beyond `width`.
    ///
    /// - Returns: the rows the line draws: the wrap outlet's `wrappedLineCount` at its
    ///   placed width (at least 1), or 1.
    func layout(
        width: Int,
        into placements: inout [NibPlacement],
        naturalWidth: (_ outlet: Int) -> Int,
        wrappedLineCount: (_ outlet: Int, _ width: Int) -> Int
    ) -> Int {
        let width = Swift.max(0, width)
        if placements.count > items.count {
            placements.removeLast(placements.count - items.count)
        } else if placements.count < items.count {
            placements.append(
                contentsOf: repeatElement(
                    NibPlacement(x: 0, width: 0), count: items.count - placements.count))
        }
        let wrap = wrapSegment ?? -1
        let weights = springWeights
        let wrapWidth = items.withUnsafeBufferPointer { items in
            placements.withUnsafeMutableBufferPointer { out in
                NibLayoutItem.place(
                    items, into: out, width: width, wrap: wrap, springWeights: weights,
                    naturalWidth: naturalWidth)
            }
        }
        guard wrap >= 0, wrapWidth > 0 else { return 1 }
        return Swift.max(1, wrappedLineCount(items[wrap].value, wrapWidth))
    }
}

extension NibLayoutItem {
    /// The layout rules over one line's items; writes one placement per item and returns
    /// the wrap outlet's placed width (0 without one).
    static func place(
        _ items: UnsafeBufferPointer<NibLayoutItem>,
        into out: UnsafeMutableBufferPointer<NibPlacement>,
        width: Int, wrap: Int, springWeights: Int,
        naturalWidth: (Int) -> Int
    ) -> Int {
        // 1. Preferred widths.
        var total = 0
        for index in items.indices {
            let item = items[index]
            let preferred: Int
            switch item.kind {
            case .literal:
                preferred = item.value
            case .outlet:
                preferred = item.weight > 0 ? item.floor : item.preferredWidth(natural: naturalWidth(item.value))
            case .spring:
                preferred = 0
            }
            out[index].width = preferred
            total += preferred
        }

        if total <= width {
            // 2. Springs share the slack.
            if springWeights > 0 {
                shareSlack(width - total, items, out, springWeights: springWeights)
            }
        } else {
            // 3. Outlets shrink: the wrap outlet first, then widest first.
            var over = total - width
            if wrap >= 0 {
                let item = items[wrap]
                let current = out[wrap].width
                let floor = item.hasFloor ? item.floor : Swift.min(current, wrapFloor)
                let cut = Swift.min(over, Swift.max(0, current - floor))
                out[wrap].width -= cut
                over -= cut
            }
            if over > 0 {
                shrinkWidestFirst(by: over, items, out)
            }
        }

        // Positions, and 4. clipping at the right edge.
        var x = 0
        for index in out.indices {
            let clipped = Swift.min(out[index].width, width - x)
            out[index] = NibPlacement(x: x, width: clipped)
            x += clipped
        }
        return wrap >= 0 ? out[wrap].width : 0
    }

    /// Gives `slack` columns to the springs and stretching outlets, by weight, cumulative
    /// rounding down.
    private static func shareSlack(
        _ slack: Int, _ items: UnsafeBufferPointer<NibLayoutItem>,
        _ out: UnsafeMutableBufferPointer<NibPlacement>, springWeights: Int
    ) {
        var weightSoFar = 0
        var edge = 0
        for index in items.indices where items[index].weight > 0 {
            weightSoFar += items[index].weight
            let nextEdge = slack * weightSoFar / springWeights
            out[index].width += nextEdge - edge
            edge = nextEdge
        }
    }

    /// Columns the outlets lose when capped at `level` (none below its floor).
    private static func reduction(
        atLevel level: Int, _ items: UnsafeBufferPointer<NibLayoutItem>,
        _ out: UnsafeMutableBufferPointer<NibPlacement>
    ) -> Int {
        var total = 0
        for index in items.indices where items[index].kind == .outlet {
            let cap = Swift.max(items[index].floor, level)
            let current = out[index].width
            if current > cap { total += current - cap }
        }
        return total
    }

    /// Takes `over` columns from the outlets, widest first, each down to its floor; an
    /// uneven cut leaves the extra column with the leftmost.
    private static func shrinkWidestFirst(
        by over: Int, _ items: UnsafeBufferPointer<NibLayoutItem>,
        _ out: UnsafeMutableBufferPointer<NibPlacement>
    ) {
        if reduction(atLevel: 0, items, out) <= over {
            // Everything down to its floor; the rest is clipped at the right edge.
            for index in items.indices where items[index].kind == .outlet {
                out[index].width = Swift.min(out[index].width, items[index].floor)
            }
            return
        }
        var widest = 0
        for index in items.indices where items[index].kind == .outlet {
            widest = Swift.max(widest, out[index].width)
        }
        // The highest level whose cut is enough: reduction(low) >= over > reduction(high).
        var low = 0
        var high = widest
        while high - low > 1 {
            let middle = (low + high) / 2
            if reduction(atLevel: middle, items, out) >= over {
                low = middle
            } else {
                high = middle
            }
        }
        var giveBack = reduction(atLevel: low, items, out) - over
        for index in items.indices where items[index].kind == .outlet {
            let current = out[index].width
            let floor = items[index].floor
            var shrunk = Swift.max(floor, Swift.min(current, low))
            if giveBack > 0, current > low, floor <= low {
                shrunk = low + 1
                giveBack -= 1
            }
            out[index].width = shrunk
        }
    }
}

/// A segment's layout data, flattened (no strings) so the per-row loop touches only
/// plain values.
struct NibLayoutItem: Sendable, Hashable {
    enum Kind: UInt8, Sendable, Hashable {
        case literal, outlet, spring
    }

    /// A wrap outlet without `min` gives up columns before other outlets down to this.
    static let wrapFloor = 10

    var kind: Kind
    /// Literal: its width; outlet: its index; spring: its weight.
    var value: Int
    /// Outlet: `width=N`, else -1.
    var fixed = -1
    /// Outlet: `max=N`, else Int.max.
    var max = Int.max
    /// Outlet: the width it never shrinks below: `width=N`, else `min=N`, else 0.
    var floor = 0
    /// Outlet: whether `width=` or `min=` was given.
    var hasFloor = false
    /// The share of the slack it takes: a spring's weight, 1 for a `stretch` outlet, else 0.
    var weight = 0

    init(literalWidth: Int) {
        kind = .literal
        value = literalWidth
    }

    init(springWeight: Int) {
        kind = .spring
        value = springWeight
        weight = springWeight
    }

    init(outlet: NibTemplate.Outlet) {
        kind = .outlet
        value = outlet.index
        fixed = outlet.fixedWidth ?? -1
        max = outlet.maxWidth ?? Int.max
        floor = outlet.minimumWidth
        hasFloor = outlet.fixedWidth != nil || outlet.minWidth != nil
        weight = outlet.stretches ? 1 : 0
    }

    /// The outlet's fixed width, or its natural width clamped to min…max.
    @inline(__always)
    func preferredWidth(natural: Int) -> Int {
        if fixed >= 0 { return fixed }
        return Swift.max(floor, Swift.min(Swift.max(0, natural), max))
    }
}
