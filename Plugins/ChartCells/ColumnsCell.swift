import CellKit

/// A row of aligned columns, on the SDK's ``ColumnLayout`` and ``ColumnsView``:
///
/// ```
/// row ColumnsCell values="#|Name|Born" widths="4,*,6" align="right,left,right" header=true
/// row ColumnsCell values="1|Ada Lovelace|1815" widths="4,*,6" align="right,left,right"
/// ```
/// ```
///    # │ Name                              │   Born
///    1 │ Ada Lovelace                      │   1815
/// ```
///
/// Rows with the same `widths` line up at any width. There are as many
/// columns as the longer of `values` and `widths`; missing widths are `*`,
/// missing alignments `left`. Columns are 2 apart, or 3 with a divider drawn
/// in the middle of the gap. Texts that do not fit truncate with `…`;
/// columns that do not fit at all get no room, from the right.
public final class ColumnsCell: TableViewCell, Reusable, Inspectable {
    /// The texts, `|`-separated (`\|` for a bar in a text).
    public var values = "" { didSet { update() } }
    /// The columns' widths, comma-separated: a number of columns (`4`), `*`
    /// for a share of what is left, `2*` for twice the share. Empty: all `*`.
    public private(set) var widths = ""
    /// The columns' alignments, comma-separated: `left`, `center`, `right`.
    public private(set) var align = ""
    /// The box style of the lines between columns; `none` draws none.
    public var divider: BoxStyle = .none { didSet { update() } }
    /// Whether the texts are bold, as a header row over the rows below.
    public var header = false { didSet { update() } }

    let columns = ColumnsView()
    private var widthList: [ColumnLayout.Width] = []
    private var alignList: [TextAlignment] = []

    public required init() {
        super.init()
        columns.pinEdges()
        contentView.addSubview(columns)
    }

    public override func prepareForReuse() {
        super.prepareForReuse()
        resetAttributesToDefaults()
    }

    /// Sets ``widths``, checking it: `4,*,2*`.
    public func setWidths(_ text: String) throws(ValueError) {
        widthList = try Self.parseWidths(text)
        widths = text
        update()
    }

    /// Sets ``align``, checking it: `left,center,right`.
    public func setAlign(_ text: String) throws(ValueError) {
        alignList = try Self.parseAlignments(text)
        align = text
        update()
    }

    static func parseWidths(_ text: String) throws(ValueError) -> [ColumnLayout.Width] {
        var result: [ColumnLayout.Width] = []
        for item in ListSyntax.split(text, at: ",") {
            if let n = Int(item), n >= 0 {
                result.append(.fixed(n))
            } else if item.hasSuffix("*"), let weight = item == "*" ? 1 : Int(item.dropLast()), weight >= 1 {
                result.append(.flexible(weight: weight))
            } else {
                throw ValueError(
                    "'\(item)' is not a column width",
                    fix: "write a number of columns (4), * for a share of the rest, or 2* for twice the share: 4,*,6")
            }
        }
        return result
    }

    static func parseAlignments(_ text: String) throws(ValueError) -> [TextAlignment] {
        var result: [TextAlignment] = []
        let names = TextAlignment.allCases.map(\.rawValue)
        for item in ListSyntax.split(text, at: ",") {
            guard let alignment = TextAlignment(rawValue: item.lowercased()) else {
                throw ValueError(
                    "'\(item)' is not an alignment",
                    fix: Suggestions.nearest(to: item, in: names).map { "did you mean '\($0)'?" }
                        ?? "write left, center or right for each column: left,left,right")
            }
            result.append(alignment)
        }
        return result
    }

    /// Puts the attributes into the columns view.
    private func update() {
        let texts = ListSyntax.split(values, at: "|")
        let count = max(texts.count, widthList.count)
        let layoutWidths = (0..<count).map { $0 < widthList.count ? widthList[$0] : .flexible() }
        columns.layout = ColumnLayout(layoutWidths, gap: divider.isNone ? 2 : 3)
        columns.divider = divider
        for (i, label) in columns.labels.enumerated() {
            label.text = i < texts.count ? texts[i] : ""
            label.alignment = i < alignList.count ? alignList[i] : .left
            label.style = header ? .bold : .plain
        }
    }

    public static var inspectableAttributes: [InspectableAttribute<ColumnsCell>] {
        [
            .init("values", \.values, summary: "the texts, |-separated: 1|Ada Lovelace|1815 (\\| for a bar)"),
            .init(
                "widths", type: .string,
                summary: "the columns' widths, comma-separated: 4 (columns), * (a share), 2* (twice the share)",
                get: { .string($0.widths) },
                set: { cell, value throws(ValueError) in try cell.setWidths(value.description) }),
            .init(
                "align", type: .string, summary: "the columns' alignments, comma-separated: left,left,right",
                get: { .string($0.align) },
                set: { cell, value throws(ValueError) in try cell.setAlign(value.description) }),
            .init("divider", \.divider, summary: "lines between columns: none, ascii, light, rounded, heavy, double"),
            .init("header", \.header, summary: "bold texts, for a header row over the rows below"),
        ]
    }
}
