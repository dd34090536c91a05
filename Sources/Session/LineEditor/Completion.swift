/// What a completion callback returns: the candidates for the text in `range`.
///
/// Offsets count `Character`s (grapheme clusters) of the line passed to the
/// callback, the same unit as the cursor it receives. The editor replaces
/// `range` with the chosen text; it knows nothing else about what is completed.
struct Completion: Equatable, Sendable {
    /// The possible replacements for the text in `range`, in the order to list them.
    var candidates: [String]
    /// The part of the line the candidates replace, usually the word before the
    /// cursor (`wordStart..<cursor`).
    var range: Range<Int>

    init(candidates: [String], replacing range: Range<Int>) {
        self.candidates = candidates
        self.range = range
    }

    /// No candidates.
    static let none = Completion(candidates: [], replacing: 0..<0)

    /// The callback: the whole line and the cursor position (in `Character`s).
    typealias Provider = (_ line: String, _ cursor: Int) -> Completion

    /// The longest common prefix of `strings`, by `Character`.
    static func commonPrefix(of strings: [String]) -> String {
        guard var prefix = strings.first.map(Array.init) else { return "" }
        for string in strings.dropFirst() {
            var length = 0
            var iterator = string.makeIterator()
            while length < prefix.count, let next = iterator.next(), next == prefix[length] {
                length += 1
            }
            prefix.removeLast(prefix.count - length)
            if prefix.isEmpty { break }
        }
        return String(prefix)
    }
}
