import WorkerProtocol

/// Reads a line from the user with Emacs-style editing, history, reverse
/// search and completion: the REPL's input.
///
/// ```swift
/// let history = try HistoryFile.defaultPath().map { try History(path: $0) } ?? History()
/// let editor = LineEditor(terminal: FileDescriptorTerminal(), history: history)
/// editor.completion = { line, cursor in … }
/// while true {
///     switch try editor.readLine(prompt: "cellkit> ") {
///     case .line(let text): run(text)          // may contain "\n" (a multi-line paste)
///     case .interrupted: continue              // Ctrl-C: the editor already printed ^C
///     case .endOfFile: return                  // Ctrl-D on an empty line, or input closed
///     }
/// }
/// ```
///
/// The terminal is in raw mode only inside `readLine`, and is restored on every
/// way out of it (return, throw). When the terminal cannot be driven (input or
/// output is not a tty, or `TERM=dumb`), `readLine` reads a plain line instead:
/// no raw mode, no escape sequences, the prompt written only when the input is a
/// terminal, nothing recorded in the history.
///
/// Key bindings, history and completion behaviour: docs/line-editing.md.
final class LineEditor {
    /// How `readLine` ended.
    enum Result: Equatable, Sendable {
        /// An accepted line, without its line end. Contains `"\n"` when a
        /// multi-line text was pasted (or recalled); never ends with one.
        case line(String)
        /// Ctrl-C: the line was cancelled and `^C` printed; show a new prompt.
        case interrupted
        /// Ctrl-D on an empty line, or the input was closed.
        case endOfFile
    }

    let terminal: any Terminal
    let history: History
    /// Called on Tab; `nil` means Tab only rings the bell.
    var completion: Completion.Provider?
    /// Whether accepted lines are added to `history` (default `true`).
    var recordsHistory = true

    private let reader: KeyReader
    private var plainReader = PlainLineReader()
    private var killRing = KillRing()
    private var lastSearchQuery = ""

    // The line being edited (valid during `readLine`).
    private var prompt = ""
    private var buffer = LineBuffer()
    private var renderer = LineRenderer()
    private var navigator = HistoryNavigator(entries: [], draft: "")
    private var search: ReverseSearch?
    private var searchOriginal = LineBuffer()
    private var lastAction = LastAction.other

    /// What the previous key did, for kills that append, Alt-y and double Tab.
    private enum LastAction: Equatable {
        case kill
        case yank(Range<Int>)
        case tab
        case other
    }

    private enum Outcome {
        case keepEditing
        case finish(Result)
    }

    static let bracketedPasteOn = "\u{1B}[?2004h"
    static let bracketedPasteOff = "\u{1B}[?2004l"

    init(
        terminal: any Terminal,
        history: History = History(),
        completion: Completion.Provider? = nil
    ) {
        self.terminal = terminal
        self.history = history
        self.completion = completion
        self.reader = KeyReader(terminal: terminal)
    }

    /// Shows `prompt` and lets the user edit a line until Enter, Ctrl-C or Ctrl-D.
    ///
    /// `prompt` may contain SGR colour sequences; they are not counted in its
    /// width. Throws only when the terminal fails (``TerminalError``).
    /// Called every ``idleInterval`` while no key comes (the prompt is
    /// waiting): text it returns is printed above the prompt line, which is
    /// then drawn again with the line being edited (a watched data file that
    /// changed draws its screen again this way).
    var onIdle: (() -> String?)?
    var idleInterval: Duration = .milliseconds(200)

    func readLine(prompt: String) throws -> Result {
        guard terminal.supportsLineEditing else { return try readPlainLine(prompt: prompt) }
        return try terminal.withRawMode {
            try terminal.write(Self.bracketedPasteOn)
            defer { try? terminal.write(Self.bracketedPasteOff) }
            return try edit(prompt: prompt)
        }
    }

    // MARK: - Plain input

    private func readPlainLine(prompt: String) throws -> Result {
        if terminal.inputIsTerminal {
            try terminal.write(LineRenderer.visibleText(of: prompt))
        }
        guard let line = try plainReader.readLine(from: terminal) else { return .endOfFile }
        if recordsHistory && terminal.inputIsTerminal { history.add(line) }
        return .line(line)
    }

    // MARK: - Editing loop

    private func edit(prompt: String) throws -> Result {
        self.prompt = prompt
        buffer = LineBuffer()
        renderer.reset()
        navigator = HistoryNavigator(entries: history.entries, draft: "")
        search = nil
        lastAction = .other
        try redraw()
        while true {
            let event: KeyReader.Event
            if let onIdle {
                guard let next = try reader.next(timeout: idleInterval) else {
                    // No key: what the console has to say goes above the prompt, which is drawn again.
                    if let text = onIdle() {
                        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                        try terminal.write("\r\u{1B}[K" + lines.joined(separator: "\r\n"))
                        try redraw()
                    }
                    continue
                }
                event = next
            } else {
                event = try reader.next()
            }
            switch event {
            case .endOfInput:
                try terminal.write(LineRenderer.renderComplete(prompt: prompt, characters: buffer.characters) + "\r\n")
                return .endOfFile
            case .interrupted:
                break  // probably SIGWINCH: redraw at the new width below
            case .key(let key):
                let outcome = search == nil ? try handle(key) : try handleSearch(key)
                if case .finish(let result) = outcome { return result }
            }
            if !reader.hasKeyReady() { try redraw() }
        }
    }

    private func redraw() throws {
        let columns = terminal.size.columns
        if let search {
            let text = search.matchedText.map(Array.init) ?? searchOriginal.characters
            let cursor = search.match?.position ?? searchOriginal.cursor
            try terminal.write(
                renderer.render(
                    prompt: search.prompt, characters: text, cursor: cursor, columns: columns))
        } else {
            try terminal.write(
                renderer.render(
                    prompt: prompt, characters: buffer.characters, cursor: buffer.cursor, columns: columns))
        }
    }

    private func bell() throws {
        try terminal.write("\u{07}")
    }

    // MARK: Keys

    private func handle(_ key: Key) throws -> Outcome {
        let previous = lastAction
        lastAction = .other
        guard let action = EditAction(key) else { return .keepEditing }  // unbound: ignored
        return try perform(action, after: previous)
    }

    /// Does what `action` says; `previous` is what the key before did (a kill continues
    /// a kill, Alt-Y follows a yank, a second Tab lists the completions).
    private func perform(_ action: EditAction, after previous: LastAction) throws -> Outcome {
        switch action {
        case .insert(let text):
            buffer.insert(text)
        case .paste(let text):
            buffer.insert(Self.sanitizedPaste(text))
        case .accept:
            return try accept()
        case .interrupt:
            try terminal.write(LineRenderer.renderComplete(prompt: prompt, characters: buffer.characters) + "^C\r\n")
            return .finish(.interrupted)
        case .endOfInputOrDeleteForward:
            if buffer.isEmpty {
                try terminal.write("\r\n")
                return .finish(.endOfFile)
            }
            _ = buffer.deleteForward()
        case .deleteBackward:
            _ = buffer.deleteBackward()
        case .deleteForward:
            _ = buffer.deleteForward()
        case .moveBackward:
            buffer.cursor -= 1
        case .moveForward:
            buffer.cursor += 1
        case .moveToStart:
            buffer.cursor = 0
        case .moveToEnd:
            buffer.cursor = buffer.count
        case .moveWordBackward:
            buffer.cursor = buffer.wordStart(before: buffer.cursor)
        case .moveWordForward:
            buffer.cursor = buffer.wordEnd(after: buffer.cursor)
        case .killWordForward:
            kill(buffer.cursor..<buffer.wordEnd(after: buffer.cursor), .forward, after: previous)
        case .killWordBackward:
            kill(buffer.wordStart(before: buffer.cursor)..<buffer.cursor, .backward, after: previous)
        case .killBigWordBackward:
            kill(buffer.bigWordStart(before: buffer.cursor)..<buffer.cursor, .backward, after: previous)
        case .killToEnd:
            kill(buffer.cursor..<buffer.count, .forward, after: previous)
        case .killToStart:
            kill(0..<buffer.cursor, .backward, after: previous)
        case .yank:
            if let text = killRing.yank() { yank(text) } else { try bell() }
        case .yankRotate:
            guard case .yank(let range) = previous, let text = killRing.rotate() else {
                try bell()
                break
            }
            buffer.remove(range)
            yank(text)
        case .transpose:
            if !buffer.transpose() { try bell() }
        case .clearScreen:
            try terminal.write("\u{1B}[H\u{1B}[2J")
        case .historyOlder:
            try recall(navigator.older(leaving: buffer.text))
        case .historyNewer:
            try recall(navigator.newer(leaving: buffer.text))
        case .historyFirst:
            try recall(navigator.move(to: 0, leaving: buffer.text))
        case .historyLast:
            try recall(navigator.move(to: navigator.entryCount, leaving: buffer.text))
        case .reverseSearch:
            searchOriginal = buffer
            search = ReverseSearch(entries: history.entries)
        case .complete:
            try complete(isRepeated: previous == .tab)
            lastAction = .tab
        case .bell:
            try bell()
        case .suspend:
            try suspend()
        }
        return .keepEditing
    }

    private func accept() throws -> Outcome {
        try terminal.write(LineRenderer.renderComplete(prompt: prompt, characters: buffer.characters) + "\r\n")
        var line = buffer.text
        while line.last == "\n" { line.removeLast() }
        if recordsHistory { history.add(line) }
        return .finish(.line(line))
    }

    private func kill(_ range: Range<Int>, _ direction: KillRing.Direction, after previous: LastAction) {
        let text = buffer.remove(range)
        killRing.kill(text, direction: direction, continuing: previous == .kill)
        lastAction = .kill
    }

    private func yank(_ text: String) {
        let start = buffer.cursor
        buffer.insert(text)
        lastAction = .yank(start..<buffer.cursor)
    }

    private func recall(_ text: String?) throws {
        guard let text else { return try bell() }
        buffer = LineBuffer(text)
    }

    private func suspend() throws {
        try terminal.write(LineRenderer.renderComplete(prompt: prompt, characters: buffer.characters) + "\r\n")
        try terminal.write(Self.bracketedPasteOff)
        try terminal.suspend()
        try terminal.write(Self.bracketedPasteOn)
    }

    /// Pasted text as inserted: CR LF and CR become LF, tabs become spaces,
    /// other control characters are dropped.
    static func sanitizedPaste(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\r": result.append("\n")
            case "\n": if !previousWasCR { result.append("\n") }
            case "\t": result.append(" ")
            case _ where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value): break
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    // MARK: Completion

    private func complete(isRepeated: Bool) throws {
        guard let completion else { return try bell() }
        let result = completion(buffer.text, buffer.cursor)
        switch TabCompletion.action(for: result, in: buffer, isRepeated: isRepeated) {
        case .replace(let range, let text, let advance):
            buffer.replace(range, with: text)
            buffer.cursor += advance
        case .list(let candidates):
            try list(candidates)
        case .bell:
            try bell()
        }
    }

    /// Prints the candidates in columns below the line, asking first when they
    /// fill more than the screen; the prompt and line are redrawn below them.
    /// Paths are listed by their last component, as shells do.
    private func list(_ candidates: [String]) throws {
        // The line as it is now stays above the list (keys typed ahead may
        // have changed it since it was last drawn).
        try redraw()
        let size = terminal.size
        let rows = CompletionColumns.rows(for: Self.listedNames(candidates), width: size.columns)
        if rows.count >= size.rows {
            try terminal.write("\r\nDisplay all \(candidates.count) possibilities? (y or n)")
            var answer: Key?
            while answer == nil {
                switch try reader.next() {
                case .key(let key): answer = key
                case .interrupted: continue
                case .endOfInput: answer = .control("c")
                }
            }
            guard answer == .character("y") || answer == .character("Y") || answer == .character(" ") else {
                try terminal.write("\r\n")
                return
            }
        }
        try terminal.write("\r\n" + rows.joined(separator: "\r\n") + "\r\n")
    }

    /// The candidates as listed: without the directory part they all share
    /// (`Examples/team.json` and `Examples/data/` list as `team.json`, `data/`).
    static func listedNames(_ candidates: [String]) -> [String] {
        let common = Completion.commonPrefix(of: candidates)
        guard let slash = common.lastIndex(of: "/") else { return candidates }
        let drop = common.distance(from: common.startIndex, to: slash) + 1
        guard candidates.allSatisfy({ $0.count > drop }) else { return candidates }
        return candidates.map { String($0.dropFirst(drop)) }
    }

    // MARK: Reverse search

    private func handleSearch(_ key: Key) throws -> Outcome {
        guard var current = search else { return .keepEditing }
        switch key {
        case .character(let character):
            current.append(String(character))
        case .paste(let text):
            current.append(Self.sanitizedPaste(text).replacingNewlines())
        case .backspace:
            if !current.undoLastStep() { try bell() }
        case .control("r"):
            current.searchOlder(previousQuery: lastSearchQuery)
        case .control("s"):
            current.searchNewer()
        case .control("g"):
            endSearch(current, keepingMatch: false)
            return .keepEditing
        case .control("c"):
            endSearch(current, keepingMatch: true)
            return try handle(key)
        case .escape:
            endSearch(current, keepingMatch: true)
            return .keepEditing
        case .enter:
            endSearch(current, keepingMatch: true)
            return try accept()
        default:
            endSearch(current, keepingMatch: true)
            return try handle(key)
        }
        if current.failed { try bell() }
        search = current
        return .keepEditing
    }

    private func endSearch(_ finished: ReverseSearch, keepingMatch: Bool) {
        search = nil
        if !finished.query.isEmpty { lastSearchQuery = finished.query }
        buffer = searchOriginal
        guard keepingMatch, let match = finished.match, let text = finished.matchedText else { return }
        _ = navigator.move(to: match.entryIndex, leaving: searchOriginal.text)
        buffer = LineBuffer(text, cursor: match.position)
    }
}

extension String {
    /// Newlines as spaces (for pasting into a one-line field such as a search).
    fileprivate func replacingNewlines() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\n" ? " " : $0 }))
    }
}
