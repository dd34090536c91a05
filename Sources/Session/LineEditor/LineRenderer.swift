@_spi(Host) import CellKit

/// Draws the prompt and the line on one terminal row, scrolling the text
/// horizontally when it does not fit.
///
/// Every redraw is: `\r`, the prompt, the visible part of the text, `ESC[K`
/// (erase the rest of the row), and `ESC[nD` back to the cursor. The last
/// column of the row is never written, so the terminal never wraps. Widths come
/// from `TerminalWidth.of(_:)`, one grapheme cluster at a time.
///
/// Scrolling: when the cursor would leave the row on the right, the view moves
/// just enough to show it; when it leaves on the left, the view jumps so that
/// half a row of context shows before the cursor; when text is deleted, the view
/// moves back so that no space is wasted on the right.
///
/// A newline in the text (from a multi-line paste or history entry) shows as a
/// dim `↵`; other control characters as `^X`.
struct LineRenderer: Sendable {
    /// The first visible `Character` of the text.
    private(set) var viewStart = 0

    /// How a character is drawn: the bytes to write and the columns they take.
    struct Glyph: Equatable, Sendable {
        var text: String
        var width: Int
    }

    init() {}

    /// Back to the start of the line (for a new line).
    mutating func reset() {
        viewStart = 0
    }

    static func glyph(for character: Character) -> Glyph {
        if character == "\n" || character == "\r\n" || character == "\r" {
            return Glyph(text: "\u{1B}[2m↵\u{1B}[22m", width: 1)
        }
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 {
            let value = scalar.value
            if value < 0x20 || value == 0x7F {
                let shown = Character(Unicode.Scalar(UInt8(value ^ 0x40)))
                return Glyph(text: "^" + String(shown), width: 2)
            }
            if (0x80..<0xA0).contains(value) {
                return Glyph(text: "?", width: 1)
            }
        }
        let text = String(character)
        return Glyph(text: text, width: max(0, TerminalWidth.of(text)))
    }

    /// The prompt without escape sequences (colours), as it appears on screen.
    static func visibleText(of prompt: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = prompt.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                if scalar.value >= 0x20 && scalar.value != 0x7F { result.append(scalar) }
                continue
            }
            switch scalars.next() {
            case "["?:  // CSI: up to a final byte 0x40–0x7E
                while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
            case "]"?:  // OSC: up to BEL or ESC \
                while let next = scalars.next(), next != "\u{07}" {
                    if next == "\u{1B}" {
                        _ = scalars.next()
                        break
                    }
                }
            default:
                break
            }
        }
        return String(result)
    }

    /// Columns the prompt takes on screen.
    static func width(ofPrompt prompt: String) -> Int {
        visibleText(of: prompt).reduce(0) { $0 + glyph(for: $1).width }
    }

    /// The bytes that draw `prompt` and `characters` with the cursor at `cursor`
    /// on a row `columns` wide, updating the scroll position.
    mutating func render(
        prompt: String, characters: [Character], cursor: Int, columns: Int
    ) -> String {
        let cursor = min(max(0, cursor), characters.count)
        let (shownPrompt, promptWidth) = Self.fit(prompt: prompt, columns: columns)
        let area = max(1, columns - 1 - promptWidth)
        let glyphs = characters.map(Self.glyph(for:))
        var offsets = [0]
        offsets.reserveCapacity(glyphs.count + 1)
        for glyph in glyphs { offsets.append(offsets[offsets.count - 1] + glyph.width) }
        func width(_ range: Range<Int>) -> Int { offsets[range.upperBound] - offsets[range.lowerBound] }
        let cursorNeed = max(1, cursor < glyphs.count ? glyphs[cursor].width : 1)

        viewStart = min(viewStart, glyphs.count)
        if cursor < viewStart {
            // Jump left, keeping half a row of context before the cursor.
            viewStart = cursor
            while viewStart > 0 && width((viewStart - 1)..<cursor) + cursorNeed <= area / 2 {
                viewStart -= 1
            }
        }
        while viewStart < cursor && width(viewStart..<cursor) + cursorNeed > area {
            viewStart += 1
        }
        // No wasted space on the right: show as much of the start as fits.
        while viewStart > 0 && width((viewStart - 1)..<glyphs.count) + 1 <= area {
            viewStart -= 1
        }

        var output = "\r" + shownPrompt
        var used = 0
        var index = viewStart
        while index < glyphs.count && used + glyphs[index].width <= area {
            output += glyphs[index].text
            used += glyphs[index].width
            index += 1
        }
        output += "\u{1B}[K"
        let back = used - width(viewStart..<cursor)
        if back > 0 { output += "\u{1B}[\(back)D" }
        return output
    }

    /// The whole line, unscrolled, for the record left on screen when the line
    /// is accepted or cancelled (the terminal wraps it if it is long). The
    /// cursor ends after the text.
    static func renderComplete(prompt: String, characters: [Character]) -> String {
        "\r" + prompt + characters.map { glyph(for: $0).text }.joined() + "\u{1B}[K"
    }

    /// The prompt to draw and its width: the prompt itself, or, when it would
    /// leave less than a third of the row for text, its visible tail.
    private static func fit(prompt: String, columns: Int) -> (String, Int) {
        let width = width(ofPrompt: prompt)
        let minimumText = max(1, columns / 3)
        guard width > columns - 1 - minimumText else { return (prompt, width) }
        let room = max(0, columns - 1 - minimumText)
        var tail: [Character] = []
        var tailWidth = 0
        for character in visibleText(of: prompt).reversed() {
            let characterWidth = glyph(for: character).width
            if tailWidth + characterWidth > room { break }
            tail.insert(character, at: 0)
            tailWidth += characterWidth
        }
        return (String(tail), tailWidth)
    }
}
