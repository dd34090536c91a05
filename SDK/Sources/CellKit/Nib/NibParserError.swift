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
struct NibParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in source order (at least one; at most ``NibParseError/limit``).
    let diagnostics: [Diagnostic]

    /// Parsing stops collecting after this many diagnostics.
    static let limit = 20

    /// Creates an error from its diagnostics.
    init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// The first problem.
    var first: Diagnostic? { diagnostics.first }

    /// All diagnostics, rendered, one after another.
    var description: String {
        diagnostics.map { $0.rendered() }.joined(separator: "\n")
    }
}

/// Suggestions for misspelt words: "did you mean 'bold'?".
enum NibParserSuggestions {
    /// The candidate nearest to `word` by ``Suggestions``' edit distance, ignoring case, if
    /// it is close enough for a nib modifier: 1 edit for words up to 4 characters, 2 beyond
    /// (stricter than scripts' suggestions: modifiers are short and many look alike).
    static func nearest(_ word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        let limit = target.count <= 4 ? 1 : 2
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = Suggestions.distance(target, Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }
}
