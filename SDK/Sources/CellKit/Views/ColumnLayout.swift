/// Column widths shared by the rows of a table, so columns line up and the
/// table's borders can join its dividers (`┬`, `┼`, `┴`).
///
/// Each column is fixed or flexible; flexible columns share what is left in
/// proportion to their weights. Columns are separated by ``gap`` cells; with
/// a divider, the divider is drawn in the middle of the gap.
///
/// ```swift
/// let layout = ColumnLayout([.fixed(6), .flexible(), .fixed(8)], gap: 3)
/// layout.frames(width: 40)     // [0..<6, 9..<29, 32..<40]
/// layout.dividers(width: 40)   // [7, 30]
/// ```
@frozen public struct ColumnLayout: Hashable, Sendable {
    /// How one column is sized.
    @frozen public enum Width: Hashable, Sendable {
        /// Exactly this many columns.
        case fixed(Int)
        /// A share of the remaining width, never below `minimum`.
        case flexible(weight: Int = 1, minimum: Int = 0)
    }

    /// The columns, left to right.
    public var columns: [Width]
    /// Cells between neighbouring columns.
    public var gap: Int

    /// Creates a layout.
    public init(_ columns: [Width], gap: Int = 3) {
        self.columns = columns
        self.gap = max(0, gap)
    }

    /// The x range of each column in a row `width` cells wide. Columns that
    /// do not fit get empty ranges at the right edge; nothing passes `width`.
    ///
    /// - Complexity: O(*n*) in the number of columns.
    public func frames(width: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        result.reserveCapacity(columns.count)
        forEachFrame(width: width) { result.append($0) }
        return result
    }

    /// The x of each divider (the middle of each gap) in a row `width` wide.
    public func dividers(width: Int) -> [Int] {
        var result: [Int] = []
        forEachDivider(width: width) { result.append($0) }
        return result
    }

    /// Calls `body` with the x of each divider, without allocating.
    public func forEachDivider(width: Int, _ body: (Int) -> Void) {
        guard gap > 0 else { return }
        var previous: Range<Int>?
        forEachFrame(width: width) { frame in
            if let previous, frame.lowerBound < width { body(previous.upperBound + (gap - 1) / 2) }
            previous = frame
        }
    }

    /// Calls `body` with each column's x range, without allocating.
    public func forEachFrame(width: Int, _ body: (Range<Int>) -> Void) {
        let n = columns.count
        guard n > 0 else { return }
        var fixed = 0
        var weights = 0
        var minimums = 0
        for column in columns {
            switch column {
            case .fixed(let w): fixed += max(0, w)
            case .flexible(let weight, let minimum):
                weights += max(1, weight)
                minimums += max(0, minimum)
            }
        }
        var slack = max(0, width - fixed - gap * (n - 1) - minimums)
        var remainingWeight = weights
        var x = 0
        for (i, column) in columns.enumerated() {
            var w: Int
            switch column {
            case .fixed(let f): w = max(0, f)
            case .flexible(let weight, let minimum):
                let share = remainingWeight > 0 ? slack * max(1, weight) / remainingWeight : 0
                slack -= share
                remainingWeight -= max(1, weight)
                w = max(0, minimum) + share
            }
            let start = min(x, width)
            w = min(w, width - start)
            body(start..<(start + w))
            x = start + w + (i < n - 1 ? gap : 0)
        }
    }
}

/// A row of labels laid out by a ``ColumnLayout``, with optional dividers:
/// the building block of aligned tables.
///
/// ```swift
/// let layout = ColumnLayout([.fixed(4), .flexible(), .fixed(5)])
/// let row = ColumnsView(layout: layout, divider: .light)
/// row.setTexts(["1", "Ada Lovelace", "1815"])
/// row.labels[2].alignment = .right
/// print(renderedText(row, width: 30))   // 1    │ Ada Lovelace    │  1815
/// ```
public final class ColumnsView: View {
    /// The layout the labels follow.
    @exclusivity(unchecked) public var layout = ColumnLayout([]) {
        didSet {
            framesWidth = -1
            syncLabels()
        }
    }
    /// The box style of the dividers drawn in the gaps; `.none` draws none.
    @exclusivity(unchecked) public var divider: BoxStyle = .none
    /// The style of the dividers.
    @exclusivity(unchecked) public var dividerStyle: Style = .plain
    /// One label per column.
    @exclusivity(unchecked) public private(set) var labels: [Label] = []
    /// The columns' x ranges at ``framesWidth`` (-1: not worked out yet).
    /// A row of a table is measured, laid out and drawn at one width, and
    /// the next row at the same: the layout is worked out once, not three
    /// times a row.
    @exclusivity(unchecked) private var frames: [Range<Int>] = []
    @exclusivity(unchecked) private var framesWidth = -1

    /// An empty row, with no columns; set ``layout``, or use
    /// ``init(layout:divider:dividerStyle:)``.
    public required init() {}

    /// Creates a row of columns.
    public convenience init(layout: ColumnLayout, divider: BoxStyle = .none, dividerStyle: Style = .plain) {
        self.init()
        self.layout = layout
        self.divider = divider
        self.dividerStyle = dividerStyle
        syncLabels()
    }

    /// Sets the labels' texts in order (extra texts are ignored).
    public func setTexts(_ texts: [String]) {
        for (label, text) in zip(labels, texts) { label.text = text }
    }

    private func syncLabels() {
        while labels.count < layout.columns.count {
            let label = Label()
            labels.append(label)
            addSubview(label)
        }
        while labels.count > layout.columns.count { labels.removeLast().removeFromSuperview() }
    }

    /// The width given; as tall as the tallest label in its column (at least
    /// one line).
    public override func sizeThatFits(_ size: Size) -> Size {
        var height = 1
        forEachLabel(width: size.width) { label, frame in
            height = max(height, label.fittingLines(width: frame.count, height: size.height))
        }
        return Size(width: size.width, height: height)
    }

    /// Places each label in its column's frame.
    public override func layoutSubviews() {
        let h = bounds.height
        forEachLabel(width: bounds.width) { label, frame in
            label.frame = Rect(x: frame.lowerBound, y: 0, width: frame.count, height: h)
        }
    }

    /// Calls `body` with each label and its column's x range in a row
    /// `width` wide, without retaining each label (the labels array, held
    /// for the call, owns them): this runs two or three times for every row
    /// of a table.
    @inline(__always)
    private func forEachLabel(width: Int, _ body: (Label, Range<Int>) -> Void) {
        let labels = self.labels
        let frames = frames(width: width)
        labels.withUnsafeBufferPointer { labels in
            frames.withUnsafeBufferPointer { frames in
                for i in 0..<min(labels.count, frames.count) {
                    Unmanaged.passUnretained(labels[i])._withUnsafeGuaranteedRef { body($0, frames[i]) }
                }
            }
        }
    }

    /// ``ColumnLayout/frames(width:)`` of ``layout``, worked out once per width.
    @inline(__always)
    private func frames(width: Int) -> [Range<Int>] {
        if width != framesWidth {
            frames = layout.frames(width: width)
            framesWidth = width
        }
        return frames
    }

    /// Draws the dividers in the gaps between columns, unless ``divider`` is
    /// `.none`: where ``ColumnLayout/forEachDivider(width:_:)`` puts them,
    /// from the frames worked out for the labels.
    public override func draw(in context: DrawingContext) {
        guard !divider.isNone, layout.gap > 0 else { return }
        let width = context.size.width
        let column = Rect(x: 0, y: 0, width: 1, height: context.size.height)
        let frames = frames(width: width)
        for i in frames.indices.dropFirst() where frames[i].lowerBound < width {
            let x = frames[i - 1].upperBound + (layout.gap - 1) / 2
            context.fill(column.offsetBy(dx: x, dy: 0), with: divider.vertical, style: dividerStyle)
        }
    }
}

// MARK: - A label column beside a bar

extension ColumnLayout {
    /// Splits `room` columns of a row `rowWidth` wide between a label column
    /// and, one column after it, a bar (a progress bar, a sparkline), so that
    /// rows with labels of similar length line up: the label column is 12
    /// columns, or the next multiple of 8 for a longer label, never more than
    /// 2/5 of the row; a positive `fixed` is used as it is. A bar narrower than
    /// `minimumBar` is left out and the label takes the room; without a label
    /// the bar takes it all.
    ///
    /// ```swift
    /// ColumnLayout.labelAndBar(room: 60, labelNatural: 4, rowWidth: 60, fixed: 0, minimumBar: 3)
    /// // (label: 12, bar: 47)
    /// ```
    public static func labelAndBar(
        room: Int, labelNatural: Int, rowWidth: Int, fixed: Int, minimumBar: Int
    ) -> (label: Int, bar: Int) {
        var column = 0
        if labelNatural > 0 {
            if fixed > 0 {
                column = min(fixed, rowWidth)
            } else {
                let stop = labelNatural <= 12 ? 12 : (labelNatural + 7) / 8 * 8
                column = min(stop, rowWidth * 2 / 5)
            }
        }
        let label = max(0, min(room, column))
        guard label > 0 else { return (0, max(0, room)) }
        let bar = room - label - 1
        return bar < minimumBar ? (room, 0) : (label, bar)
    }
}
