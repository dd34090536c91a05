import CellKitSupport
import Glibc
import WorkerProtocol

/// A REPL session's commands, written to disk as they run, so that
/// `cellkit --recover` can rebuild the screens after the process died (a
/// plugin that trapped, a kill, a closed terminal).
///
/// The file, `$XDG_STATE_HOME/cellkit/sessions/session-PID-SECONDS.journal`:
///
/// ```
/// cellkit-journal 1
/// cwd "/home/ada/reports"
/// run "load CardCells"
/// ok
/// run "row ProfileCell nmae=Ada"
/// failed
/// run "render"
/// ```
///
/// Each command is written before it runs (`run` and the command as a JSON
/// string) and its outcome after (`ok` or `failed`); `cwd` comes before a
/// command whenever the working directory changed, so relative paths replay
/// the same. Each line goes out in one `write` and is flushed to disk. A
/// `run` without an outcome is the command that was running when the process
/// died: recovery reports it and skips it.
///
/// A session started with `--recover` first writes `recovers "PATH"` (the
/// journal it replays), and `recovered` once the replay is done; only then is
/// PATH removed. A journal with `recovers` but no `recovered` is the partial
/// record of a recovery that itself ended: the journal it names is still the
/// complete one, and the next recovery replays all of it instead.
///
/// The file is created at the first command (not at start-up), and locked
/// (`flock`) for as long as the session lives: a journal nobody holds a lock
/// on belongs to a session that ended without closing it. A session that ends
/// normally removes its journal.
final class Journal {
    /// The directory journals are kept in.
    let directory: String
    /// The journal file (it exists once the first command was recorded).
    let path: String
    /// The first failure to write, if any (the session goes on without a journal).
    private(set) var lastError: JournalError?

    private var descriptor: Int32 = -1
    private var depth = 0
    private var recordedDirectory: String?

    static let header = "cellkit-journal 1"

    /// Where journals live: `$XDG_STATE_HOME/cellkit/sessions` (by default
    /// `~/.local/state/cellkit/sessions`); `nil` without a home directory, or
    /// when it does not exist (it is not created: ``XDGDirectories/mayMake(_:)``).
    static func directory(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], Path.isAbsolute(state) {
            return Path.join(state, "cellkit/sessions")
        }
        let env = Environment(environment)
        guard let home = env.homeDirectory() else { return nil }
        let directories = XDGDirectories(environment: env, home: home)
        guard directories.mayMake(directories.stateHome) else { return nil }
        return Path.join(directories.stateHome, "cellkit/sessions")
    }

    /// A journal for this process in `directory`; nothing is written yet.
    init(directory: String) {
        self.directory = directory
        // The time keeps a later process with the same ID from taking this name.
        path = Path.join(directory, "session-\(getpid())-\(time(nil)).journal")
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// Records a command about to run. Commands run by `open` are not recorded
    /// on their own: replaying the `open` runs them.
    func begin(_ command: Command) {
        begin(command.sourceText)
    }

    /// Records the text of a command about to run.
    func begin(_ text: String) {
        depth += 1
        guard depth == 1 else { return }
        var lines: [String] = []
        if let cwd = try? Path.currentDirectory(), cwd != recordedDirectory {
            lines.append("cwd " + Self.quoted(cwd))
            recordedDirectory = cwd
        }
        lines.append("run " + Self.quoted(text))
        append(lines)
    }

    /// Records how the command begun last ended.
    func finish(succeeded: Bool) {
        depth = max(0, depth - 1)
        guard depth == 0 else { return }
        append([succeeded ? "ok" : "failed"])
    }

    /// Records that this session replays the journal at `source` (before the replay).
    func beginRecovery(of source: String) {
        append(["recovers " + Self.quoted(source)])
    }

    /// Records that the replay is done: from now on this journal is complete.
    func finishRecovery() {
        append(["recovered"])
    }

    /// Whether the journal file was created (a command was recorded).
    var isOpen: Bool { descriptor >= 0 }

    /// Whether the file exists and every line was written and flushed to
    /// disk: what it says survives a crash of the process or the machine.
    var isIntact: Bool { isOpen && lastError == nil }

    /// Removes the journal: the session ended normally.
    func close() {
        guard descriptor >= 0 else { return }
        unlink(path)
        Glibc.close(descriptor)
        descriptor = -1
    }

    // MARK: Writing

    private func append(_ lines: [String]) {
        guard lastError == nil else { return }
        do throws(JournalError) {
            if descriptor < 0 { try create() }
            let text = lines.map { $0 + "\n" }.joined()
            try writeAll(text, operation: "write")
            if fdatasync(descriptor) != 0 { throw JournalError(path: path, operation: "flush", errno: errno) }
        } catch {
            lastError = error
        }
    }

    private func create() throws(JournalError) {
        do {
            try createDirectories(directory, mode: 0o700)
        } catch {
            throw JournalError(path: directory, operation: "create the directory", errno: error.errno)
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw JournalError(path: path, operation: "create", errno: errno) }
        descriptor = fd
        // Held until the process ends: tells recovery this session is alive.
        _ = flock(fd, LOCK_EX | LOCK_NB)
        try writeAll(Self.header + "\n", operation: "write")
        // The new file's name must survive a crash of the machine too.
        SystemCall.syncDirectory(directory)
    }

    private func writeAll(_ text: String, operation: String) throws(JournalError) {
        let failure = SystemCall.writeAll(descriptor, Array(text.utf8))
        guard failure == 0 else { throw JournalError(path: path, operation: operation, errno: failure) }
    }

    private static func quoted(_ text: String) -> String {
        (try? JSONValue.string(text).serialized()) ?? "\"\""
    }

    // MARK: Reading

    /// What a journal holds.
    struct Contents: Equatable {
        /// A command that ran to the end, and the directory it ran in.
        struct Entry: Equatable {
            var text: String
            var succeeded: Bool
            var directory: String?
        }
        /// Every command that finished, in order.
        var entries: [Entry] = []
        /// The command that was running when the session ended, if any.
        var interrupted: String?
        /// The journal this session was replaying (`recovers`), if it was started with `--recover`.
        var recovering: String?
        /// Whether that replay finished (`recovered`).
        var recoveryFinished = false

        /// The commands that succeeded.
        var succeeded: [Entry] { entries.filter(\.succeeded) }
    }

    /// Reads a journal. Lines it does not understand are skipped (a line cut
    /// short by the crash, or a newer format's additions).
    static func read(_ path: String) throws(FileError) -> Contents {
        let text = try readTextFile(path)
        var contents = Contents()
        var pending: String?
        var directory: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("run ") {
                pending = (try? JSONParser().parse(String(line.dropFirst(4))))?.stringValue
            } else if line.hasPrefix("cwd ") {
                directory = (try? JSONParser().parse(String(line.dropFirst(4))))?.stringValue ?? directory
            } else if line.hasPrefix("recovers ") {
                contents.recovering = (try? JSONParser().parse(String(line.dropFirst(9))))?.stringValue
            } else if line == "recovered" {
                contents.recoveryFinished = true
            } else if line == "ok" || line == "failed", let command = pending {
                contents.entries.append(.init(text: command, succeeded: line == "ok", directory: directory))
                pending = nil
            }
        }
        contents.interrupted = pending
        return contents
    }

    /// The journals in `directory` left by sessions that ended without
    /// closing them (no process holds their lock), newest first.
    static func abandoned(in directory: String) -> [String] {
        guard let names = try? listDirectory(directory) else { return [] }
        var found: [(path: String, time: FileTimestamp)] = []
        for name in names where name.hasPrefix("session-") && name.hasSuffix(".journal") {
            let path = Path.join(directory, name)
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { Glibc.close(fd) }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }  // its session is running
            flock(fd, LOCK_UN)
            var status = stat()
            guard fstat(fd, &status) == 0 else { continue }
            found.append(
                (path, FileTimestamp(seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec))))
        }
        return found.sorted { $0.time > $1.time }.map(\.path)
    }

    /// The most recent abandoned journal in `directory`, if any.
    static func latestAbandoned(in directory: String) -> String? {
        abandoned(in: directory).first
    }
}

/// Writing the journal failed.
struct JournalError: Error, CustomStringConvertible, Equatable {
    var path: String
    var operation: String
    var errno: Int32

    var description: String {
        "cannot \(operation) the session journal \(path): \(ErrnoText.of(errno))"
    }
}
