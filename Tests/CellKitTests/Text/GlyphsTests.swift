import Testing

@_spi(Host) @testable import CellKit

extension TextTests {
    @Suite("glyphs")
    struct GlyphIteration {
        func glyphs<S: StringProtocol>(_ text: S) -> [Glyph] {
            var result: [Glyph] = []
            Glyphs.forEach(in: text) { result.append($0) }
            return result
        }

        @Test("clusters, pictures and widths")
        func examples() {
            #expect(
                glyphs("e\u{301}\u{1B}") == [
                    Glyph(scalar: "e", cluster: "e\u{301}", width: 1), Glyph(scalar: "␛", width: 1),
                ])
            #expect(glyphs("ab") == [Glyph(scalar: "a", width: 1), Glyph(scalar: "b", width: 1)])
            #expect(glyphs("\r\n\t") == [Glyph(scalar: "␤", width: 1), Glyph(scalar: " ", width: 1)])
            #expect(glyphs("漢😀") == [Glyph(scalar: "漢", width: 2), Glyph(scalar: "😀", width: 2)])
            #expect(
                glyphs("a\u{200B}b") == [
                    Glyph(scalar: "a", width: 1), Glyph(scalar: "\u{200B}", width: 0), Glyph(scalar: "b", width: 1),
                ])
            #expect(glyphs("👩\u{200D}💻") == [Glyph(scalar: "👩", cluster: "👩\u{200D}💻", width: 2)])
            #expect(glyphs("🇫🇷") == [Glyph(scalar: "🇫", cluster: "🇫🇷", width: 2)])
            #expect(glyphs("\u{7F}\u{85}") == [Glyph(scalar: "␡", width: 1), Glyph(scalar: "\u{FFFD}", width: 1)])
            #expect(glyphs("").isEmpty)
        }

        @Test("glyphs of a Substring are sliced from it")
        func substring() {
            let text = "xx👍🏽漢e\u{301}yy"
            let inner = text.dropFirst(2).dropLast(2)
            let result = glyphs(inner)
            #expect(result.count == 3)
            #expect(result[0].cluster == "👍🏽")
            #expect(result[2].cluster == "e\u{301}")
            #expect(result.map(\.width) == [2, 2, 1])
        }

        @Test("the clusters put back together give the text", arguments: segmentationCorpus + widthCases.map(\.text))
        func roundTrip(_ text: String) {
            let result = glyphs(text)
            #expect(result.count == text.count)
            let hasControl = text.unicodeScalars.contains { $0.properties.generalCategory == .control }
            if !hasControl {
                let rebuilt = result.map { $0.cluster.map(String.init) ?? String($0.scalar) }.joined()
                #expect(rebuilt == text)
            }
            for glyph in result { #expect((0...2).contains(glyph.width)) }
        }
    }
}
