import CellKit

/// A label, a sparkline of `values` that fills the row, and the last value:
///
/// ```
/// Requests     ▂▂▃▃▄▅▅▆▇█▇▆▅▅▄▃▂▂▁▁▂▃▄▅▆▆▇▇█▇▆▅▄▃▃▂▂▁▁▂▂▃▄▅▅▆▇▇█▇▆▅▄▄   42ms
/// ```
///
/// **Scale.** Eight levels, `▁` to `█`, from the smallest to the largest
/// value, or over `range` (`[0, 100]`) so rows share a scale. A flat series
/// is drawn at mid height (`▄`).
///
/// **Width.** The line always fills the room it has, `w` columns for `n`
/// values, first value in the first column and last in the last:
/// - with more values than columns (`n ≥ w`), each column shows the mean of
///   the values from index `j·n/w` up to (not including) `(j+1)·n/w`;
/// - with fewer, the series is stretched: column `j` sits at position
///   `j·(n-1)/(w-1)` in the series and shows the straight line between the
///   two values either side of it, so steps become slopes.
///
/// The label column follows BasicCells' `ProgressCell` rule (12 columns, at
/// most 2/5 of the row, whatever the label's length: a longer label is cut
/// with `…`; `labelWidth` fixes another width), and in rows of 30 columns
/// or more the value column is at least 6 wide, so the lines and bars of
/// neighbouring rows start (and mostly end) together. When the row narrows,
/// the value stays, the line shrinks, and below a line of 3 columns the line
/// goes and the label takes its room.
public final class SparklineCell: TableViewCell, Reusable, Inspectable {
    /// The text before the line.
    public var label = ""
    /// The series, oldest first; the last one is printed.
    public var values: [Double] = []
    /// The line's colour.
    public var color: Color = .cyan
    /// Written after the last value, as it is: `ms`, `%`, ` req/s`.
    public var unit = ""
    /// `[low, high]`: the values drawn as `▁` and `█`. Empty, or not
    /// ascending: the series' own smallest and largest.
    public var range: [Double] = []
    /// The label column's width; 0 picks one so rows line up.
    public var labelWidth = 0

    static let levels: [Unicode.Scalar] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// A line narrower than this is not drawn.
    static let minimumLine = 3

    public override func prepareForReuse() {
        super.prepareForReuse()
        resetAttributesToDefaults()
    }

    /// The printed value: the last one and the unit, or nothing.
    var lastText: String {
        values.last.map { NumberFormat.short($0) + unit } ?? ""
    }

    /// The values drawn as the bottom and the top.
    var scale: (low: Double, high: Double) {
        if range.count >= 2, range[0] < range[1] { return (range[0], range[1]) }
        let finite = values.filter(\.isFinite)
        return (finite.min() ?? 0, finite.max() ?? 0)
    }

    /// The level, 0...7, of `value` between `low` and `high`.
    static func level(_ value: Double, low: Double, high: Double) -> Int {
        guard high > low else { return 3 }
        guard !value.isNaN else { return 0 }
        var t = (value - low) / (high - low)
        if !t.isFinite {
            // The span overflows (values near ±Double.greatestFiniteMagnitude): halve everything.
            t = (value / 2 - low / 2) / (high / 2 - low / 2)
        }
        if t.isNaN { return 0 }
        return Int((min(1, max(0, t)) * 7).rounded())
    }

    /// The value column `j` of `columns` shows (`values` is not empty): see
    /// the type's description.
    static func sample(_ values: [Double], column j: Int, of columns: Int) -> Double {
        let n = values.count
        if n >= columns {
            let lo = j * n / columns
            let hi = max(lo + 1, (j + 1) * n / columns)
            if hi - lo == 1 { return values[lo] }
            var mean = 0.0
            for v in values[lo..<hi] { mean += v / Double(hi - lo) }
            return mean
        }
        guard n > 1, columns > 1 else { return values[0] }
        let position = Double(j) * Double(n - 1) / Double(columns - 1)
        let i = min(n - 2, Int(position))
        let t = position - Double(i)
        return values[i] * (1 - t) + values[i + 1] * t
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: 1)
    }

    public override func draw(in context: DrawingContext) {
        let width = context.size.width
        guard width > 0, context.size.height > 0 else { return }
        // The last value, right-aligned; it is kept longest.
        let last = TextLayout.fitted(lastText, toWidth: width)
        context.draw(last.text, at: Point(x: width - last.width, y: 0), style: .bold)
        let valueColumn = ValueColumn.width(natural: last.width, row: width)
        let room = width - valueColumn - (valueColumn > 0 ? 1 : 0)
        guard room > 0 else { return }
        let (labelColumn, line) = ColumnLayout.labelAndBar(
            room: room, labelNatural: TerminalWidth.of(label), rowWidth: width,
            fixed: LabelColumn.width(labelWidth: labelWidth, row: width),
            minimumBar: Self.minimumLine)
        context.draw(TextLayout.fitted(label, toWidth: labelColumn).text, at: .zero)
        let x = labelColumn > 0 ? labelColumn + 1 : 0
        guard line > 0 else { return }
        guard !values.isEmpty else {
            context.draw(TextLayout.fitted("no data", toWidth: line).text, at: Point(x: x, y: 0), style: .dim)
            return
        }
        let (low, high) = scale
        let style = Style(foreground: color)
        for j in 0..<line {
            let level = Self.level(Self.sample(values, column: j, of: line), low: low, high: high)
            context.fill(Rect(x: x + j, y: 0, width: 1, height: 1), with: Self.levels[level], style: style)
        }
    }

    public static var inspectableAttributes: [InspectableAttribute<SparklineCell>] {
        [
            .init("label", \.label, summary: "the text before the line"),
            .init("values", \.values, summary: "the series, oldest first: [3, 1, 4, 1, 5]; the last is printed"),
            .init("color", \.color, summary: "the line's colour: a name, #rrggbb or 0...255"),
            .init("unit", \.unit, summary: "written after the last value: ms, %"),
            .init("range", \.range, summary: "[low, high] drawn as ▁ and █; empty: the values' own"),
            .init("labelWidth", \.labelWidth, summary: "the label column's width; 0 picks one so rows line up"),
        ]
    }
}
