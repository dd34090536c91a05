@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import WorkerProtocol

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

    /// What a key does.
    typealias Action = ViewAction

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
