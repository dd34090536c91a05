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
/// Ctrl-D half a page; Home/End or g/G the ends; ←/→ a quarter of the window
/// sideways, 0/$ its edges; `/TEXT` and `?TEXT` search forward and backward,
/// n/N again; `:N` row N; Ctrl-L redraws; Ctrl-Z suspends; q, Esc or Ctrl-C
/// leave. After `/`, `?` or `:` keys are text on the status line until Enter
/// (Esc or Ctrl-C cancel it; Backspace on nothing too).
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
    private(set) var cellErrors: [RenderFailure] = []
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

    /// Where the last frame was.
    private var status: ViewStatus?
    /// The line being typed after `/`, `?` or `:` (its first character), shown on the status line.
    private var prompt: String?
    /// Said on the right of the status line until the next key (a search's outcome).
    private var message: String?
    /// The last search: its text and direction (`n` repeats it, `N` the other way).
    private var lastSearch: (text: String, backward: Bool)?
    /// Where the last search found its text.
    private var lastMatch: TextMatch?
    /// What came while a search ran (keys typed ahead, a resize), handled after it.
    private var typedAhead: [KeyReader.Event] = []
    /// The search that found the match in view, looked through further on
    /// the workers while the view waits for a key: the next `n` (`N` after
    /// `N` or `?`) takes its outcome, found while the match was being read,
    /// or waits only for the rest. It is ended before the workers are asked
    /// anything else (any other key, a resize, a change on disk).
    private var searchAhead: (any BackgroundSearch)?
    /// The search whose match is about to be drawn: the search ahead starts
    /// once it is, when no key has come for ``searchAheadDelay``.
    private var searchAheadDue: (text: String, backward: Bool)?
    /// How long a drawn match waits for a key before the next is looked for.
    var searchAheadDelay: Duration = .milliseconds(100)

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
        case .right: .sideways(quarters: 1)
        case .left: .sideways(quarters: -1)
        case .character("0"): .leftEdge
        case .character("$"): .rightEdge
        case .control("l"): .redraw
        case .control("z"): .suspend
        default: .ignore
        }
    }

    /// The keys that begin a line typed on the status line: a search forward, backward, a row.
    static let promptKeys: Set<Character> = ["/", "?", ":"]

    /// Shows the view until the user leaves it.
    func run() throws {
        let reader = KeyReader(terminal: terminal)
        var size = terminal.size
        try frames.open(screen, colors: colors, size: size, keepPosition: false)
        defer { cellErrors = frames.close() }
        // Leaving the view: a search ahead that failed is not reported (its worker is seen to have ended).
        defer { searchAhead.take()?.end() }
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
                    try endSearchAhead()
                    try draw(after: pending, size: size)
                    pending = nil
                    needsDraw = false
                }
                // Watching: the plugins changed on disk; a new worker draws the view again.
                if let watcher, watcher.waitForChange(timeout: 0) {
                    try endSearchAhead()
                    try onChange?()
                    try frames.open(screen, colors: colors, size: size, keepPosition: true)
                    needsDraw = true
                    continue
                }
                // Watching data: the rows are read again (a file that does not check keeps the frame).
                if let dataWatcher, dataWatcher.waitForChange(timeout: 0), let onDataChange {
                    try endSearchAhead()
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
                let event: KeyReader.Event
                if !typedAhead.isEmpty {
                    event = typedAhead.removeFirst()
                } else if let due = searchAheadDue, !needsDraw {
                    // A match drawn and no key for a moment: it is being read, and the next one is looked
                    // for meanwhile. (Not at once: a key right after the match would wait for the workers.)
                    guard let next = try reader.next(timeout: searchAheadDelay) else {
                        searchAheadDue = nil
                        startSearchAhead(due.text, backward: due.backward)
                        continue
                    }
                    event = next
                } else if let next = try reader.next(timeout: watching ? .milliseconds(100) : pollInterval) {
                    event = next
                } else {
                    continue
                }
                // Only `n` and `N` may take the search ahead's outcome; anything else ends it.
                if prompt != nil || (event != .key(.character("n")) && event != .key(.character("N"))) {
                    try endSearchAhead()
                    searchAheadDue = nil
                }
                switch event {
                case .endOfInput:
                    return
                case .interrupted:
                    needsDraw = true  // a resize, or back from a stop
                case .key(let key) where prompt != nil:
                    // Keys faster than frames: the first is drawn before the line is typed.
                    if let action = pending.take() { try frames.apply(action, size: size) }
                    if let action = try type(key, size: size, reader: reader) { pending = action }
                    needsDraw = true
                case .key(let key):
                    message = nil
                    if case .character(let c) = key, Self.promptKeys.contains(c) {
                        prompt = String(c)
                        needsDraw = true
                        continue
                    }
                    if key == .character("n") || key == .character("N") {
                        guard let lastSearch else {
                            message = "no search to repeat: / searches"
                            needsDraw = true
                            continue
                        }
                        if let action = pending.take() {
                            try endSearchAhead()
                            try frames.apply(action, size: size)
                        }
                        let backward = lastSearch.backward != (key == .character("N"))
                        pending = try search(
                            lastSearch.text, backward: backward, again: true, size: size, reader: reader)
                        needsDraw = true
                        continue
                    }
                    let action = Self.action(for: key)
                    switch action {
                    case .quit: return
                    case .suspend: try suspend()
                    case .ignore: continue
                    default:
                        if let action = pending.take() {
                            // Keys faster than frames: the first is drawn before the next is applied.
                            try frames.apply(action, size: size)
                        }
                        pending = action
                    }
                    needsDraw = true
                }
            }
        }
    }

    /// Draws a frame after `action`, with the status line under it.
    private func draw(after action: Action?, size: TerminalSize) throws {
        let frame = try frames.frame(after: action, size: size)
        if let frameStatus = frame.status { status = frameStatus }
        var bytes = frame.bytes
        if size.rows > 1 { bytes += Array("\r\n".utf8) + statusLineBytes(columns: size.columns) }
        try terminal.write(bytes)
        frameCount += 1
    }

    // MARK: - The line typed on the status line

    /// A key while a line is typed after `/`, `?` or `:`: text, or what ends
    /// the line. Returns what to draw next when the line is done.
    private func type(_ key: Key, size: TerminalSize, reader: KeyReader) throws -> Action? {
        guard var line = prompt else { return nil }
        switch key {
        case .character(let c):
            line.append(c)
        case .paste(let text):
            line += text.filter { !$0.isNewline && !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) }
        case .backspace:
            line.removeLast()
            // Backspace over the `/` itself: nothing typed, as in less.
            if line.isEmpty {
                prompt = nil
                return nil
            }
        case .control("u"):
            line = String(line.prefix(1))
        case .escape, .control("c"), .control("g"):
            prompt = nil
            return nil
        case .enter:
            prompt = nil
            return try submit(line, size: size, reader: reader)
        default:
            break
        }
        prompt = line
        return nil
    }

    /// The line typed is done: `/TEXT`, `?TEXT` or `:N`.
    private func submit(_ line: String, size: TerminalSize, reader: KeyReader) throws -> Action? {
        let kind = line.first
        let text = String(line.dropFirst())
        if kind == ":" { return try jump(text, size: size) }
        let backward = kind == "?"
        // An empty search repeats the last one's text in this direction.
        guard let wanted = text.isEmpty ? lastSearch?.text : text else {
            message = "no search to repeat"
            return nil
        }
        lastSearch = (wanted, backward)
        lastMatch = nil
        return try search(wanted, backward: backward, again: false, size: size, reader: reader)
    }

    /// `:N`: row N at the top (the row numbers the status line shows).
    private func jump(_ text: String, size: TerminalSize) throws -> Action? {
        let digits = text.filter { $0 != "," && $0 != "_" && $0 != " " }
        guard let row = Int(digits), row >= 1 else {
            message = ":\(text): a row is a number from 1"
            return nil
        }
        guard status?.isList == true else {
            message = "rows are numbered on a list screen"
            return nil
        }
        try settleCount(size: size)
        if let total = status?.total, row > total {
            message = total == 0 ? "no rows" : ":\(text): the last row is \(total)"
        }
        return .row(row)
    }

    // MARK: - Searching

    /// Looks for `text` from the view (`again`: from the last match, when it
    /// is in view) forward or backward, around the ends; returns the action
    /// that shows the match, or `nil` with the outcome said in the status line.
    private func search(_ text: String, backward: Bool, again: Bool, size: TerminalSize, reader: KeyReader) throws
        -> Action?
    {
        // (None runs while rows are counted; but waiting for the count draws, and the workers must be free.)
        if status?.counting == true { try endSearchAhead() }
        try settleCount(size: size)
        guard let search = viewSearch(text, backward: backward, again: again) else { return nil }
        let prefix = backward ? "?" : "/"
        // A search that takes a moment says so, and how to stop it.
        let clock = ContinuousClock()
        let started = clock.now
        var said = false
        func stop(waiting wait: Duration) -> Bool {
            if !said && clock.now - started > .milliseconds(100) {
                said = true
                message = "searching for \(Sanitized.text(text))… Ctrl-C stops"
                try? writeStatusLine(size: size)
            }
            guard let event = try? reader.next(timeout: wait) else { return false }
            if event == .key(.control("c")) { return true }
            typedAhead.append(event)
            return false
        }
        let outcome: ViewSearch.Outcome
        // The same search begun while the last match was read: its outcome, or the rest of it.
        var performed = search
        let ahead = searchAhead.take()
        if let ahead, ahead.search.isSame(as: search) {
            defer { ahead.end() }
            performed = ahead.search
            outcome = try ahead.outcome(waiting: stop)
        } else {
            if let failure = ahead?.end() { throw failure }
            outcome = try frames.find(search, in: screen, stop: stop)
        }
        switch outcome {
        case .found(let match, let block):
            lastMatch = match
            searchAheadDue = (text, backward)
            message =
                block >= performed.wrapsAt
                ? "\(prefix)\(Sanitized.text(text)) · wrapped around to the \(backward ? "end" : "top")"
                : "\(prefix)\(Sanitized.text(text))"
            return .reveal(match, text: text)
        case .notFound:
            message = "\(prefix)\(Sanitized.text(text)): not found"
        case .stopped:
            message = "\(prefix)\(Sanitized.text(text)): search stopped"
        }
        return nil
    }

    /// The search for `text` from the view (`again`: from the last match,
    /// when it is in view), as the last frame drew it; `nil` before a frame.
    private func viewSearch(
        _ text: String, backward: Bool, again: Bool, largestBlock: Int = PieceSearch.largestBlock
    ) -> ViewSearch? {
        guard let status else { return nil }
        var start = status.top
        if again, let match = lastMatch, status.pieces.contains(match.place.piece) {
            start = match.place
            if !backward { start.column += 1 }
        }
        return ViewSearch(
            text: text, backward: backward, from: start, pieceCount: status.pieceCount, width: status.width,
            largestBlock: largestBlock)
    }

    /// Begins looking for the match after the one just drawn, as `n` would
    /// (``searchAhead``), where the frames can search in the background and
    /// the rows are counted.
    private func startSearchAhead(_ text: String, backward: Bool) {
        guard status?.counting == false,
            let search = viewSearch(
                text, backward: backward, again: true, largestBlock: ViewSearch.largestBlockAhead)
        else { return }
        searchAhead = frames.beginFind(search, in: screen)
    }

    /// Ends the search ahead, if one runs: the workers are free for other
    /// requests once this returns. A worker that failed in it (a plugin that
    /// crashed drawing a row) is reported as the search's own failure would be.
    private func endSearchAhead() throws(WorkerFailure) {
        if let failure = searchAhead.take()?.end() { throw failure }
    }

    /// Waits for a data source's estimated rows to be counted, when they are
    /// being counted: a jump and a search go by the rows there are.
    private func settleCount(size: TerminalSize) throws {
        guard status?.counting == true else { return }
        try draw(after: .exactCount, size: size)
    }

    // MARK: - The status line

    private func writeStatusLine(size: TerminalSize) throws {
        guard size.rows > 1 else { return }
        try terminal.write(Array("\u{1B}[\(size.rows);1H".utf8) + statusLineBytes(columns: size.columns))
    }

    /// The status line, `columns` wide: the line being typed; or a data
    /// file's error, in reverse video; or where the view is, in reverse video.
    private func statusLineBytes(columns: Int) -> [UInt8] {
        if let prompt {
            // The line typed, its end at the right when it is longer than the window; a block cursor after it.
            var text = Sanitized.text(prompt)
            while TerminalWidth.of(text) > max(0, columns - 1) { text.removeFirst() }
            return Array("\u{1B}[0m\(text)\u{1B}[7m \u{1B}[0m\u{1B}[K".utf8)
        }
        if let statusError {
            var text = ""
            var width = 0
            for character in "⚠ " + statusError where character != "\n" {
                let w = max(0, TerminalWidth.of(String(character)))
                guard width + w < columns else { break }
                text.append(character)
                width += w
            }
            return Array("\u{1B}[0;7m\(text)\u{1B}[0m\u{1B}[K".utf8)
        }
        return Array(("\u{1B}[0;7m" + statusLine(columns: columns) + "\u{1B}[0m").utf8)
    }

    /// `Team · rows 120–143 of 10000000 · 1%   ↑↓ PgUp PgDn Home End q`, padded
    /// to the width; a message in place of the key help, which goes first
    /// when the width is short.
    func statusLine(columns: Int) -> String {
        var position: String
        if let status {
            if !status.isList {
                position = "\(status.total) item\(status.total == 1 ? "" : "s")"
            } else if status.total == 0 {
                position = "no rows"
            } else if let visible = status.rows {
                let total = status.counting ? "at most \(status.total) (counting)" : "\(status.total)"
                position =
                    visible.count == 1
                    ? "row \(visible.lowerBound + 1) of \(total)"
                    : "rows \(visible.lowerBound + 1)–\(visible.upperBound + 1) of \(total)"
            } else {
                position = status.counting ? "at most \(status.total) rows (counting)" : "\(status.total) rows"
            }
            if status.atTop && status.atEnd {
                position += " · all"
            } else if status.atEnd {
                position += " · end"
            } else if status.atTop {
                position += " · top"
            } else if status.pieceCount > 0 {
                position += " · \(status.percent)%"
            }
            if status.width > status.columns.count {
                position +=
                    " · columns \(status.columns.lowerBound + 1)–\(status.columns.upperBound) of \(status.width)"
            }
        } else {
            position = "\(screen.rowCount) rows"
        }
        let left = " \(screen.name) · \(position)"
        let right = message.map { $0 + " " } ?? "↑↓ PgUp PgDn Home End · q quits "
        let leftWidth = TerminalWidth.of(left)
        let rightWidth = TerminalWidth.of(right)
        if leftWidth + 2 + rightWidth <= columns {
            return left + String(repeating: " ", count: columns - leftWidth - rightWidth) + right
        }
        if let message {
            // The message first: the position is cut to leave it room.
            let room = max(0, columns - rightWidth - 2)
            let cut = TextLayout.truncated(left, toWidth: room)
            let text = cut + "  " + message
            return TextLayout.padded(TextLayout.truncated(text, toWidth: columns), toWidth: columns, alignment: .left)
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

    /// Ctrl-Z: the normal screen and mode back, stop, and come back on `fg`.
    private func suspend() throws {
        AlternateScreen.willLeave()
        try terminal.write(AlternateScreen.leaveSequence)
        try terminal.suspend()
        try terminal.write(AlternateScreen.enterSequence)
        AlternateScreen.didEnter(descriptor: descriptor)
    }

}

/// A frame of `show`: its lines (the session writes the status line under
/// them), and where it is (`nil` when it was not drawn).
struct ViewFrame {
    var bytes: [UInt8]
    var status: ViewStatus?
}

/// What draws the frames of `show`: the worker (``WorkerBackend``), or this
/// process (``InProcessFrames``). One view is open at a time.
protocol FrameSource: AnyObject {
    /// Opens a view over `screen` at the top, or (`keepPosition`) where the
    /// open view is: at its end if it was at its end, else at its first row.
    func open(_ screen: Screen, colors: ColorMode, size: TerminalSize, keepPosition: Bool) throws
    /// Applies `action` (if any) at `size`, and draws the frame.
    func frame(after action: ScrollView.Action?, size: TerminalSize) throws -> ViewFrame
    /// Applies `action` without drawing.
    func apply(_ action: ScrollView.Action, size: TerminalSize) throws
    /// Looks through `search`'s blocks of the open view of `screen`; `stop`
    /// is asked between answers, and may wait as long as it is given for a
    /// key (Ctrl-C).
    func find(_ search: ViewSearch, in screen: Screen, stop: (Duration) -> Bool) throws -> ViewSearch.Outcome
    /// Starts `search` on threads of its own, to be taken later; `nil` where
    /// a search cannot run while the view waits for keys. Nothing else is
    /// asked of this source until it is ended.
    func beginFind(_ search: ViewSearch, in screen: Screen) -> (any BackgroundSearch)?
    /// Closes the view; returns the cells that could not be drawn.
    func close() -> [RenderFailure]
}

extension FrameSource {
    func beginFind(_ search: ViewSearch, in screen: Screen) -> (any BackgroundSearch)? { nil }
}

extension Optional {
    /// The value, leaving `nil` behind.
    fileprivate mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}
