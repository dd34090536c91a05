import TestSupport
import Testing

@_spi(Host) @testable import CellKit

/// Byte offsets where the fast segmenter ends each cluster.
func segmenterBoundaries(_ text: String) -> [Int] {
    var copy = text
    return copy.withUTF8 { buffer in
        var ends: [Int] = []
        GraphemeSegmenter.forEachCluster(in: buffer) { info in
            ends.append(info.end)
            return true
        }
        return ends
    }
}

/// Byte offsets where Swift's `Character` segmentation ends each cluster.
func characterBoundaries(_ text: String) -> [Int] {
    var ends: [Int] = []
    var offset = 0
    for character in text {
        offset += character.utf8.count
        ends.append(offset)
    }
    return ends
}

/// Scalars that exercise every grapheme rule: one or more of each class.
let interestingScalars: [Unicode.Scalar] = [
    "a", "1", "#", " ", "-", "\r", "\n", "\t", "\u{1B}", "\u{85}", "\u{AD}", "\u{200B}", "\u{200C}",
    "\u{200D}", "\u{FE0E}", "\u{FE0F}", "\u{301}", "\u{20E3}", "\u{0600}", "\u{0903}", "\u{0915}",
    "\u{094D}", "\u{093C}", "\u{0937}", "\u{09CD}", "\u{0995}", "\u{0B4D}", "\u{0B15}", "\u{1100}",
    "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}", "\u{D7B0}", "\u{D7CB}", "\u{A960}",
    "\u{1F1EB}", "\u{1F1F7}", "\u{1F600}", "\u{1F469}", "\u{1F4BB}", "\u{1F3FD}", "\u{2764}",
    "\u{263A}", "\u{00A9}", "\u{6F22}", "\u{FF76}", "\u{E0067}", "\u{E007F}", "\u{0E33}",
    "\u{2028}", "\u{E9}", "\u{1F3F3}", "\u{1F308}", "\u{11A3A}", "\u{0D4E}", "\u{1F9D1}",
]

let segmentationCorpus: [String] = [
    "", "a", "Hello, world!", "漢字かな交じり文", "한국어 텍스트", "ᄀᄀᄀ각ᆨᆨ", "\u{1100}\u{1161}\u{11A8}\u{1100}",
    "नमस्ते दुनिया", "क्षत्रिय", "স্ক্র", "ଶ୍ରୀ", "ক্\u{200D}ষ", "க்ஷ", "ສະບາຍດີ", "กำลัง", "မြန်မာ",
    "👩‍💻👨‍👩‍👧‍👦🏳️‍🌈🏴‍☠️", "🇫🇷🇩🇪🇯🇵🇫", "🇫🇷\u{1F1E9}", "1️⃣#️⃣*️⃣", "👍🏽👍🏿a🏽", "☺︎☺️❤️❤",
    "e\u{301}\u{302}a\u{20E3}", "\u{301}leading mark", "a\r\nb\n\rc\r", "\u{1B}[0m\u{7F}\u{85}",
    "\u{0600}1\u{0600}\u{0600}a", "\u{0600}\u{1B}", "a\u{200D}😀", "😀\u{200D}\u{200D}😀",
    "😀\u{301}\u{200D}😀", "😀\u{0903}\u{200D}😀", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
    "Ｈｉ ｶﾀｶﾅ", "شكرا جزيلا", "שָׁלוֹם", "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇", "\u{AD}\u{200B}\u{2060}\u{FEFF}",
    "\u{D7FF}\u{D7B0}\u{AC00}\u{D7C6}", "🧑🏽‍🤝‍🧑🏿", "🫱🏻‍🫲🏿", "a\u{E0100}b", "\u{2028}\u{2029}x",
]

extension TextTests {
    @Suite("segmentation")
    struct Segmentation {
        @Test(
            "the fast segmenter agrees with Character on the corpus",
            arguments: segmentationCorpus + widthCases.map(\.text))
        func corpus(_ text: String) {
            #expect(segmenterBoundaries(text) == characterBoundaries(text))
        }

        @Test("the fast segmenter agrees with Character on every pair and triple of interesting scalars")
        func pairsAndTriples() {
            for a in interestingScalars {
                for b in interestingScalars {
                    let pair = String(a) + String(b)
                    #expect(
                        segmenterBoundaries(pair) == characterBoundaries(pair), "\(pair.unicodeScalars.map(\.value))")
                    for c in interestingScalars {
                        var triple = pair
                        triple.unicodeScalars.append(c)
                        if segmenterBoundaries(triple) != characterBoundaries(triple) {
                            Issue.record("disagree on \(triple.unicodeScalars.map { String($0.value, radix: 16) })")
                        }
                    }
                }
            }
        }

        @Test("the fast segmenter agrees with Character on random sequences")
        func randomSequences() {
            var random = SeededGenerator(seed: 2024)
            for _ in 0..<3000 {
                var text = ""
                for _ in 0..<Int.random(in: 1...12, using: &random) {
                    if Int.random(in: 0..<4, using: &random) == 0 {
                        // Any scalar at all, now and then.
                        var scalar: Unicode.Scalar?
                        while scalar == nil { scalar = Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &random)) }
                        text.unicodeScalars.append(scalar!)
                    } else {
                        text.unicodeScalars.append(interestingScalars.randomElement(using: &random)!)
                    }
                }
                if segmenterBoundaries(text) != characterBoundaries(text) {
                    Issue.record("disagree on \(text.unicodeScalars.map { String($0.value, radix: 16) })")
                }
            }
        }

        @Test("the grapheme classes in the tables match this toolchain's Character segmentation")
        func tablesMatchStandardLibrary() {
            // The generator derived them the same way; this catches a toolchain with newer Unicode.
            typealias Kind = ScalarClass.Kind
            for value in UInt32(0)...0x10FFFF {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let category = scalar.properties.generalCategory
                if category == .unassigned && (value < 0xE0000 || value > 0xE0FFF) { continue }
                let scalarClass = ScalarClass(value)
                let kind = scalarClass.kind
                let s = String(scalar)
                let extender = ("a" + s).count == 1
                let isExtenderKind = kind == Kind.extend || kind == Kind.spacingMark || kind == Kind.zwj
                if extender != isExtenderKind {
                    Issue.record("U+\(String(value, radix: 16)): extends 'a' = \(extender), kind \(kind)")
                }
                if (kind == Kind.control) != ((s + "\u{301}").count == 2) {
                    Issue.record("U+\(String(value, radix: 16)): control kind mismatch")
                }
                if !extender && kind != Kind.control {
                    if (kind == Kind.prepend) != ((s + "a").count == 1) {
                        Issue.record("U+\(String(value, radix: 16)): prepend kind mismatch")
                    }
                    if scalarClass.isExtendedPictographic != (("😀\u{200D}" + s).count == 1) {
                        Issue.record("U+\(String(value, radix: 16)): Extended_Pictographic mismatch")
                    }
                }
            }
        }
    }
}
