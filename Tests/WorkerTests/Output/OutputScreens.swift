@_spi(Host) import CellKit
import Testing

@testable import Worker

/// The tests of the HTML and SVG writers (`swift test --filter Output`).
@Suite struct OutputTests {
    /// The goldens hold wide characters (漢字, emoji) two cells wide: when this
    /// fails, the golden tests fail with it, and this says why.
    @Test func wideCharactersMeasureTwoColumns() {
        #expect(TerminalWidth.of("漢") == 2)
        #expect(TerminalWidth.of("🚀") == 2)
        #expect(TerminalWidth.of("漢字🚀") == 6)
    }
}

/// Small screens drawn straight onto canvases, for the writers' golden files.
enum OutputScreens {
    /// A card with a rounded border and a title, wide characters (漢字, an
    /// emoji, a ZWJ sequence), a combining accent, a reversed row, colours from the 16, the 256 palette and RGB,
    /// every attribute, and text that needs escaping.
    static func screen() -> Canvas {
        let canvas = Canvas(width: 46, height: 10)
        let context = DrawingContext(canvas: canvas)
        context.drawBorder(canvas.bounds, box: .rounded, style: Style().foreground(.blue), title: "Team")
        let inner = context.subcontext(for: Rect(x: 2, y: 1, width: 42, height: 8))
        var x = inner.draw("Ada Lovelace", at: Point(x: 0, y: 0), style: .bold)
        x = inner.draw(" · ", at: Point(x: x, y: 0), style: .dim)
        inner.draw("Analyst", at: Point(x: x, y: 0), style: Style(foreground: .gray, attributes: .italic))
        inner.draw("● online", at: Point(x: 34, y: 0), style: Style().foreground(.green))

        x = inner.draw("漢字", at: Point(x: 0, y: 1), style: Style().foreground(.yellow))
        x = inner.draw(" 名前 ", at: Point(x: x, y: 1), style: .plain)
        x = inner.draw("🚀 launch", at: Point(x: x, y: 1), style: Style().foreground(.named(.brightMagenta)))
        inner.draw(" 👩‍💻 cafe\u{301}", at: Point(x: x, y: 1), style: .underline)

        inner.fill(Rect(x: 0, y: 2, width: 42, height: 1), style: .reverse)
        inner.draw(" ▸ selected row ", at: Point(x: 0, y: 2), style: Style.reverse.adding(.bold))
        inner.draw("3 items ", at: Point(x: 34, y: 2), style: .reverse)

        x = inner.draw("red", at: Point(x: 0, y: 3), style: Style().foreground(.red))
        x = inner.draw(" cyan", at: Point(x: x, y: 3), style: Style().foreground(.named(.brightCyan)))
        x = inner.draw(" 208", at: Point(x: x, y: 3), style: Style().foreground(.palette(208)))
        x = inner.draw(" 39", at: Point(x: x, y: 3), style: Style().foreground(.palette(39)))
        x = inner.draw(" #ff8800", at: Point(x: x, y: 3), style: Style().foreground(.rgb(0xff, 0x88, 0x00)))
        x = inner.draw(" ", at: Point(x: x, y: 3), style: .plain)
        x = inner.draw(" bg 24 ", at: Point(x: x, y: 3), style: Style(foreground: .white, background: .palette(24)))
        inner.draw(
            " rgb bg ", at: Point(x: x + 1, y: 3), style: Style(foreground: .black, background: .rgb(0xa6, 0xe3, 0xa1)))

        x = inner.draw("bold", at: Point(x: 0, y: 4), style: .bold)
        x = inner.draw(" dim", at: Point(x: x + 1, y: 4), style: .dim)
        x = inner.draw(" italic", at: Point(x: x + 1, y: 4), style: .italic)
        x = inner.draw(" underline", at: Point(x: x + 1, y: 4), style: .underline)
        inner.draw(" strike", at: Point(x: x + 1, y: 4), style: Style(attributes: .strikethrough))

        inner.draw("<b>&\"quotes\"</b> & 'apostrophes'", at: Point(x: 0, y: 5), style: .plain)
        inner.draw("▁▂▃▄▅▆▇█ 62%", at: Point(x: 0, y: 6), style: Style().foreground(.cyan))
        inner.draw(
            "dim red on reverse", at: Point(x: 16, y: 6), style: Style(foreground: .red, attributes: [.dim, .reverse]))
        return canvas
    }

    /// A 2×2 grid in each box style (light, rounded, heavy, double) with
    /// tees and a cross, mixed-weight joins, blocks, and coloured borders.
    static func borders() -> Canvas {
        let canvas = Canvas(width: 48, height: 9)
        let styles: [(BoxStyle, Style)] = [
            (.light, .plain),
            (.rounded, Style().foreground(.cyan)),
            (.heavy, Style().foreground(.palette(208))),
            (.double, Style().foreground(.rgb(0xcb, 0xa6, 0xf7))),
        ]
        for (i, (box, style)) in styles.enumerated() {
            let left = i * 12
            let h = String(repeating: String(box.horizontal), count: 3)
            let v = String(box.vertical)
            let rows = [
                "\(box.topLeft)\(h)\(box.teeDown)\(h)\(box.topRight)",
                "\(v) a \(v) b \(v)",
                "\(box.teeRight)\(h)\(box.cross)\(h)\(box.teeLeft)",
                "\(v) c \(v) d \(v)",
                "\(box.bottomLeft)\(h)\(box.teeUp)\(h)\(box.bottomRight)",
            ]
            for (y, row) in rows.enumerated() {
                canvas.draw(row, at: Point(x: left, y: y), style: style)
            }
            canvas.draw(box.name, at: Point(x: left + 1, y: 5), style: .dim)
        }
        canvas.draw("╒═╤═╕ ╓─╥─╖ ┍━┯━┑ ╶─╴╷╵", at: Point(x: 0, y: 6), style: .plain)
        canvas.draw("╘═╧═╛ ╙─╨─╜ ┕━┷━┙ ▀▄▌▐▖▗▘▝▚▞", at: Point(x: 0, y: 7), style: .plain)
        canvas.draw("╞═╪═╡ ╟─╫─╢ ┝━┿━┥ ░▒▓ ┄┆", at: Point(x: 0, y: 8), style: Style().foreground(.yellow))
        return canvas
    }

    /// Renders `canvas` with an HTML writer.
    static func html(_ canvas: Canvas, title: String) throws -> String {
        let out = MemoryOutput()
        let writer = HTMLWriter(output: out, title: title)
        try writer.write(canvas)
        try writer.finish()
        return out.string
    }

    /// Renders `canvas` with an SVG writer.
    static func svg(_ canvas: Canvas, title: String, windowChrome: Bool = true) throws -> String {
        let out = MemoryOutput()
        let writer = SVGWriter(output: out, title: title, windowChrome: windowChrome)
        try writer.write(canvas)
        try writer.finish()
        return out.string
    }
}
