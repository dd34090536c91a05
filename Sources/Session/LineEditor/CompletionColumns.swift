@_spi(Host) import CellKit

/// Lays out completion candidates in columns, like `ls`: filled column by
/// column, each column as wide as the widest candidate plus two spaces, as
/// many columns as fit in the width (at least one).
enum CompletionColumns {
    /// The rows of text to print, without line ends.
    static func rows(for candidates: [String], width: Int) -> [String] {
        guard !candidates.isEmpty else { return [] }
        let shown = candidates.map(displayable)
        let widths = shown.map { TerminalWidth.of($0) }
        let columnWidth = (widths.max() ?? 0) + 2
        // Keep the last column free of text so nothing wraps.
        let usable = max(1, width - 1)
        let columns = max(1, min(shown.count, (usable + 2) / columnWidth))
        let rowCount = (shown.count + columns - 1) / columns
        var rows: [String] = []
        for row in 0..<rowCount {
            var line = ""
            for column in 0..<columns {
                let index = column * rowCount + row
                guard index < shown.count else { break }
                line += shown[index]
                let isLast = column == columns - 1 || index + rowCount >= shown.count
                if !isLast {
                    line += String(repeating: " ", count: columnWidth - widths[index])
                }
            }
            rows.append(line)
        }
        return rows
    }

    /// Control characters would move the cursor; show them as `?`.
    private static func displayable(_ candidate: String) -> String {
        String(
            String.UnicodeScalarView(
                candidate.unicodeScalars.map {
                    $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) ? "?" : $0
                }))
    }
}
