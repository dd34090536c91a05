@_spi(Host) import CellKit

/// Columns of plain text, left-aligned, two spaces apart, widths by terminal columns.
enum TextTable {
    static func format(_ rows: [[String]], header: Bool = true) -> String {
        let count = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: count)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], TerminalWidth.of(cell)) }
        }
        return rows.map { row in
            var line = ""
            for (i, cell) in row.enumerated() {
                line += i == row.count - 1 ? cell : TextLayout.padded(cell, toWidth: widths[i], alignment: .left) + "  "
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
