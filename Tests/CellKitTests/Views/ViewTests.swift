@_spi(Host) import CellKit
import Testing

// The view layer: View, Label, StackView, ColumnLayout and ColumnsView, the
// canvas and drawing contexts, and the writers; each doc comment's example
// with the output it claims.

@Suite struct ViewTests {
    final class Banner: View {
        override func draw(in context: DrawingContext) {
            context.fill(context.bounds, with: "░")
            context.draw(" hello ", at: Point(x: 2, y: 0), style: .bold)
        }
    }

    @Test func viewDocExample() {
        let banner = Banner()
        #expect(banner.render(width: 12, height: 1).text == "░░ hello ░░░")
        #expect(
            banner.render(width: 12).height == 0, "a view without subviews is 0 lines tall unless it says otherwise")
        #expect(Label(text: "Hi").render(width: 4).text == "Hi")
    }

    @Test func hierarchyAndPinnedSubviews() {
        let parent = View()
        let child = Label(text: "child")
        let other = View()
        parent.addSubview(child)
        parent.addSubview(other)
        #expect(child.superview === parent && parent.subviews.count == 2)
        other.addSubview(child)  // moves it
        #expect(child.superview === other && parent.subviews.count == 1 && other.subviews.count == 1)
        child.removeFromSuperview()
        #expect(child.superview == nil && other.subviews.isEmpty)

        let box = View()
        let inner = Label(text: "pinned")
        inner.pinEdges(insets: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2))
        box.addSubview(inner)
        #expect(box.sizeThatFits(Size(width: 20, height: 100)) == Size(width: 20, height: 3))
        let canvas = box.render(width: 12)
        #expect(canvas.height == 3)
        #expect((0..<3).map(canvas.text(ofRow:)) == ["", "  pinned", ""])
        #expect(inner.frame == Rect(x: 2, y: 1, width: 8, height: 1))
        #expect(box.bounds == Rect(x: 0, y: 0, width: 12, height: 3))
    }

    @Test func hiddenViewsAndBackgrounds() {
        let box = View()
        let shown = Label(text: "shown")
        let hidden = Label(text: "hidden")
        shown.frame = Rect(x: 0, y: 0, width: 6, height: 1)
        hidden.frame = Rect(x: 0, y: 1, width: 6, height: 1)
        hidden.isHidden = true
        box.addSubview(shown)
        box.addSubview(hidden)
        box.backgroundColor = .blue
        let canvas = box.render(width: 6)
        #expect(canvas.height == 2, "a hidden view still takes part in layout")
        #expect(canvas.text == "shown\n")
        #expect(canvas[0, 1].style.background == .blue && canvas[5, 0].style.background == .blue)
    }

    // MARK: Label

    @Test func labelDocExample() {
        let label = Label(text: "Ada Lovelace", style: .bold)
        label.alignment = .right
        #expect(label.render(width: 8).text == "Ada Lov…")
    }

    /// `Label(text:)` measures its text (a regression: the width was cached as 0).
    @Test func labelMadeWithTextMeasuresIt() {
        let label = Label(text: "漢字 ok", alignment: .right)
        #expect(label.textWidth == 7)
        #expect(label.sizeThatFits(Size(width: 20, height: 1)) == Size(width: 7, height: 1))
        #expect(label.render(width: 10).text == "   漢字 ok")
        #expect(Label(text: "ab", alignment: .center).render(width: 7).text == "  ab")
        label.text = "x"
        #expect(label.textWidth == 1)
    }

    @Test func labelTruncationModes() {
        let label = Label(text: "The quick brown fox")
        let expected: [(LineBreakMode, String)] = [
            (.truncatingTail, "The qui…"), (.truncatingHead, "…own fox"), (.truncatingMiddle, "The…fox"),
            (.clipping, "The quic"),
        ]
        for (mode, text) in expected {
            label.lineBreakMode = mode
            #expect(label.render(width: 8).text == text, "\(mode)")
        }
        label.lineBreakMode = .truncatingHead
        label.alignment = .right
        #expect(label.render(width: 8).text == "…own fox")
    }

    @Test func labelWrapping() {
        let label = Label(text: "Wrote the first program, for an engine")
        label.numberOfLines = 0
        label.lineBreakMode = .wordWrapping
        #expect(label.sizeThatFits(Size(width: 16, height: 100)) == Size(width: 15, height: 3))
        #expect(label.render(width: 16).text == "Wrote the first\nprogram, for an\nengine")
        label.numberOfLines = 2
        #expect(label.render(width: 16).text == "Wrote the first\nprogram, for an…")
        label.lineBreakMode = .charWrapping
        label.numberOfLines = 0
        #expect(label.render(width: 10).text.split(separator: "\n").first == "Wrote the")
        let cjk = Label(text: "漢字の自己紹介")
        cjk.numberOfLines = 0
        cjk.lineBreakMode = .wordWrapping
        #expect(cjk.render(width: 5).text == "漢字\nの自\n己紹\n介")
    }

    @Test func labelShowsControlCharactersAsPictures() {
        let label = Label(text: "a\u{1B}[1mb")
        #expect(label.textWidth == 6)
        #expect(label.render(width: 10).text == "a␛[1mb")
    }

    // MARK: StackView

    @Test func stackViewDocExample() {
        let row = StackView(axis: .horizontal, spacing: 1)
        let name = Label(text: "Ada")
        name.stackSizing = .flexible()
        row.addArrangedSubview(name)
        row.addArrangedSubview(Label(text: "42", style: .dim))
        #expect(row.render(width: 10).text == "Ada     42")
    }

    @Test func stackViewSizing() {
        let a = Label(text: "natural")
        let b = Label(text: "fixed")
        b.stackSizing = .fixed(3)
        let c = Label(text: "flex")
        c.stackSizing = .flexible(weight: 2)
        let d = Label(text: "flex")
        d.stackSizing = .flexible(weight: 1)
        let row = StackView(axis: .horizontal, spacing: 1, views: [a, b, c, d])
        #expect(row.render(width: 30).text == "natural fi… flex        flex")
        #expect(c.frame.width == 11 && d.frame.width == 6, "17 columns of slack shared 2:1")
        // Too narrow: the natural view gives up columns; fixed views keep theirs while they can.
        #expect(row.render(width: 10).text == "nat… fi…")
        row.removeArrangedSubview(b)
        #expect(row.arrangedSubviews.count == 3 && b.superview == nil)

        let column = StackView(axis: .vertical, spacing: 1, views: [Label(text: "one"), Label(text: "two")])
        #expect(column.sizeThatFits(Size(width: 5, height: 100)).height == 3)
        #expect(column.render(width: 5).text == "one\n\ntwo")
    }

    @Test func stackViewAtEveryWidthNeverOverflows() {
        let row = StackView(
            axis: .horizontal, spacing: 2,
            views: [Label(text: "漢字漢字"), Label(text: "👩‍💻👩‍💻"), Label(text: "plain text")])
        for width in 0...40 {
            let canvas = row.render(width: width)
            for y in 0..<canvas.height {
                #expect(TerminalWidth.of(canvas.text(ofRow: y)) <= width)
            }
        }
    }

    // MARK: Columns

    @Test func columnLayoutDocExample() {
        let layout = ColumnLayout([.fixed(6), .flexible(), .fixed(8)], gap: 3)
        #expect(layout.frames(width: 40) == [0..<6, 9..<29, 32..<40])
        #expect(layout.dividers(width: 40) == [7, 30])
    }

    @Test func columnLayoutWeightsMinimumsAndNarrowWidths() {
        let layout = ColumnLayout([.flexible(weight: 1), .flexible(weight: 3, minimum: 2), .fixed(4)], gap: 1)
        #expect(layout.frames(width: 20) == [0..<3, 4..<15, 16..<20])
        for width in 0...30 {
            let frames = layout.frames(width: width)
            #expect(frames.allSatisfy { $0.upperBound <= width }, "nothing passes the width \(width)")
            #expect(layout.dividers(width: width).allSatisfy { $0 < width })
        }
        #expect(ColumnLayout([], gap: 2).frames(width: 10).isEmpty)
    }

    @Test func columnsViewDocExample() {
        let layout = ColumnLayout([.fixed(4), .flexible(), .fixed(5)])
        let row = ColumnsView(layout: layout, divider: .light)
        row.setTexts(["1", "Ada Lovelace", "1815"])
        row.labels[2].alignment = .right
        #expect(row.render(width: 30).text == "1    │ Ada Lovelace    │  1815")
        row.layout = ColumnLayout([.fixed(2), .flexible()])
        #expect(row.labels.count == 2 && row.labels[1].text == "Ada Lovelace")
    }

    /// A row keeps its columns' frames from one draw to the next at the same
    /// width (issue 32); drawn at another width, or after its layout
    /// changed, it places its labels and dividers as a new row would.
    @Test func columnsViewFollowsItsWidthAndLayout() {
        func fresh(_ layout: ColumnLayout, _ texts: [String], width: Int) -> String {
            let row = ColumnsView(layout: layout, divider: .light)
            row.setTexts(texts)
            return row.render(width: width).text
        }
        let wide = ColumnLayout([.fixed(4), .flexible(), .fixed(5)])
        let texts = ["1", "高橋 さくら 🚀", "1815"]
        let row = ColumnsView(layout: wide, divider: .light)
        row.setTexts(texts)
        for width in [30, 30, 12, 40, 30] {
            #expect(row.render(width: width).text == fresh(wide, texts, width: width), "at width \(width)")
        }
        let narrow = ColumnLayout([.fixed(2), .flexible()], gap: 1)
        row.layout = narrow
        #expect(row.render(width: 30).text == fresh(narrow, texts, width: 30))
        #expect(row.render(width: 30).text == "1 │高橋 さくら 🚀", "a gap of one: the divider in it")
    }

    /// Left-aligned text is drawn without being measured first when its
    /// UTF-8 is no longer than the label (no text is wider than its bytes);
    /// text that is longer is measured and cut as before.
    @Test func labelsFitOrCutWhateverTheirBytes() {
        let cases: [(String, Int, String)] = [
            ("漢字", 4, "漢字"), ("漢字ok", 6, "漢字ok"), ("漢字ok", 5, "漢字…"), ("👩‍💻 ok", 5, "👩‍💻 ok"),
            ("Ada Lovelace", 12, "Ada Lovelace"), ("Ada Lovelace", 8, "Ada Lov…"), ("e\u{301}", 1, "e\u{301}"),
        ]
        for (text, width, shown) in cases {
            #expect(Label(text: text).render(width: width, height: 1).text == shown, "\(text) at \(width)")
        }
    }

    // MARK: Canvas and drawing contexts

    @Test func canvasDocExampleAndWideCharacters() {
        let canvas = Canvas(width: 8, height: 1)
        canvas.draw("漢字ok", at: Point(x: 1, y: 0), style: .bold)
        #expect(canvas.text(ofRow: 0) == " 漢字ok")
        // Overwriting half of a wide character blanks the other half.
        canvas.draw("x", at: Point(x: 2, y: 0), style: .plain)
        #expect(canvas.text(ofRow: 0) == "  x字ok")
        // A wide character across the clip edge is drawn as a space.
        let clipped = Canvas(width: 5, height: 1)
        clipped.draw("ab漢字", at: .zero, style: .plain)
        #expect(clipped.text(ofRow: 0) == "ab漢")
        clipped.draw("漢", at: Point(x: 4, y: 0), style: .plain)
        #expect(clipped.text(ofRow: 0) == "ab漢")
        #expect(clipped[4, 0].content == 0x20)
    }

    @Test func canvasFillRestyleAndBlit() {
        let canvas = Canvas(width: 4, height: 2)
        canvas.fill(Rect(x: 1, y: 0, width: 10, height: 10), with: "#", style: .dim)
        #expect(canvas.text == " ###\n ###")
        canvas.restyle(Rect(x: 0, y: 1, width: 2, height: 1)) { $0.adding(.bold) }
        #expect(canvas[1, 1].style == Style(attributes: [.dim, .bold]) && canvas[1, 0].style == .dim)
        let wide = Canvas(width: 3, height: 1)
        wide.draw("👩‍💻", at: .zero, style: .plain)
        canvas.blit(wide, rows: 0..<1, to: 1)
        #expect(canvas.text(ofRow: 1) == "👩‍💻 #", "three columns copied: the emoji and a blank")
        #expect(canvas.character(of: canvas[0, 1]) == "👩‍💻")
    }

    @Test func drawingContextClipsToTheView() {
        final class Overdraw: View {
            override func draw(in context: DrawingContext) {
                context.draw("0123456789", at: Point(x: -2, y: 0))
                context.fill(Rect(x: 0, y: 1, width: 100, height: 100), with: "~")
            }
        }
        let box = View()
        let child = Overdraw()
        child.frame = Rect(x: 2, y: 0, width: 4, height: 2)
        box.addSubview(child)
        box.frame = Rect(x: 0, y: 0, width: 10, height: 3)
        let canvas = Canvas(width: 10, height: 3)
        box.drawHierarchy(in: DrawingContext(canvas: canvas))
        #expect(canvas.text == "  2345\n  ~~~~\n")
    }

    @Test func drawBorderDocExample() {
        final class Box: View {
            override func draw(in context: DrawingContext) {
                context.drawBorder(context.bounds, box: .rounded, title: "Team")
            }
        }
        #expect(Box().render(width: 12, height: 3).text == "╭─ Team ───╮\n│          │\n╰──────────╯")
        #expect(Box().render(width: 7, height: 2).text == "╭─ … ─╮\n╰─────╯", "the title is truncated to fit")
        #expect(Box().render(width: 1, height: 1).text == "", "too small for a border")
    }

    // MARK: Writers

    @Test func writersDocExamples() throws {
        let out = MemoryOutput()
        let writer = PlainTextWriter(output: out)
        try writer.write(Label(text: "hi").render(width: 2))
        try writer.finish()
        #expect(out.string == "hi\n")

        let ansi = MemoryOutput()
        let colored = ANSIWriter(output: ansi, colorMode: .ansi16)
        try colored.write(Label(text: "ok", style: Style.bold.foreground(.green)).render(width: 2))
        try colored.finish()
        #expect(ansi.string == "\u{1B}[0;1;32mok\u{1B}[0m\n")

        let none = MemoryOutput()
        let plain = ANSIWriter(output: none, colorMode: .none)
        try plain.write(Label(text: "ok", style: Style.bold.foreground(.green)).render(width: 4))
        try plain.finish()
        #expect(none.string == "ok\n")
    }

    /// Truecolor output writes a style's sequence straight from the canvas's
    /// packed style: every attribute in its order, and each kind of colour.
    @Test func truecolorSequencesForEveryAttributeAndColourKind() throws {
        let cases: [(Style, String)] = [
            (
                Style(
                    foreground: .rgb(1, 2, 3), background: .named(.brightRed),
                    attributes: [.bold, .dim, .italic, .underline, .reverse, .strikethrough]),
                "\u{1B}[0;1;2;3;4;7;9;38;2;1;2;3;101m"
            ),
            (Style(foreground: .palette(208), background: .palette(17)), "\u{1B}[0;38;5;208;48;5;17m"),
            (Style(foreground: .green, attributes: .underline), "\u{1B}[0;4;32m"),
            (Style(background: .rgb(255, 0, 10)), "\u{1B}[0;48;2;255;0;10m"),
        ]
        for (style, sequence) in cases {
            let out = MemoryOutput()
            let writer = ANSIWriter(output: out, colorMode: .truecolor)
            try writer.write(Label(text: "x", style: style).render(width: 1))
            try writer.finish()
            #expect(out.string == sequence + "x\u{1B}[0m\n", "\(style)")
        }
    }

    @Test func colorModesAndDowngrading() {
        #expect(ColorMode.detect(environment: ["COLORTERM": "truecolor"], isTerminal: true) == .truecolor)
        #expect(
            ColorMode.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"], isTerminal: true)
                == ColorMode.none)
        #expect(ColorMode.detect(environment: ["TERM": "xterm-256color"], isTerminal: true) == .ansi256)
        #expect(ColorMode.detect(environment: ["TERM": "xterm"], isTerminal: false) == ColorMode.none)
        #expect(ColorMode.detect(environment: ["TERM": "dumb"], isTerminal: true) == ColorMode.none)
        #expect(ColorMode.detect(environment: [:], isTerminal: true) == .ansi16)
        #expect(Color.rgb(255, 135, 0).downgraded(to: .ansi256) == .palette(208))
        #expect(Color.palette(196).rgbComponents! == (255, 0, 0))
        #expect(Color.palette(9).downgraded(to: .ansi16) == .named(.brightRed))
        #expect(Color.red.downgraded(to: .none) == .default)
    }

    @Test func stylesAndBoxStyles() throws {
        let title = Style.bold.foreground(.cyan)
        #expect(title.description == "bold fg=cyan")
        #expect(Style.plain.description == "plain" && Style.plain.isPlain)
        #expect(
            Style.dim.merging(Style(foreground: .red, attributes: .underline))
                == Style(foreground: .red, attributes: [.dim, .underline]))
        #expect(TextAttributes([.bold, .underline]).description == "bold,underline")
        #expect(try BoxStyle(parsing: "heavy").name == "heavy")
        #expect(BoxStyle.rounded.topLeft == "╭" && BoxStyle.double.cross == "╬")
        do {
            _ = try BoxStyle(parsing: "roundd")
            Issue.record("roundd is not a box style")
        } catch {
            #expect(error.description == "unknown border style 'roundd'; did you mean 'rounded'?")
        }
    }
}
