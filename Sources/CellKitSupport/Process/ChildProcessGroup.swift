import Glibc

/// A child process that leads a process group of its own (started with
/// `POSIX_SPAWN_SETPGROUP` and group 0), waited for with a deadline and ended
/// with its whole group: whatever it forked and left in the group dies with it.
///
/// The child is never reaped before its group is signalled: while it is a
/// zombie its process id stays taken, so the group id cannot have been given
/// to another process when ``end()`` signals it.
///
/// ```swift
/// let child = ChildProcessGroup(pid: pid)
/// let deadline = ContinuousClock.now + .seconds(10)
/// if !child.waitForEnd(until: deadline) { /* still running */ }
/// let status = child.end()   // SIGKILL to the group, then the wait status
/// ```
public struct ChildProcessGroup: Sendable {
    /// The child's process id, which is also its group's id.
    public let pid: pid_t

    public init(pid: pid_t) {
        self.pid = pid
    }

    /// Whether the child has ended (exited or killed). It is left unreaped.
    public var hasEnded: Bool {
        var info = siginfo_t()
        let result = SystemCall.retrying { waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) }
        // ECHILD: already reaped, or never ours; nothing left to wait for.
        if result < 0 { return errno == ECHILD }
        return info._sifields._sigchld.si_pid == pid
    }

    /// Waits for the child to end until `deadline`, calling `step` between
    /// checks; `step` pauses (by default 20 ms) and returns `false` to stop
    /// waiting early (the user pressed Ctrl-C). Returns whether it ended.
    public func waitForEnd(
        until deadline: ContinuousClock.Instant,
        step: () -> Bool = {
            usleep(20_000)
            return true
        }
    ) -> Bool {
        while true {
            if hasEnded { return true }
            if ContinuousClock.now >= deadline || !step() { return hasEnded }
        }
    }

    /// Kills the child's whole group (SIGKILL, which a stopped process
    /// obeys too), then reaps the child: its wait status. A child that had
    /// ended by itself keeps its own status (a zombie is not signalled); the
    /// rest of its group is killed all the same.
    @discardableResult
    public func end() -> Int32 {
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// The signal that ended a process, from its wait status; `nil` if it exited.
    public static func signal(in status: Int32) -> Int32? {
        status & 0x7F == 0 ? nil : status & 0x7F
    }

    /// The exit status of a process that exited, from its wait status.
    public static func exitCode(in status: Int32) -> Int32 {
        (status >> 8) & 0xFF
    }
}
