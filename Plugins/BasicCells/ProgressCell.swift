import CellKit

/// A label, a bar that stretches to fill the row, and a right-aligned percentage:
///
/// ```
/// Disk         ██████████████████████████████████████▊░░░░░░░░░░░░░░░  72%
/// ```
///
/// The bar is precise to an eighth of a column (`▏▎▍▌▋▊▉`) over a dim `░`
/// track. Labels sit in a column 12 wide (at most 2/5 of the row; a longer
/// label is cut with `…`), whatever their length, so the bars of one screen
/// line up; `labelWidth` fixes another width. When the row narrows the percentage stays, the bar
/// shrinks, and below a bar of 3 columns the bar goes and the label takes its
/// room.
public final class ProgressCell: TableViewCell, Reusable, Inspectable {
    /// The text before the bar.
    public var label = ""
    /// How far along, from 0 to 1; values outside are drawn clamped (and
    /// kept as given, so a script saved back out says what it said).
    public var value = 0.0
    /// The bar's colour below the thresholds.
    public var color: Color = .green
    /// Up to two values where the bar turns yellow, then red. Ascending
    /// (`[0.8, 0.95]`) means high is bad: at or above each; descending
    /// (`[0.2, 0.1]`) means low is bad: at or below each. Empty: always `color`.
    public var thresholds: [Double] = []
    /// The label column's width; 0 picks one (see the type's description).
    public var labelWidth = 0

    /// The percentage column: wide enough for `100%`.
    static let percentColumn = 4
    /// A bar narrower than this is not drawn.
    static let minimumBar = 3

    public override func prepareForReuse() {
        super.prepareForReuse()
        resetAttributesToDefaults()
    }

    /// A binding's constants are set once, not on every row: the reuse above
    /// leaves them to the console, and no attribute's setter changes another's.
    public override class var keepsAttributesBetweenRows: Bool { true }

    /// `value` clamped to 0...1 (NaN is 0).
    var fraction: Double { value.isNaN ? 0 : min(1, max(0, value)) }

    /// The percentage shown: rounded, but never 100% before the end nor 0%
    /// after the start.
    var percentText: String {
        let f = fraction
        var percent = Int((f * 100).rounded())
        if f > 0 { percent = max(1, percent) }
        if f < 1 { percent = min(99, percent) }
        return "\(percent)%"
    }

    /// The bar's colour: `color`, or yellow or red past a threshold.
    var barColor: Color {
        guard let first = thresholds.first else { return color }
        let second = thresholds.count > 1 ? thresholds[1] : nil
        let lowIsBad = second.map { $0 < first } ?? false
        let v = fraction
        func reached(_ t: Double) -> Bool { lowIsBad ? v <= t : v >= t }
        if let second, reached(second) { return .red }
        return reached(first) ? .yellow : color
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: 1)
    }

    public override func draw(in context: DrawingContext) {
        let width = context.size.width
        guard width > 0, context.size.height > 0 else { return }
        let percent = percentText
        let percentWidth = TerminalWidth.of(percent)
        let barStyle = Style(foreground: barColor)
        guard width > Self.percentColumn else {
            // Too narrow for anything else: the percentage if it fits, else the bar.
            if percentWidth <= width {
                context.draw(percent, at: Point(x: width - percentWidth, y: 0))
            } else {
                context.drawBar(fraction, at: Point(x: 0, y: 0), width: width, style: barStyle)
            }
            return
        }
        context.draw(percent, at: Point(x: width - percentWidth, y: 0))
        let room = width - Self.percentColumn - 1
        let (labelColumn, bar) = ColumnLayout.labelAndBar(
            room: room, labelNatural: TerminalWidth.of(label), rowWidth: width,
            fixed: LabelColumn.width(labelWidth: labelWidth, row: width),
            minimumBar: Self.minimumBar)
        context.draw(TextLayout.fitted(label, toWidth: labelColumn).text, at: .zero)
        let barX = labelColumn > 0 ? labelColumn + 1 : 0
        context.drawBar(fraction, at: Point(x: barX, y: 0), width: bar, style: barStyle, track: "░")
    }

    public static var inspectableAttributes: [InspectableAttribute<ProgressCell>] {
        [
            .init("label", \.label, summary: "the text before the bar"),
            .init("value", \.value, summary: "how far along, 0...1 (drawn clamped)"),
            .init("color", \.color, summary: "the bar's colour: a name, #rrggbb or 0...255"),
            .init(
                "thresholds", \.thresholds,
                summary: "where the bar turns yellow, then red: [0.8, 0.95] (high is bad) or [0.2, 0.1] (low is bad)"),
            .init("labelWidth", \.labelWidth, summary: "the label column's width; 0 picks one so rows line up"),
        ]
    }
}
