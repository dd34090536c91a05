@_spi(Host) import CellKit
import Testing

/// A text of ASCII and other clusters (`Gateway 網關 0`) is drawn with its
/// runs of ASCII put as a whole, not a cluster at a time: the cells must be
/// those of the text drawn one `Character` at a time, wherever it starts,
/// however it is clipped, whatever joins the last ASCII byte of a run.
@Suite struct ASCIIRunDrawingTests {
    static let texts = [
        "Gateway 網關 0", "Auth 🔐 1", "ab\u{301}cd", "e\u{301}abc", "x\u{200D}yz", "\u{600}12 ab", "a\tbc",
        "👩‍💻ok go", "ok🇯🇵ok", "abc\r\ndef", "ab\u{1B}cd", "日本abc語", "abc", "a", "ｗide ｗ", "#\u{FE0F}\u{20E3}ab",
    ]

    @Test(arguments: texts)
    func aTextDrawsWhatItsCharactersDrawOneByOne(_ text: String) {
        let style = Style.bold.foreground(.green)
        for width in [1, 2, 5, 9, 20] {
            for start in -3...6 {
                for clip in [nil, Rect(x: 1, y: 0, width: 4, height: 1), Rect(x: 2, y: 0, width: 20, height: 1)] {
                    let whole = Canvas(width: width, height: 1)
                    let byCharacter = Canvas(width: width, height: 1)
                    // Something to cut: wide characters under the text.
                    for canvas in [whole, byCharacter] {
                        canvas.draw(String(repeating: "漢", count: 10), at: .zero, style: .dim)
                    }
                    let end = whole.draw(text, at: Point(x: start, y: 0), style: style, clip: clip)
                    var x = start
                    for character in text {
                        x = byCharacter.draw(String(character), at: Point(x: x, y: 0), style: style, clip: clip)
                    }
                    #expect(end == x, "\(text) at \(start), width \(width)")
                    for column in 0..<width {
                        let (a, b) = (whole[column, 0], byCharacter[column, 0])
                        #expect(
                            whole.character(of: a) == byCharacter.character(of: b) && a.style == b.style,
                            "\(text) at \(start), width \(width), clip \(String(describing: clip)), column \(column)")
                    }
                }
            }
        }
    }
}
