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
    private(set) var screen: Screen
    /// Draws the frames (where plugin code may run: the worker).
    let frames: any FrameSource
    let terminal: any Terminal
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
    /// `--watch`: files whose change reloads the plugins and redraws the view.
    var watcher: FileWatcher?
    /// What a change does before the view is opened again (reload the plugins).
    var onChange: (() throws -> Void)?
    /// The data files bound with `watch=true`: a change reads them again.
    var dataWatcher: FileWatcher?
    /// Reads the watched data files again: the screen to show now (`nil`:
    /// as it is), and why a file was not taken, for the status line.
    var onDataChange: (() -> (screen: Screen?, error: String?))?
    /// Shown in the status line in place of the position until the next data change.
    private(set) var statusError: String?

    init(screen: Screen, frames: any FrameSource, terminal: any Terminal, colors: ColorMode, descriptor: Int32 = -1) {
        self.screen = screen
        self.frames = frames
        self.terminal = terminal
        self.colors = colors
        self.descriptor = descriptor
    }

    /// A view drawn in this process by `host` (tests, in-process plugins).
    convenience init(
        screen: Screen, host: PluginHost, terminal: any Terminal, colors: ColorMode, descriptor: Int32 = -1
    ) {
        self.init(
            screen: screen, frames: InProcessFrames(host: host), terminal: terminal, colors: colors,
            descriptor: descriptor)
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
        let reader = KeyReader(terminal: terminal)
        var size = terminal.size
        try frames.open(screen, colors: colors, size: size, keepPosition: false)
        defer { cellErrors = frames.close() }
        try terminal.withRawMode {
            try terminal.write(AlternateScreen.enterSequence)
            AlternateScreen.didEnter(descriptor: descriptor)
            defer {
                AlternateScreen.willLeave()
                try? terminal.write(AlternateScreen.leaveSequence)
            }
            var pending: Action? = nil
            var needsDraw = true
            while true {
                let current = terminal.size
                if current != size {
                    size = current
                    needsDraw = true
                }
                if needsDraw && !reader.hasKeyReady() {
                    try terminal.write(frames.frame(after: pending, size: size) + statusOverlay(size))
                    pending = nil
                    frameCount += 1
                    needsDraw = false
                }
                // Watching: the plugins changed on disk; a new worker draws the view again.
                if let watcher, watcher.waitForChange(timeout: 0) {
                    try onChange?()
                    try frames.open(screen, colors: colors, size: size, keepPosition: true)
                    needsDraw = true
                    continue
                }
                // Watching data: the rows are read again (a file that does not check keeps the frame).
                if let dataWatcher, dataWatcher.waitForChange(timeout: 0), let onDataChange {
                    let (changed, error) = onDataChange()
                    statusError = error
                    if let changed {
                        screen = changed
                        try frames.open(screen, colors: colors, size: size, keepPosition: true)
                    }
                    needsDraw = true
                    continue
                }
                let watching = watcher != nil || dataWatcher != nil
                guard let event = try reader.next(timeout: watching ? .milliseconds(100) : pollInterval)
                else { continue }
                switch event {
                case .endOfInput:
                    return
                case .interrupted:
                    needsDraw = true  // a resize, or back from a stop
                case .key(let key):
                    let action = Self.action(for: key)
                    switch action {
                    case .quit: return
                    case .suspend: try suspend()
                    case .ignore: continue
                    default:
                        if pending != nil {
                            // Keys faster than frames: the first is drawn before the next is applied.
                            try frames.apply(pending!, size: size)
                        }
                        pending = action
                    }
                    needsDraw = true
                }
            }
        }
    }

    /// The status error, written over the frame's status line (the last row), in reverse video.
    private func statusOverlay(_ size: TerminalSize) -> [UInt8] {
        guard let statusError, size.rows > 0 else { return [] }
        var text = ""
        var width = 0
        for character in "⚠ " + statusError where character != "\n" {
            let w = max(0, TerminalWidth.of(String(character)))
            guard width + w < size.columns else { break }
            text.append(character)
            width += w
        }
        return Array("\u{1B}[\(size.rows);1H\u{1B}[7m\(text)\u{1B}[0m\u{1B}[K".utf8)
    }

    /// Ctrl-Z: the normal screen and mode back, stop, and come back on `fg`.
    private func suspend() throws {
        AlternateScreen.willLeave()
        try terminal.write(AlternateScreen.leaveSequence)
        try terminal.suspend()
        try terminal.write(AlternateScreen.enterSequence)
        AlternateScreen.didEnter(descriptor: descriptor)
    }

}

/// What draws the frames of `show`: the worker (``WorkerBackend``), or this
/// process (``InProcessFrames``). One view is open at a time.
protocol FrameSource: AnyObject {
    /// Opens a view over `screen` at the top, or (`keepPosition`) where the
    /// open view is: at its end if it was at its end, else at its first row.
    func open(_ screen: Screen, colors: ColorMode, size: TerminalSize, keepPosition: Bool) throws
    /// Applies `action` (if any) at `size`, and draws the frame.
    func frame(after action: ScrollView.Action?, size: TerminalSize) throws -> [UInt8]
    /// Applies `action` without drawing.
    func apply(_ action: ScrollView.Action, size: TerminalSize) throws
    /// Closes the view; returns the cells that could not be drawn.
    func close() -> [String]
}

/// Frames drawn in this process.
final class InProcessFrames: FrameSource {
    let host: PluginHost
    private var view: ScreenFrames?

    init(host: PluginHost) {
        self.host = host
    }

    func open(_ screen: Screen, colors: ColorMode, size: TerminalSize, keepPosition: Bool) throws {
        let previous = keepPosition ? view : nil
        view = ScreenFrames(screen: screen, host: host, colors: colors, size: size)
        if let previous { view?.keepPosition(of: previous) }
    }

    func frame(after action: ScrollView.Action?, size: TerminalSize) throws -> [UInt8] {
        guard let view else { return [] }
        if let action { view.apply(action, size: size) }
        return try view.frame(size: size)
    }

    func apply(_ action: ScrollView.Action, size: TerminalSize) throws {
        view?.apply(action, size: size)
    }

    func close() -> [String] {
        defer { view = nil }
        return view?.dataSource.errors ?? []
    }
}

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
    func apply(_ action: ScrollView.Action, size: TerminalSize) {
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
