import Testing

@_spi(Host) @testable import CellKit

/// Measures through the generic entry points, as code generic over StringProtocol does.
func genericWidth<S: StringProtocol>(_ text: S) -> Int { TerminalWidth.of(text) }

func genericGlyphs<S: StringProtocol>(_ text: S) -> [Glyph] {
    var result: [Glyph] = []
    Glyphs.forEach(in: text) { result.append($0) }
    return result
}

extension TextTests {
    /// The examples in the doc comments of TerminalWidth, Glyph and Glyphs (the layout
    /// functions' examples are in their own suites' tables).
    @Suite("doc examples")
    struct DocExamples {
        @Test("TerminalWidth")
        func terminalWidth() {
            #expect(TerminalWidth.of("Hello") == 5)
            #expect(TerminalWidth.of("漢字") == 4)
            #expect(TerminalWidth.of("👩‍💻 ok") == 5)
            #expect(TerminalWidth.of("Hello, world") == 12)
            #expect(TerminalWidth.of("Ｈｉ ｶﾀｶﾅ") == 9)
            #expect(TerminalWidth.of("a\tb") == 3)
            #expect(TerminalWidth.of("Hi 漢字 😀!") == 11)
            let line = "name: 漢字"
            #expect(TerminalWidth.of(line.dropFirst(6)) == 4)
            #expect(TerminalWidth.of("A" as Unicode.Scalar) == 1)
            #expect(TerminalWidth.of("漢" as Unicode.Scalar) == 2)
            #expect(TerminalWidth.of("\u{0301}" as Unicode.Scalar) == 0)
            #expect(TerminalWidth.of("\u{1B}" as Unicode.Scalar) == 1)
            #expect(TerminalWidth.of("é" as Character) == 1)
            #expect(TerminalWidth.of("👍🏽" as Character) == 2)
            #expect(TerminalWidth.of("🇫🇷" as Character) == 2)
            #expect(TerminalWidth.of("☺︎" as Character) == 1)
            #expect(TerminalWidth.of("☺️" as Character) == 2)
        }

        @Test("Glyph and Glyphs")
        func glyphs() {
            var columns = 0
            Glyphs.forEach(in: "漢a👍🏽") { glyph in columns += glyph.width }
            #expect(columns == 5)
            var lines: [String] = []
            Glyphs.forEach(in: "e\u{301}\u{1B}") { lines.append("\($0.scalar) \($0.cluster ?? "-") \($0.width)") }
            #expect(lines == ["e e\u{301} 1", "␛ - 1"])
            lines = []
            Glyphs.forEach(in: "ok 👍🏽") { lines.append("\($0.scalar) \($0.width)") }
            #expect(lines == ["o 1", "k 1", "  1", "👍 2"])
            lines = []
            Glyphs.forEach(in: "[漢]".dropFirst().dropLast()) { lines.append("\($0.scalar) \($0.width)") }
            #expect(lines == ["漢 2"])
            lines = []
            Glyphs.forEach(in: "a\u{1B}漢") { lines.append("\($0.scalar) \($0.width)") }
            #expect(lines == ["a 1", "␛ 1", "漢 2"])
            let star = Glyph(scalar: "*", width: 1)
            #expect(star.cluster == nil && star.width == 1)
        }

        @Test("the generic entry points agree with the String and Substring ones", arguments: segmentationCorpus)
        func genericEntryPoints(_ text: String) {
            #expect(genericWidth(text) == TerminalWidth.of(text))
            #expect(genericWidth(text.dropFirst()) == TerminalWidth.of(text.dropFirst()))
            var direct: [Glyph] = []
            Glyphs.forEach(in: text) { direct.append($0) }
            #expect(genericGlyphs(text) == direct)
            var directTail: [Glyph] = []
            Glyphs.forEach(in: text.dropFirst()) { directTail.append($0) }
            #expect(genericGlyphs(text.dropFirst()) == directTail)
        }
    }
}
