import CellKit

/// A section's header: a bold title in an accent colour, an optional dim
/// subtitle, a dim rule that fills the row, and a right-aligned dim detail:
///
/// ```
/// Today  Tuesday 12 March ─────────────────────────────────────── 4 tasks
/// ```
///
/// When `title` is empty it shows ``TableViewHeaderFooterView/textLabel``'s
/// text, so a host that fills the standard label (as a table does for a
/// section title) gets it drawn the same way. It draws itself wherever it is
/// put, so a host can also show it as a row by adding it to a plain cell's
/// `contentView`.
///
/// When the row narrows, the rule shrinks first, then the subtitle (it is
/// left out below 4 columns); the detail goes when the title would get fewer
/// than 10 columns; the title truncates last.
public final class SectionHeader: TableViewHeaderFooterView, Reusable, Inspectable {
    /// The title, bold in ``color``.
    public var title = ""
    /// Dim text after the title.
    public var subtitle = ""
    /// Dim text on the right: a count, a date.
    public var detail = ""
    /// The title's colour.
    public var color: Color = .cyan
    /// Whether a dim line fills the space between the text and the detail.
    public var rule = true

    /// The fewest columns the title keeps before the detail is dropped.
    static let titleMinimum = 10
    /// A subtitle that would get fewer columns than this is left out.
    static let subtitleMinimum = 4

    public required init() {
        super.init()
        textLabel.isHidden = true
    }

    public override func prepareForReuse() {
        super.prepareForReuse()
        resetAttributesToDefaults()
    }

    /// The title drawn: ``title``, or the standard label's text.
    var displayedTitle: String { title.isEmpty ? textLabel.text : title }

    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: 1)
    }

    public override func draw(in context: DrawingContext) {
        let width = context.size.width
        guard width > 0, context.size.height > 0 else { return }
        let title = displayedTitle
        let titleWidth = TerminalWidth.of(title)
        let detailWidth = TerminalWidth.of(detail)
        // The detail, if the title keeps its minimum beside it.
        var end = width
        if detailWidth > 0 && width - detailWidth - 1 >= min(titleWidth, Self.titleMinimum) {
            context.draw(detail, at: Point(x: width - detailWidth, y: 0), style: .dim)
            end = width - detailWidth - 1
        }
        let shownTitle = TextLayout.fitted(title, toWidth: end)
        var x = context.draw(shownTitle.text, at: .zero, style: Style.bold.foreground(color))
        // The subtitle, two columns after the title, in what is left.
        let gap = shownTitle.width > 0 ? 2 : 0
        let shownSubtitle = TextLayout.fitted(subtitle, toWidth: end - x - gap, minimum: Self.subtitleMinimum)
        if shownSubtitle.width > 0 {
            x = context.draw(shownSubtitle.text, at: Point(x: x + gap, y: 0), style: .dim)
        }
        // The rule, one column from the text and from the detail.
        let ruleStart = x > 0 ? x + 1 : 0
        if rule && end - ruleStart >= 2 {
            context.fill(Rect(x: ruleStart, y: 0, width: end - ruleStart, height: 1), with: "─", style: .dim)
        }
    }

    public static var inspectableAttributes: [InspectableAttribute<SectionHeader>] {
        [
            .init("title", \.title, summary: "the title, bold in the accent colour (default: the section's title)"),
            .init("subtitle", \.subtitle, summary: "dim text after the title"),
            .init("detail", \.detail, summary: "dim text on the right: a count, a date"),
            .init("color", \.color, summary: "the title's colour: a name, #rrggbb or 0...255"),
            .init("rule", \.rule, summary: "draw a dim line between the text and the detail"),
        ]
    }
}
