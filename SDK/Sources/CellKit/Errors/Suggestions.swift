/// "Did you mean …?": the nearest of a set of names to a misspelt one.
///
/// Distance is the optimal-string-alignment edit distance (insertions,
/// deletions, substitutions and transpositions of neighbours), compared
/// case-insensitively. A candidate is offered only when it is close enough to
/// be a plausible typo: within a third of the longer name's length (at least 1),
/// or when one name is a prefix of the other.
///
/// ```swift
/// Suggestions.nearest(to: "nmae", in: ["name", "role", "accent"])   // "name"
/// Suggestions.nearest(to: "zzz", in: ["name", "role"])              // nil
/// ```
public enum Suggestions {
    /// The closest candidate, or `nil` when none is close enough.
    ///
    /// - Complexity: O(*n* · *m* · *k*) for *k* candidates of length *m*.
    public static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        let w = Array(word.lowercased())
        guard !w.isEmpty else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let c = Array(candidate.lowercased())
            if c == w { return candidate }
            let d = distance(w, c)
            let limit = max(1, max(w.count, c.count) / 3)
            let isPrefix = !w.isEmpty && (c.starts(with: w) || w.starts(with: c)) && min(w.count, c.count) >= 3
            guard d <= limit || isPrefix else { continue }
            if best == nil || d < best!.distance { best = (candidate, d) }
        }
        return best?.name
    }

    /// `did you mean 'X'?` for the nearest candidate, or `nil`.
    ///
    /// ```swift
    /// Suggestions.didYouMean("widht", in: ["width", "border"])   // "did you mean 'width'?"
    /// ```
    @_spi(Host) public static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String? {
        nearest(to: word, in: candidates).map { "did you mean '\($0)'?" }
    }

    /// The edit distance between two strings, case-insensitively.
    @_spi(Host) public static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a.lowercased()), Array(b.lowercased()))
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    v = min(v, previous2[j - 2] + 1)
                }
                current[j] = v
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
