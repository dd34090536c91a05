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
    public var values: [String] {
        get { state.values }
        set {
            let oldCount = state.values.count
            state.values = newValue
            if newValue.count != oldCount { syncLayout() }
            let labels = columns.labels
            for i in 0..<min(labels.count, max(newValue.count, oldCount)) {
                labels[i].text = i < newValue.count ? newValue[i] : ""
            }
        }
    }
    /// The columns' widths, comma-separated: a number of columns (`4`), `*`
    /// for a share of what is left, `2*` for twice the share. Empty: all `*`.
    public var widths: String { state.widths }
    /// The columns' alignments, comma-separated: `left`, `center`, `right`.
    public var align: String { state.align }
    /// The box style of the lines between columns; `none` draws none.
    public var divider: BoxStyle {
        get { state.divider }
        set {
            // (Set again on every row a binding draws: the same style changes nothing.)
            guard newValue != state.divider else { return }
            state.divider = newValue
            columns.divider = newValue
            syncLayout()
        }
    }
    /// Whether the texts are bold, as a header row over the rows below.
    public var header: Bool {
        get { state.header }
        set {
            guard newValue != state.header else { return }
            state.header = newValue
            for label in columns.labels { label.style = newValue ? .bold : .plain }
        }
    }

    /// Everything the attributes set, in one private value, without the
    /// run-time exclusivity check each access to a class's stored property
    /// otherwise makes (the attribute on `state`: a cell reused for a million
    /// data-bound rows is set five times a row, and the checks were 5% of a
    /// bound render's time). Safe because every access is instantaneous: a
    /// field is read, or assigned whole, and no access to `state` is held
    /// across a call (docs/unsafe-code.md).
    private struct State {
        var values: [String] = []
        var widths = ""
        var align = ""
        var divider: BoxStyle = .none
        var header = false
        /// What ``widths`` and ``align`` say, parsed when they are set (never
        /// when a row is drawn).
        var widthList: [ColumnLayout.Width] = []
        var alignList: [TextAlignment] = []
        /// The last non-empty `widths` and `align` texts and what they parsed to:
        /// a reused cell is reset and given the same texts row after row.
        var parsedWidths: (text: String, list: [ColumnLayout.Width]) = ("", [])
        var parsedAlign: (text: String, list: [TextAlignment]) = ("", [])
    }
    @exclusivity(unchecked) private var state = State()

    let columns = ColumnsView()

    public required init() {
        super.init()
        columns.pinEdges()
        contentView.addSubview(columns)
    }

    public override func prepareForReuse() {
        super.prepareForReuse()
        resetAttributesToDefaults()
    }

    /// A binding's constants (`rows ColumnsCell … widths=8,* divider=light`)
    /// are set once, not on every row: the reuse above leaves them to the
    /// console, and no attribute's setter changes another's value.
    public override class var keepsAttributesBetweenRows: Bool { true }

    /// Sets ``widths``, checking it: `4,*,2*`.
    public func setWidths(_ text: String) throws(ValueError) {
        guard text != state.widths else { return }
        if text.isEmpty {
            state.widthList = []
        } else if text == state.parsedWidths.text {
            state.widthList = state.parsedWidths.list
        } else {
            state.widthList = try Self.parseWidths(text)
            state.parsedWidths = (text, state.widthList)
        }
        state.widths = text
        syncLayout()
    }

    /// Sets ``align``, checking it: `left,center,right`.
    public func setAlign(_ text: String) throws(ValueError) {
        guard text != state.align else { return }
        if text.isEmpty {
            state.alignList = []
        } else if text == state.parsedAlign.text {
            state.alignList = state.parsedAlign.list
        } else {
            state.alignList = try Self.parseAlignments(text)
            state.parsedAlign = (text, state.alignList)
        }
        state.align = text
        let alignList = state.alignList
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
    public override var columnLayout: ColumnLayout? { columns.layout }

    /// The lines between the columns, for the table's junctions.
    public override var columnDivider: BoxStyle { divider }

    /// A header row: the table draws a rule under it.
    public override var isHeaderRow: Bool { header }

    /// Brings the columns view's layout in line with the attributes; the
    /// labels of new columns get their text, alignment and style. Called by
    /// each setter that may change the layout (the number of values, the
    /// widths, the divider), so that the cell is always laid out as its
    /// attributes say, and needs no `sizeThatFits` or `layoutSubviews` of
    /// its own (each a call through the SDK's method lookup, every row).
    private func syncLayout() {
        let (values, widthList, alignList) = (state.values, state.widthList, state.alignList)
        let count = max(values.count, widthList.count)
        let gap = state.divider.isNone ? 2 : 3
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
            label.style = state.header ? .bold : .plain
        }
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
