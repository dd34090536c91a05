import CellKit

/// A horizontal bar chart, one line per bar: labels in a column, bars scaled
/// to the largest value with eighth-block precision, values right-aligned:
///
/// ```
/// Mon          ████████████████████████████████████████████▍                42
/// Tue          ████████████████████████████████████████████████████████     53
/// Wed          ████████▌                                                     8
/// ```
///
/// `labels` is one String of comma-separated labels (`\,` for a comma in a
/// label), since attributes have no list-of-strings type. There are as many
/// lines as the longer of `labels` and `values`; a label without a value
/// shows `–`. Negative values draw no bar.
///
/// The label column follows BasicCells' `ProgressCell` rule (12 columns, at
/// most 2/5 of the row, whatever the labels' length: a longer label is cut
/// with `…`; `labelWidth` fixes another width), and in rows of 30 columns or more the value column
/// is at least 6 wide, so the bar charts, sparklines and progress bars of one
/// screen line up. When the row narrows, labels truncate and bars shrink,
/// down to none.
public final class BarChartCell: TableViewCell, Reusable, Inspectable {
    /// The labels, comma-separated.
    public var labels = "" { didSet { labelList = ListSyntax.split(labels, at: ",") } }
    /// One value per label.
    public var values: [Double] = []
    /// The bars' colour.
    public var color: Color = .cyan
    /// Written after each value, as it is: `ms`, `%`, ` GB`.
    public var unit = ""
    /// The value a full bar stands for; 0 or less: the largest value.
    public var maximum = 0.0
    /// The label column's width; 0 picks one so rows line up.
    public var labelWidth = 0

    private(set) var labelList: [String] = []

    public override func prepareForReuse() {
        super.prepareForReuse()
        resetAttributesToDefaults()
    }

    /// How many lines: one per bar, at least one.
    var lineCount: Int { max(1, labelList.count, values.count) }

    /// The value a full bar stands for.
    var fullScale: Double {
        maximum > 0 ? maximum : values.filter(\.isFinite).max() ?? 0
    }

    /// The text of value `i` in the value column.
    func valueText(_ i: Int) -> String {
        i < values.count ? NumberFormat.short(values[i]) + unit : "–"
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: lineCount)
    }

    public override func draw(in context: DrawingContext) {
        let width = context.size.width
        guard width > 0, context.size.height > 0 else { return }
        if labelList.isEmpty && values.isEmpty {
            context.draw(TextLayout.fitted("no data", toWidth: width).text, at: .zero, style: .dim)
            return
        }
        let count = min(lineCount, context.size.height)
        let texts = (0..<count).map(valueText)
        let valueColumn = ValueColumn.width(natural: texts.map { TerminalWidth.of($0) }.max() ?? 0, row: width)
        let room = width - valueColumn - 1
        let widest = labelList.prefix(count).map { TerminalWidth.of($0) }.max() ?? 0
        let (labelColumn, bar) = ColumnLayout.labelAndBar(
            room: room, labelNatural: widest, rowWidth: width,
            fixed: LabelColumn.width(labelWidth: labelWidth, row: width), minimumBar: 1)
        let barX = labelColumn > 0 ? labelColumn + 1 : 0
        let scale = fullScale
        let style = Style(foreground: color)
        for i in 0..<count {
            if i < labelList.count {
                context.draw(TextLayout.fitted(labelList[i], toWidth: labelColumn).text, at: Point(x: 0, y: i))
            }
            let value = TextLayout.fitted(texts[i], toWidth: valueColumn)
            context.draw(value.text, at: Point(x: width - value.width, y: i), style: i < values.count ? .plain : .dim)
            guard bar > 0, i < values.count, scale > 0 else { continue }
            context.drawBar(values[i] / scale, at: Point(x: barX, y: i), width: bar, style: style)
        }
    }

    public static var inspectableAttributes: [InspectableAttribute<BarChartCell>] {
        [
            .init("labels", \.labels, summary: "the bars' labels, comma-separated: Mon, Tue, Wed (\\, for a comma)"),
            .init("values", \.values, summary: "one value per label: [42, 53, 8]"),
            .init("color", \.color, summary: "the bars' colour: a name, #rrggbb or 0...255"),
            .init("unit", \.unit, summary: "written after each value: ms, %"),
            .init("maximum", \.maximum, summary: "the value a full bar stands for; 0: the largest value"),
            .init("labelWidth", \.labelWidth, summary: "the label column's width; 0 picks one so rows line up"),
        ]
    }
}
