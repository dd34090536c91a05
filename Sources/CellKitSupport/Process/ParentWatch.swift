import Glibc
import Synchronization

/// How a child process of cellkit (a worker, a registry scanner, an ABI probe,
/// the guard of a build) ends when the process that started it is gone,
/// however it went — SIGKILL included, where no handler of the parent runs.
///
/// Linux sends the child ``signal`` when its parent ends (`PR_SET_PDEATHSIG`);
/// the handler ends the child at once, and with it the process group it leads
/// (whatever a plugin forked). Linux also sends it when the *thread* that
/// started the child ends while the process goes on (the threads of a
/// parallel render come and go), so the handler first asks whether the parent
/// really is gone: the child's parent process id is no longer the one that
/// started it. The parent passes its process id in ``variable`` (set by
/// ``childEnvironment(_:)``): a parent that died before the child set its
/// signal is noticed at once, where `getppid()` alone would already name the
/// process that adopted the child.
///
/// ```swift
/// // First thing in `cellkit --worker`:
/// ParentWatch.start()
/// ```
package enum ParentWatch {
    /// The environment variable that names the parent's process id.
    package static let variable = "CELLKIT_PARENT_PID"
    /// The signal a child is sent when its parent ends: a real-time signal
    /// (SIGRTMIN + 28), which nothing else in cellkit sends or catches.
    package static let signal: Int32 = 62

    /// The process id of the parent that started this process (0 until ``arm()``).
    private static let parent = Atomic<Int32>(0)

    /// Watches the parent: when it is gone, this process ends with SIGKILL, with
    /// the process group it leads. Call it first thing in a child mode.
    package static func start() {
        // SA_RESTART (the default): a false alarm (a thread of the parent ended) interrupts nothing.
        SignalHandler.set(signal) { _ in
            if ParentWatch.parentIsGone { ParentWatch.endProcessGroup() }
        }
        if !arm() { endProcessGroup() }
    }

    /// Asks Linux for ``signal`` when the parent ends (the caller handles it
    /// or waits for it) and notes which process the parent is; `false` when
    /// it is already gone.
    @discardableResult
    package static func arm() -> Bool {
        let given = getenv(variable).flatMap { Int32(String(cString: $0)) }
        parent.store(given ?? getppid(), ordering: .sequentiallyConsistent)
        _ = Self.prctl(Self.setDeathSignal, UInt(signal))
        return !parentIsGone
    }

    /// Whether the process that started this one has ended (this one was adopted). Async-signal-safe.
    package static var parentIsGone: Bool {
        getppid() != parent.load(ordering: .sequentiallyConsistent)
    }

    /// This process's environment for a child it starts (`base`, or this
    /// process's own when `nil`), as `NAME=value` strings: with ``variable``
    /// set to this process's id, for the child's ``arm()``.
    ///
    /// Under AddressSanitizer (`ASAN_OPTIONS` set: CI's second pass), a
    /// child gets `SWIFT_BACKTRACE=enable=no` unless it is set: Swift's
    /// backtracer reads the crashed thread's stack in a way the sanitizer
    /// reports as an overflow, so a plugin that traps would end its worker
    /// or scanner with the sanitizer's exit status 1 instead of its signal.
    package static func childEnvironment(_ base: [String: String]? = nil) -> [String] {
        let prefix = variable + "="
        var entries: [String]
        if let base {
            entries = base.filter { $0.key != variable }.map { "\($0.key)=\($0.value)" }
        } else {
            entries = []
            var pointer = environ
            while let entry = pointer.pointee {
                let text = String(cString: entry)
                if !text.hasPrefix(prefix) { entries.append(text) }
                pointer += 1
            }
        }
        if entries.contains(where: { $0.hasPrefix("ASAN_OPTIONS=") })
            && !entries.contains(where: { $0.hasPrefix("SWIFT_BACKTRACE=") })
        {
            entries.append("SWIFT_BACKTRACE=enable=no")
        }
        return entries + [prefix + String(getpid())]
    }

    /// Kills the process group this process leads (itself included), or only
    /// this process when it leads none. Async-signal-safe.
    static func endProcessGroup() {
        if getpgrp() == getpid() { kill(0, SIGKILL) }
        _exit(128 + SIGKILL)
    }

    // MARK: - prctl

    /// `PR_SET_PDEATHSIG`.
    static let setDeathSignal: Int32 = 1
    /// `PR_SET_CHILD_SUBREAPER`.
    static let setChildSubreaper: Int32 = 36

    private typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    /// glibc's `prctl`, which Swift cannot call directly (it is variadic); its
    /// arguments are integers, passed as a fixed-argument call passes them.
    private static let prctlFunction: Prctl? = dlsym(nil, "prctl").map { unsafeBitCast($0, to: Prctl.self) }

    /// Calls `prctl(option, argument)`; -1 when it fails or cannot be found.
    static func prctl(_ option: Int32, _ argument: UInt) -> Int32 {
        prctlFunction?(option, argument, 0, 0, 0) ?? -1
    }
}
