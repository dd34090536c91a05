import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal's alternate screen (what full-screen programs such as `less`
/// draw on), with the cursor hidden: entered by the REPL's `show` view, and
/// always left again, including from signal handlers.
///
/// Like ``SavedTerminalMode``, the process-wide record is an atomic, so that
/// ``restore()`` is async-signal-safe: it only loads the atomic and calls `write`.
enum AlternateScreen {
    /// Switch to the alternate screen (saving the cursor), hide the cursor.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l"
    /// Show the cursor, switch back to the normal screen (restoring the cursor).
    static let leaveSequence = "\u{1B}[?25h\u{1B}[?1049l"

    private static let leaveBytes: StaticString = "\u{1B}[?25h\u{1B}[?1049l"
    private static let enterBytes: StaticString = "\u{1B}[?1049h\u{1B}[?25l"

    /// The descriptor the alternate screen is shown on, or -1.
    private static let armedOutput = Atomic<Int32>(-1)
    /// The descriptor it was shown on when a stop signal left it, or -1.
    private static let suspendedOutput = Atomic<Int32>(-1)

    /// Records that `descriptor` now shows the alternate screen (-1: none, e.g. a
    /// test terminal). Call after writing ``enterSequence``.
    static func didEnter(descriptor: Int32) {
        suspendedOutput.store(-1, ordering: .sequentiallyConsistent)
        armedOutput.store(descriptor, ordering: .sequentiallyConsistent)
    }

    /// Forgets the record. Call before writing ``leaveSequence``.
    static func willLeave() {
        armedOutput.store(-1, ordering: .sequentiallyConsistent)
        suspendedOutput.store(-1, ordering: .sequentiallyConsistent)
    }

    /// Whether some descriptor shows the alternate screen.
    static var isActive: Bool { armedOutput.load(ordering: .sequentiallyConsistent) >= 0 }

    /// Leaves the alternate screen if it is shown. Async-signal-safe; idempotent.
    static func restore() {
        let output = armedOutput.exchange(-1, ordering: .sequentiallyConsistent)
        guard output >= 0 else { return }
        _ = Glibc.write(output, leaveBytes.utf8Start, leaveBytes.utf8CodeUnitCount)
    }

    /// Leaves the alternate screen for a stop (Ctrl-Z, SIGTSTP) and remembers to
    /// come back in ``resumeAfterStop()``. Async-signal-safe.
    static func suspendForStop() {
        let output = armedOutput.exchange(-1, ordering: .sequentiallyConsistent)
        guard output >= 0 else { return }
        _ = Glibc.write(output, leaveBytes.utf8Start, leaveBytes.utf8CodeUnitCount)
        suspendedOutput.store(output, ordering: .sequentiallyConsistent)
    }

    /// Goes back to the alternate screen after a stop (SIGCONT), if a stop left it.
    /// The view redraws when its wait for a key is interrupted. Async-signal-safe.
    static func resumeAfterStop() {
        let output = suspendedOutput.exchange(-1, ordering: .sequentiallyConsistent)
        guard output >= 0 else { return }
        _ = Glibc.write(output, enterBytes.utf8Start, enterBytes.utf8CodeUnitCount)
        armedOutput.store(output, ordering: .sequentiallyConsistent)
    }
}
