import WorkerProtocol

/// What one read from a terminal produced.
enum TerminalInput: Equatable, Sendable {
    /// At least one byte.
    case bytes([UInt8])
    /// The timeout passed to `read(timeout:)` elapsed with nothing to read.
    case timedOut
    /// A signal (typically SIGWINCH) interrupted the wait; nothing was read.
    /// Callers re-check the size and read again.
    case interrupted
    /// The input is closed (end of file, or the terminal hung up).
    case endOfInput
}

/// What the line editor (and the REPL's scroll view) needs from a terminal.
///
/// Implementations: ``FileDescriptorTerminal`` (a real tty, or a pipe) and
/// `TestTerminal` (scripted input, captured output; in Tests/ConsoleTestSupport). A terminal is used from
/// one thread at a time.
protocol Terminal: AnyObject {
    /// Whether the input is a terminal, i.e. a person is typing.
    var inputIsTerminal: Bool { get }

    /// Whether the editor may use raw mode and escape sequences: input and output
    /// are terminals and the terminal is not `TERM=dumb`. When `false`, the editor
    /// reads plain lines.
    var supportsLineEditing: Bool { get }

    /// Whether raw mode is currently on.
    var isRawMode: Bool { get }

    /// The window size; a sensible fallback when it cannot be found.
    var size: TerminalSize { get }

    /// Reads whatever bytes are available, waiting at most `timeout`
    /// (for ever when `nil`).
    func read(timeout: Duration?) throws -> TerminalInput

    /// Writes all the bytes.
    func write(_ bytes: [UInt8]) throws

    /// Switches the input to raw mode: no echo, no line buffering, no signals
    /// from Ctrl-C/Ctrl-Z, no CR/LF translation on input or output.
    func enterRawMode() throws

    /// Restores the mode saved by `enterRawMode()`. Idempotent: does nothing
    /// when raw mode is not on. Never throws: it is called on exit paths.
    func leaveRawMode()

    /// Suspends the process the way Ctrl-Z does in cooked mode: restores the
    /// terminal, stops the process group, and re-enters raw mode when the
    /// process is continued.
    func suspend() throws
}

extension Terminal {
    /// Writes a string as UTF-8.
    func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    /// Runs `body` with the terminal in raw mode and always restores the
    /// previous mode afterwards, whether `body` returns or throws.
    /// When raw mode is already on, just runs `body` (and leaves it on).
    func withRawMode<R>(_ body: () throws -> R) throws -> R {
        if isRawMode { return try body() }
        try enterRawMode()
        defer { leaveRawMode() }
        return try body()
    }
}
