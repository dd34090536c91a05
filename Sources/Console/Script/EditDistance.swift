/// "Did you mean …?": the nearest of a set of names to a misspelt one.
///
/// The distance is the optimal-string-alignment edit distance (a restricted
/// Damerau–Levenshtein distance): insertions, deletions, substitutions, and
/// transpositions of two neighbours each cost 1. Names are compared
/// case-insensitively, character by character.
///
/// A candidate is offered only when it is a plausible typo: at most a third of
/// the longer name's length away (at least 1), or, for names of 3 characters
/// or more, a prefix of the other one (`desc` → `describe`). Among several, the
/// nearest wins; ties go to the earlier candidate.
///
/// Used for command names, option names and choice values here, and by the
/// interpreter for cell attributes, cells, screens and plugins.
///
/// ```swift
/// EditDistance.nearest(to: "rwo", in: ["row", "rows", "render"])   // "row"
/// EditDistance.didYouMean("widht", in: ["width", "border"])        // "did you mean 'width'?"
/// EditDistance.nearest(to: "zzz", in: ["name", "role"])             // nil
/// ```
enum EditDistance {
    /// The edit distance between two strings, case-insensitively.
    static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a.lowercased()), Array(b.lowercased()))
    }

    /// The closest candidate, or `nil` when none is close enough.
    ///
    /// - Complexity: O(*n* · *m* · *k*) for *k* candidates of length *m*.
    static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        let w = Array(word.lowercased())
        guard !w.isEmpty else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let c = Array(candidate.lowercased())
            let d = distance(w, c)
            let limit = max(1, max(w.count, c.count) / 3)
            let isPrefix =
                min(w.count, c.count) >= 3 && (c.starts(with: w) || w.starts(with: c))
            guard d <= limit || isPrefix else { continue }
            if best.map({ d < $0.distance }) ?? true {
                best = (candidate, d)
            }
        }
        return best?.name
    }

    /// `did you mean 'X'?` for the nearest candidate, or `nil`.
    static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String? {
        nearest(to: word, in: candidates).map { "did you mean '\($0)'?" }
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
