import Glibc

/// `cellkit --guard PROGRAM ARGUMENTS…`: runs a program that is not cellkit's
/// own (`swift build`) so that nothing it starts outlives the cellkit that
/// asked for it (``ChildProcess`` starts every program through it).
///
/// A build's processes cannot be ended by their process group: SwiftPM starts
/// each `swiftc` in a group of its own, and `swiftc` each `swift-frontend`
/// (seen with `ps -o pid,ppid,pgid,cmd` during `swift build`), and a program
/// killed alone leaves its children to PID 1. The guard is a *child
/// subreaper* (`PR_SET_CHILD_SUBREAPER`): every process the program starts,
/// in whatever group or session, stays its descendant, and one whose parent
/// ends is adopted by the guard instead of PID 1. When the program ends, when
/// the guard is told to stop (SIGTERM, SIGINT, SIGHUP, SIGQUIT), or when
/// cellkit is gone (``ParentWatch``, SIGKILL of cellkit included), it kills
/// every descendant (found in `/proc`, again until none is left), then exits:
/// with the program's status (128 + N for signal N), or 128 + 15 when stopped.
///
/// The guard blocks the signals it acts on and takes them with `sigtimedwait`
/// (no handler runs, so nothing can be missed between a check and a wait);
/// the program starts with them unblocked and at their default actions.
///
/// ```swift
/// // cellkit --guard /bin/sh -c 'cd "$0" && exec "$@"' /home/ada/Cells swift build
/// exit(ProcessGuard.run(Array(CommandLine.arguments.dropFirst(2))))
/// ```
package enum ProcessGuard {
    /// The argument that runs ``run(_:)``.
    package static let argument = "--guard"
    /// The status the guard exits with when it was stopped before the program ended.
    package static let stoppedStatus: Int32 = 128 + SIGTERM

    /// The signals the guard acts on: a stop request, the program's end, the parent's end.
    private static var watchedSignals: [Int32] { [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGCHLD, ParentWatch.signal] }

    /// Runs `arguments` (the program's path first) and guards it; returns the exit status.
    package static func run(_ arguments: [String]) -> Int32 {
        guard !arguments.isEmpty else {
            report("cellkit \(argument): no program to run (only cellkit starts a guard)")
            return 2
        }
        var watched = sigset_t()
        sigemptyset(&watched)
        for number in watchedSignals { sigaddset(&watched, number) }
        sigprocmask(SIG_BLOCK, &watched, nil)
        _ = ParentWatch.prctl(ParentWatch.setChildSubreaper, 1)
        guard ParentWatch.arm() else { return stoppedStatus }

        let pid: pid_t
        do {
            pid = try spawn(arguments, unblocking: watched)
        } catch {
            report("cellkit: \(error)")
            return 127
        }
        var status: Int32?
        var stopped = false
        while status == nil && !stopped {
            var info = siginfo_t()
            var wait = timespec(tv_sec: 1, tv_nsec: 0)
            let number = sigtimedwait(&watched, &info, &wait)
            if number > 0 && number != SIGCHLD && number != ParentWatch.signal { stopped = true }
            if ParentWatch.parentIsGone { stopped = true }
            // A SIGCHLD, or a second gone by (a signal is not queued twice): reap whoever ended.
            status = reapEnded(lookingFor: pid) ?? status
        }
        endDescendants()
        guard !stopped, let status else { return stoppedStatus }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Starts `arguments` (the program's path first) with this process's
    /// descriptors and environment (``ParentWatch/childEnvironment(_:)``), with
    /// `signals` unblocked and at their default actions.
    private static func spawn(_ arguments: [String], unblocking signals: sigset_t) throws(ChildProcess.StartError)
        -> pid_t
    {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = signals
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        return try ChildProcessGroup.start(arguments, environment: nil, actions: nil, attributes: &attributes)
    }

    /// Reaps every child that ended (the program, or a process it started that
    /// the guard adopted); the program's wait status if it was among them.
    private static func reapEnded(lookingFor program: pid_t) -> Int32? {
        var found: Int32?
        while true {
            var status: Int32 = 0
            let pid = waitpid(-1, &status, WNOHANG)
            if pid <= 0 { return found }
            if pid == program { found = status }
        }
    }

    /// Kills every descendant of this process, again until none is left: one
    /// whose parent dies first is adopted by this process (the subreaper), so
    /// it is found the next time round. Gives up after 30 s (a process stuck
    /// in the kernel cannot be hurried).
    static func endDescendants() {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(30)
        while clock.now < deadline {
            let descendants = descendants(of: getpid())
            for pid in descendants { kill(pid, SIGKILL) }
            _ = reapEnded(lookingFor: 0)
            // No child left, not even one that has yet to be reaped.
            var info = siginfo_t()
            if descendants.isEmpty && waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) < 0 && errno == ECHILD {
                return
            }
            usleep(10_000)
        }
    }

    /// The processes below `root`, from the parent of each in `/proc/PID/stat`.
    static func descendants(of root: pid_t) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for name in (try? listDirectory("/proc")) ?? [] {
            guard let pid = pid_t(name), let parent = parentProcess(of: pid) else { continue }
            children[parent, default: []].append(pid)
        }
        var found: [pid_t] = []
        var next = [root]
        while let pid = next.popLast() {
            for child in children[pid] ?? [] {
                found.append(child)
                next.append(child)
            }
        }
        return found
    }

    /// The parent process id in `/proc/PID/stat`: the fourth field, after the
    /// command name in parentheses (which may itself hold spaces and parentheses).
    static func parentProcess(of pid: pid_t) -> pid_t? {
        guard let bytes = try? readFile("/proc/\(pid)/stat"), let close = bytes.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else { return nil }
        return pid_t(String(decoding: fields[1], as: UTF8.self))
    }

    private static func report(_ text: String) {
        _ = SystemCall.writeAll(2, Array((text + "\n").utf8))
    }
}
