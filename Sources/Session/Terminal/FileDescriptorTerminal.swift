import CellKitSupport

#if canImport(Glibc)
    import Glibc
    import WorkerProtocol
#endif

/// A ``Terminal`` over two file descriptors (by default standard input and
/// output): termios raw mode, `poll` for timeouts, `TIOCGWINSZ` for the size.
///
/// Raw mode is always undone: by ``leaveRawMode()`` (idempotent), by
/// ``Terminal/withRawMode(_:)`` on every exit path, by `deinit`, by the `atexit`
/// hook, and by signal handlers that call ``SavedTerminalMode/restore()``.
final class FileDescriptorTerminal: Terminal {
    let input: Int32
    let output: Int32
    let inputIsTerminal: Bool
    let outputIsTerminal: Bool
    let info: TerminalInfo

    private var original: termios?
    private let readChunk = 4096

    /// - Parameters:
    ///   - input: read from this descriptor (not closed by the terminal).
    ///   - output: write to this descriptor (not closed by the terminal).
    ///   - environment: where `TERM`, `COLUMNS` and `LINES` come from.
    init(
        input: Int32 = STDIN_FILENO,
        output: Int32 = STDOUT_FILENO,
        environment: [String: String] = Environment.current().variables
    ) {
        self.input = input
        self.output = output
        self.inputIsTerminal = isatty(input) == 1
        self.outputIsTerminal = isatty(output) == 1
        self.info = TerminalInfo(environment: environment)
        SavedTerminalMode.prepare()
    }

    deinit {
        leaveRawMode()
    }

    var supportsLineEditing: Bool {
        inputIsTerminal && outputIsTerminal && !info.isDumb
    }

    var isRawMode: Bool { original != nil }

    var size: TerminalSize {
        var window = winsize()
        for fd in [output, input] where ioctl(fd, UInt(TIOCGWINSZ), &window) == 0 {
            if window.ws_col > 0 {
                return TerminalSize(
                    columns: Int(window.ws_col),
                    rows: window.ws_row > 0 ? Int(window.ws_row) : TerminalSize.fallback.rows)
            }
        }
        return TerminalSize(
            columns: info.columns ?? TerminalSize.fallback.columns,
            rows: info.rows ?? TerminalSize.fallback.rows)
    }

    func read(timeout: Duration?) throws -> TerminalInput {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        let milliseconds = timeout.map(Self.milliseconds) ?? -1
        while true {
            let ready = poll(&descriptor, 1, milliseconds)
            if ready == 0 { return .timedOut }
            if ready < 0 {
                if errno == EINTR { return .interrupted }
                if errno == EAGAIN { continue }
                throw TerminalError("poll", errno: errno)
            }
            var buffer = [UInt8](repeating: 0, count: readChunk)
            let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            if count > 0 { return .bytes(Array(buffer[0..<count])) }
            if count == 0 { return .endOfInput }
            switch errno {
            case EINTR: return .interrupted
            case EAGAIN: continue
            case EIO where inputIsTerminal: return .endOfInput  // hung up
            default: throw TerminalError("read", errno: errno)
            }
        }
    }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(output, base + offset, buffer.count - offset)
            }
            if written >= 0 {
                offset += written
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN {
                var descriptor = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 100)
            } else {
                throw TerminalError("write", errno: errno)
            }
        }
    }

    func enterRawMode() throws {
        guard original == nil else { return }
        guard inputIsTerminal else { throw TerminalError("raw mode", errno: ENOTTY) }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { throw TerminalError("tcgetattr", errno: errno) }
        let raw = Self.rawMode(from: saved)
        SavedTerminalMode.save(
            original: saved, raw: raw, input: input, output: outputIsTerminal ? output : -1)
        var applied = raw
        // TCSADRAIN, not TCSAFLUSH: keys typed ahead while the REPL was busy are kept.
        guard tcsetattr(input, TCSADRAIN, &applied) == 0 else {
            let code = errno
            SavedTerminalMode.clear(input: input)
            throw TerminalError("tcsetattr", errno: code)
        }
        original = saved
    }

    func leaveRawMode() {
        guard var saved = original else { return }
        original = nil
        while tcsetattr(input, TCSADRAIN, &saved) != 0 && errno == EINTR {}
        SavedTerminalMode.clear(input: input)
    }

    func suspend() throws {
        let wasRaw = isRawMode
        leaveRawMode()
        kill(0, SIGTSTP)
        // Execution continues here after SIGCONT (fg).
        if wasRaw { try enterRawMode() }
    }

    /// `cfmakeraw`, except that output stays 8-bit clean and reads return as soon
    /// as one byte is there.
    static func rawMode(from mode: termios) -> termios {
        var raw = mode
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON | INLCR | IGNCR | PARMRK)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        return raw
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        if seconds < 0 { return 0 }
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: total)
    }
}
