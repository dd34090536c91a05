import Glibc
import Synchronization

/// The temporary files being written right now, kept where a signal handler
/// can remove them: a signal that ends the process in the middle of an atomic
/// write (SIGINT, SIGTERM, SIGXCPU from `ulimit -t`, SIGUSR1, …) must not leave
/// `.FILE.tmp-…` behind (docs/batch.md). The same handlers end the children
/// the process has running (``ChildProcessRegistry``).
///
/// The paths live in storage allocated once, so the handler only reads bytes
/// and calls `unlink`, both async-signal-safe. A slot's first byte says
/// whether it holds a path; it is set after the path is written and cleared
/// before the slot is reused.
///
/// ```swift
/// TemporaryFiles.installSignalHandlers()   // once, at start-up
/// let slot = TemporaryFiles.register("/out/.report.html.tmp-42-9f3c")
/// // … write, rename …
/// TemporaryFiles.unregister(slot)
/// ```
package enum TemporaryFiles {
    /// How many temporary files can be tracked at once; more are written but not tracked.
    /// (The files of sorted and filtered bindings stay while their bindings do.)
    static let slotCount = 64
    /// The bytes of one slot: a flag byte, then the path and its NUL.
    static let slotSize = Int(PATH_MAX) + 2

    nonisolated(unsafe) private static let storage: UnsafeMutablePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: slotCount * slotSize)
        pointer.initialize(repeating: 0, count: slotCount * slotSize)
        return pointer
    }()
    private static let lock = Mutex<[Bool]>([Bool](repeating: false, count: slotCount))
    private static let installed = Atomic<Bool>(false)

    /// Tracks `path`; returns its slot, or `nil` if every slot is taken or the path is too long.
    package static func register(_ path: String) -> Int? {
        let bytes = Array(path.utf8)
        guard bytes.count + 2 <= slotSize, !bytes.contains(0) else { return nil }
        let slot = lock.withLock { used -> Int? in
            guard let free = used.firstIndex(of: false) else { return nil }
            used[free] = true
            return free
        }
        guard let slot else { return nil }
        let base = storage + slot * slotSize
        bytes.withUnsafeBufferPointer { (base + 1).update(from: $0.baseAddress!, count: bytes.count) }
        base[bytes.count + 1] = 0
        base.pointee = 1
        return slot
    }

    /// Stops tracking a slot (the file was renamed or removed).
    package static func unregister(_ slot: Int?) {
        guard let slot, slot >= 0, slot < slotCount else { return }
        (storage + slot * slotSize).pointee = 0
        lock.withLock { $0[slot] = false }
    }

    /// Removes every tracked file, then every tracked folder those leave
    /// empty (a private folder of temporary files). Async-signal-safe.
    package static func removeAll() {
        for pass in 0..<2 {
            let folders = pass == 1
            for slot in 0..<slotCount {
                let base = storage + slot * slotSize
                if base.pointee == 1 {
                    _ = (base + 1).withMemoryRebound(to: CChar.self, capacity: slotSize - 1) {
                        folders ? rmdir($0) : unlink($0)
                    }
                }
            }
        }
    }

    /// Removes every tracked file and folder when the process exits normally
    /// (``removeAll()``): what is kept for as long as the session runs.
    package static func removeAllAtExit() {
        guard !exitHandlerInstalled.exchange(true, ordering: .sequentiallyConsistent) else { return }
        _ = storage
        atexit { TemporaryFiles.removeAll() }
    }
    private static let exitHandlerInstalled = Atomic<Bool>(false)

    /// The signals whose default action ends the process and that a handler can catch,
    /// but that are not faults: SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
    /// SIGTERM, SIGSTKFLT, SIGXCPU (`ulimit -t`), SIGVTALRM, SIGPROF, SIGPOLL (SIGIO), SIGPWR,
    /// SIGSYS and the real-time signals. Not SIGPIPE and SIGXFSZ, which the session
    /// turns into write errors; not SIGKILL, which cannot be caught.
    package static let terminatingSignals: [Int32] =
        [
            SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU, SIGVTALRM, SIGPROF,
            SIGPOLL, SIGPWR, SIGSYS,
        ] + Array(realTimeSignals)

    /// The faults (a trap, a crash): the handler that was there before (the Swift
    /// runtime's backtracer) must still run after the temporary files are removed.
    package static let faultSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

    /// SIGRTMIN to SIGRTMAX as glibc gives them to programs (the C library keeps the
    /// first two for itself).
    private static var realTimeSignals: ClosedRange<Int32> { 34...64 }

    /// The actions that were in place before ours, for the faults (written once).
    nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: signalLimit)
        pointer.initialize(repeating: sigaction(), count: signalLimit)
        return pointer
    }()
    private static let signalLimit = 65

    /// What else a handler does before the process ends, after the files are
    /// removed and the children ended: the REPL restores the terminal. Set
    /// once (``setCleanup(_:)``), before a signal can come; async-signal-safe.
    nonisolated(unsafe) private static var cleanup: (@convention(c) () -> Void)?

    /// Sets what a handler does before the process ends, besides removing the
    /// temporary files and ending the children (see ``cleanup``).
    package static func setCleanup(_ body: @escaping @convention(c) () -> Void) {
        cleanup = body
    }

    /// For a batch run and the REPL (which puts its own handlers over SIGINT,
    /// SIGTSTP and SIGCONT): every signal of ``terminatingSignals`` removes the
    /// temporary files, ends the children (``ChildProcessRegistry``) and runs
    /// the cleanup, then ends the process as the signal's default action would.
    /// A fault of ``faultSignals`` does the same and goes on to the handler that
    /// was there before (the Swift runtime's crash report); but one that
    /// another process *sent* (`kill -SEGV`: its `si_code` says so, and the
    /// sender is not this process, as it is for `abort()`) is no crash: it ends
    /// the process as a terminating signal does. A normal exit ends the
    /// children too. SIGXFSZ (a file size limit, `ulimit -f`) is ignored, so
    /// the write that passes the limit fails with `EFBIG` and is reported as an
    /// I/O error (exit status 4) instead of ending the process. SIGPIPE gets a
    /// handler that does nothing, so a write to a pipe or socket whose reader
    /// is gone (the worker's) fails with `EPIPE` instead of ending the session
    /// with no word (a program it starts gets SIGPIPE's default back, as `exec`
    /// resets a caught signal; an ignored one would stay ignored). A signal
    /// that was ignored when the process started (`nohup`, a background job)
    /// stays ignored. Idempotent.
    package static func installSignalHandlers() {
        guard !installed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        _ = storage
        _ = previousActions
        ChildProcessRegistry.endAllAtExit()
        signal(SIGXFSZ, SIG_IGN)
        if !isIgnored(SIGPIPE) {
            SignalHandler.set(SIGPIPE) { _ in }
        }
        for number in terminatingSignals where !isIgnored(number) {
            SignalHandler.set(number) { number in TemporaryFiles.endProcess(by: number) }
        }
        for number in faultSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { number, info, _ in
                if let info, TemporaryFiles.wasSentByAnotherProcess(info) {
                    TemporaryFiles.endProcess(by: number)
                    return
                }
                TemporaryFiles.cleanUp()
                guard number > 0 && Int(number) < TemporaryFiles.signalLimit else { return }
                // A fault happens again when the handler returns, a raised signal is
                // delivered again: either way to the action that was there before.
                sigaction(number, TemporaryFiles.previousActions + Int(number), nil)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_ONSTACK | SA_SIGINFO)
            sigaction(number, &action, previousActions + Int(number))
        }
    }

    /// Whether a signal was sent by another process (`kill`, `sigqueue`,
    /// `tgkill`: `si_code` ≤ 0), not raised by a fault or by this process
    /// (`abort()`). Async-signal-safe.
    static func wasSentByAnotherProcess(_ info: UnsafePointer<siginfo_t>) -> Bool {
        info.pointee.si_code <= 0 && info.pointee._sifields._kill.si_pid != getpid()
    }

    /// Removes the temporary files, ends the children and runs the cleanup. Async-signal-safe.
    static func cleanUp() {
        removeAll()
        ChildProcessRegistry.endAll()
        cleanup?()
    }

    /// Cleans up (``cleanUp()``), then ends the process by signal `number` as
    /// its default action would. Async-signal-safe.
    static func endProcess(by number: Int32) {
        cleanUp()
        raiseWithDefaultAction(number)
    }

    /// Ends the process as SIGPIPE's default action would, after removing the temporary
    /// files and ending the children (``cleanUp()``): what a program that writes to a pipe whose reader has gone (`cellkit run
    /// x.cellkit | head -1`) is expected to do, quietly (a shell sees status 141).
    package static func endForClosedPipe() -> Never {
        cleanUp()
        raiseWithDefaultAction(SIGPIPE)
        _exit(128 + SIGPIPE)
    }

    /// Puts signal `number` back to its default action, unblocks it and raises it: the
    /// process ends as the signal would have ended it. Async-signal-safe.
    package static func raiseWithDefaultAction(_ number: Int32) {
        var reset = sigaction()
        reset.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&reset.sa_mask)
        sigaction(number, &reset, nil)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, number)
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
        raise(number)  // delivered with the default action when the handler returns
    }

    /// Whether signal `number` is ignored (as it may be from the process's start).
    private static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        sigaction(number, nil, &current)
        // Function pointers are not Equatable: compare their addresses (SIG_IGN is 1).
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
            == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
