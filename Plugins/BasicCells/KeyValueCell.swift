import CellKit

/// A key on the left and its value right-aligned, joined by a dotted leader:
///
/// ```
/// Uptime ............................................... 12 days
/// ```
///
/// When the row is too narrow the key gives way first: it truncates down to
/// three columns (`Up…`) before the value loses a column; below that the
/// value is shown alone, truncated only when it is wider than the row.
public final class KeyValueCell: TableViewCell, Reusable, Inspectable {
    /// What fills the space between the key and the value.
    public enum Leader: String, CaseIterable, AttributeEnum, Sendable {
        /// A dim dotted line, one space from each side.
        case dots
        /// Blank space.
        case space
    }

    /// The key, on the left.
    public var key: String {
        get { state.key }
        set { state.key = newValue }
    }
    /// The value, right-aligned.
    public var value: String {
        get { state.value }
        set { state.value = newValue }
    }
    /// What fills the space between them.
    public var leader: Leader {
        get { state.leader }
        set { state.leader = newValue }
    }
    /// How the key looks.
    public var keyStyle: TextStyle {
        get { state.keyStyle }
        set { state.keyStyle = newValue }
    }
    /// How the value looks.
    public var valueStyle: TextStyle {
        get { state.valueStyle }
        set { state.valueStyle = newValue }
    }
    /// The value's colour (`default` keeps the style's own).
    public var valueColor: Color {
        get { state.valueColor }
        set { state.valueColor = newValue }
    }

    /// What the attributes set, in one private value, without the run-time
    /// exclusivity check each access to a class's stored property otherwise
    /// makes (the attribute on `state`: a cell bound to a data file is reset
    /// and set six times a row). Safe because every access is a field read
    /// or assigned whole, never held across a call (docs/unsafe-code.md).
    private struct State {
        var key = ""
        var value = ""
        var leader: Leader = .dots
        var keyStyle: TextStyle = .plain
        var valueStyle: TextStyle = .bold
        var valueColor: Color = .default
    }
    @exclusivity(unchecked) private var state = State()

    /// The fewest columns the key keeps before the value starts to truncate.
    static let keyMinimum = 3

    public override func prepareForReuse() {
        super.prepareForReuse()
        resetAttributesToDefaults()
    }

    /// A binding's constants are set once, not on every row: the reuse above
    /// leaves them to the console, and no attribute's setter changes another's.
    public override class var keepsAttributesBetweenRows: Bool { true }

    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: 1)
    }

    public override func draw(in context: DrawingContext) {
        let width = context.size.width
        guard width > 0, context.size.height > 0 else { return }
        let keyWidth = TerminalWidth.of(key)
        let valueWidth = TerminalWidth.of(value)
        let keyFloor = min(keyWidth, Self.keyMinimum)
        // The value is kept whole while the key can keep its floor; after
        // that the key is dropped and the value shown alone.
        var keyRoom = 0
        if valueWidth == 0 {
            keyRoom = width
        } else if keyWidth > 0 && keyFloor + 1 + valueWidth <= width {
            keyRoom = width - valueWidth - 1
        }
        let valueRoom = valueWidth == 0 ? 0 : width - (keyRoom > 0 ? keyRoom + 1 : 0)
        let shownKey = TextLayout.fitted(key, toWidth: keyRoom)
        let shownValue = TextLayout.fitted(value, toWidth: valueRoom)
        context.draw(shownKey.text, at: .zero, style: keyStyle.style)
        let valueX = width - shownValue.width
        var style = valueStyle.style
        if valueColor != .default { style = style.foreground(valueColor) }
        context.draw(shownValue.text, at: Point(x: valueX, y: 0), style: style)
        // The leader: dots from one column after the key to one before the value.
        let start = shownKey.width + (shownKey.width > 0 ? 1 : 0)
        let end = valueX - (shownValue.width > 0 ? 1 : 0)
        if leader == .dots && end - start >= 2 && shownKey.width > 0 && shownValue.width > 0 {
            context.fill(Rect(x: start, y: 0, width: end - start, height: 1), with: ".", style: .dim)
        }
    }

    // Typed accessors rather than key paths: a data file's rows set these
    // millions of times, and a key path write allocates (docs/performance.md).
    public static var inspectableAttributes: [InspectableAttribute<KeyValueCell>] {
        [
            .init(
                "key", summary: "the text on the left; truncates first when the row is narrow", get: { $0.key },
                set: { $0.key = $1 }),
            .init("value", summary: "the text on the right, right-aligned", get: { $0.value }, set: { $0.value = $1 }),
            .init(
                "leader", summary: "what fills the gap: dots (a dim dotted line) or space", get: { $0.leader },
                set: { $0.leader = $1 }),
            .init(
                "keyStyle", summary: "how the key looks: plain, bold, dim, italic, underline, title",
                get: { $0.keyStyle }, set: { $0.keyStyle = $1 }),
            .init(
                "valueStyle", summary: "how the value looks: plain, bold, dim, italic, underline, title",
                get: { $0.valueStyle }, set: { $0.valueStyle = $1 }),
            .init(
                "valueColor", summary: "the value's colour: a name, #rrggbb or 0...255", get: { $0.valueColor },
                set: { $0.valueColor = $1 }),
        ]
    }
}
