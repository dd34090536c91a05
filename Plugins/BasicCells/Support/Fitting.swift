import CellKit

/// Text cut to a number of terminal columns.
enum Fitting {
    /// `text` truncated with `…` to at most `width` columns, and the columns
    /// it takes; empty when `width` is below `minimum` columns (or below the
    /// text's own width, if that is smaller).
    static func fit(
        _ text: String, _ width: Int, minimum: Int = 1, mode: TruncationMode = .tail
    ) -> (text: String, width: Int) {
        guard width > 0, !text.isEmpty else { return ("", 0) }
        if width < minimum && width < TerminalWidth.of(text) { return ("", 0) }
        let cut = TextLayout.truncated(text, toWidth: width, mode: mode)
        let columns = TerminalWidth.of(cut)
        return columns <= width ? (cut, columns) : ("", 0)
    }

    /// The width of the label column in a row `width` wide, for a label
    /// `natural` columns wide: 12 columns, or the next multiple of 8 for
    /// longer labels, so rows with similar labels line up; never more than
    /// 2/5 of the row. A positive `fixed` width is used as it is.
    static func labelColumn(natural: Int, width: Int, fixed: Int) -> Int {
        guard natural > 0 else { return 0 }
        if fixed > 0 { return min(fixed, width) }
        let stop = natural <= 12 ? 12 : (natural + 7) / 8 * 8
        return min(stop, width * 2 / 5)
    }

    /// Splits `room` columns of a row `width` wide between a label column
    /// (see ``labelColumn(natural:width:fixed:)``) and, one column after it,
    /// a bar. A bar narrower than `minimumBar` is left out and the label
    /// takes the room; without a label the bar takes it all.
    static func labelAndBar(
        room: Int, labelNatural: Int, width: Int, fixed: Int, minimumBar: Int
    ) -> (label: Int, bar: Int) {
        let label = max(0, min(room, labelColumn(natural: labelNatural, width: width, fixed: max(0, fixed))))
        guard label > 0 else { return (0, max(0, room)) }
        let bar = room - label - 1
        return bar < minimumBar ? (room, 0) : (label, bar)
    }
}
