import Testing

@_spi(Host) @testable import CellKit

/// A string and its expected width in terminal columns.
struct WidthCase: Sendable, CustomTestStringConvertible {
    var text: String
    var width: Int
    var note: String
    init(_ text: String, _ width: Int, _ note: String) {
        self.text = text
        self.width = width
        self.note = note
    }
    var testDescription: String {
        let scalars = text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }
        return "\(note) [\(scalars.joined(separator: " "))] -> \(width)"
    }
}

let widthCases: [WidthCase] = [
    // ASCII
    WidthCase("", 0, "empty"),
    WidthCase("hello", 5, "ASCII word"),
    WidthCase("Hello, world! ~{}", 17, "printable ASCII"),
    // CJK and fullwidth/halfwidth
    WidthCase("漢字", 4, "CJK ideographs"),
    WidthCase("ひらがなカタカナ", 16, "kana"),
    WidthCase("ｶﾀｶﾅ", 4, "halfwidth katakana"),
    WidthCase("Ａｂ１", 6, "fullwidth Latin and digit"),
    WidthCase("\u{3000}", 2, "ideographic space"),
    WidthCase("漢字。", 6, "CJK punctuation"),
    WidthCase("\u{4DC0}", 2, "Yijing hexagram (W since Unicode 16)"),
    WidthCase("\u{20000}", 2, "CJK Extension B"),
    WidthCase("±α─", 3, "East Asian Ambiguous is narrow"),
    // Hangul
    WidthCase("한국어", 6, "Hangul syllables"),
    WidthCase("\u{1100}\u{1161}\u{11A8}", 2, "Hangul jamo L V T"),
    WidthCase("\u{1100}\u{1161}", 2, "Hangul jamo L V"),
    WidthCase("\u{AC00}\u{11A8}", 2, "Hangul LV syllable + T"),
    WidthCase("\u{1161}", 0, "lone jamo vowel"),
    WidthCase("\u{11A8}", 0, "lone jamo final"),
    // Emoji
    WidthCase("😀", 2, "emoji"),
    WidthCase("😀😀", 4, "two emoji"),
    WidthCase("⌚", 2, "BMP emoji presentation"),
    WidthCase("⌚\u{FE0E}", 1, "emoji + VS15"),
    WidthCase("😀\u{FE0E}", 1, "wide emoji + VS15"),
    WidthCase("☺", 1, "text-presentation emoji"),
    WidthCase("☺\u{FE0E}", 1, "text emoji + VS15"),
    WidthCase("☺\u{FE0F}", 2, "text emoji + VS16"),
    WidthCase("❤", 1, "heart, text"),
    WidthCase("❤\u{FE0F}", 2, "heart + VS16"),
    WidthCase("©\u{FE0F}", 2, "copyright + VS16"),
    WidthCase("a\u{FE0F}", 1, "VS16 on a non-emoji"),
    WidthCase("漢\u{FE0E}", 2, "VS15 on a non-emoji"),
    WidthCase("👩\u{200D}💻", 2, "ZWJ sequence"),
    WidthCase("👨\u{200D}👩\u{200D}👧\u{200D}👦", 2, "family ZWJ sequence"),
    WidthCase("🏳\u{FE0F}\u{200D}🌈", 2, "rainbow flag"),
    WidthCase("🏴\u{200D}☠\u{FE0F}", 2, "pirate flag"),
    WidthCase("❤\u{200D}🔥", 2, "ZWJ sequence on a text-default base"),
    WidthCase("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 2, "tag sequence"),
    WidthCase("🇫🇷", 2, "flag"),
    WidthCase("🇫", 1, "lone regional indicator"),
    WidthCase("🇫🇷🇩", 3, "flag + lone regional indicator"),
    WidthCase("🇫🇷🇩🇪", 4, "two flags"),
    WidthCase("1\u{FE0F}\u{20E3}", 2, "keycap"),
    WidthCase("#\u{FE0F}\u{20E3}", 2, "keycap #"),
    WidthCase("1\u{20E3}", 1, "keycap without VS16"),
    WidthCase("👍🏽", 2, "skin tone"),
    WidthCase("🏽", 2, "lone skin-tone modifier"),
    WidthCase("☝🏽", 2, "skin tone on a text-default base"),
    WidthCase("👩🏽\u{200D}💻", 2, "skin tone in a ZWJ sequence"),
    // Combining marks and scripts
    WidthCase("é", 1, "precomposed e acute"),
    WidthCase("e\u{301}", 1, "e + combining acute"),
    WidthCase("e\u{301}\u{302}\u{303}", 1, "stacked combining marks"),
    WidthCase("\u{301}", 0, "lone combining mark"),
    WidthCase("नमस्ते", 3, "Devanagari with a conjunct"),
    WidthCase("कि", 1, "Devanagari consonant + spacing vowel sign"),
    WidthCase("ก่", 1, "Thai consonant + tone mark"),
    WidthCase("\u{0600}1", 1, "Arabic prepended mark + digit"),
    WidthCase("שָׁלוֹם", 4, "Hebrew with points"),
    // Zero-width and default-ignorable characters
    WidthCase("\u{200B}", 0, "zero width space"),
    WidthCase("a\u{200B}b", 2, "ZWSP between letters"),
    WidthCase("\u{200C}", 0, "ZWNJ"),
    WidthCase("\u{200D}", 0, "lone ZWJ"),
    WidthCase("\u{2060}", 0, "word joiner"),
    WidthCase("\u{FEFF}", 0, "BOM"),
    WidthCase("\u{FE0F}", 0, "lone VS16"),
    WidthCase("\u{E0100}", 0, "variation selector supplement"),
    WidthCase("\u{202E}", 0, "bidi override"),
    WidthCase("\u{AD}", 1, "soft hyphen (terminals draw it)"),
    // Control characters: drawn as one-column pictures
    WidthCase("\u{1B}", 1, "ESC"),
    WidthCase("\u{0}", 1, "NUL"),
    WidthCase("\u{7F}", 1, "DEL"),
    WidthCase("\u{85}", 1, "C1 NEL"),
    WidthCase("\u{9B}", 1, "C1 CSI"),
    WidthCase("\t", 1, "tab"),
    WidthCase("\n", 1, "LF"),
    WidthCase("\r\n", 1, "CR LF is one cluster"),
    WidthCase("\u{1B}[31m", 5, "escape sequence"),
    // Mixed
    WidthCase("Hi 漢字 😀!", 11, "ASCII + CJK + emoji"),
    WidthCase("a👩\u{200D}💻b🇫🇷c", 7, "ASCII between sequences"),
    WidthCase("Ｈｉ ｶﾀｶﾅ", 9, "fullwidth + halfwidth"),
    WidthCase("café 漢字\u{200B}👍🏽", 11, "mixed with combining and ZWSP"),
]

extension TextTests {
    @Suite("width")
    struct Width {
        @Test("width of a string", arguments: widthCases)
        func stringWidth(_ c: WidthCase) {
            #expect(TerminalWidth.of(c.text) == c.width)
            #expect(TerminalWidth.of(c.text[...]) == c.width, "Substring")
        }

        @Test("string width is the sum of its Characters' widths", arguments: widthCases)
        func sumOfCharacters(_ c: WidthCase) {
            let sum = c.text.reduce(0) { $0 + TerminalWidth.of($1) }
            #expect(sum == c.width)
        }

        @Test("glyph widths add up to the string width", arguments: widthCases)
        func glyphsAddUp(_ c: WidthCase) {
            var total = 0
            var count = 0
            Glyphs.forEach(in: c.text) { glyph in
                total += glyph.width
                count += 1
            }
            #expect(total == c.width)
            #expect(count == c.text.count)
        }

        @Test(
            "width of a scalar",
            arguments: [
                ("A", 1), ("漢", 2), ("\u{301}", 0), ("\u{1B}", 1), ("\u{7F}", 1), ("\u{9F}", 1),
                ("😀", 2), ("☺", 1), ("\u{200D}", 0), ("\u{FE0F}", 0), ("\u{1161}", 0), ("\u{1100}", 2),
                ("ｶ", 1), ("Ａ", 2), ("\u{AD}", 1), ("\u{E0001}", 0), ("\u{10FFFF}", 1),
            ] as [(Unicode.Scalar, Int)])
        func scalarWidth(_ scalar: Unicode.Scalar, _ width: Int) {
            #expect(TerminalWidth.of(scalar) == width)
        }

        @Test("width of a Character", arguments: widthCases.filter { $0.text.count == 1 })
        func characterWidth(_ c: WidthCase) {
            #expect(TerminalWidth.of(c.text.first!) == c.width)
        }

        @Test("every scalar's width is 0, 1 or 2; emoji presentation is 2 (but a lone regional indicator 1)")
        func allScalars() {
            for value in UInt32(0)...0x10FFFF {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let width = TerminalWidth.of(scalar)
                if !(0...2).contains(width) { Issue.record("U+\(String(value, radix: 16)) has width \(width)") }
                let regionalIndicator = (0x1F1E6...0x1F1FF).contains(value)
                if scalar.properties.isEmojiPresentation && width != 2 && !regionalIndicator {
                    Issue.record("U+\(String(value, radix: 16)) is emoji presentation but width \(width)")
                }
                let category = scalar.properties.generalCategory
                if (category == .nonspacingMark || category == .enclosingMark) && width != 0 {
                    Issue.record("U+\(String(value, radix: 16)) is a combining mark but width \(width)")
                }
            }
        }

        @Test("the printable ASCII fast path agrees with segmentation")
        func asciiFastPath() {
            let printable = String((0x20...0x7E).map { Character(Unicode.Scalar($0)!) })
            #expect(TerminalWidth.of(printable) == 95)
            for length in [0, 1, 7, 8, 9, 15, 16, 17, 31, 64] {
                let text = String(repeating: "x", count: length)
                #expect(TerminalWidth.of(text) == length)
                // One control byte at each position takes the slow path and still counts 1.
                for position in 0..<length {
                    var bytes = Array(text.utf8)
                    bytes[position] = 0x1B
                    #expect(TerminalWidth.of(String(decoding: bytes, as: UTF8.self)) == length)
                    bytes[position] = 0x7F
                    #expect(TerminalWidth.of(String(decoding: bytes, as: UTF8.self)) == length)
                }
            }
        }

        @Test("the ASCII shortcut and the two-stage table agree with the run table everywhere")
        func lookupAgreesWithRuns() {
            var mismatches = 0
            for value in UInt32(0)...0x10FFFF
            where UnicodeTables.classBits(value) != UnicodeTables.searchedClassBits(value) {
                mismatches += 1
                if mismatches < 10 { Issue.record("U+\(String(value, radix: 16))") }
            }
            #expect(mismatches == 0)
        }

        @Test("width of a Substring in the middle of a string")
        func substringWidth() {
            let text = "ab漢字cd👍🏽ef"
            let start = text.index(text.startIndex, offsetBy: 2)
            let end = text.index(start, offsetBy: 5)
            #expect(TerminalWidth.of(text[start..<end]) == 8)  // 漢字cd👍🏽
        }
    }
}
