import Testing

@_spi(Host) @testable import CellKit

/// Mixed strings for the layout sweeps (none contains "…" or "...").
let layoutSamples: [String] = [
    "Hello, world", "x", "", "漢字かな交じり文", "a👩\u{200D}💻b🇫🇷c漢", "e\u{301}e\u{301}e\u{301}e\u{301}",
    "  spaced  out  ", "👍🏽👍🏽👍🏽", "ｶﾀｶﾅＡＢ", "नमस्ते दुनिया", "ab漢cd字ef", "\u{200B}zero\u{200B}width",
    "1\u{FE0F}\u{20E3} keycap ☺\u{FE0F} and ☺\u{FE0E}", "tab\there", "漢 字 漢 字",
]

extension TextTests {
    @Suite("truncation")
    struct Truncation {
        @Test(
            "examples",
            arguments: [
                ("Hello, world", 8, TruncationMode.tail, "…", "Hello,…"),
                ("Hello, world", 8, .head, "…", "…, world"),
                ("Hello, world", 8, .middle, "…", "Hell…rld"),
                ("Hello, world", 8, .clip, "…", "Hello, w"),
                ("漢字漢字", 6, .tail, "…", "漢字…"),
                ("漢字漢字", 6, .head, "…", "…漢字"),
                ("Hello", 3, .tail, "...", "..."),
                ("Hello", 2, .tail, "...", "He"),
                ("Hello", 5, .tail, "…", "Hello"),
                ("Hello", 0, .tail, "…", ""),
                ("Hello", -1, .clip, "…", ""),
                ("Hello", 1, .tail, "…", "…"),
                ("abcdefghij", 7, .head, "…", "…efghij"),
                ("abcdefghij", 7, .middle, "…", "abc…hij"),
                ("abcdefghij", 7, .tail, "…", "abcdef…"),
                ("abcdefghij", 7, .clip, "…", "abcdefg"),
                ("👩\u{200D}💻👩\u{200D}💻", 3, .tail, "…", "👩\u{200D}💻…"),
                ("🇫🇷🇩🇪🇯🇵", 4, .clip, "…", "🇫🇷🇩🇪"),
                ("🇫🇷🇩🇪🇯🇵", 5, .clip, "…", "🇫🇷🇩🇪"),
                ("e\u{301}e\u{301}e\u{301}", 2, .tail, "…", "e\u{301}…"),
                ("Hello world", 7, .tail, "…", "Hello…"),
                ("Hello world", 7, .head, "…", "…world"),
                ("abc", 2, .tail, "", "ab"),
            ])
        func examples(_ text: String, _ width: Int, _ mode: TruncationMode, _ ellipsis: String, _ expected: String) {
            #expect(TextLayout.truncated(text, toWidth: width, mode: mode, ellipsis: ellipsis) == expected)
        }

        @Test("every width from 0 to the text's width + 2", arguments: TruncationMode.allCases)
        func sweep(_ mode: TruncationMode) {
            for text in layoutSamples {
                let textWidth = TerminalWidth.of(text)
                let characters = Array(text)
                for ellipsis in ["…", "...", ""] {
                    let ellipsisCharacters = Array(ellipsis)
                    for width in 0...(textWidth + 2) {
                        let out = TextLayout.truncated(text, toWidth: width, mode: mode, ellipsis: ellipsis)
                        let context =
                            "\(text.debugDescription) \(mode) width \(width) ellipsis \(ellipsis.debugDescription) -> \(out.debugDescription)"
                        #expect(TerminalWidth.of(out) <= max(0, width), "\(context)")
                        if width <= 0 {
                            #expect(out.isEmpty, "\(context)")
                            continue
                        }
                        if textWidth <= width {
                            #expect(out == text, "\(context)")
                            continue
                        }
                        let result = Array(out)
                        let ellipsisWidth = TerminalWidth.of(ellipsis)
                        if mode == .clip || ellipsis.isEmpty || ellipsisWidth > width {
                            #expect(characters.starts(with: result), "not a prefix: \(context)")
                            // Longest: only a wide cluster at the edge can leave a column free.
                            #expect(TerminalWidth.of(out) >= width - 1, "\(context)")
                            continue
                        }
                        switch mode {
                        case .tail:
                            #expect(
                                result.suffix(ellipsisCharacters.count).elementsEqual(ellipsisCharacters), "\(context)")
                            #expect(
                                characters.starts(with: result.dropLast(ellipsisCharacters.count)),
                                "not a prefix: \(context)")
                        case .head:
                            #expect(
                                result.prefix(ellipsisCharacters.count).elementsEqual(ellipsisCharacters), "\(context)")
                            #expect(
                                characters.reversed().starts(
                                    with: result.dropFirst(ellipsisCharacters.count).reversed()),
                                "not a suffix: \(context)")
                        case .middle:
                            guard let at = result.firstRange(of: ellipsisCharacters) else {
                                Issue.record("no ellipsis: \(context)")
                                continue
                            }
                            let left = result[..<at.lowerBound]
                            let right = result[at.upperBound...]
                            #expect(characters.starts(with: left), "left not a prefix: \(context)")
                            #expect(
                                characters.reversed().starts(with: right.reversed()), "right not a suffix: \(context)")
                            #expect(left.count + right.count < characters.count, "\(context)")
                        case .clip:
                            break
                        }
                        // Longest, give or take the spaces dropped next to the ellipsis and one
                        // column for a wide cluster at the cut.
                        if !text.contains(" ") && !text.contains("\t") {
                            #expect(TerminalWidth.of(out) >= width - 1 - (mode == .middle ? 1 : 0), "\(context)")
                        }
                    }
                }
            }
        }

        @Test(
            "the longest prefix that fits",
            arguments: [
                ("Hello", 3, "Hel"), ("漢字かな", 5, "漢字"), ("e\u{301}x", 1, "e\u{301}"), ("abc", 0, ""),
                ("abc", -3, ""), ("abc", 10, "abc"), ("a\u{200B}", 1, "a\u{200B}"), ("👍🏽x", 1, ""),
            ])
        func prefix(_ text: String, _ width: Int, _ expected: String) {
            #expect(TextLayout.prefix(text, fittingWidth: width) == expected)
        }

        @Test("prefix sweep: whole clusters, fits, longest")
        func prefixSweep() {
            for text in layoutSamples {
                let characters = Array(text)
                for width in 0...(TerminalWidth.of(text) + 1) {
                    let out = TextLayout.prefix(text, fittingWidth: width)
                    #expect(TerminalWidth.of(out) <= width)
                    #expect(characters.starts(with: Array(out)))
                    if out.count < characters.count {
                        #expect(TerminalWidth.of(out) + TerminalWidth.of(characters[out.count]) > width)
                    }
                }
            }
        }
    }
}
