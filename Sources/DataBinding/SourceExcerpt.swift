/// The part of a long source line an error shows: about
/// ``SourceExcerpt/width`` characters around the error's column, `…` where
/// the line goes on, and the caret's column in that part (a one-line JSON
/// array of a million records is one line of 95 MB).
struct SourceExcerpt {
    /// The most characters shown of a line.
    static let width = 120
    /// How many of them come before the error's column, when the line is cut.
    static let before = 40

    /// What is shown.
    let text: String
    /// The caret's column in ``text``; `nil` when ``text`` is the whole line.
    let column: Int?

    /// The excerpt of `line` for column `column` (of `line`), without its
    /// first `hidden` characters (text a chunk adds before the file's);
    /// `continues` says the file's line starts before `line` does.
    init(_ line: String, column: Int, hidden: Int = 0, continues: Bool = false) {
        var rest = Substring(line).dropFirst(hidden)
        var column = max(1, column - hidden)
        guard continues || !rest.dropFirst(Self.width).isEmpty else {
            (text, self.column) = (line, hidden == 0 ? nil : column)
            return
        }
        var lead = continues
        let start = max(0, column - 1 - Self.before)
        if start > 0 {
            rest = rest.dropFirst(start)
            column -= start
            lead = true
        }
        let tail = !rest.dropFirst(Self.width).isEmpty
        if tail { rest = rest.prefix(Self.width) }
        text = (lead ? "…" : "") + rest + (tail ? "…" : "")
        self.column = column + (lead ? 1 : 0)
    }
}
