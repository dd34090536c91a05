import CellKit

/// A gauge drawn by `GaugeCell.nib`: a name, a bar that stretches to
/// whatever the line leaves, and the percentage.
///
/// ```
/// Disk       ██████████████████████████████████████████████▏░░░░░░░░░░░░░░░░░  72%
/// ```
///
/// The bar is a ``GaugeBar`` placed by the nib's `{bar:stretch,min=3}`: the
/// nib gives it its frame, and it draws itself in it. The percentage is an
/// `@Outlet(scriptable: false)` label the cell fills from `value`, so
/// scripts set `value` and never the text.
final class GaugeCell: TableViewCell, NibReusable, Inspectable {
    @Outlet var name: Label
    @ViewOutlet var bar: GaugeBar
    @Outlet(scriptable: false) var pct: Label

    /// How full, from 0 to 1; drawn clamped, kept as given.
    var value = 0.0 {
        didSet {
            bar.fraction = value
            pct.text = GaugeBar.percentText(value)
        }
    }
    /// The bar's colour.
    var color: Color = .green { didSet { bar.style = Style(foreground: color) } }

    required init() {
        super.init()
        pct.text = GaugeBar.percentText(value)
    }

    /// Back to a new cell's state: the attributes' defaults, and no name (the
    /// `name` outlet is an attribute of the nib, not of the type).
    override func prepareForReuse() {
        super.prepareForReuse()
        resetAttributesToDefaults()
        name.text = ""
    }

    static var inspectableAttributes: [InspectableAttribute<GaugeCell>] {
        [
            .init("value", \.value, summary: "how full, 0...1 (drawn clamped)"),
            .init("color", \.color, summary: "the bar's colour: a name, #rrggbb or 0...255"),
        ]
    }
}

/// A horizontal bar over a dim `░` track, as wide as the frame it is given,
/// precise to an eighth of a column.
final class GaugeBar: View {
    /// How full, from 0 to 1 (clamped when drawn).
    var fraction = 0.0
    /// The bar's colours.
    var style = Style(foreground: .green)

    override func draw(in context: DrawingContext) {
        context.drawBar(fraction, at: .zero, width: context.size.width, style: style, track: "░")
    }

    /// `72%`: `value` clamped to 0...1, rounded, never 100% before the end nor 0% after the start.
    static func percentText(_ value: Double) -> String {
        let f = value.isNaN ? 0 : min(1, max(0, value))
        var percent = Int((f * 100).rounded())
        if f > 0 { percent = max(1, percent) }
        if f < 1 { percent = min(99, percent) }
        return "\(percent)%"
    }
}
