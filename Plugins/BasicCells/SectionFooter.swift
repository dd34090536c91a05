import CellKit

/// A section's footer: small, dim text, left-aligned by default.
///
/// ```
/// Updated 09:41 · 3 sources
/// ```
///
/// Its `text` is the standard ``TableViewHeaderFooterView/textLabel``'s, so
/// a host that fills that label (as a table does for a section's footer
/// title) needs nothing else.
public final class SectionFooter: TableViewHeaderFooterView, Reusable, Inspectable {
    /// The footer's text.
    public var text: String {
        get { textLabel.text }
        set { textLabel.text = newValue }
    }
    /// Where the text sits.
    public var alignment: TextAlignment = .left { didSet { textLabel.alignment = alignment } }
    /// Whether long text wraps onto more lines instead of being truncated.
    public var wrap = false {
        didSet {
            textLabel.numberOfLines = wrap ? 0 : 1
            textLabel.lineBreakMode = wrap ? .wordWrapping : .truncatingTail
        }
    }

    public required init() {
        super.init()
        textLabel.style = .dim
    }

    public override func prepareForReuse() {
        super.prepareForReuse()
        resetAttributesToDefaults()
    }

    public static var inspectableAttributes: [InspectableAttribute<SectionFooter>] {
        [
            .init("text", \.text, summary: "the footer's text, dim"),
            .init("alignment", \.alignment, summary: "left, center or right"),
            .init("wrap", \.wrap, summary: "wrap long text instead of truncating it"),
        ]
    }
}
