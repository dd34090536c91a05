import CellKitSupport
import Glibc

/// A session's commands, written to disk as they run, so `cellkit --recover`
/// can rebuild the screens after the process died (a plugin that trapped, a
/// kill, a closed terminal).
///
/// Each command is written before it runs (`run "<text>"`) and its outcome
/// after (`ok` or `failed`), each line flushed to disk. Recovery replays the
/// commands that succeeded; one that was still running when the process died
/// (the likely culprit) is reported and skipped. A session that ends
/// normally removes its journal.
final class Journal {
    /// The journal file.
    let path: String
    private var depth = 0

    /// Where journals live: `$XDG_STATE_HOME/cellkit/sessions`.
    static func directory(environment: [String: String]) -> String? {
        let env = Environment(environment)
        guard let home = env.homeDirectory() else { return nil }
        return XDGDirectories(environment: env, home: home).stateHome + "/cellkit/sessions"
    }

    /// Starts a journal for this process in `directory`.
    init(directory: String) throws(FileError) {
        try createDirectories(directory, mode: 0o700)
        path = directory + "/session-\(getpid()).journal"
        try atomicWrite(path, "cellkit-journal 1\n", permissions: 0o600)
    }

    /// Records a command about to run (nested commands of `open` are not
    /// recorded: replaying the `open` runs them).
    func begin(_ command: Command) {
        depth += 1
        guard depth == 1 else { return }
        let encoded = (try? JSONValue.string(command.sourceText).serialized()) ?? "\"\""
        try? appendLine(path, "run " + encoded)
    }

    /// Records how the command begun last ended.
    func finish(succeeded: Bool) {
        depth -= 1
        guard depth == 0 else { return }
        try? appendLine(path, succeeded ? "ok" : "failed")
    }

    /// Removes the journal: the session ended normally.
    func close() {
        unlink(path)
    }

    /// What a journal holds: the commands to replay, and the one that was running.
    struct Contents {
        var commands: [String]
        var interrupted: String?
    }

    /// Reads a journal.
    static func read(_ path: String) throws(FileError) -> Contents {
        let text = try readTextFile(path)
        var contents = Contents(commands: [], interrupted: nil)
        var pending: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("run ") {
                pending = (try? JSONParser().parse(String(line.dropFirst(4))))?.stringValue
            } else if line == "ok", let command = pending {
                contents.commands.append(command)
                pending = nil
            } else if line == "failed" {
                pending = nil
            }
        }
        contents.interrupted = pending
        return contents
    }

    /// The most recent journal left by a session that did not end normally
    /// (its process is gone), if any.
    static func latestAbandoned(in directory: String) -> String? {
        guard let names = try? listDirectory(directory) else { return nil }
        var best: (path: String, time: Int)?
        for name in names where name.hasPrefix("session-") && name.hasSuffix(".journal") {
            let pidText = name.dropFirst("session-".count).dropLast(".journal".count)
            guard let pid = Int32(pidText), pid != getpid() else { continue }
            if kill(pid, 0) == 0 { continue }  // still running
            let path = directory + "/" + name
            guard let info = try? fileInfo(path) else { continue }
            let time = info.modificationTime.seconds
            if best == nil || time > best!.time { best = (path, time) }
        }
        return best?.path
    }
}
