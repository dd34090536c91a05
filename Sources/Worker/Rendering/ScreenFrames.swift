@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginRuntime
import WorkerProtocol

/// The drawing half of `show`: a viewport over the screen's table or
/// collection, and each frame drawn, encoded as ANSI, with where it is
/// (``ViewStatus``: the session writes the status line). Runs where plugin
/// code may run.
///
/// A list keeps its section's header and its header row on the top lines
/// while the rows under them scroll (``pinnedPieces(top:)``); content wider
/// than the window scrolls sideways; a search's text is highlighted.
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
    /// By section, the nearest header row at or before each row source's
    /// first row (``headerRow(section:atOrBefore:)``), as far as looked for.
    private var headerRows: [Int: [Int: Int?]] = [:]

    init(screen: Screen, host: PluginHost, colors: ColorMode, size: TerminalSize, breadcrumb: Breadcrumb? = nil) {
        self.screen = screen
        self.colors = colors
        dataSource = ScreenDataSource(screen: screen, host: host)
        dataSource.breadcrumb = breadcrumb
        content = dataSource.makeView()
        rows = (content as? TableView).map { RowLocator(table: $0, screen: screen) }
        viewport = Viewport(content: content, width: 1, height: 1)
        if rows != nil { viewport.pinned = { [unowned self] in self.pinnedPieces(top: $0) } }
        resize(size)
    }

    /// Moves to where `previous` (a view of the same screen before its data
    /// or its plugins changed) was: its end if it was at its end (a log that
    /// grows is followed), else its first row, as far as there are rows; and
    /// to its first column.
    func keepPosition(of previous: ScreenFrames) {
        if previous.viewport.isAtBottom && previous.viewport.topPiece > 0 {
            viewport.scrollToBottom()
        } else if previous.viewport.topPiece > 0 {
            viewport.scroll(toPiece: min(previous.viewport.topPiece, max(0, viewport.pieceCount - 1)))
        }
        viewport.scroll(toColumn: previous.viewport.left)
        viewport.highlight = previous.viewport.highlight
    }

    /// Scrolls (or resizes to `size`).
    func apply(_ action: ViewAction, size: TerminalSize) {
        resize(size)
        switch action {
        case .scroll(let lines): viewport.scroll(by: lines)
        case .pages(let n):
            // The last line of a page is the first of the next under the lines that stay on top, and back.
            for _ in 0..<abs(n) {
                if n > 0 {
                    let last = viewport.place(atLine: viewport.height - 1)
                    viewport.reveal(piece: last.piece, line: last.line)
                } else {
                    viewport.scroll(by: -max(1, viewport.height - 1 - viewport.pinnedLines))
                }
            }
        case .halfPages(let n): viewport.scroll(by: n * max(1, viewport.height / 2))
        case .top: viewport.scrollToTop()
        case .bottom: viewport.scrollToBottom()
        case .sideways(let quarters):
            viewport.scroll(toColumn: viewport.left + quarters * max(1, viewport.windowWidth / 4))
        case .leftEdge: viewport.scroll(toColumn: 0)
        case .rightEdge: viewport.scroll(toColumn: viewport.width)
        case .row(let n):
            guard let rows, rows.total > 0 else { break }
            viewport.reveal(piece: rows.piece(ofRow: max(0, min(n - 1, rows.total - 1))), line: 0)
        case .reveal(let match, let text):
            viewport.highlight = TextPattern(text)
            viewport.reveal(piece: match.place.piece, line: match.place.line)
            let shown = viewport.left..<viewport.left + viewport.windowWidth
            if match.place.column < shown.lowerBound || match.place.column + match.width > shown.upperBound {
                viewport.scroll(toColumn: match.place.column - max(0, viewport.windowWidth - match.width) / 2)
            }
        case .exactCount, .redraw, .suspend, .quit, .ignore: break
        }
    }

    private func resize(_ size: TerminalSize) {
        // A screen of its own width is drawn at it, and scrolls sideways when the window is narrower.
        let width = max(1, screen.width ?? size.columns)
        let height = max(1, size.rows - 1)
        let window = min(width, max(1, size.columns))
        if viewport.width != width || viewport.height != height || viewport.windowWidth != window {
            viewport.resize(width: width, height: height, windowWidth: window)
        }
    }

    // MARK: - Drawing

    /// One frame at `size`: the lines of the view (the session writes the
    /// status line under them), and where it is.
    func frame(size: TerminalSize) throws -> (bytes: [UInt8], status: ViewStatus) {
        resize(size)
        let pieces = viewport.draw(into: canvas)
        let drawn = MemoryOutput()
        let writer = ANSIWriter(output: drawn, colorMode: colors)
        try writer.write(canvas)
        try writer.finish()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(drawn.bytes.count + size.rows * 8)
        bytes += Array("\u{1B}[H".utf8)
        var lines = drawn.bytes.split(separator: 0x0A, omittingEmptySubsequences: false)[...]
        for row in 0..<min(viewport.height, size.rows) {
            if row > 0 { bytes += [0x0D, 0x0A] }
            if let line = lines.popFirst() { bytes += line }
            bytes += Array("\u{1B}[0m".utf8)
            // A line that fills the window leaves the cursor on its last column, which an
            // erase to the end of the line would blank (xterm's and the VT100's pending wrap).
            let full = canvas.width == size.columns && canvas[canvas.width - 1, row] != .blank
            if !full { bytes += Array("\u{1B}[K".utf8) }
        }
        return (bytes, status(pieces: pieces))
    }

    /// Where the view is, with `pieces` on screen.
    func status(pieces: Range<Int>) -> ViewStatus {
        let top = viewport.place(atLine: viewport.pinnedLines)
        return ViewStatus(
            rows: rows?.visibleRows(pieces: pieces), total: rows?.total ?? screen.rowCount, isList: rows != nil,
            counting: counting, atTop: viewport.topPiece == 0 && viewport.topLine == 0, atEnd: viewport.isAtBottom,
            percent: viewport.pieceCount > 0 ? viewport.topPiece * 100 / viewport.pieceCount : 0,
            columns: viewport.left..<viewport.left + viewport.windowWidth, width: viewport.width,
            top: TextPlace(piece: top.piece, line: top.line, column: 0), pieces: pieces,
            pieceCount: viewport.pieceCount)
    }

    // MARK: - Lines that stay on top

    /// The pieces that stay on the top lines while the rows of a section
    /// scroll under them, when piece `top` is the first on screen: the
    /// section's header, and the nearest header row above (a row whose cell
    /// says it heads the rows below it, ``TableViewCell/isHeaderRow``:
    /// `ColumnsCell … header=true`), as spreadsheets freeze a header row.
    func pinnedPieces(top: Int) -> [Int] {
        guard let rows, let last = rows.lastRow(atOrBefore: top) else { return [] }
        let at = rows.indexPath(ofRow: last)
        let section = at.section
        // Only while the section's rows are at the top (not its footer).
        guard top <= rows.piece(ofRow: rows.starts[section] + rows.rows(inSection: section) - 1) else { return [] }
        var pinned: [Int] = []
        if screen.sections[section].title != nil || screen.sections[section].header != nil {
            pinned.append(rows.piece(ofRow: rows.starts[section]) - 1)
        }
        if let header = headerRow(section: section, atOrBefore: at.row) {
            pinned.append(rows.piece(ofRow: rows.starts[section] + header))
        }
        return pinned
    }

    /// The nearest header row of `section` at or before `row`, among the
    /// first rows of its row sources (a `row`, or a run of `rows`), or `nil`.
    private func headerRow(section: Int, atOrBefore row: Int) -> Int? {
        guard let table = content as? TableView else { return nil }
        let firsts = dataSource.starts[section]
        let lo = dataSource.source(holding: row, inSection: section)
        var known = headerRows[section, default: [:]]
        defer { headerRows[section] = known }
        // Look back to the nearest source already looked at, then fill in forward.
        var index = lo
        while index >= 0, known[index] == nil { index -= 1 }
        var nearest: Int? = index >= 0 ? known[index] ?? nil : nil
        for next in (index + 1)..<(lo + 1) {
            let cell = dataSource.tableView(table, cellForRowAt: IndexPath(row: firsts[next], section: section))
            if cell.isHeaderRow { nearest = firsts[next] }
            table.enqueueReusableCell(cell)
            known[next] = .some(nearest)
        }
        return nearest
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

    /// The piece of row `row` (counted over the whole screen).
    func piece(ofRow row: Int) -> Int {
        table.pieceIndex(of: indexPath(ofRow: row)) ?? Int.max
    }

    /// How many rows section `section` has.
    func rows(inSection section: Int) -> Int {
        (section + 1 < starts.count ? starts[section + 1] : total) - starts[section]
    }

    /// The last row whose piece is at or before `piece`, or `nil`.
    func lastRow(atOrBefore piece: Int) -> Int? {
        let next = firstRow(atOrAfter: piece + 1)
        return next > 0 ? next - 1 : nil
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
