/// The text being edited and the cursor in it, with the editing operations of
/// the line editor. Positions count grapheme clusters (`Character`s), so the
/// cursor never lands inside an emoji or between a letter and its accent.
///
/// Every edit re-segments the text, so that, for example, a combining accent
/// typed after a letter joins it.
struct LineBuffer: Equatable, Sendable {
    private(set) var characters: [Character]
    private var storedCursor: Int

    init(_ text: String = "", cursor: Int? = nil) {
        characters = Array(text)
        storedCursor = 0
        self.cursor = cursor ?? characters.count
    }

    /// The cursor position, 0…count; assignments are clamped.
    var cursor: Int {
        get { storedCursor }
        set { storedCursor = min(max(0, newValue), characters.count) }
    }

    var text: String { String(characters) }
    var count: Int { characters.count }
    var isEmpty: Bool { characters.isEmpty }
    var isAtEnd: Bool { cursor == characters.count }

    /// The text in `range` (clamped).
    func text(in range: Range<Int>) -> String {
        String(characters[clamped(range)])
    }

    // MARK: Edits

    /// Inserts at the cursor and moves the cursor after the insertion.
    mutating func insert(_ text: String) {
        replace(cursor..<cursor, with: text)
    }

    /// Replaces `range` (clamped) with `text`; the cursor goes to the end of the
    /// inserted text.
    mutating func replace(_ range: Range<Int>, with text: String) {
        let range = clamped(range)
        let before = String(characters[..<range.lowerBound]) + text
        let after = String(characters[range.upperBound...])
        let joined = before + after
        characters = Array(joined)
        // Re-segmenting may merge across the boundary; count what precedes it.
        storedCursor = min(before.count, characters.count)
    }

    /// Removes `range` (clamped) and returns its text; the cursor goes to where
    /// the range started.
    @discardableResult
    mutating func remove(_ range: Range<Int>) -> String {
        let range = clamped(range)
        let removed = String(characters[range])
        replace(range, with: "")
        return removed
    }

    /// Backspace: removes the character before the cursor. `false` at the start.
    mutating func deleteBackward() -> Bool {
        guard cursor > 0 else { return false }
        remove((cursor - 1)..<cursor)
        return true
    }

    /// Delete: removes the character under the cursor. `false` at the end.
    mutating func deleteForward() -> Bool {
        guard cursor < characters.count else { return false }
        let position = cursor
        remove(position..<(position + 1))
        cursor = position
        return true
    }

    /// Ctrl-T: swaps the character before the cursor with the one under it and
    /// moves forward; at the end of the line swaps the last two. `false` when
    /// there is nothing to swap.
    mutating func transpose() -> Bool {
        guard characters.count >= 2, cursor > 0 else { return false }
        let right = isAtEnd ? cursor - 1 : cursor
        let left = right - 1
        let swapped = String(characters[right]) + String(characters[left])
        replace(left..<(right + 1), with: swapped)
        return true
    }

    // MARK: Word boundaries

    /// A word character for Alt-b/Alt-f/Alt-d/Alt-Backspace: letters, digits, `_`.
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// Alt-b: the start of the word before `position` (skipping non-word characters first).
    func wordStart(before position: Int) -> Int {
        var index = min(position, characters.count)
        while index > 0 && !Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        while index > 0 && Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    /// Alt-f: the end of the word after `position` (skipping non-word characters first).
    func wordEnd(after position: Int) -> Int {
        var index = max(position, 0)
        while index < characters.count && !Self.isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count && Self.isWordCharacter(characters[index]) { index += 1 }
        return index
    }

    /// Ctrl-W: the start of the whitespace-delimited word before `position`.
    func bigWordStart(before position: Int) -> Int {
        var index = min(position, characters.count)
        while index > 0 && characters[index - 1].isWhitespace { index -= 1 }
        while index > 0 && !characters[index - 1].isWhitespace { index -= 1 }
        return index
    }

    private func clamped(_ range: Range<Int>) -> Range<Int> {
        let lower = min(max(0, range.lowerBound), characters.count)
        let upper = min(max(lower, range.upperBound), characters.count)
        return lower..<upper
    }
}
