import CellKitSupport
import Glibc
import TestSupport

/// The built `cellkit` running in a pseudo-terminal, as a person at a
/// terminal runs it: the test types keys and waits (with a timeout, never a
/// fixed sleep) until the screen shows what it expects.
///
/// The process is a session leader with the pty as its controlling terminal
/// (so window-size changes send it SIGWINCH), in a clean environment: HOME,
/// XDG_STATE_HOME and XDG_CACHE_HOME in a temporary directory (shared by the
/// sessions a test starts with the same `home`), `TERM=xterm-256color`.
///
/// ```swift
/// let repl = try PTYSession.start()
/// try repl.type("screen Main")
/// try repl.waitForPrompt()
/// ```
final class PTYSession {
    let pid: pid_t
    let home: String
    private let master: Int32
    /// The test's own descriptor of the terminal, to read its mode after the process ends.
    private let slave: Int32
    private(set) var screen: PTYScreen
    /// Everything the process wrote.
    private(set) var transcript: [UInt8] = []
    private(set) var exitStatus: Int32?
    /// Whether the home directory was made for this session alone (removed with it).
    private var ownsHome = false

    /// How long a wait lasts before the test fails: generous, for two loaded cores.
    static let timeout: Duration = .seconds(15)

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `cellkit arguments...` in a terminal `columns` × `rows`.
    ///
    /// - Parameters:
    ///   - home: the home directory (and XDG state and cache under it); a new
    ///     temporary one when `nil`.
    ///   - ownsHome: remove the home directory when the session is done
    ///     (default: when it was made for this session).
    static func start(
        _ arguments: [String] = [], home: String? = nil, ownsHome: Bool? = nil, columns: Int = 100, rows: Int = 30,
        environment: [String: String] = [:], directory: String = CellKitProcess.repositoryRoot
    ) throws -> PTYSession {
        let ownsHome = ownsHome ?? (home == nil)
        let home = try home ?? makeHome()
        var env = [
            "HOME": home, "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "XDG_STATE_HOME": home + "/state",
            "XDG_CACHE_HOME": home + "/cache", "LANG": "C.UTF-8",
        ]
        for (key, value) in environment { env[key] = value }
        for (key, value) in CellKitProcess.sanitizerOptions where env[key] == nil { env[key] = value }
        let session = try PTYSession(
            argv: [CellKitProcess.executable] + arguments, home: home, environment: env, directory: directory,
            columns: columns,
            rows: rows)
        session.ownsHome = ownsHome
        return session
    }

    /// A new home directory for sessions that share it; remove it with ``removeHome(_:)``.
    static func makeHome() throws -> String {
        try CellKitProcess.temporaryDirectory()
    }

    /// Removes a directory made by ``makeHome()`` and everything in it.
    static func removeHome(_ path: String) {
        guard path.hasPrefix("/tmp/cellkit-e2e-") else { return }
        func remove(_ path: String) {
            if (try? fileInfo(path, followingSymbolicLinks: false))??.isDirectory == true {
                for name in (try? listDirectory(path)) ?? [] { remove(path + "/" + name) }
                rmdir(path)
            } else {
                unlink(path)
            }
        }
        remove(path)
    }

    private init(
        argv: [String], home: String, environment: [String: String], directory: String, columns: Int, rows: Int
    ) throws {
        self.home = home
        screen = PTYScreen(columns: columns, rows: rows)
        let terminal = try PseudoTerminal.start(
            argv, environment: environment, directory: directory, columns: columns, rows: rows)
        master = terminal.master
        slave = terminal.slave
        pid = terminal.pid
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        close(master)
        close(slave)
        if ownsHome { Self.removeHome(home) }
    }

    // MARK: Keys

    static let enter = "\r"
    static let tab = "\t"
    static let escape = "\u{1B}"
    static let up = "\u{1B}[A"
    static let down = "\u{1B}[B"
    static let right = "\u{1B}[C"
    static let left = "\u{1B}[D"
    static let home = "\u{1B}[H"
    static let end = "\u{1B}[F"
    static let delete = "\u{1B}[3~"
    static let pageUp = "\u{1B}[5~"
    static let pageDown = "\u{1B}[6~"

    /// Ctrl and a letter.
    static func control(_ letter: Character) -> String {
        String(UnicodeScalar(letter.asciiValue! & 0x1F))
    }

    /// Alt (Meta) and a key: ESC, then the key, in one write.
    static func alt(_ key: Character) -> String {
        "\u{1B}" + String(key)
    }

    /// The row of the last line accepted with Enter: the next prompt is below it.
    private var acceptedRow: Int?

    /// Sends keys as they are.
    func send(_ keys: String...) throws {
        for key in keys {
            if key.contains("\r") && !screen.isAlternateScreen { acceptedRow = screen.absoluteCursorRow }
            var bytes = Array(key.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeMutableBytes {
                    write(master, $0.baseAddress! + offset, $0.count - offset)
                }
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    throw Failure(description: "cannot write to the terminal: \(PseudoTerminal.errorText(errno))")
                }
                offset += written
            }
        }
    }

    /// Waits for the prompt, then types `line` and Enter.
    func type(_ line: String) throws {
        try waitForPrompt()
        try send(line, Self.enter)
    }

    // MARK: Waiting

    /// Reads output until `condition` holds for the screen, or fails after
    /// `timeout` showing the screen.
    func wait(
        for what: @autoclosure () -> String, timeout: Duration = PTYSession.timeout,
        until condition: (PTYScreen) -> Bool
    ) throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while !condition(screen) {
            let left = deadline - clock.now
            if left <= .zero {
                throw Failure(description: "timed out waiting for \(what())\n\(screen.dump)")
            }
            pump(for: min(left, .milliseconds(100)))
        }
    }

    /// Waits until the visible screen contains `text`.
    func waitFor(_ text: String, timeout: Duration = PTYSession.timeout) throws {
        try wait(for: "'\(text)' on the screen", timeout: timeout) { $0.text.contains(text) }
    }

    /// Waits until the cursor is on an empty `cellkit>` prompt below the last
    /// line sent with Enter: the command has finished and the editor waits
    /// for keys.
    func waitForPrompt(timeout: Duration = PTYSession.timeout) throws {
        let below = acceptedRow ?? -1
        try wait(for: "an empty prompt", timeout: timeout) {
            $0.cursorLine == "cellkit>" && $0.cursorColumn == 9 && !$0.isAlternateScreen && $0.absoluteCursorRow > below
        }
    }

    /// Waits for the process to end; returns its exit status (128 + N for signal N).
    @discardableResult
    func waitForExit(timeout: Duration = PTYSession.timeout) throws -> Int32 {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            if let exitStatus { return exitStatus }
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                for _ in 0..<1000 where pendingOutput { pump(for: .zero) }
                let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
                exitStatus = code
                return code
            }
            if clock.now >= deadline {
                throw Failure(description: "timed out waiting for cellkit to exit\n\(screen.dump)")
            }
            pump(for: .milliseconds(20))
        }
    }

    /// Reads what is there, waiting at most `duration` for something to come.
    private func pump(for duration: Duration) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let (seconds, attoseconds) = duration.components
        let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return }
        // One read: the caller looks at the screen between reads, and a
        // program that writes a lot waits while the test does not read.
        var buffer = [UInt8](repeating: 0, count: 16384)
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else { return }
        transcript += buffer[..<count]
        screen.feed(buffer[..<count])
    }

    private var pendingOutput: Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    // MARK: The terminal

    /// Changes the window size, as a person resizing the terminal window does
    /// (the kernel sends SIGWINCH to the foreground process).
    func resize(columns: Int, rows: Int) {
        PseudoTerminal.resize(master, columns: columns, rows: rows)
        screen.resize(columns: columns, rows: rows)
    }

    /// The terminal's current mode.
    func terminalMode() -> termios {
        var mode = termios()
        tcgetattr(slave, &mode)
        return mode
    }

    /// Whether the terminal is in the mode a shell expects: line editing and echo on.
    var isTerminalCooked: Bool {
        let mode = terminalMode()
        return mode.c_lflag & tcflag_t(ICANON) != 0 && mode.c_lflag & tcflag_t(ECHO) != 0
            && mode.c_lflag & tcflag_t(ISIG) != 0
    }

    /// Sends `signal` to the process.
    func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// Where this session's history, journals and cache live.
    var stateDirectory: String { home + "/state/cellkit" }
}
