import Testing

@_spi(Host) @testable import CellKit

/// Texts for the wrapping sweeps.
let wrappingSamples: [String] =
    layoutSamples + [
        "The quick brown fox jumps over the lazy dog",
        "well-known state-of-the-art self-contained",
        "supercalifragilisticexpialidocious is long",
        "first line\nsecond line\n\nfourth after a blank\r\nfifth\rsixth",
        "日本語の文章は空白なしで続きます。句読点、括弧「こんにちは」も。",
        "mixed 漢字 and English words 混在 text",
        "   indented paragraph here",
        "emoji 👩\u{200D}💻 in 🇫🇷 text 👍🏽 with ☺\u{FE0F} more",
        "trailing spaces   \n   leading spaces",
        "combining e\u{301}e\u{301}e\u{301}e\u{301} marks and नमस्ते",
        "a\u{2028}b\u{2029}c\u{0B}d\u{0C}e\u{85}f",
        "tabs\tbetween\twords",
        "zero\u{200B}width\u{200B}space\u{200B}breaks",
        "\n\n", "\n", "   ",
    ]

/// The clusters of `text` that are content: not spaces, not line breaks.
func contentClusters(_ text: String) -> [String] {
    text.filter {
        !$0.isWhitespace
            || $0.unicodeScalars.contains {
                ![" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains($0)
            }
    }
    .map(String.init)
}

extension TextTests {
    @Suite("wrapping")
    struct Wrapping {
        @Test(
            "examples",
            arguments: [
                ("The quick brown fox jumps", 10, ["The quick", "brown fox", "jumps"]),
                ("The quick brown fox", 10, ["The quick", "brown fox"]),
                ("漢字かな交じり文", 6, ["漢字か", "な交じ", "り文"]),
                ("well-known supercalifragilistic", 8, ["well-", "known", "supercal", "ifragili", "stic"]),
                ("a  b", 1, ["a", "b"]),
                ("a  b", 4, ["a  b"]),
                ("  indented text", 10, ["  indented", "text"]),
                ("  indented", 5, ["inden", "ted"]),
                ("one\ntwo", 10, ["one", "two"]),
                ("one\r\n\r\ntwo\n", 10, ["one", "", "two", ""]),
                ("", 5, [""]),
                ("   ", 5, [""]),
                ("abc", 0, []),
                ("漢字", 1, [""]),
                ("a漢b", 1, ["a", "b"]),
                ("漢字。漢字。", 6, ["漢字。", "漢字。"]),
                ("漢字漢「字」", 6, ["漢字漢", "「字」"]),
                ("-5 and a-b", 3, ["-5", "and", "a-b"]),
                ("ab-cd", 3, ["ab-", "cd"]),
                ("x 👩\u{200D}💻 y", 3, ["x", "👩\u{200D}💻", "y"]),
                ("aa\u{200B}bb", 3, ["aa\u{200B}", "bb"]),
                ("tabs\tand", 9, ["tabs\tand"]),
                ("tabs\tand", 5, ["tabs", "and"]),
            ] as [(String, Int, [String])])
        func examples(_ text: String, _ width: Int, _ expected: [String]) {
            #expect(TextLayout.wrapped(text, toWidth: width) == expected)
        }

        @Test("every line fits, no content is lost, no line ends with a space", arguments: wrappingSamples)
        func sweep(_ text: String) {
            let hardLines = text.split(omittingEmptySubsequences: false) {
                $0.unicodeScalars.contains { [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) }
            }
            for width in 1...40 {
                let lines = TextLayout.wrapped(text, toWidth: width)
                let context = "\(text.debugDescription) width \(width) -> \(lines)"
                for line in lines {
                    #expect(TerminalWidth.of(line) <= width, "\(context)")
                    #expect(!line.hasSuffix(" "), "\(context)")
                }
                #expect(lines.count >= hardLines.count, "\(context)")
                let expected = contentClusters(text).filter { TerminalWidth.of($0) <= width }
                let actual = lines.flatMap(contentClusters)
                #expect(actual == expected, "\(context)")
            }
        }

        @Test("character wrapping keeps every cluster, spaces included", arguments: wrappingSamples)
        func charWrappingSweep(_ text: String) {
            for width in 2...20 {
                let lines = TextLayout.lines(text, width: width, mode: .charWrapping, maxLines: 0)
                for line in lines { #expect(TerminalWidth.of(line) <= width) }
                let breaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
                let expected = text.filter { !$0.unicodeScalars.contains { breaks.contains($0.value) } }
                #expect(lines.joined() == expected, "\(text.debugDescription) width \(width) -> \(lines)")
            }
        }
    }
}
