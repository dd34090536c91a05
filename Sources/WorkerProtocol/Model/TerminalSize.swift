/// The size of a terminal window, in character cells.
package struct TerminalSize: Equatable, Sendable {
    package var columns: Int
    package var rows: Int

    /// The size assumed when the real one cannot be found.
    package static let fallback = TerminalSize(columns: 80, rows: 24)

    package init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}
