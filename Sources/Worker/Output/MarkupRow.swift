@_spi(Host) import CellKit

/// One character of a canvas row as the HTML and SVG writers see it: where it
/// starts, the cell (its character and style) and how many columns it takes.
struct MarkupGlyph {
    /// The first column.
    var column: Int
    /// The cell at ``column``.
    var cell: Canvas.Cell
    /// 2 for a wide character (its continuation cell follows), else 1.
    var width: Int
}

/// Walking a canvas row for the markup writers.
enum MarkupRow {
    /// The column just past the last cell that shows anything. Trailing blanks
    /// with no background, reverse, underline or strikethrough are dropped,
    /// as ``PlainTextWriter`` and ``ANSIWriter`` drop them.
    ///
    /// ```swift
    /// canvas.draw("ok", at: .zero, style: .plain)   // an 8-column canvas
    /// MarkupRow.visibleEnd(ofRow: 0, in: canvas)    // 2
    /// ```
    static func visibleEnd(ofRow y: Int, in canvas: Canvas) -> Int {
        let hidden: TextAttributes = [.reverse, .underline, .strikethrough]
        var end = canvas.width
        while end > 0 {
            let cell = canvas[end - 1, y]
            guard cell.content == 0x20, cell.style.background == .default,
                cell.style.attributes.isDisjoint(with: hidden)
            else { break }
            end -= 1
        }
        return end
    }

    /// Calls `body` for each character of row `y` before column `end`, left
    /// to right. The continuation half of a wide character is not a character
    /// of its own; a continuation cell with no wide character before it
    /// (which a well-formed canvas never has) is passed as a blank, so the
    /// columns stay aligned.
    static func forEachGlyph(ofRow y: Int, in canvas: Canvas, upTo end: Int, _ body: (MarkupGlyph) -> Void) {
        var x = 0
        while x < end {
            var cell = canvas[x, y]
            if cell.content == Canvas.Cell.continuation {
                cell.content = 0x20
                body(MarkupGlyph(column: x, cell: cell, width: 1))
                x += 1
                continue
            }
            let wide = x + 1 < canvas.width && canvas[x + 1, y].content == Canvas.Cell.continuation
            body(MarkupGlyph(column: x, cell: cell, width: wide ? 2 : 1))
            x += wide ? 2 : 1
        }
    }
}
