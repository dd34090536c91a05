import Testing

@_spi(Host) @testable import CellKit

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
                    // Foundation (imported by another test) says "" is not contained in anything.
                    #expect(text.isEmpty || out.contains(text))
                }
            }
        }

        @Test("extreme widths and line counts neither trap nor misbehave", arguments: layoutSamples)
        func extremes(_ text: String) {
            for width in [Int.min, -1, 0] {
                #expect(TextLayout.truncated(text, toWidth: width).isEmpty)
                #expect(TextLayout.wrapped(text, toWidth: width).isEmpty)
                #expect(TextLayout.lines(text, width: width, mode: .wordWrapping, maxLines: 1).isEmpty)
                #expect(TextLayout.padded(text, toWidth: width, alignment: .center) == text)
                #expect(TerminalWidth.of(TextLayout.prefix(text, fittingWidth: width)) == 0)
            }
            for mode in TruncationMode.allCases {
                #expect(TextLayout.truncated(text, toWidth: .max, mode: mode) == text)
                #expect(
                    TextLayout.truncated(text, toWidth: 3, mode: mode, ellipsis: "\u{200B}").count <= text.count + 1)
            }
            #expect(TextLayout.prefix(text, fittingWidth: .max) == text[...])
            #expect(TextLayout.wrapped(text, toWidth: .max).count >= 1)
            for mode in LineBreakMode.allCases {
                #expect(TextLayout.lines(text, width: .max, mode: mode, maxLines: .max).count >= 1)
                #expect(TextLayout.lines(text, width: 5, mode: mode, maxLines: Int.min).count >= 1)
            }
        }
    }
}
