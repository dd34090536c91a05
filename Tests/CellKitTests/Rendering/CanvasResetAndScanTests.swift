@_spi(Host) import CellKit
import TestSupport
import Testing

/// The two canvas loops a search of a million rows runs on every line:
/// blanking the canvas before a piece is drawn (one 16-byte store a cell)
/// and looking along a line for a text's first character (four cells a turn).
@Suite struct CanvasResetAndScanTests {
    /// `reset` writes a blank cell as 16 bytes: the character at offset 0,
    /// the packed style in the last 8 (the layout of a frozen struct, which
    /// the SDK's binary interface keeps).
    @Test func aCellIsSixteenBytesWithItsCharacterFirst() {
        #expect(MemoryLayout<Canvas.Cell>.size == 16)
        #expect(MemoryLayout<Canvas.Cell>.stride == 16)
        #expect(MemoryLayout<Canvas.Cell>.offset(of: \Canvas.Cell.content) == 0)
    }

    @Test func resetBlanksEveryCellWhateverWasDrawn() {
        for (width, height) in [(1, 1), (7, 3), (100, 1), (220, 2), (333, 4)] {
            let canvas = Canvas(width: width, height: height)
            for y in 0..<height {
                canvas.draw(
                    String(repeating: "漢👩‍💻e\u{301}x", count: width), at: Point(x: 0, y: y),
                    style: Style.bold.foreground(.red).background(.rgb(1, 2, 3)))
            }
            canvas.reset(width: width, height: height)
            #expect(canvas.width == width && canvas.height == height)
            var notBlank = 0
            for y in 0..<height {
                for x in 0..<width where canvas[x, y] != Canvas.Cell.blank { notBlank += 1 }
            }
            #expect(notBlank == 0, "\(width)x\(height)")
            // Drawn again after the reset, as on a new canvas.
            canvas.draw("ok", at: Point(x: 0, y: 0), style: .plain)
            #expect(canvas.text(ofRow: 0) == String("ok".prefix(width)))
        }
    }

    /// Every row of a's and b's up to 40 columns, looked along from every
    /// column, finds what a plain search of its text finds: the turns of
    /// four cells and the cells after them meet at every place.
    @Test func theScanFindsWhatAPlainSearchFinds() throws {
        var generator = SeededGenerator(seed: 7)
        for pattern in ["a", "b", "ab", "ba", "aab", "abab", "bbbbb"] {
            let wanted = try #require(TextPattern(pattern))
            let letters = Array(pattern.utf8)
            for width in 1...40 {
                for _ in 0..<8 {
                    let row = (0..<width).map { _ in generator.next() % 5 == 0 ? UInt8(ascii: "a") : UInt8(ascii: "b") }
                    let canvas = Canvas(width: width, height: 1)
                    canvas.draw(String(decoding: row, as: UTF8.self), at: .zero, style: .plain)
                    for from in 0...width {
                        let plain =
                            from + letters.count > width
                            ? nil
                            : (from...(width - letters.count)).first { Array(row[$0..<$0 + letters.count]) == letters }
                        #expect(
                            canvas.column(of: wanted, inRow: 0, from: from) == plain,
                            "\(pattern) in \(String(decoding: row, as: UTF8.self)) from \(from)")
                    }
                }
            }
        }
    }

}
