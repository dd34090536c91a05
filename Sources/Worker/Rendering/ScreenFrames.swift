@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginRuntime
import WorkerProtocol

/// The drawing half of `show`: a viewport over the screen's table or
/// collection, and each frame drawn, encoded as ANSI, with its status line.
/// Runs where plugin code may run.
final class ScreenFrames {
    let screen: Screen
    let colors: ColorMode
    let dataSource: ScreenDataSource
    let content: any ScrollableContent
    let rows: RowLocator?
    let viewport: Viewport
    /// Whether some of its rows are a data source's estimate, being counted
    /// (the status line says "at most", and that it is counting).
    var counting = false
    private let canvas = Canvas(width: 0, height: 0)

    init(screen: Screen, host: PluginHost, colors: ColorMode, size: TerminalSize, breadcrumb: Breadcrumb? = nil) {
        self.screen = screen
        self.colors = colors
        dataSource = ScreenDataSource(screen: screen, host: host)
        dataSource.breadcrumb = breadcrumb
        content = dataSource.makeView()
        rows = (content as? TableView).map { RowLocator(table: $0, screen: screen) }
        viewport = Viewport(content: content, width: 1, height: 1)
        viewport.resize(width: contentWidth(size), height: contentHeight(size))
    }

    /// Moves to where `previous` (a view of the same screen before its data
    /// or its plugins changed) was: its end if it was at its end (a log that
    /// grows is followed), else its first row, as far as there are rows.
    func keepPosition(of previous: ScreenFrames) {
        if previous.viewport.isAtBottom && previous.viewport.topPiece > 0 {
            viewport.scrollToBottom()
        } else if previous.viewport.topPiece > 0 {
            viewport.scroll(toPiece: min(previous.viewport.topPiece, max(0, viewport.pieceCount - 1)))
        }
    }

    /// Scrolls (or resizes to `size`).
    func apply(_ action: ViewAction, size: TerminalSize) {
        resize(size)
        switch action {
        case .scroll(let lines): viewport.scroll(by: lines)
        case .pages(let n): viewport.scroll(by: n * max(1, viewport.height - 1))
        case .halfPages(let n): viewport.scroll(by: n * max(1, viewport.height / 2))
        case .top: viewport.scrollToTop()
        case .bottom: viewport.scrollToBottom()
        case .redraw, .suspend, .quit, .ignore: break
        }
    }

    private func resize(_ size: TerminalSize) {
        let width = contentWidth(size)
        let height = contentHeight(size)
        if viewport.width != width || viewport.height != height { viewport.resize(width: width, height: height) }
    }

    private func contentWidth(_ size: TerminalSize) -> Int {
        max(1, screen.width.map { min($0, size.columns) } ?? size.columns)
    }

    private func contentHeight(_ size: TerminalSize) -> Int {
        max(1, size.rows - 1)
    }

    // MARK: - Drawing

    /// One whole frame at `size`: the visible lines, then the status line on the last row.
    func frame(size: TerminalSize) throws -> [UInt8] {
        resize(size)
        let pieces = viewport.draw(into: canvas)
        let drawn = MemoryOutput()
        let writer = ANSIWriter(output: drawn, colorMode: colors)
        try writer.write(canvas)
        try writer.finish()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(drawn.bytes.count + size.rows * 8 + size.columns * 2)
        bytes += Array("\u{1B}[H".utf8)
        var lines = drawn.bytes.split(separator: 0x0A, omittingEmptySubsequences: false)[...]
        for row in 0..<min(viewport.height, size.rows) {
            if row > 0 { bytes += [0x0D, 0x0A] }
            if let line = lines.popFirst() { bytes += line }
            bytes += Array("\u{1B}[0m\u{1B}[K".utf8)
        }
        if size.rows > 1 {
            let status = statusLine(pieces: pieces, columns: size.columns)
            bytes += Array(("\r\n\u{1B}[0;7m" + status + "\u{1B}[0m").utf8)
        }
        return bytes
    }

    /// `Team · rows 120–143 of 10000000 · 1%   ↑↓ PgUp PgDn Home End q`, padded
    /// to the width; the key help goes first when the width is short.
    func statusLine(pieces: Range<Int>, columns: Int) -> String {
        let atEnd = viewport.isAtBottom
        let atTop = viewport.topPiece == 0 && viewport.topLine == 0
        var position: String
        if let rows {
            if rows.total == 0 {
                position = "no rows"
            } else if let visible = rows.visibleRows(pieces: pieces) {
                let total = counting ? "at most \(rows.total) (counting)" : "\(rows.total)"
                position =
                    visible.count == 1
                    ? "row \(visible.lowerBound + 1) of \(total)"
                    : "rows \(visible.lowerBound + 1)–\(visible.upperBound + 1) of \(total)"
            } else {
                position = counting ? "at most \(rows.total) rows (counting)" : "\(rows.total) rows"
            }
        } else {
            let count = screen.rowCount
            position = "\(count) item\(count == 1 ? "" : "s")"
        }
        if atTop && atEnd {
            position += " · all"
        } else if atEnd {
            position += " · end"
        } else if atTop {
            position += " · top"
        } else if viewport.pieceCount > 0 {
            position += " · \(viewport.topPiece * 100 / viewport.pieceCount)%"
        }
        let left = " \(screen.name) · \(position)"
        let right = "↑↓ PgUp PgDn Home End · q quits "
        let leftWidth = TerminalWidth.of(left)
        let rightWidth = TerminalWidth.of(right)
        if leftWidth + 2 + rightWidth <= columns {
            return left + String(repeating: " ", count: columns - leftWidth - rightWidth) + right
        }
        if leftWidth + 5 <= columns {
            let short = "q quits "
            let shortWidth = TerminalWidth.of(short)
            if leftWidth + 2 + shortWidth <= columns {
                return left + String(repeating: " ", count: columns - leftWidth - shortWidth) + short
            }
        }
        return TextLayout.padded(TextLayout.truncated(left, toWidth: columns), toWidth: columns, alignment: .left)
    }
}

/// Which rows of a list screen are on screen: from the table's piece numbers
/// (a row is one piece, headers, footers and separators are others), found
/// by binary search, so the cost does not depend on the number of rows.
struct RowLocator {
    let table: TableView
    /// The number of rows before each section.
    let starts: [Int]
    let total: Int

    init(table: TableView, screen: Screen) {
        self.table = table
        var starts: [Int] = []
        var total = 0
        for section in screen.sections {
            starts.append(total)
            total += section.rows.reduce(0) { $0 + $1.count }
        }
        self.starts = starts
        self.total = total
    }

    /// The index path of row `row` counted over the whole screen.
    func indexPath(ofRow row: Int) -> IndexPath {
        var lo = 0
        var hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= row { lo = mid } else { hi = mid - 1 }
        }
        // Skip empty sections that start at the same row.
        while lo + 1 < starts.count && starts[lo + 1] <= row { lo += 1 }
        return IndexPath(row: row - starts[lo], section: lo)
    }

    private func piece(ofRow row: Int) -> Int {
        table.pieceIndex(of: indexPath(ofRow: row)) ?? Int.max
    }

    /// The first row whose piece is at `piece` or later (`total` if none).
    private func firstRow(atOrAfter piece: Int) -> Int {
        var lo = 0
        var hi = total
        while lo < hi {
            let mid = (lo + hi) / 2
            if self.piece(ofRow: mid) < piece { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The rows (0-based, inclusive) among `pieces`, or `nil` when none is.
    func visibleRows(pieces: Range<Int>) -> ClosedRange<Int>? {
        guard total > 0 else { return nil }
        let first = firstRow(atOrAfter: pieces.lowerBound)
        guard first < total, piece(ofRow: first) < pieces.upperBound else { return nil }
        let last = firstRow(atOrAfter: pieces.upperBound) - 1
        return first...max(first, last)
    }
}
