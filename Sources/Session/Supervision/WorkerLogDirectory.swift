import CellKitSupport
import Glibc
import Synchronization

/// Where a session keeps its workers' logs: a folder of the user's own that no other
/// local user can write to or swap (``PrivateDirectory``), never a fixed shared path.
///
/// The first that exists or can be made and passes the check (it is not made here: the
/// worker makes it when it first starts):
///
/// 1. `$XDG_STATE_HOME/cellkit/workers`, when `XDG_STATE_HOME` is an absolute path;
/// 2. `~/.local/state/cellkit/workers`, when the home directory exists (a `HOME` that
///    does not exist is not created);
/// 3. `$XDG_RUNTIME_DIR/cellkit/workers`, when it is set;
/// 4. a new folder `cellkit-workers-XXXXXX` in `$TMPDIR` or `/tmp` (`mkdtemp`), removed
///    when the process ends if no log was kept in it.
///
/// A folder that is refused because another user could change it (it belongs to
/// someone else, others can write to it, it is a link) gives a warning with the fix; a
/// folder that cannot be made (a read-only home) is passed over without one.
///
/// ```swift
/// let choice = WorkerLogDirectory.choose(environment: ["HOME": "/home/ada"])
/// choice.path       // /home/ada/.local/state/cellkit/workers
/// choice.warnings   // []
/// ```
enum WorkerLogDirectory {
    /// The folder chosen, and a warning for each one refused on the way.
    struct Choice {
        var path: String
        var warnings: [String] = []
    }

    /// The `mkdtemp` folder this process made, to remove at exit when empty.
    private static let temporary = Mutex<String?>(nil)

    /// The folder for `environment`, checked (see ``WorkerLogDirectory``).
    static func choose(environment: [String: String]) -> Choice {
        let env = Environment(environment)
        var candidates: [String] = []
        if let state = env["XDG_STATE_HOME"], Path.isAbsolute(state) {
            candidates.append(Path.join(state, "cellkit/workers"))
        } else if let home = env.homeDirectory(), isDirectory(home) {
            candidates.append(Path.join(XDGDirectories(environment: env, home: home).stateHome, "cellkit/workers"))
        }
        if let runtime = env["XDG_RUNTIME_DIR"], Path.isAbsolute(runtime), isDirectory(runtime) {
            candidates.append(Path.join(runtime, "cellkit/workers"))
        }
        var warnings: [String] = []
        func chosen(_ path: String) -> Choice {
            Choice(path: path, warnings: warnings.map { $0 + "\n  they go to \(path) for this run" })
        }
        for candidate in candidates {
            // Checked, not made: the worker makes it when it first starts (a run that
            // needs no worker leaves nothing behind). One that cannot be made (a
            // read-only home) is passed over; one that another user could change is
            // refused, with the fix.
            do throws(FileError) {
                guard try PrivateDirectory.checkBeforeMaking(candidate) else { continue }
                return chosen(candidate)
            } catch {
                warnings.append(
                    "cellkit: warning: worker logs do not go to \(candidate): \(error.reason)"
                        + (error.fix.map { "; " + $0 } ?? ""))
            }
        }
        do throws(FileError) {
            let path = try PrivateDirectory.makeTemporary(prefix: "cellkit-workers", environment: env)
            temporary.withLock { $0 = path }
            atexit { WorkerLogDirectory.removeTemporaryIfEmpty() }
            return chosen(path)
        } catch {
            // Never a refused folder: one nothing can be made in, so that starting a worker
            // fails (the warnings say why) instead of logging where another user could look.
            warnings.append("cellkit: warning: no folder for worker logs: " + error.description)
            return Choice(path: "/dev/null/cellkit-workers", warnings: warnings)
        }
    }

    /// Removes the `mkdtemp` folder if nothing is left in it (a worker that died keeps
    /// its log, and the error named it).
    static func removeTemporaryIfEmpty() {
        if let path = temporary.withLock({ $0 }) {
            _ = rmdir(path)
        }
    }
}

// MARK: - Pruning

extension WorkerLogDirectory {
    /// How many worker logs a folder keeps (a log and its rotated `.1` count as one).
    static let keptLogs = 10
    /// How old a log may be, in days, before it is removed whatever the count.
    static let keptDays = 7

    /// Whether this process pruned its folder already (once per session, at its first worker).
    private static let pruned = Atomic<Bool>(false)

    /// Prunes `directory` once in this process (``prune(_:now:isRunning:)``).
    static func pruneOnce(_ directory: String) {
        guard !pruned.exchange(true, ordering: .sequentiallyConsistent) else { return }
        prune(directory)
    }

    /// Removes old worker logs from `directory`, as logrotate's `rotate` and
    /// `maxage` do: only the newest ``keptLogs`` are kept, and none older
    /// than ``keptDays`` days; but the log of a session still running
    /// (`worker-PID-…`, a process that is there) is never removed. A log is
    /// `worker-…log` with its rotated copy `….1`, removed together; anything
    /// else in the folder is left alone.
    static func prune(
        _ directory: String, now: Int = time(nil),
        isRunning: (pid_t) -> Bool = { $0 == getpid() || kill($0, 0) == 0 || errno == EPERM }
    ) {
        guard let names = try? listDirectory(directory) else { return }
        // Each log with its rotated copy: the name without `.1`, its files, the newest time of them.
        var logs: [String: (files: [String], newest: Int)] = [:]
        for name in names where name.hasPrefix("worker-") && name.contains(".log") {
            guard let info = try? fileInfo(directory + "/" + name, followingSymbolicLinks: false) else { continue }
            let key = name.hasSuffix(".1") ? String(name.dropLast(2)) : name
            var log = logs[key] ?? ([], 0)
            log.files.append(name)
            log.newest = max(log.newest, info.modificationTime.seconds)
            logs[key] = log
        }
        let newestFirst = logs.sorted { ($0.value.newest, $0.key) > ($1.value.newest, $1.key) }
        for (index, (key, log)) in newestFirst.enumerated() {
            let pid = pid_t(key.dropFirst("worker-".count).prefix { $0.isNumber }) ?? 0
            if pid > 0 && isRunning(pid) { continue }
            guard index >= keptLogs || now - log.newest > keptDays * 86_400 else { continue }
            for file in log.files { unlink(directory + "/" + file) }
        }
    }
}
