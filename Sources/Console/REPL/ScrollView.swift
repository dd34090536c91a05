@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import PluginHost

/// `show` on a terminal: the screen in a scrollable view on the alternate
/// screen, with a status line at the bottom.
///
/// - Only the rows in view are drawn (the SDK's ``Viewport``), so a screen of
///   ten million rows opens and scrolls as fast as one of ten.
/// - Each frame is written in one piece: the cursor goes home, every line is
///   overwritten and cleared to its end; nothing flickers.
/// - A resize redraws at the new size at once: SIGWINCH interrupts the wait
///   for a key, and the size is also checked twice a second in case the
///   signal raced with the wait.
/// - The terminal is given back as it was on every way out: `q`, an error, and
///   the signals the REPL handles (``AlternateScreen``, ``SavedTerminalMode``).
///
/// Keys: ↑/↓ or k/j a line; PgUp/PgDn, b/Space, Ctrl-B/Ctrl-F a page; Ctrl-U/
/// Ctrl-D half a page; Home/End or g/G the ends; Ctrl-L redraws; Ctrl-Z
/// suspends; q, Esc or Ctrl-C leave.
final class ScrollView {
    let screen: Screen
    let host: PluginHost
    let terminal: Terminal
    let colors: ColorMode
    /// The descriptor signal handlers write to, to leave the alternate screen
    /// (-1 for a terminal without one, such as a test terminal).
    let descriptor: Int32
    /// How often the size is checked while no key comes.
    var pollInterval: Duration = .milliseconds(500)

    /// Cells that could not be drawn (their rows show the error), for the REPL to report.
    private(set) var cellErrors: [String] = []
    /// How many frames were written (for tests).
    private(set) var frameCount = 0

    init(screen: Screen, host: PluginHost, terminal: Terminal, colors: ColorMode, descriptor: Int32 = -1) {
        self.screen = screen
        self.host = host
        self.terminal = terminal
        self.colors = colors
        self.descriptor = descriptor
    }

    /// What a key does.
    enum Action: Equatable {
        case scroll(lines: Int)
        case pages(Int)
        case halfPages(Int)
        case top
        case bottom
        case redraw
        case suspend
        case quit
        case ignore
    }

    static func action(for key: Key) -> Action {
        switch key {
        case .character("q"), .character("Q"), .escape, .control("c"): .quit
        case .down, .character("j"), .enter, .control("n"), .control("e"): .scroll(lines: 1)
        case .up, .character("k"), .control("p"), .control("y"): .scroll(lines: -1)
        case .pageDown, .character(" "), .character("f"), .control("f"): .pages(1)
        case .pageUp, .character("b"), .control("b"): .pages(-1)
        case .control("d"), .character("d"): .halfPages(1)
        case .control("u"), .character("u"): .halfPages(-1)
        case .home, .character("g"), .character("<"): .top
        case .end, .character("G"), .character(">"): .bottom
        case .control("l"): .redraw
        case .control("z"): .suspend
        default: .ignore
        }
    }

    /// Shows the view until the user leaves it.
    func run() throws {
        let dataSource = ScreenDataSource(screen: screen, host: host)
        let content = dataSource.makeView()
        let rows = (content as? TableView).map { RowLocator(table: $0, screen: screen) }
        let reader = KeyReader(terminal: terminal)
        defer { cellErrors = dataSource.errors }
        try withExtendedLifetime(dataSource) {
            try terminal.withRawMode {
                try terminal.write(AlternateScreen.enterSequence)
                AlternateScreen.didEnter(descriptor: descriptor)
                defer {
                    AlternateScreen.willLeave()
                    try? terminal.write(AlternateScreen.leaveSequence)
                }
                var size = terminal.size
                let viewport = Viewport(content: content, width: contentWidth(size), height: contentHeight(size))
                let canvas = Canvas(width: 0, height: 0)
                var needsDraw = true
                while true {
                    let current = terminal.size
                    if current != size {
                        size = current
                        viewport.resize(width: contentWidth(size), height: contentHeight(size))
                        needsDraw = true
                    }
                    if needsDraw && !reader.hasKeyReady() {
                        try terminal.write(frame(viewport, canvas: canvas, rows: rows, size: size))
                        frameCount += 1
                        needsDraw = false
                    }
                    guard let event = try reader.next(timeout: pollInterval) else { continue }
                    switch event {
                    case .endOfInput:
                        return
                    case .interrupted:
                        needsDraw = true  // a resize, or back from a stop
                    case .key(let key):
                        switch Self.action(for: key) {
                        case .quit: return
                        case .scroll(let lines): viewport.scroll(by: lines)
                        case .pages(let n): viewport.scroll(by: n * max(1, viewport.height - 1))
                        case .halfPages(let n): viewport.scroll(by: n * max(1, viewport.height / 2))
                        case .top: viewport.scrollToTop()
                        case .bottom: viewport.scrollToBottom()
                        case .redraw: break
                        case .suspend: try suspend()
                        case .ignore: continue
                        }
                        needsDraw = true
                    }
                }
            }
        }
    }

    /// Ctrl-Z: the normal screen and mode back, stop, and come back on `fg`.
    private func suspend() throws {
        AlternateScreen.willLeave()
        try terminal.write(AlternateScreen.leaveSequence)
        try terminal.suspend()
        try terminal.write(AlternateScreen.enterSequence)
        AlternateScreen.didEnter(descriptor: descriptor)
    }

    private func contentWidth(_ size: TerminalSize) -> Int {
        max(1, screen.width.map { min($0, size.columns) } ?? size.columns)
    }

    private func contentHeight(_ size: TerminalSize) -> Int {
        max(1, size.rows - 1)
    }

    // MARK: - Drawing

    /// One whole frame: the visible lines, then the status line on the last row.
    func frame(_ viewport: Viewport, canvas: Canvas, rows: RowLocator?, size: TerminalSize) throws -> [UInt8] {
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
            let status = statusLine(viewport, pieces: pieces, rows: rows, columns: size.columns)
            bytes += Array(("\r\n\u{1B}[0;7m" + status + "\u{1B}[0m").utf8)
        }
        return bytes
    }

    /// `Team · rows 120–143 of 10000000 · 1%   ↑↓ PgUp PgDn Home End q`, padded
    /// to the width; the key help goes first when the width is short.
    func statusLine(_ viewport: Viewport, pieces: Range<Int>, rows: RowLocator?, columns: Int) -> String {
        let atEnd = viewport.isAtBottom
        let atTop = viewport.topPiece == 0 && viewport.topLine == 0
        var position: String
        if let rows {
            if rows.total == 0 {
                position = "no rows"
            } else if let visible = rows.visibleRows(pieces: pieces) {
                position =
                    visible.count == 1
                    ? "row \(visible.lowerBound + 1) of \(rows.total)"
                    : "rows \(visible.lowerBound + 1)–\(visible.upperBound + 1) of \(rows.total)"
            } else {
                position = "\(rows.total) rows"
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
