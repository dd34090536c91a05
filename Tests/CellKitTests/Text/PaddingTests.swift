import Testing

@testable import CellKit

extension TextTests {
    @Suite("padding")
    struct Padding {
        @Test(
            "examples",
            arguments: [
                ("ab", 5, TextAlignment.left, "ab   "), ("ab", 5, .center, " ab  "), ("ab", 5, .right, "   ab"),
                ("漢字", 6, .center, " 漢字 "), ("漢字", 7, .center, " 漢字  "), ("42", 5, .right, "   42"),
                ("toolong", 3, .left, "toolong"), ("", 2, .center, "  "), ("ab", 2, .right, "ab"),
                ("e\u{301}", 3, .right, "  e\u{301}"),
            ])
        func examples(_ text: String, _ width: Int, _ alignment: TextAlignment, _ expected: String) {
            #expect(TextLayout.padded(text, toWidth: width, alignment: alignment) == expected)
        }

        @Test("the result takes exactly the width, or the text's own", arguments: TextAlignment.allCases)
        func sweep(_ alignment: TextAlignment) {
            for text in ["", "a", "漢字", "👩\u{200D}💻 ok", "e\u{301}x"] {
                for width in 0...10 {
                    let out = TextLayout.padded(text, toWidth: width, alignment: alignment)
                    #expect(TerminalWidth.of(out) == max(width, TerminalWidth.of(text)))
                    #expect(out.contains(text))
                }
            }
        }
    }
}
