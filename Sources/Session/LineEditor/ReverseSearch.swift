/// Ctrl-R: reverse incremental search through the history.
///
/// Each typed character narrows the search, starting from the current match;
/// Ctrl-R again finds the next older entry that matches, Ctrl-S the next newer
/// one; Backspace undoes the last step. The search is case-insensitive unless
/// the query contains an uppercase letter ("smart case"). Entries equal to the
/// current match are skipped, so repeated commands show once.
struct ReverseSearch: Sendable {
    /// A history entry that matches, and where in it (in `Character`s).
    struct Match: Equatable, Sendable {
        var entryIndex: Int
        var position: Int
    }

    private struct State: Sendable {
        var query: [Character]
        var match: Match?
        var failed: Bool
    }

    private var state: State
    private var undo: [State] = []
    private let entries: [[Character]]

    /// - Parameter entries: the history, oldest first.
    init(entries: [String]) {
        self.entries = entries.map(Array.init)
        self.state = State(query: [], match: nil, failed: false)
    }

    var query: String { String(state.query) }
    var match: Match? { state.match }
    /// The last step found nothing (the previous match stays shown).
    var failed: Bool { state.failed }

    /// The prompt shown instead of the editor's, e.g. ``(reverse-i-search)`ls': ``.
    var prompt: String {
        let shownQuery = String(state.query.map { $0 == "\n" ? "↵" : $0 })
        return (state.failed ? "(failed reverse-i-search)`" : "(reverse-i-search)`") + shownQuery + "': "
    }

    /// The text of the matching entry, or `nil` when nothing matched yet.
    var matchedText: String? {
        state.match.map { String(entries[$0.entryIndex]) }
    }

    /// Adds to the query and searches from the current match, inclusive.
    mutating func append(_ text: String) {
        undo.append(state)
        state.query.append(contentsOf: text)
        let from = state.match?.entryIndex ?? entries.count - 1
        search(from: from, step: -1)
    }

    /// Ctrl-R: the next older match. With an empty query, searches for
    /// `previousQuery` (the last search of the session), like readline.
    mutating func searchOlder(previousQuery: String = "") {
        if state.query.isEmpty {
            guard !previousQuery.isEmpty else { return }
            undo.append(state)
            state.query = Array(previousQuery)
            search(from: entries.count - 1, step: -1)
            return
        }
        undo.append(state)
        search(from: (state.match?.entryIndex ?? entries.count) - 1, step: -1)
    }

    /// Ctrl-S: the next newer match.
    mutating func searchNewer() {
        guard let current = state.match, !state.query.isEmpty else { return }
        undo.append(state)
        search(from: current.entryIndex + 1, step: 1)
    }

    /// Backspace: back to the state before the last step. `false` when there is
    /// no step to undo.
    mutating func undoLastStep() -> Bool {
        guard let previous = undo.popLast() else { return false }
        state = previous
        return true
    }

    private mutating func search(from start: Int, step: Int) {
        let currentText = state.match.map { entries[$0.entryIndex] }
        var index = start
        let caseInsensitive = !state.query.contains { $0.isUppercase }
        while index >= 0 && index < entries.count {
            let entry = entries[index]
            let isSameAsCurrent = currentText == entry && state.match?.entryIndex != index
            if !isSameAsCurrent,
                let position = Self.find(state.query, in: entry, caseInsensitive: caseInsensitive)
            {
                state.match = Match(entryIndex: index, position: position)
                state.failed = false
                return
            }
            index += step
        }
        state.failed = true
    }

    /// The first occurrence of `needle` in `haystack`.
    static func find(_ needle: [Character], in haystack: [Character], caseInsensitive: Bool) -> Int? {
        guard !needle.isEmpty else { return 0 }
        guard haystack.count >= needle.count else { return nil }
        let fold: (Character) -> String = caseInsensitive ? { $0.lowercased() } : { String($0) }
        let foldedNeedle = needle.map(fold)
        let foldedHaystack = haystack.map(fold)
        for start in 0...(haystack.count - needle.count)
        where foldedHaystack[start..<(start + needle.count)].elementsEqual(foldedNeedle) {
            return start
        }
        return nil
    }
}
