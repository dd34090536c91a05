import TestSupport
import Testing

@testable @_spi(Host) import CellKit

// A one-line, left-aligned label whose text has no more UTF-8 bytes than the
// label has columns draws it without measuring it first (issue 32). These
// tests hold that shortcut to the measured path, `drawLine`, byte for byte.

@Suite struct LabelFastPathTests {
    /// Pieces texts are made of: printable ASCII, spaces and tabs, every kind
    /// of control (C0, DEL, C1, CR LF, a lone CR or LF), combining marks, wide
    /// characters (CJK, Hangul syllables and jamo), emoji with and without
    /// variation selectors, ZWJ sequences, flags and keycaps.
    static let pieces: [String] = [
        "a", "Z", "0", "~", " ", "  ", "\t", "\u{0}", "\u{1}", "\u{7}", "\u{1B}", "\u{7F}", "\u{80}", "\u{9B}",
        "\u{9F}", "\r\n", "\r", "\n", "e\u{301}", "\u{301}", "é", "ß", "Ω", "ж", "ש", "ع", "\u{200B}", "\u{200D}",
        "\u{FE0F}", "\u{AD}", "漢", "字", "東京", "한", "\u{1100}\u{1161}\u{11A8}", "ｱ", "Ａ", "…", "─", "😀", "☺",
        "☺\u{FE0F}", "©\u{FE0F}", "👩‍💻", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇯🇵", "🇯", "1\u{FE0F}\u{20E3}", "👍🏽", "\u{E0061}",
        "\u{10FFFD}", "\u{FFFD}", "Ada Lovelace", "-2420.81",
    ]

    /// The label drawn by `draw(in:)` and by `drawLine` on the same blank
    /// canvas, as the truecolor bytes a terminal gets.
    static func bothPaths(_ label: Label, width: Int) throws -> (drawn: String, measured: String) {
        func ansi(_ body: (DrawingContext) -> Void) throws -> String {
            let canvas = Canvas(width: width, height: 1)
            body(DrawingContext(canvas: canvas))
            let output = MemoryOutput()
            let writer = ANSIWriter(output: output, colorMode: .truecolor)
            try writer.write(canvas)
            try writer.finish()
            return output.string
        }
        let drawn = try ansi { label.draw(in: $0) }
        let measured = try ansi {
            label.drawLine(label.text, natural: label.textWidth, row: 0, width: width, in: $0)
        }
        return (drawn, measured)
    }

    /// No text is wider than its UTF-8, and every text of up to eight pieces,
    /// in plain and background styles, is drawn the same by both paths at
    /// every width from 1 to two past its bytes (the shortcut taken where
    /// the bytes fit, the measured path elsewhere).
    @Test func shortcutDrawsWhatTheMeasuredPathDraws() throws {
        var random = SeededGenerator(seed: 32)
        let styles = [
            Style.plain, Style(background: .named(.blue)),
            Style.bold.foreground(.rgb(1, 2, 3)).background(.palette(17)),
        ]
        let modes: [LineBreakMode] = [.truncatingTail, .truncatingHead, .truncatingMiddle, .clipping]
        var shortcuts = 0
        for round in 0..<600 {
            let count = Int.random(in: 1...8, using: &random)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            #expect(TerminalWidth.of(text) <= text.utf8.count, "\(text.unicodeScalars.map(\.value))")
            let label = Label(text: text, style: styles[round % styles.count])
            label.lineBreakMode = modes[round % modes.count]
            for width in 1...(text.utf8.count + 2) {
                let (drawn, measured) = try Self.bothPaths(label, width: width)
                #expect(drawn == measured, "\(text.unicodeScalars.map(\.value)) at width \(width)")
                if text.utf8.count <= width { shortcuts += 1 }
            }
        }
        #expect(shortcuts > 1_000, "the shortcut is taken often enough to be tested")
    }

    /// Texts ending in spaces, with tabs and controls, each exactly as many
    /// bytes as the label is wide: the shortcut's edge.
    @Test func textsExactlyAsLongAsTheLabel() throws {
        let texts = ["ok  ", "\tA\t", "\u{1B}[0m", "e\u{301} ", "漢字", "👩‍💻", "a\r\nb", "\u{9B}x", "🇯🇵 "]
        for text in texts {
            let label = Label(text: text, style: Style(background: .named(.red)))
            let (drawn, measured) = try Self.bothPaths(label, width: text.utf8.count)
            #expect(drawn == measured, "\(text.unicodeScalars.map(\.value))")
        }
    }
}
