import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The process-wide record of the terminal mode to restore, for exit paths that
/// do not unwind Swift code: signal handlers installed elsewhere (SIGINT, SIGTERM,
/// SIGTSTP, SIGHUP…) and `exit()`.
///
/// ``FileDescriptorTerminal`` records the original `termios` here when it enters
/// raw mode and clears the record when it leaves. A handler calls ``restore()``,
/// which is written to be as close to async-signal-safe as Swift allows: it reads
/// preallocated storage and an atomic, and calls only `tcsetattr` and `write`
/// (both async-signal-safe in POSIX). It allocates nothing, takes no lock and
/// does not touch reference counts.
///
/// Call ``prepare()`` once before installing signal handlers (creating a
/// ``FileDescriptorTerminal`` does it), so that no lazy global initialisation
/// runs inside a handler. `prepare()` also registers ``restore()`` with `atexit`.
enum SavedTerminalMode {
    /// Storage for two `termios`: [0] the original mode, [1] the raw mode.
    /// Allocated once, never freed; written only while `armedInput` is -1.
    nonisolated(unsafe) private static let modes: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 2)
        pointer.initialize(repeating: termios(), count: 2)
        return pointer
    }()

    /// The input descriptor whose mode is saved, or -1 when nothing is saved.
    private static let armedInput = Atomic<Int32>(-1)

    /// The output descriptor to write "bracketed paste off" to, or -1.
    private static let armedOutput = Atomic<Int32>(-1)

    /// Registers the `atexit` hook the first time it is evaluated.
    private static let atExitHook: Void = {
        atexit { SavedTerminalMode.restore() }
    }()

    /// Sequences that undo what the editor may have turned on: bracketed paste.
    private static let resetSequence: StaticString = "\u{1B}[?2004l"

    /// Initialises the storage and registers the `atexit` hook. Idempotent.
    static func prepare() {
        _ = modes
        _ = armedInput.load(ordering: .relaxed)
        _ = armedOutput.load(ordering: .relaxed)
        _ = atExitHook
    }

    /// Records `original` (to restore) and `raw` (to re-apply after SIGCONT) for `input`.
    /// `output` is the descriptor the reset sequences go to (-1 for none).
    static func save(original: termios, raw: termios, input: Int32, output: Int32) {
        prepare()
        armedInput.store(-1, ordering: .sequentiallyConsistent)
        modes[0] = original
        modes[1] = raw
        armedOutput.store(output, ordering: .sequentiallyConsistent)
        armedInput.store(input, ordering: .sequentiallyConsistent)
    }

    /// Forgets the record for `input` (after a normal restore).
    static func clear(input: Int32) {
        _ = armedInput.compareExchange(
            expected: input, desired: -1, ordering: .sequentiallyConsistent)
    }

    /// Whether a mode is recorded (raw mode is on somewhere in the process).
    static var isSaved: Bool {
        armedInput.load(ordering: .sequentiallyConsistent) >= 0
    }

    /// Puts the terminal back in the recorded original mode and turns bracketed
    /// paste off. Safe to call from a signal handler, any number of times; does
    /// nothing when no mode is recorded. Does not clear the record, so that a
    /// SIGCONT handler can call ``reapplyRawMode()``.
    static func restore() {
        let input = armedInput.load(ordering: .sequentiallyConsistent)
        guard input >= 0 else { return }
        let output = armedOutput.load(ordering: .sequentiallyConsistent)
        if output >= 0 {
            _ = Glibc.write(output, resetSequence.utf8Start, resetSequence.utf8CodeUnitCount)
        }
        _ = tcsetattr(input, TCSADRAIN, modes)
    }

    /// Re-applies the recorded raw mode, for a SIGCONT handler after a stop that
    /// went through ``restore()``. The editor turns bracketed paste back on at its
    /// next prompt. Safe to call from a signal handler; does nothing when no mode
    /// is recorded.
    static func reapplyRawMode() {
        let input = armedInput.load(ordering: .sequentiallyConsistent)
        guard input >= 0 else { return }
        _ = tcsetattr(input, TCSADRAIN, modes + 1)
    }
}
