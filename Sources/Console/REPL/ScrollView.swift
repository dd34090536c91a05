import CellKit
import CellKitSupport
import Glibc
import PluginHost

/// `show` on a terminal: the screen in a scrollable view that draws only the
/// visible rows (so a screen over millions of rows opens at once), follows
/// terminal resizes, and gives the terminal back as it found it.
///
/// Keys: ↑/↓ or j/k a line, PgUp/PgDn or Space/b a page, Home/End or g/G the
/// ends, q or Esc to leave.
final class ScrollView {
    let screen: Screen
    let host: PluginHost
    let terminal: Terminal

    init(screen: Screen, host: PluginHost, terminal: Terminal) {
        self.screen = screen
        self.host = host
        self.terminal = terminal
    }

    static let enter = "\u{1B}[?1049h\u{1B}[?25l"
    static let leave = "\u{1B}[?25h\u{1B}[?1049l"

    /// Leaves the alternate screen (safe in a signal handler).
    static func leaveAlternateScreen() {
        let bytes: StaticString = "\u{1B}[?25h\u{1B}[?1049l"
        _ = write(1, bytes.utf8Start, bytes.utf8CodeUnitCount)
    }

    func run() throws(ConsoleError) {
        let dataSource = ScreenDataSource(screen: screen, host: host)
        let content = dataSource.makeView()
        let reader = KeyReader(terminal: terminal)
        do {
            try terminal.withRawMode { () throws -> Void in
                try terminal.write(Self.enter)
                defer { try? terminal.write(Self.leave) }
                var size = terminal.size
                let viewport = Viewport(
                    content: content, width: screen.width.map { min($0, size.columns) } ?? size.columns,
                    height: max(1, size.rows - 1))
                let canvas = Canvas(width: 0, height: 0)
                let colors = ColorMode.detect(environment: Environment.current().variables, isTerminal: true)
                while true {
                    try draw(viewport, canvas: canvas, colors: colors, rows: size.rows)
                    let event = try reader.next()
                    let newSize = terminal.size
                    if newSize != size {
                        size = newSize
                        viewport.resize(
                            width: screen.width.map { min($0, size.columns) } ?? size.columns, height: max(1, size.rows - 1))
                    }
                    guard case .key(let key) = event else {
                        if event == .endOfInput { return }
                        continue
                    }
                    switch key {
                    case .character("q"), .escape, .control("c"): return
                    case .down, .character("j"), .enter: viewport.scroll(by: 1)
                    case .up, .character("k"): viewport.scroll(by: -1)
                    case .pageDown, .character(" "), .character("f"): viewport.scroll(by: viewport.height)
                    case .pageUp, .character("b"): viewport.scroll(by: -viewport.height)
                    case .home, .character("g"): viewport.scrollToTop()
                    case .end, .character("G"): viewport.scrollToBottom()
                    default: break
                    }
                }
            }
        } catch {
            throw ConsoleError(
                .io, Diagnostic(message: "the terminal failed: \(error)", location: SourceLocation(file: "<show>", line: 1, column: 1)))
        }
    }

    private func draw(_ viewport: Viewport, canvas: Canvas, colors: ColorMode, rows: Int) throws {
        let pieces = viewport.draw(into: canvas)
        let out = MemoryOutput()
        let writer = ANSIWriter(output: out, colorMode: colors)
        try writer.write(canvas)
        try writer.finish()
        var frame = "\u{1B}[H"
        let lines = out.string.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines.prefix(viewport.height) { frame += line + "\u{1B}[K\r\n" }
        let status =
            " \(screen.title ?? screen.name) · pieces \(pieces.lowerBound + 1)–\(pieces.upperBound) of \(viewport.pieceCount)"
            + (viewport.isAtBottom ? " (end)" : "") + " · ↑↓ PgUp PgDn Home End · q quits"
        frame += "\u{1B}[7m" + TextLayout.truncated(status, toWidth: viewport.width) + "\u{1B}[K\u{1B}[0m"
        try terminal.write(frame)
    }
}
