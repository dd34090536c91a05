/// What the Tab key does with a ``Completion``, decided without touching the
/// terminal (the editor performs the result).
///
/// - One candidate: it replaces the range, followed by a space unless it ends in
///   `/` (a directory) or `=` (an option or attribute name: the value comes
///   next), or a space already follows (the cursor then moves past that space).
/// - Several: the first Tab inserts their longest common prefix when that adds
///   something, or rings the bell; a second Tab in a row lists them.
/// - None: the bell.
enum TabCompletion: Equatable, Sendable {
    /// Replace `range` with `text`, then move the cursor `advance` further.
    case replace(Range<Int>, with: String, advance: Int)
    /// Show the candidates below the line.
    case list([String])
    /// Nothing to do: ring the bell.
    case bell

    /// - Parameters:
    ///   - completion: what the callback returned for `buffer`.
    ///   - isRepeated: the previous key was also Tab.
    static func action(
        for completion: Completion, in buffer: LineBuffer, isRepeated: Bool
    ) -> TabCompletion {
        var seen = Set<String>()
        let candidates = completion.candidates.filter { seen.insert($0).inserted }
        let lower = min(max(0, completion.range.lowerBound), buffer.count)
        let upper = min(max(lower, completion.range.upperBound), buffer.count)
        let range = lower..<upper
        let current = buffer.text(in: range)

        guard let first = candidates.first else { return .bell }
        if candidates.count == 1 {
            if first.hasSuffix("/") || first.hasSuffix("=") { return .replace(range, with: first, advance: 0) }
            let nextIsSpace = upper < buffer.count && buffer.characters[upper] == " "
            return nextIsSpace
                ? .replace(range, with: first, advance: 1)
                : .replace(range, with: first + " ", advance: 0)
        }
        let prefix = Completion.commonPrefix(of: candidates)
        let extends =
            prefix.count > current.count
            || (prefix.count == current.count && prefix != current && !prefix.isEmpty)
        if extends { return .replace(range, with: prefix, advance: 0) }
        return isRepeated ? .list(candidates) : .bell
    }
}
