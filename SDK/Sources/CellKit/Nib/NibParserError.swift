/// Every problem found in a nib's text, each a compiler-style ``Diagnostic``.
///
/// ```swift
/// do {
///     _ = try NibTemplate.parse("{name:left,right}", name: "Card")
/// } catch {
///     for diagnostic in error.diagnostics { print(diagnostic) }
///     // Card.nib:1:12: error: 'right' contradicts 'left'
///     //   {name:left,right}
///     //              ^~~~~
///     //   an outlet has one alignment: keep one of left, center, right
/// }
/// ```
public struct NibParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in source order (at least one; at most ``NibParseError/limit``).
    public let diagnostics: [Diagnostic]

    /// Parsing stops collecting after this many diagnostics.
    public static let limit = 20

    /// Creates an error from its diagnostics.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// The first problem.
    public var first: Diagnostic? { diagnostics.first }

    /// All diagnostics, rendered, one after another.
    public var description: String {
        diagnostics.map { $0.rendered() }.joined(separator: "\n")
    }
}

/// Suggestions for misspelt words: "did you mean 'bold'?".
enum NibParserSuggestions {
    /// The candidate nearest to `word` by edit distance (adjacent transpositions count 1),
    /// ignoring case, if it is close enough: 1 edit for words up to 4 characters, 2 beyond.
    static func nearest(_ word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        let limit = target.count <= 4 ? 1 : 2
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and
    /// transpositions of neighbours each cost 1.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
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
