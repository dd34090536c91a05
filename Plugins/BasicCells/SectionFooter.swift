import CellKit

/// A section's footer: small, dim text, left-aligned by default.
///
/// ```
/// Updated 09:41 · 3 sources
/// ```
///
/// Its attributes are those of the standard
/// ``TableViewHeaderFooterView/textLabel``, so a host that fills that label
/// (as a table does for a section's footer title) needs nothing else.
public final class SectionFooter: TableViewHeaderFooterView, Reusable, Inspectable {
    /// The footer's text.
    public var text: String {
        get { textLabel.text }
        set { textLabel.text = newValue }
    }
    /// Where the text sits.
    public var alignment: TextAlignment {
        get { textLabel.alignment }
        set { textLabel.alignment = newValue }
    }
    /// Whether long text wraps onto more lines instead of being truncated.
    public var wrap: Bool {
        get { textLabel.wraps }
        set { textLabel.wraps = newValue }
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
