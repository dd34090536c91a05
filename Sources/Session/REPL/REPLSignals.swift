@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import Synchronization

/// The REPL's signal handlers: the terminal is given back whatever ends or
/// stops the process, and Ctrl-C stops the command that is running instead of
/// the session.
///
/// - SIGTERM, SIGHUP (the terminal closed), SIGQUIT (Ctrl-\) and every other
///   signal that ends a process (``TemporaryFiles/terminatingSignals``:
///   SIGXCPU, SIGUSR1, SIGALRM, …), and a fault another process sent (`kill
///   -SEGV`): ``TemporaryFiles/installSignalHandlers()``'s handlers remove the
///   temporary file of an atomic write in progress, end the session's
///   children (workers, scanners, a build: ``ChildProcessRegistry``), restore
///   the terminal (mode, alternate screen, cursor: the cleanup set here), then
///   raise the signal again with its default action, so the process ends as
///   the sender expects. The session's journal stays behind for `cellkit
///   --recover`. (SIGPIPE does nothing: a write to a closed pipe fails instead.)
/// - SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT (a crash): the same,
///   then the handler that was there before (the Swift runtime's backtracer,
///   or the default) takes over.
/// - SIGINT (Ctrl-C while a command runs; at the prompt and in `show` the
///   terminal is in raw mode and Ctrl-C is a key): ``interruptRequested`` is set;
///   writes to standard output then fail, which ends a long `render`, and the
///   waits and passes of long commands look at it (a render with `--jobs`, the
///   check of `rows`, a scan, a build).
/// - SIGTSTP: the terminal is restored, the process stops; SIGCONT puts raw
///   mode and the alternate screen back, and the view or the prompt redraws.
/// - SIGWINCH: no action, but the wait for a key is interrupted, so the line
///   editor and the `show` view redraw at the new size at once.
///
/// Handlers call only async-signal-safe functions (`write`, `tcsetattr`,
/// `sigaction`, `raise`, `kill`) and touch only atomics and preallocated storage.
enum REPLSignals {
    /// Set by SIGINT; cleared by the REPL before each command.
    static let interruptRequested = Atomic<Bool>(false)

    private static let installed = Atomic<Bool>(false)

    /// Installs every handler. Idempotent.
    static func install() {
        guard !installed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        SavedTerminalMode.prepare()
        _ = interruptRequested.load(ordering: .relaxed)
        _ = AlternateScreen.isActive

        TemporaryFiles.setCleanup { REPLSignals.restoreTerminal() }
        TemporaryFiles.installSignalHandlers()
        // SA_RESTART: the reads, writes and waits of commands (a plugin
        // scan's pipe, a data file) go on as if nothing happened. `poll`,
        // which the line editor and the `show` view wait in, is never
        // restarted (Linux), so a resize still wakes them.
        let restart = Int32(SA_RESTART)
        SignalHandler.set(SIGINT, flags: restart) { _ in
            REPLSignals.interruptRequested.store(true, ordering: .sequentiallyConsistent)
        }
        SignalHandler.set(SIGWINCH, flags: restart) { _ in }
        SignalHandler.set(SIGTSTP, flags: restart) { _ in
            SavedTerminalMode.restore()
            AlternateScreen.suspendForStop()
            raise(SIGSTOP)
        }
        SignalHandler.set(SIGCONT, flags: restart) { _ in
            SavedTerminalMode.reapplyRawMode()
            AlternateScreen.resumeAfterStop()
        }
    }

    /// Puts the terminal back: normal screen, cursor shown, original mode.
    static func restoreTerminal() {
        AlternateScreen.restore()
        SavedTerminalMode.restore()
    }
}

/// Standard output as the REPL's commands see it: once Ctrl-C was pressed,
/// writes fail with ``Interrupted``, so a long render stops (and is reported
/// as interrupted) instead of running to the end.
final class InterruptibleOutput: TextOutput {
    let base: any TextOutput
    private var resetWritten = false

    init(_ base: any TextOutput) {
        self.base = base
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        if REPLSignals.interruptRequested.load(ordering: .sequentiallyConsistent) {
            if !resetWritten {
                // The render may have stopped inside a coloured line.
                resetWritten = true
                let reset: StaticString = "\u{1B}[0m\n"
                try? base.write(UnsafeRawBufferPointer(start: reset.utf8Start, count: reset.utf8CodeUnitCount))
            }
            throw Interrupted()
        }
        resetWritten = false
        try base.write(bytes)
    }
}

/// The error a write gives after Ctrl-C.
struct Interrupted: Error, CustomStringConvertible {
    var description: String { "interrupted" }
}
