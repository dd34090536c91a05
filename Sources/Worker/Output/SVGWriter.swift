@_spi(Host) import CellKit

/// Writes canvases as a standalone SVG picture of a terminal window: the
/// theme's background with rounded corners and a padding, a title bar with
/// three buttons (``windowChrome``, on by default), and the rows.
///
/// Everything sits on the cell grid, so the picture never depends on the
/// viewer's font metrics:
/// - each row is one `<text>`; each run of equal style is a `<tspan>` with an
///   explicit `x` for every character (`x = column × 8.4`); a wide character
///   (CJK, emoji) or a multi-scalar cluster gets a `<tspan>` of its own,
///   centred on its two cells;
/// - backgrounds are `<rect>`s behind their run, adjacent equal colours merged;
/// - box-drawing and block characters are drawn as geometry filling their
///   cells (see ``MarkupBoxDrawing``), so borders join exactly;
/// - underline and strikethrough are lines across the whole run; bold and
///   italic are font attributes; dim mixes the text colour towards the
///   background; reverse swaps text and background.
///
/// SVG needs its size before its content, so the rows are kept (as SVG
/// fragments, roughly the size of the output) and written at ``finish()``;
/// a picture stops at ``maximumRows`` rows with an error that says so.
///
/// ```swift
/// let out = MemoryOutput()
/// let writer = SVGWriter(output: out, title: "Team")
/// try writer.write(canvas)
/// try writer.finish()
/// // <svg xmlns="http://www.w3.org/2000/svg" width="…" height="…" …>
/// ```
final class SVGWriter: CanvasWriter {
    /// The picture's title: in the title bar and in `<title>`.
    let title: String
    /// The colours.
    let theme: MarkupTheme
    /// Whether to draw the window's title bar with its three buttons.
    let windowChrome: Bool
    /// The most rows one picture holds.
    let maximumRows: Int

    /// The default for ``maximumRows``.
    static let defaultMaximumRows = 10_000

    // Metrics, in tenths of a pixel, for a 14px monospace font.
    /// The width of a cell: 8.4px.
    static let cellWidth = 84
    /// The height of a row: 17px.
    static let lineHeight = 170
    /// The text's baseline below the top of its row.
    static let baseline = 130
    /// The font size, in pixels.
    static let fontSize = 14
    /// Space between the window's edge and the cells.
    static let padding = 140
    /// The height of the title bar.
    static let titleBarHeight = 300
    /// The narrowest window with a title bar.
    static let minimumChromeWidth = 1600
    /// The SVG font stack: fonts with complete box-drawing glyphs first.
    static let fontFamily =
        "ui-monospace, 'SF Mono', 'Cascadia Mono', 'JetBrains Mono', Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', monospace"

    private let output: any TextOutput
    private var rows = 0
    private var columns = 0
    private var finished = false
    /// Background `<rect>`s, drawn first.
    private var backgrounds = MarkupBytes()
    /// Geometry: box drawing, blocks, underlines and strikethroughs.
    private var lines = MarkupBytes()
    /// One `<text>` per row.
    private var texts = MarkupBytes()

    /// Creates a writer; the picture is written at ``finish()``.
    init(
        output: any TextOutput, title: String, theme: MarkupTheme = .default, windowChrome: Bool = true,
        maximumRows: Int = SVGWriter.defaultMaximumRows
    ) {
        self.output = output
        self.title = title
        self.theme = theme
        self.windowChrome = windowChrome
        self.maximumRows = maximumRows
    }

    func write(_ canvas: Canvas) throws {
        guard !finished else { throw MarkupWriterError.writeAfterFinish(format: "SVG") }
        guard rows + canvas.height <= maximumRows else {
            throw MarkupWriterError.tooManyRows(format: "SVG", limit: maximumRows)
        }
        columns = max(columns, canvas.width)
        for y in 0..<canvas.height {
            appendRow(y, of: canvas)
            rows += 1
        }
    }

    func finish() throws {
        guard !finished else { return }
        finished = true
        var out = MarkupBytes()
        appendHead(to: &out)
        out.append("<g class=\"backgrounds\" shape-rendering=\"crispEdges\">\n")
        try emit(&out, then: &backgrounds)
        out.append("</g>\n<g class=\"lines\" fill=\"\(theme.foreground.hex)\">\n")
        try emit(&out, then: &lines)
        out.append(
            "</g>\n<g class=\"text\" font-family=\"\(Self.fontFamily)\" font-size=\"\(Self.fontSize)\" fill=\"\(theme.foreground.hex)\">\n"
        )
        try emit(&out, then: &texts)
        out.append("</g>\n</g>\n")
        appendFrame(to: &out)
        out.append("</svg>\n")
        try send(out.bytes)
    }

    /// Writes `head`, then `body` in chunks, releasing both.
    private func emit(_ head: inout MarkupBytes, then body: inout MarkupBytes) throws {
        try send(head.bytes)
        head.bytes.removeAll(keepingCapacity: true)
        let chunk = 1 << 16
        var start = 0
        while start < body.bytes.count {
            let end = min(start + chunk, body.bytes.count)
            try send(body.bytes[start..<end])
            start = end
        }
        body.bytes = []
    }

    private func send(_ bytes: some Collection<UInt8>) throws {
        guard !bytes.isEmpty else { return }
        try Array(bytes).withUnsafeBytes { try output.write($0) }
    }

    // MARK: - Rows

    /// What is being gathered for the current run of one style.
    private struct Run {
        var style: Style
        var look: MarkupLook
        var start: Int
        /// Box drawing, blocks and lines, in the run's text colour.
        var path = MarkupBytes()
        /// Characters waiting for their `<tspan>`, and their columns.
        var text = MarkupBytes()
        var textColumns: [Int] = []
    }

    /// A background being widened across runs with the same colour.
    private struct Fill {
        var paint: MarkupLook.Paint
        var start: Int
        var end: Int
    }

    private func appendRow(_ y: Int, of canvas: Canvas) {
        let top = rows * Self.lineHeight
        let end = MarkupRow.visibleEnd(ofRow: y, in: canvas)
        texts.append("<text y=\"")
        texts.appendTenths(top + Self.baseline)
        texts.append("\" xml:space=\"preserve\">")
        var run: Run?
        var fill: Fill?
        MarkupRow.forEachGlyph(ofRow: y, in: canvas, upTo: end) { glyph in
            if run?.style != glyph.cell.style {
                if let finished = run { close(finished, at: glyph.column, top: top, fill: &fill) }
                run = Run(
                    style: glyph.cell.style, look: MarkupLook(glyph.cell.style, theme: theme), start: glyph.column)
            }
            add(glyph, of: canvas, top: top, to: &run!)
        }
        if let finished = run { close(finished, at: end, top: top, fill: &fill) }
        if let fill { appendBackground(fill, top: top) }
        texts.append("</text>\n")
    }

    private func add(_ glyph: MarkupGlyph, of canvas: Canvas, top: Int, to run: inout Run) {
        let v = glyph.cell.content
        let x = glyph.column * Self.cellWidth
        if glyph.width == 1, v & Canvas.Cell.clusterFlag == 0,
            MarkupBoxDrawing.appendPath(
                of: v, x: x, y: top, cellWidth: Self.cellWidth, cellHeight: Self.lineHeight, to: &run.path)
        {
            flushText(&run)
            return
        }
        if glyph.width == 2 || v & Canvas.Cell.clusterFlag != 0 || v > 0xFFFF {
            // One tspan per wide character or cluster: an x list counts
            // UTF-16 units in some viewers and scalars in others.
            flushText(&run)
            texts.append("<tspan x=\"")
            if glyph.width == 2 {
                texts.appendTenths(x + Self.cellWidth)
                texts.append("\" text-anchor=\"middle\"")
            } else {
                texts.appendTenths(x)
                texts.append("\"")
            }
            appendFontAttributes(run.look)
            texts.append(">")
            texts.appendEscaped(glyph.cell, of: canvas)
            texts.append("</tspan>")
            return
        }
        if v == 0x20 && run.textColumns.isEmpty { return }
        run.text.appendEscaped(glyph.cell, of: canvas)
        run.textColumns.append(glyph.column)
    }

    /// Writes the characters gathered in `run` as a `<tspan>` with one x per character.
    private func flushText(_ run: inout Run) {
        // Trailing spaces show nothing; leading ones were never gathered.
        while run.text.bytes.last == 0x20 {
            run.text.bytes.removeLast()
            run.textColumns.removeLast()
        }
        guard !run.textColumns.isEmpty else { return }
        texts.append("<tspan x=\"")
        for (i, column) in run.textColumns.enumerated() {
            if i > 0 { texts.append(" ") }
            texts.appendTenths(column * Self.cellWidth)
        }
        texts.append("\"")
        appendFontAttributes(run.look)
        texts.append(">")
        texts.bytes.append(contentsOf: run.text.bytes)
        texts.append("</tspan>")
        run.text.bytes.removeAll(keepingCapacity: true)
        run.textColumns.removeAll(keepingCapacity: true)
    }

    private func appendFontAttributes(_ look: MarkupLook) {
        if look.text != .themeForeground {
            texts.append(" fill=\"\(theme.rgb(of: look.text).hex)\"")
        }
        if look.bold { texts.append(" font-weight=\"bold\"") }
        if look.italic { texts.append(" font-style=\"italic\"") }
    }

    /// Ends a run at column `end`: its text, its lines and geometry, its background.
    private func close(_ run: Run, at end: Int, top: Int, fill: inout Fill?) {
        var run = run
        flushText(&run)
        let x0 = run.start * Self.cellWidth
        let width = (end - run.start) * Self.cellWidth
        if run.look.underline { appendLine(x: x0, y: top + 148, width: width, to: &run.path) }
        if run.look.strikethrough { appendLine(x: x0, y: top + 88, width: width, to: &run.path) }
        if !run.path.bytes.isEmpty {
            lines.append("<path")
            if run.look.text != .themeForeground {
                lines.append(" fill=\"\(theme.rgb(of: run.look.text).hex)\"")
            }
            lines.append(" d=\"")
            lines.bytes.append(contentsOf: run.path.bytes)
            lines.append("\"/>\n")
        }
        if let paint = run.look.fill {
            if let f = fill, f.paint == paint, f.end == run.start {
                fill?.end = end
            } else {
                if let f = fill { appendBackground(f, top: top) }
                fill = Fill(paint: paint, start: run.start, end: end)
            }
        } else if let f = fill {
            appendBackground(f, top: top)
            fill = nil
        }
    }

    private func appendLine(x: Int, y: Int, width: Int, to path: inout MarkupBytes) {
        path.append("M")
        path.appendTenths(x)
        path.append(" ")
        path.appendTenths(y)
        path.append("h")
        path.appendTenths(width)
        path.append("v1h")
        path.appendTenths(-width)
        path.append("z")
    }

    private func appendBackground(_ fill: Fill, top: Int) {
        backgrounds.append("<rect x=\"")
        backgrounds.appendTenths(fill.start * Self.cellWidth)
        backgrounds.append("\" y=\"")
        backgrounds.appendTenths(top)
        backgrounds.append("\" width=\"")
        backgrounds.appendTenths((fill.end - fill.start) * Self.cellWidth)
        backgrounds.append("\" height=\"")
        backgrounds.appendTenths(Self.lineHeight)
        backgrounds.append("\" fill=\"\(theme.rgb(of: fill.paint).hex)\"/>\n")
    }

    // MARK: - Window

    /// The window's size, in tenths of a pixel.
    private var size: (width: Int, height: Int) {
        var width = columns * Self.cellWidth + 2 * Self.padding
        if windowChrome { width = max(width, Self.minimumChromeWidth) }
        let height = (windowChrome ? Self.titleBarHeight : 0) + rows * Self.lineHeight + 2 * Self.padding
        return (width, height)
    }

    private func appendHead(to out: inout MarkupBytes) {
        let (w, h) = size
        let t = theme
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        out.appendTenths(w)
        out.append("\" height=\"")
        out.appendTenths(h)
        out.append("\" viewBox=\"0 0 ")
        out.appendTenths(w)
        out.append(" ")
        out.appendTenths(h)
        out.append("\">\n<title>")
        out.appendEscaped(title)
        out.append("</title>\n<rect class=\"window\" width=\"")
        out.appendTenths(w)
        out.append("\" height=\"")
        out.appendTenths(h)
        out.append("\" rx=\"8\" fill=\"\(t.background.hex)\"/>\n")
        if windowChrome {
            let bar = Self.titleBarHeight
            out.append("<g class=\"chrome\">\n<path d=\"M0 ")
            out.appendTenths(bar)
            out.append("V8A8 8 0 0 1 8 0H")
            out.appendTenths(w - 80)
            out.append("A8 8 0 0 1 ")
            out.appendTenths(w)
            out.append(" 8V")
            out.appendTenths(bar)
            out.append("z\" fill=\"\(t.titleBar.hex)\"/>\n<path d=\"M0 ")
            out.appendTenths(bar - 5)
            out.append("H")
            out.appendTenths(w)
            out.append("\" stroke=\"\(t.border.hex)\"/>\n")
            for (i, color) in t.buttons.prefix(3).enumerated() {
                out.append("<circle cx=\"\(20 + 20 * i)\" cy=\"15\" r=\"6\" fill=\"\(color.hex)\"/>\n")
            }
            // Room for the title between the buttons and the right edge, at about 7.8px a character.
            let room = max(0, (w - 2 * 760) / 78)
            let shown = TextLayout.truncated(title, toWidth: room)
            if !shown.isEmpty {
                out.append("<text x=\"")
                out.appendTenths(w / 2)
                out.append(
                    "\" y=\"19.5\" text-anchor=\"middle\" font-family=\"\(Self.fontFamily)\" font-size=\"13\" fill=\"\(t.titleText.hex)\">"
                )
                out.appendEscaped(shown)
                out.append("</text>\n")
            }
            out.append("</g>\n")
        }
        out.append("<g class=\"screen\" transform=\"translate(")
        out.appendTenths(Self.padding)
        out.append(" ")
        out.appendTenths((windowChrome ? Self.titleBarHeight : 0) + Self.padding)
        out.append(")\">\n")
    }

    /// The window's outline, drawn over everything.
    private func appendFrame(to out: inout MarkupBytes) {
        let (w, h) = size
        out.append("<rect class=\"frame\" x=\"0.5\" y=\"0.5\" width=\"")
        out.appendTenths(w - 10)
        out.append("\" height=\"")
        out.appendTenths(h - 10)
        out.append("\" rx=\"7.5\" fill=\"none\" stroke=\"\(theme.border.hex)\"/>\n")
    }
}
