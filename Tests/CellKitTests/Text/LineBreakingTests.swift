import Testing

@_spi(Host) @testable import CellKit

extension TextTests {
    @Suite("line breaking")
    struct LineBreaking {
        @Test(
            "examples",
            arguments: [
                ("The quick brown fox", 10, LineBreakMode.wordWrapping, 0, ["The quick", "brown fox"]),
                ("The quick brown fox", 10, .charWrapping, 0, ["The quick ", "brown fox"]),
                ("The quick brown fox", 10, .clipping, 0, ["The quick "]),
                ("The quick brown fox", 10, .truncatingHead, 0, ["…brown fox"]),
                ("The quick brown fox", 10, .truncatingMiddle, 0, ["The q…fox"]),
                ("The quick brown fox", 10, .truncatingTail, 0, ["The quick…"]),
                ("The quick brown fox jumps", 10, .wordWrapping, 2, ["The quick", "brown fox…"]),
                ("The quick brown fox jumps", 10, .wordWrapping, 1, ["The quick…"]),
                ("The quick brown fox jumps", 10, .wordWrapping, 3, ["The quick", "brown fox", "jumps"]),
                ("The quick brown fox jumps", 10, .charWrapping, 2, ["The quick ", "brown fox…"]),
                ("Title\nSubtitle", 20, .truncatingTail, 1, ["Title Subtitle"]),
                ("Title\nSubtitle", 8, .truncatingTail, 1, ["Title S…"]),
                ("Title\nSubtitle", 8, .truncatingHead, 1, ["…ubtitle"]),
                ("Title\nSubtitle", 8, .clipping, 1, ["Title"]),
                ("Title\nSubtitle", 8, .truncatingTail, 0, ["Title", "Subtitle"]),
                ("Title\nA much longer subtitle", 8, .truncatingTail, 2, ["Title", "A much…"]),
                ("one\n\n", 10, .wordWrapping, 1, ["one"]),
                ("one  \n\n  two\nthree", 10, .wordWrapping, 1, ["one two t…"]),
                ("a\nb\nc\nd", 7, .wordWrapping, 3, ["a", "b", "c d"]),
                ("x\n\n\ny", 10, .truncatingTail, 2, ["x", "y"]),
                ("abc", 0, .wordWrapping, 0, []),
                ("", 5, .truncatingTail, 1, [""]),
            ] as [(String, Int, LineBreakMode, Int, [String])])
        func examples(_ text: String, _ width: Int, _ mode: LineBreakMode, _ maxLines: Int, _ expected: [String]) {
            #expect(TextLayout.lines(text, width: width, mode: mode, maxLines: maxLines) == expected)
        }

        @Test("lines fit, respect maxLines, and match the mode", arguments: LineBreakMode.allCases)
        func sweep(_ mode: LineBreakMode) {
            for text in wrappingSamples {
                for width in 1...24 {
                    let all = TextLayout.lines(text, width: width, mode: mode, maxLines: 0)
                    if mode == .wordWrapping { #expect(all == TextLayout.wrapped(text, toWidth: width)) }
                    for maxLines in 0...4 {
                        let lines = TextLayout.lines(text, width: width, mode: mode, maxLines: maxLines)
                        let context = "\(text.debugDescription) \(mode) width \(width) max \(maxLines) -> \(lines)"
                        for line in lines { #expect(TerminalWidth.of(line) <= width, "\(context)") }
                        if maxLines > 0 {
                            #expect(lines.count == min(maxLines, all.count), "\(context)")
                            // The lines before the last one shown are those of the unlimited layout.
                            #expect(Array(lines.dropLast()) == Array(all.prefix(max(0, lines.count - 1))), "\(context)")
                            // Text left out is marked with an ellipsis (clipping just clips).
                            let lost = lines.flatMap(contentClusters) != all.flatMap(contentClusters)
                            if lost && mode != .clipping {
                                #expect(lines.last?.contains("…") == true, "\(context)")
                            }
                        } else {
                            #expect(lines == all)
                        }
                    }
                }
            }
        }
    }
}
