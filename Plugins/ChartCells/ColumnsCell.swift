import CellKit

/// A row of aligned columns, on the SDK's ``ColumnLayout`` and ``ColumnsView``:
///
/// ```
/// row ColumnsCell values=["#", Name, Born] widths="4,*,6" align="right,left,right" header=true
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
    /// The texts, one per column: `values=[1, "Ada Lovelace", 1815]`, or one
    /// string split at bars, `values="1|Ada Lovelace|1815"` (`\|` for a bar
    /// in a text).
    public var values: [String] = [] {
        didSet {
            if values.count != oldValue.count { needsLayout = true }
            for (i, label) in columns.labels.enumerated() where i < values.count || i < oldValue.count {
                label.text = i < values.count ? values[i] : ""
            }
        }
    }
    /// The columns' widths, comma-separated: a number of columns (`4`), `*`
    /// for a share of what is left, `2*` for twice the share. Empty: all `*`.
    public private(set) var widths = ""
    /// The columns' alignments, comma-separated: `left`, `center`, `right`.
    public private(set) var align = ""
    /// The box style of the lines between columns; `none` draws none.
    public var divider: BoxStyle = .none {
        didSet {
            columns.divider = divider
            needsLayout = true
        }
    }
    /// Whether the texts are bold, as a header row over the rows below.
    public var header = false {
        didSet {
            guard header != oldValue else { return }
            for label in columns.labels { label.style = header ? .bold : .plain }
        }
    }

    let columns = ColumnsView()
    /// What ``widths`` and ``align`` say, parsed when they are set (never
    /// when a row is drawn).
    private var widthList: [ColumnLayout.Width] = []
    private var alignList: [TextAlignment] = []
    /// The last non-empty `widths` and `align` texts and what they parsed to:
    /// a reused cell is reset and given the same texts row after row.
    private var parsedWidths: (text: String, list: [ColumnLayout.Width]) = ("", [])
    private var parsedAlign: (text: String, list: [TextAlignment]) = ("", [])
    /// Whether the columns view's layout may no longer match the attributes
    /// (checked, without allocating, before the cell is measured or laid out).
    private var needsLayout = true

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
        guard text != widths else { return }
        if text.isEmpty {
            widthList = []
        } else if text == parsedWidths.text {
            widthList = parsedWidths.list
        } else {
            widthList = try Self.parseWidths(text)
            parsedWidths = (text, widthList)
        }
        widths = text
        needsLayout = true
    }

    /// Sets ``align``, checking it: `left,center,right`.
    public func setAlign(_ text: String) throws(ValueError) {
        guard text != align else { return }
        if text.isEmpty {
            alignList = []
        } else if text == parsedAlign.text {
            alignList = parsedAlign.list
        } else {
            alignList = try Self.parseAlignments(text)
            parsedAlign = (text, alignList)
        }
        align = text
        for (i, label) in columns.labels.enumerated() { label.alignment = i < alignList.count ? alignList[i] : .left }
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

    /// The columns' layout as the attributes say: as many columns as the
    /// longer of `values` and `widths`, missing widths `*`. A table joins its
    /// borders and rules to these columns' dividers.
    public override var columnLayout: ColumnLayout? {
        syncLayout()
        return columns.layout
    }

    /// The lines between the columns, for the table's junctions.
    public override var columnDivider: BoxStyle { divider }

    /// A header row: the table draws a rule under it.
    public override var isHeaderRow: Bool { header }

    /// Brings the columns view's layout in line with the attributes; the
    /// labels of new columns get their text, alignment and style.
    private func syncLayout() {
        guard needsLayout else { return }
        needsLayout = false
        let count = max(values.count, widthList.count)
        let gap = divider.isNone ? 2 : 3
        let current = columns.layout
        var same = current.gap == gap && current.columns.count == count
        if same {
            for i in 0..<count where current.columns[i] != (i < widthList.count ? widthList[i] : .flexible()) {
                same = false
                break
            }
        }
        guard !same else { return }
        columns.layout = ColumnLayout(
            (0..<count).map { $0 < widthList.count ? widthList[$0] : .flexible() }, gap: gap)
        for (i, label) in columns.labels.enumerated() {
            label.text = i < values.count ? values[i] : ""
            label.alignment = i < alignList.count ? alignList[i] : .left
            label.style = header ? .bold : .plain
        }
    }

    public override func sizeThatFits(_ size: Size) -> Size {
        syncLayout()
        return super.sizeThatFits(size)
    }

    public override func layoutSubviews() {
        syncLayout()
        super.layoutSubviews()
    }

    public static var inspectableAttributes: [InspectableAttribute<ColumnsCell>] {
        [
            .init(
                "values", summary: "the texts, one per column: [1, \"Ada Lovelace\", 1815] or 1|Ada Lovelace|1815",
                get: { $0.values }, set: { $0.values = $1 }),
            .init(
                "widths", type: .string,
                summary: "the columns' widths, comma-separated: 4 (columns), * (a share), 2* (twice the share)",
                get: { .string($0.widths) },
                set: { cell, value throws(ValueError) in try cell.setWidths(value.description) }),
            .init(
                "align", type: .string, summary: "the columns' alignments, comma-separated: left,left,right",
                get: { .string($0.align) },
                set: { cell, value throws(ValueError) in try cell.setAlign(value.description) }),
            .init(
                "divider", summary: "lines between columns: none, ascii, light, rounded, heavy, double",
                get: { $0.divider }, set: { $0.divider = $1 }),
            .init(
                "header", summary: "bold texts, for a header row over the rows below", get: { $0.header },
                set: { $0.header = $1 }),
        ]
    }
}
