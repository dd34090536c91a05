import Glibc
import Synchronization

/// The temporary files being written right now, kept where a signal handler
/// can remove them: SIGINT, SIGTERM, SIGHUP or SIGQUIT in the middle of an
/// atomic write must not leave `.FILE.tmp-…` behind (docs/batch.md).
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
public enum TemporaryFiles {
    /// How many temporary files can be tracked at once; more are written but not tracked.
    static let slotCount = 16
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
    public static func register(_ path: String) -> Int? {
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
    public static func unregister(_ slot: Int?) {
        guard let slot, slot >= 0, slot < slotCount else { return }
        (storage + slot * slotSize).pointee = 0
        lock.withLock { $0[slot] = false }
    }

    /// Removes every tracked file. Async-signal-safe.
    public static func removeAll() {
        for slot in 0..<slotCount {
            let base = storage + slot * slotSize
            if base.pointee == 1 {
                _ = (base + 1).withMemoryRebound(to: CChar.self, capacity: slotSize - 1) { unlink($0) }
            }
        }
    }

    /// For a batch run (not the REPL, whose own handlers call ``removeAll()``):
    /// SIGINT, SIGTERM, SIGHUP and SIGQUIT remove the temporary files, then end
    /// the process as the signal's default action would. SIGXFSZ (a file size
    /// limit, `ulimit -f`) is ignored, so the write that passes the limit fails
    /// with `EFBIG` and is reported as an I/O error (exit status 4) instead of
    /// ending the process. A signal that was ignored when the process started
    /// stays ignored. Idempotent.
    public static func installSignalHandlers() {
        guard !installed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        _ = storage
        signal(SIGXFSZ, SIG_IGN)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            // A signal ignored when the process started (`nohup`, a background job) stays ignored.
            var current = sigaction()
            sigaction(number, nil, &current)
            // Function pointers are not Equatable: compare their addresses (SIG_IGN is 1).
            let ignore = unsafeBitCast(SIG_IGN, to: Int.self)
            if unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == ignore { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                TemporaryFiles.removeAll()
                var reset = sigaction()
                reset.__sigaction_handler.sa_handler = SIG_DFL
                sigemptyset(&reset.sa_mask)
                sigaction(number, &reset, nil)
                raise(number)  // delivered with the default action when the handler returns
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_RESTART)
            sigaction(number, &action, nil)
        }
    }
}
