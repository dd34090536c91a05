import Testing

@_spi(Host) @testable import CellKit

extension TextTests {
    @Suite("sanitizing")
    struct Sanitizing {
        @Test(
            "controls become pictures",
            arguments: [
                ("\u{1B}[31mred\u{7F}", "␛[31mred␡"),
                ("a\tb\r\nc", "a b␤c"),
                ("\u{0}\u{1}\u{1F}", "␀␁␟"),
                ("\n", "␊"), ("\r", "␍"), ("\r\r\n\n", "␍␤␊"),
                ("\u{80}\u{85}\u{9B}\u{9F}", "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
                ("\u{A0}é漢😀", "\u{A0}é漢😀"),
                ("plain text", "plain text"),
                ("", ""),
            ])
        func examples(_ input: String, _ expected: String) {
            #expect(TextLayout.sanitized(input) == expected)
        }

        @Test("no C0, DEL or C1 scalar survives")
        func noRawControls() {
            var text = ""
            for value in UInt32(0)..<0xA0 { text.unicodeScalars.append(Unicode.Scalar(value)!) }
            text += "x\u{1B}\u{301}\r\n\u{9B}"
            let out = TextLayout.sanitized(text)
            for scalar in out.unicodeScalars {
                #expect(!(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)), "U+\(scalar.value)")
            }
        }

        @Test(
            "each Character maps to one Character of the same width",
            arguments: segmentationCorpus + widthCases.map(\.text))
        func oneToOne(_ text: String) {
            for character in text {
                let out = TextLayout.sanitized(String(character))
                #expect(out.count == 1)
                #expect(TerminalWidth.of(out) == TerminalWidth.of(character))
            }
            let out = TextLayout.sanitized(text)
            #expect(TerminalWidth.of(out) == TerminalWidth.of(text))
            // Only a combining mark right after a control, or a prepended mark right before
            // one, can merge with its picture.
            let scalars = Array(text.unicodeScalars)
            let merges = scalars.indices.contains { i in
                guard scalars[i].properties.generalCategory == .control else { return false }
                let markAfter = i + 1 < scalars.count && ("a" + String(scalars[i + 1])).count == 1
                let prependBefore = i > 0 && (String(scalars[i - 1]) + "a").count == 1
                return markAfter || prependBefore
            }
            if !merges {
                #expect(out.count == text.count)
            }
        }

        @Test("a control next to a combining or prepended mark keeps its columns")
        func markAfterControl() {
            let text = "a\u{1B}\u{301}b"
            let out = TextLayout.sanitized(text)
            #expect(out == "a␛\u{301}b")
            #expect(TerminalWidth.of(out) == TerminalWidth.of(text))
            #expect(TextLayout.sanitized("\u{600}\u{1B}") == "\u{600}␛")
        }

        @Test("glyph scalars are sanitized like sanitized(_:)", arguments: segmentationCorpus)
        func glyphsAgree(_ text: String) {
            var scalars: [Unicode.Scalar] = []
            Glyphs.forEach(in: text) { scalars.append($0.scalar) }
            #expect(scalars == text.map { TextLayout.sanitized(String($0)).unicodeScalars.first! })
        }
    }
}
