import CellKitSupport
import Glibc

/// The line on a terminal's standard error while a data source keeps the
/// session waiting for an answer: a database another program has locked
/// (SQLite waits up to 5 seconds for it), a slow disk. Shown after
/// ``RenderProgress/delay`` (`waiting for app.db: 2 s (Ctrl-C stops)`),
/// counted each second, erased when the answer comes; nothing when standard
/// error is not a terminal or with `-q`/`--no-progress`.
final class WaitProgress {
    private let what: String
    private let descriptor: Int32
    private let start = ContinuousClock.now
    /// The seconds the line says; 0: not shown.
    private var shownSeconds = 0

    /// `nil` when `descriptor` is not a terminal.
    init?(waitingFor what: String, descriptor: Int32 = 2) {
        guard isatty(descriptor) == 1 else { return nil }
        self.what = what
        self.descriptor = descriptor
    }

    /// Called while the session waits (at the worker's poll interval): draws the line when due.
    func tick() {
        let elapsed = ContinuousClock.now - start
        guard elapsed >= RenderProgress.delay else { return }
        let seconds = Int(elapsed.components.seconds)
        guard seconds != shownSeconds else { return }
        shownSeconds = seconds
        write("\r\u{1B}[K" + Self.line(what, seconds: seconds))
    }

    /// Erases the line, if it was shown.
    func finish() {
        if shownSeconds > 0 { write("\r\u{1B}[K") }
        shownSeconds = 0
    }

    /// `waiting for app.db: 2 s (Ctrl-C stops)`.
    static func line(_ what: String, seconds: Int) -> String {
        "waiting for \(what): \(seconds) s (Ctrl-C stops)"
    }

    private func write(_ text: String) {
        _ = SystemCall.writeAll(descriptor, Array(text.utf8))
    }
}
