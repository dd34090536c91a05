import CellKit

/// A coloured status badge, a description after it, and an optional dim
/// detail on the right:
///
/// ```
///  ✔ OK     Backups completed                                   03:12
///  ▲ WARN   Disk /var at 91%                                    09:40
///  ✖ ERROR  Deploy of api-7 failed                              10:02
/// ```
///
/// Descriptions start in the same column (10) for every built-in badge, so
/// rows line up. When the row is too narrow for the badge and 8 columns of
/// description, the badge shrinks to its icon (` ✔ `); the detail is dropped
/// before the description truncates below 8 columns.
public final class BadgeCell: TableViewCell, Reusable, Inspectable {
    /// What the badge says.
    public enum Status: String, CaseIterable, AttributeEnum, Sendable {
        case ok, warning, error, info, neutral

        /// The badge's icon.
        var icon: String {
            switch self {
            case .ok: "✔"
            case .warning: "▲"
            case .error: "✖"
            case .info: "●"
            case .neutral: "○"
            }
        }

        /// The badge's word, unless `badge` gives another.
        var word: String {
            switch self {
            case .ok: "OK"
            case .warning: "WARN"
            case .error: "ERROR"
            case .info: "INFO"
            case .neutral: "NOTE"
            }
        }

        /// The badge's colour.
        var color: Color {
            switch self {
            case .ok: .green
            case .warning: .yellow
            case .error: .red
            case .info: .blue
            case .neutral: .gray
            }
        }

        /// The text's colour on a filled badge: dark on light colours.
        var ink: Color {
            switch self {
            case .ok, .warning: .black
            case .error, .info: .named(.brightWhite)
            case .neutral: .white
            }
        }
    }

    /// The status the badge shows.
    public var status: Status = .neutral
    /// The description after the badge.
    public var text = ""
    /// The badge's word instead of the status's own (`OK`, `WARN`, ...).
    public var badge = ""
    /// Dim text on the right: a time, a count, a host.
    public var detail = ""
    /// Whether the badge is a filled block of colour or just coloured text.
    public var filled = true

    /// The column descriptions start in for every built-in badge: ` ✖ ERROR ` and a space.
    static let badgeColumn = 9
    /// Fewer columns of description than this shrink the badge to its icon.
    static let descriptionMinimum = 8

    public override func prepareForReuse() {
        super.prepareForReuse()
        resetAttributesToDefaults()
    }

    /// A binding's constants are set once, not on every row: the reuse above
    /// leaves them to the console, and no attribute's setter changes another's.
    public override class var keepsAttributesBetweenRows: Bool { true }

    /// How the badge looks.
    var badgeStyle: Style {
        filled
            ? Style(foreground: status.ink, background: status.color, attributes: .bold)
            : Style(foreground: status.color, attributes: .bold)
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: 1)
    }

    public override func draw(in context: DrawingContext) {
        let width = context.size.width
        guard width > 0, context.size.height > 0 else { return }
        let word = badge.isEmpty ? status.word : badge
        let full = " \(status.icon) \(word) "
        let column = max(Self.badgeColumn, TerminalWidth.of(full))
        let textWidth = TerminalWidth.of(text)
        let wanted = min(textWidth, Self.descriptionMinimum)
        // The badge: whole, or just its icon when the description would get too little.
        let shown: String
        let textX: Int
        let fits = TerminalWidth.of(full) <= width && (textWidth == 0 || column + 1 + wanted <= width)
        if fits {
            shown = full
            textX = column + 1
        } else {
            shown = width >= 3 ? " \(status.icon) " : status.icon
            textX = TerminalWidth.of(shown) + 1
        }
        context.draw(shown, at: .zero, style: badgeStyle)
        // The detail, when it leaves the description its minimum.
        var textRoom = width - textX
        let detailWidth = TerminalWidth.of(detail)
        if detailWidth > 0 && textRoom - (textWidth > 0 ? wanted + 2 : 0) >= detailWidth {
            context.draw(detail, at: Point(x: width - detailWidth, y: 0), style: .dim)
            textRoom -= detailWidth + 2
        }
        context.draw(TextLayout.fitted(text, toWidth: textRoom).text, at: Point(x: textX, y: 0))
    }

    public static var inspectableAttributes: [InspectableAttribute<BadgeCell>] {
        [
            .init("status", \.status, summary: "the badge: ok, warning, error, info or neutral"),
            .init("text", \.text, summary: "the description after the badge"),
            .init("badge", \.badge, summary: "the badge's word instead of OK, WARN, ERROR, INFO or NOTE"),
            .init("detail", \.detail, summary: "dim text on the right: a time, a count, a host"),
            .init("filled", \.filled, summary: "a filled block of colour (true) or coloured text (false)"),
        ]
    }
}
