import Glibc
import Synchronization

/// The children this process has running, kept where a signal handler can end
/// them: a signal that ends cellkit (SIGTERM, SIGHUP when the terminal closes,
/// SIGINT in a batch run, a crash) and a normal exit must leave no worker,
/// scanner or build running after it (docs/threat-model.md, "Processes left
/// behind").
///
/// Each entry is a process and the signal that ends it: a process group
/// (entered as its leader's process id, which is its group's id) is killed
/// whole with SIGKILL; the leader of a guarded program (``ProcessGuard``) is
/// sent SIGTERM, and ends everything that program started before it exits.
/// The entries live in storage allocated once, so the handler only reads
/// integers and calls `kill`, both async-signal-safe. An entry is set after
/// the child is started and cleared before it is reaped: while it is a zombie
/// its process id cannot be given to another process.
///
/// ```swift
/// ChildProcessRegistry.add(pid, ending: .group)   // after posix_spawn
/// ChildProcessRegistry.endAll()                   // in a signal handler, at exit
/// ChildProcessRegistry.remove(pid)                // before waitpid reaps it
/// ```
package enum ChildProcessRegistry {
    /// How a registered child is ended.
    package enum Ending: Sendable {
        /// SIGKILL to its whole process group.
        case group
        /// SIGTERM to the process alone: a ``ProcessGuard``, which ends what it runs.
        case guardProcess
    }

    /// How many children can be tracked at once; more are started but not
    /// tracked (each still ends with its parent: ``ParentWatch``).
    static let slotCount = 256

    /// Per slot: the `kill` target (0 when the slot is free; negative for a group), then the signal.
    nonisolated(unsafe) private static let storage: UnsafeMutablePointer<Int32> = {
        let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * slotCount)
        pointer.initialize(repeating: 0, count: 2 * slotCount)
        return pointer
    }()
    private static let used = Mutex<[pid_t]>([pid_t](repeating: 0, count: slotCount))
    private static let exitHandlerInstalled = Atomic<Bool>(false)

    /// Tracks the child `pid` until ``remove(_:)``; `false` if every slot is taken.
    @discardableResult
    package static func add(_ pid: pid_t, ending: Ending) -> Bool {
        guard pid > 0 else { return false }
        let slot = used.withLock { used -> Int? in
            guard let free = used.firstIndex(of: 0) else { return nil }
            used[free] = pid
            return free
        }
        guard let slot else { return false }
        let entry = storage + 2 * slot
        (entry + 1).pointee = ending == .group ? SIGKILL : SIGTERM
        entry.pointee = ending == .group ? -pid : pid
        return true
    }

    /// Stops tracking `pid` (it is about to be reaped).
    package static func remove(_ pid: pid_t) {
        used.withLock { used in
            guard let slot = used.firstIndex(of: pid) else { return }
            storage[2 * slot] = 0
            used[slot] = 0
        }
    }

    /// Ends every tracked child as its entry says. Async-signal-safe.
    package static func endAll() {
        for slot in 0..<slotCount {
            let entry = storage + 2 * slot
            let target = entry.pointee
            if target != 0 { kill(target, (entry + 1).pointee) }
        }
    }

    /// Ends the tracked children when the process exits (`exit`, a return from
    /// `main`), as a signal's handler does. Idempotent.
    package static func endAllAtExit() {
        guard !exitHandlerInstalled.exchange(true, ordering: .sequentiallyConsistent) else { return }
        _ = storage
        atexit { ChildProcessRegistry.endAll() }
    }
}
