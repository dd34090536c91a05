import CellKitSupport
import Glibc
import Synchronization

/// The progress line of a long render (issue 18, item 5): after a second,
/// one line on standard error — rows done, rows per second, time left —
/// rewritten at most five times a second and erased when the render ends.
/// Made only when standard error is a terminal that the rendered bytes do
/// not go to (``shouldShow(toFile:)``), so pipes, files and logs never see it.
/// Any thread may report; the workers' counters are added up.
final class RenderProgress: Sendable {
    private struct State {
        var done: [UInt64]
        var lastDrawn: ContinuousClock.Instant?
        var shown = false
    }

    /// Rows the render draws in all.
    let total: Int
    private let descriptor: Int32
    private let start = ContinuousClock.now
    private let state: Mutex<State>
    /// How long a render runs before the line appears.
    static let delay: Duration = .seconds(1)
    /// The least time between two drawings of the line.
    static let interval: Duration = .milliseconds(200)

    init(total: Int, descriptor: Int32 = 2) {
        self.total = total
        self.descriptor = descriptor
        state = Mutex(State(done: []))
    }

    /// Whether a render shows progress: standard error is a terminal, and the
    /// rendered bytes go to a file or to a standard output that is not a terminal.
    static func shouldShow(toFile: Bool) -> Bool {
        isatty(2) == 1 && (toFile || isatty(1) != 1)
    }

    /// Worker `slot` has drawn `done` rows; draws the line when it is due.
    func update(slot: Int, done: UInt64) {
        let now = ContinuousClock.now
        let line: String? = state.withLock { state in
            while state.done.count <= slot { state.done.append(0) }
            state.done[slot] = done
            guard now - start >= Self.delay else { return nil }
            if let last = state.lastDrawn, now - last < Self.interval { return nil }
            state.lastDrawn = now
            state.shown = true
            return Self.line(
                done: min(Int(clamping: state.done.reduce(0, &+)), total), total: total, elapsed: now - start)
        }
        if let line { write("\r\u{1B}[K" + line) }
    }

    /// Erases the line, if it was shown.
    func finish() {
        let shown = state.withLock { state in
            defer { state.shown = false }
            return state.shown
        }
        if shown { write("\r\u{1B}[K") }
    }

    /// `rendering: 120,000 of 1,000,000 rows, 95,000 rows/s, 9 s left`.
    static func line(done: Int, total: Int, elapsed: Duration) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Int(Double(done) / seconds) : 0
        var text = "rendering: \(grouped(done)) of \(grouped(total)) rows, \(grouped(rate)) rows/s"
        if rate > 0 {
            let left = (total - done + rate - 1) / rate
            text += left >= 60 ? ", \(left / 60) min \(left % 60) s left" : ", \(left) s left"
        }
        return text
    }

    /// 1234567 as `1,234,567`.
    static func grouped(_ n: Int) -> String {
        var digits = String(n)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }

    private func write(_ text: String) {
        _ = SystemCall.writeAll(descriptor, Array(text.utf8))
    }
}
