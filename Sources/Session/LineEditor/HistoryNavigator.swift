/// Up/Down through the history while one line is edited.
///
/// Works on a copy of the entries plus the line being typed (the draft) at the
/// bottom. Edits made to a recalled entry are kept while moving around, so
/// coming back down finds the draft (and any edited entry) as it was left; the
/// history itself is never changed by editing, only by accepting a line.
struct HistoryNavigator: Sendable {
    private var lines: [String]
    /// The position shown: 0 is the oldest entry, `lines.count - 1` the draft.
    private(set) var index: Int

    /// - Parameters:
    ///   - entries: the history, oldest first.
    ///   - draft: the line being typed.
    init(entries: [String], draft: String) {
        lines = entries + [draft]
        index = lines.count - 1
    }

    var entryCount: Int { lines.count - 1 }

    /// Moves to `target` (clamped), keeping `current` as the text of the
    /// position being left. Returns the text to show, or `nil` if it did not move.
    mutating func move(to target: Int, leaving current: String) -> String? {
        let target = min(max(0, target), lines.count - 1)
        guard target != index else { return nil }
        lines[index] = current
        index = target
        return lines[index]
    }

    /// Up / Ctrl-P: the previous (older) entry.
    mutating func older(leaving current: String) -> String? {
        move(to: index - 1, leaving: current)
    }

    /// Down / Ctrl-N: the next (newer) entry, or the draft.
    mutating func newer(leaving current: String) -> String? {
        move(to: index + 1, leaving: current)
    }
}
