/// A view that lines up its arranged subviews in a row or a column:
/// CellKit's `UIStackView`.
///
/// In a horizontal stack each view's ``View/stackSizing`` decides its width:
/// `.natural` views get their content width, `.fixed` views their width, and
/// `.flexible` views share what is left. When the row is too narrow, the
/// widest natural views give up columns first (their labels truncate).
/// A vertical stack gives every view the full width and its fitting height.
///
/// ```swift
/// let row = StackView(axis: .horizontal, spacing: 1)
/// let name = Label(text: "Ada"); name.stackSizing = .flexible()
/// row.addArrangedSubview(name)
/// row.addArrangedSubview(Label(text: "42", style: .dim))
/// print(renderedText(row, width: 10))   // Ada     42
/// ```
public final class StackView: View {
    /// Row or column.
    @frozen public enum Axis: String, Sendable {
        /// Views side by side, left to right: a row.
        case horizontal
        /// Views one under the other, top to bottom: a column.
        case vertical
    }

    /// The direction views are lined up in.
    @exclusivity(unchecked) public var axis: Axis = .horizontal
    /// Cells between neighbouring views.
    @exclusivity(unchecked) public var spacing: Int = 0
    /// The views laid out by the stack, in order.
    @exclusivity(unchecked) public private(set) var arrangedSubviews: [View] = []

    // Scratch storage reused by every layout pass (no allocation per row).
    @exclusivity(unchecked) private var widths: [Int] = []

    /// An empty horizontal stack with no spacing.
    public required init() {}

    /// Creates a stack.
    public convenience init(axis: Axis, spacing: Int = 0, views: [View] = []) {
        self.init()
        self.axis = axis
        self.spacing = spacing
        for view in views { addArrangedSubview(view) }
    }

    /// Adds a view to the end of the stack.
    public func addArrangedSubview(_ view: View) {
        arrangedSubviews.append(view)
        addSubview(view)
    }

    /// Removes a view from the stack and from the view hierarchy.
    public func removeArrangedSubview(_ view: View) {
        arrangedSubviews.removeAll { $0 === view }
        view.removeFromSuperview()
    }

    private var visibleCount: Int { arrangedSubviews.count }
    private var totalSpacing: Int { max(0, visibleCount - 1) * spacing }

    /// The width given. A row is as tall as its tallest view at the width it
    /// gets; a column is the sum of its views' heights and the spacing.
    public override func sizeThatFits(_ size: Size) -> Size {
        switch axis {
        case .vertical:
            var height = totalSpacing
            for view in arrangedSubviews {
                height += view.sizeThatFits(Size(width: size.width, height: size.height)).height
            }
            return Size(width: size.width, height: height)
        case .horizontal:
            computeWidths(available: size.width)
            var height = 0
            for (i, view) in arrangedSubviews.enumerated() {
                height = max(height, view.sizeThatFits(Size(width: widths[i], height: size.height)).height)
            }
            return Size(width: size.width, height: height)
        }
    }

    /// Places the arranged views: side by side in a row, their widths decided
    /// by each view's ``View/stackSizing``; one under the other in a column.
    public override func layoutSubviews() {
        super.layoutSubviews()
        switch axis {
        case .vertical:
            var y = 0
            for view in arrangedSubviews {
                let h = view.sizeThatFits(Size(width: bounds.width, height: bounds.height)).height
                view.frame = Rect(x: 0, y: y, width: bounds.width, height: h)
                y += h + spacing
            }
        case .horizontal:
            computeWidths(available: bounds.width)
            var x = 0
            for (i, view) in arrangedSubviews.enumerated() {
                view.frame = Rect(x: x, y: 0, width: widths[i], height: bounds.height)
                x += widths[i] + spacing
            }
        }
    }

    /// Fills `widths` with each arranged view's width in a row of `available` columns.
    private func computeWidths(available: Int) {
        let n = arrangedSubviews.count
        widths.removeAll(keepingCapacity: true)
        guard n > 0 else { return }
        let room = max(0, available - totalSpacing)
        var used = 0
        var totalWeight = 0
        for view in arrangedSubviews {
            let w: Int
            switch view.stackSizing {
            case .natural: w = view.sizeThatFits(Size(width: room, height: 1)).width
            case .fixed(let fixed): w = max(0, fixed)
            case .flexible(let weight):
                w = 0
                totalWeight += max(1, weight)
            }
            widths.append(w)
            used += w
        }
        if used > room {
            shrink(by: used - room)
        } else if totalWeight > 0 {
            var slack = room - used
            var remainingWeight = totalWeight
            for (i, view) in arrangedSubviews.enumerated() {
                guard case .flexible(let weight) = view.stackSizing else { continue }
                let share = slack * max(1, weight) / remainingWeight
                widths[i] = share
                slack -= share
                remainingWeight -= max(1, weight)
            }
        }
    }

    /// Takes `excess` columns away, always from the widest natural view.
    private func shrink(by excess: Int) {
        var excess = excess
        while excess > 0 {
            var widest = -1
            for (i, view) in arrangedSubviews.enumerated() where view.stackSizing == .natural && widths[i] > 0 {
                if widest < 0 || widths[i] > widths[widest] { widest = i }
            }
            if widest < 0 {
                // Only fixed views left: take from the last ones.
                guard let i = widths.lastIndex(where: { $0 > 0 }) else { return }
                let cut = min(excess, widths[i])
                widths[i] -= cut
                excess -= cut
                continue
            }
            // Bring the widest down to the next widest (or by the excess), in one step.
            var next = 0
            for (i, view) in arrangedSubviews.enumerated()
            where i != widest && view.stackSizing == .natural && widths[i] < widths[widest] {
                next = max(next, widths[i])
            }
            let cut = min(excess, max(1, widths[widest] - next))
            widths[widest] -= cut
            excess -= cut
        }
    }
}
