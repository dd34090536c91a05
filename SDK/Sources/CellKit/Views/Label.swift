/// A view that draws text: CellKit's `UILabel`.
///
/// By default a label is one line and truncates its tail with `…`. Set
/// ``numberOfLines`` to 0 (and ``lineBreakMode`` to `.wordWrapping`) for text
/// that wraps. Widths are terminal columns per grapheme cluster, so CJK and
/// emoji line up.
///
/// ```swift
/// let label = Label(text: "Ada Lovelace", style: .bold)
/// label.alignment = .right
/// print(renderedText(label, width: 8))   // Ada Lov…
/// ```
public final class Label: View {
    /// The text drawn. Control characters are shown as visible pictures.
    @exclusivity(unchecked) public var text: String = "" {
        didSet { cachedWidth = -1 }
    }
    /// The terminal width of `text`, measured once per change (layout and
    /// drawing ask for it several times a row); -1 until measured, because
    /// `init(text:)` sets `text` without running its `didSet`.
    @exclusivity(unchecked) private var cachedWidth = -1

    /// The width of ``text`` in terminal columns.
    public var textWidth: Int {
        if cachedWidth < 0 { cachedWidth = TerminalWidth.of(text) }
        return cachedWidth
    }
    /// Colours and attributes of the text.
    @exclusivity(unchecked) public var style: Style = .plain
    /// Where the text sits when it is narrower than the label.
    @exclusivity(unchecked) public var alignment: TextAlignment = .left
    /// How text that does not fit is cut or wrapped.
    @exclusivity(unchecked) public var lineBreakMode: LineBreakMode = .truncatingTail
    /// The most lines to draw; 0 means as many as the text needs.
    @exclusivity(unchecked) public var numberOfLines: Int = 1

    /// An empty label: plain, left-aligned, one line, truncated at the tail.
    public required init() {}

    /// Creates a label with text and a style.
    public convenience init(text: String, style: Style = .plain, alignment: TextAlignment = .left) {
        self.init()
        self.text = text
        self.style = style
        self.alignment = alignment
    }

    private var isSingleLine: Bool {
        numberOfLines == 1 || lineBreakMode != .wordWrapping && lineBreakMode != .charWrapping && !text.contains("\n")
    }

    /// As wide as the text (at most `size.width`), as tall as its lines.
    public override func sizeThatFits(_ size: Size) -> Size {
        if isSingleLine {
            return Size(width: min(size.width, textWidth), height: 1)
        }
        let lines = TextLayout.lines(text, width: size.width, mode: lineBreakMode, maxLines: numberOfLines)
        let width = lines.reduce(0) { max($0, TerminalWidth.of($1)) }
        return Size(width: width, height: max(1, lines.count))
    }

    /// The height ``sizeThatFits(_:)`` says at `width`, without measuring a
    /// single line's text (one line is one line at any width): what a row
    /// of labels asks of each label for every row it draws.
    func fittingLines(width: Int, height: Int) -> Int {
        isSingleLine ? 1 : sizeThatFits(Size(width: width, height: height)).height
    }

    /// Draws the text in ``style``, placed by ``alignment``, and cut or
    /// wrapped by ``lineBreakMode`` to at most ``numberOfLines`` lines.
    public override func draw(in context: DrawingContext) {
        let width = context.size.width
        guard width > 0, context.size.height > 0 else { return }
        if isSingleLine {
            // No text is wider than its UTF-8: a cluster of one byte is ASCII, one column at most (a tab is
            // drawn as a space, a control as its picture), and no cluster is wider than two. Left-aligned text
            // of at most `width` bytes fits, and is drawn without being measured first (segmented once, not
            // twice). LabelFastPathTests holds this to `drawLine` byte for byte.
            if alignment == .left && text.utf8.count <= width {
                context.draw(text, at: .zero, style: style)
                return
            }
            drawLine(text, natural: textWidth, row: 0, width: width, in: context)
            return
        }
        let maxLines = numberOfLines == 0 ? context.size.height : min(numberOfLines, context.size.height)
        let lines = TextLayout.lines(text, width: width, mode: lineBreakMode, maxLines: maxLines)
        for (row, line) in lines.enumerated() {
            drawLine(line, natural: TerminalWidth.of(line), row: row, width: width, in: context)
        }
    }

    /// One line of text at `row`, `natural` columns wide, placed by
    /// ``alignment`` in `width` columns or cut by ``lineBreakMode``.
    func drawLine(_ line: String, natural: Int, row: Int, width: Int, in context: DrawingContext) {
        if natural <= width {
            let x: Int
            switch alignment {
            case .left: x = 0
            case .right: x = width - natural
            case .center: x = (width - natural) / 2
            }
            context.draw(line, at: Point(x: x, y: row), style: style)
        } else {
            let mode: TruncationMode
            switch lineBreakMode {
            case .truncatingHead: mode = .head
            case .truncatingMiddle: mode = .middle
            case .clipping: mode = .clip
            default: mode = .tail
            }
            let cut = TextLayout.truncated(line, toWidth: width, mode: mode)
            let x = alignment == .right ? width - TerminalWidth.of(cut) : 0
            context.draw(cut, at: Point(x: x, y: row), style: style)
        }
    }
}
