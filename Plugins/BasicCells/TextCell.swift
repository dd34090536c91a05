import CellKit

/// One line (or a wrapped paragraph) of text.
public final class TextCell: TableViewCell, Reusable, Inspectable {
    let label = Label()

    /// The text.
    public var text = "" { didSet { label.text = text } }
    /// The text's style.
    public var style: TextStyle = .plain { didSet { label.style = style.style } }
    /// Where the text sits.
    public var alignment: TextAlignment = .left { didSet { label.alignment = alignment } }
    /// Whether long text wraps onto more lines instead of being truncated.
    public var wrap = false { didSet { label.wraps = wrap } }

    public required init() {
        super.init()
        label.pinEdges()
        contentView.addSubview(label)
    }

    public override func prepareForReuse() {
        super.prepareForReuse()
        resetAttributesToDefaults()
    }

    /// A binding's constants are set once, not on every row: the reuse above
    /// leaves them to the console, and no attribute's setter changes another's.
    public override class var keepsAttributesBetweenRows: Bool { true }

    public static var inspectableAttributes: [InspectableAttribute<TextCell>] {
        [
            .init("text", \.text, summary: "the text"),
            .init("style", \.style, summary: "plain, bold, dim, italic, underline, title"),
            .init("alignment", \.alignment, summary: "left, center or right"),
            .init("wrap", \.wrap, summary: "wrap long text instead of truncating it"),
        ]
    }
}
