/// The texts removed by kill commands (Ctrl-K, Ctrl-U, Ctrl-W, Alt-d,
/// Alt-Backspace), for Ctrl-Y to yank back and Alt-y to rotate through.
///
/// Consecutive kills build one entry: forward kills append to it, backward
/// kills prepend, so Ctrl-W Ctrl-W yanks back both words in their order.
struct KillRing: Sendable {
    /// Which side of the cursor the text was killed from.
    enum Direction: Sendable { case forward, backward }

    let capacity: Int
    /// Oldest first.
    private(set) var entries: [String] = []
    /// The entry Ctrl-Y yanks, counted from the newest (Alt-y moves it).
    private var yankOffset = 0

    init(capacity: Int = 32) {
        self.capacity = max(1, capacity)
    }

    /// Records killed text. `continuing` is true when the previous command was
    /// also a kill, in which case the text joins the newest entry.
    mutating func kill(_ text: String, direction: Direction, continuing: Bool) {
        guard !text.isEmpty else { return }
        yankOffset = 0
        if continuing, let last = entries.last {
            entries[entries.count - 1] = direction == .forward ? last + text : text + last
            return
        }
        entries.append(text)
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }

    /// What Ctrl-Y inserts; `nil` when nothing was killed yet.
    mutating func yank() -> String? {
        yankOffset = 0
        return entries.last
    }

    /// Alt-y after a yank: the next older entry (wrapping around).
    mutating func rotate() -> String? {
        guard !entries.isEmpty else { return nil }
        yankOffset = (yankOffset + 1) % entries.count
        return entries[entries.count - 1 - yankOffset]
    }
}
