import Glibc

/// A child process that leads a process group of its own (started by
/// ``spawn(_:environment:actions:ending:)``), waited for with a deadline and
/// ended with its whole group: whatever it forked and left in the group dies
/// with it.
///
/// From its start to its end the child is in the ``ChildProcessRegistry``, so
/// that a signal that ends this process ends it too; and it ends by itself
/// when this process is gone (its ``ParentWatch``, for cellkit's own modes).
///
/// The child is never reaped before its group is signalled: while it is a
/// zombie its process id stays taken, so the group id cannot have been given
/// to another process when ``end()`` signals it.
///
/// ```swift
/// let child = try ChildProcessGroup.spawn([executable, "--worker"], actions: &actions)
/// let deadline = ContinuousClock.now + .seconds(10)
/// if !child.waitForEnd(until: deadline) { /* still running */ }
/// let status = child.end()   // SIGKILL to the group, then the wait status
/// ```
package struct ChildProcessGroup: Sendable {
    /// The child's process id, which is also its group's id.
    package let pid: pid_t

    package init(pid: pid_t) {
        self.pid = pid
    }

    /// Starts `arguments` (the program's path first) as the leader of a new
    /// process group, its descriptors set up by `actions`, with `environment`
    /// (this process's when `nil`) and this process's id in
    /// ``ParentWatch/variable``; registers it (``ChildProcessRegistry``) to
    /// be ended as `ending` says.
    ///
    /// - Throws: the `errno` of `posix_spawn`, as ``ChildProcess/StartError``.
    package static func spawn(
        _ arguments: [String], environment: [String: String]? = nil,
        actions: UnsafePointer<posix_spawn_file_actions_t>, ending: ChildProcessRegistry.Ending = .group
    ) throws(ChildProcess.StartError) -> ChildProcessGroup {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let pid = try start(arguments, environment: environment, actions: actions, attributes: &attributes)
        ChildProcessRegistry.add(pid, ending: ending)
        return ChildProcessGroup(pid: pid)
    }

    /// `posix_spawn` of `arguments` (the program's path first) with `actions`,
    /// `attributes` and `environment` (this process's when `nil`), with this
    /// process's id in ``ParentWatch/variable``: the child's process id.
    static func start(
        _ arguments: [String], environment: [String: String]?, actions: UnsafePointer<posix_spawn_file_actions_t>?,
        attributes: UnsafePointer<posix_spawnattr_t>
    ) throws(ChildProcess.StartError) -> pid_t {
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = ParentWatch.childEnvironment(environment).map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], actions, attributes, argv, envp)
        guard spawned == 0 else {
            throw ChildProcess.StartError(program: arguments[0], reason: String(cString: strerror(spawned)))
        }
        return pid
    }

    /// Whether the child has ended (exited or killed). It is left unreaped.
    package var hasEnded: Bool {
        var info = siginfo_t()
        let result = SystemCall.retrying { waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) }
        // ECHILD: already reaped, or never ours; nothing left to wait for.
        if result < 0 { return errno == ECHILD }
        return info._sifields._sigchld.si_pid == pid
    }

    /// Waits for the child to end until `deadline`, calling `step` between
    /// checks; `step` pauses (by default 20 ms) and returns `false` to stop
    /// waiting early (the user pressed Ctrl-C). Returns whether it ended.
    package func waitForEnd(
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
    package func end() -> Int32 {
        kill(-pid, SIGKILL)
        ChildProcessRegistry.remove(pid)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// The signal that ended a process, from its wait status; `nil` if it exited.
    package static func signal(in status: Int32) -> Int32? {
        status & 0x7F == 0 ? nil : status & 0x7F
    }

    /// The exit status of a process that exited, from its wait status.
    package static func exitCode(in status: Int32) -> Int32 {
        (status >> 8) & 0xFF
    }
}
