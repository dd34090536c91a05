extension TextLayout {
    /// `text` truncated with `…` to at most `width` columns, and the columns it
    /// takes — or nothing when `width` is below `minimum` columns (and below the
    /// text's own width): a word cut to one or two letters says less than none.
    ///
    /// ```swift
    /// TextLayout.fitted("Temperature", toWidth: 6)              // ("Tempe…", 6)
    /// TextLayout.fitted("Temperature", toWidth: 2, minimum: 3)  // ("", 0)
    /// ```
    public static func fitted(
        _ text: String, toWidth width: Int, minimum: Int = 1, mode: TruncationMode = .tail
    ) -> (text: String, width: Int) {
        guard width > 0, !text.isEmpty else { return ("", 0) }
        if width < minimum && width < TerminalWidth.of(text) { return ("", 0) }
        let cut = truncated(text, toWidth: width, mode: mode)
        let columns = TerminalWidth.of(cut)
        return columns <= width ? (cut, columns) : ("", 0)
    }
}
