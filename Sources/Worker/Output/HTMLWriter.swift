@_spi(Host) import CellKit

/// Writes canvases as a standalone HTML5 page that looks like the terminal:
/// a `<pre>` in a monospace font on the theme's background, one line per
/// canvas row.
///
/// - Runs of cells with the same style become one `<span>`; attributes and the
///   theme's 16 colours are CSS classes defined once in the head (`bold`,
///   `italic`, `underline`, `strike`, `fg-0`…`fg-15`, `bg-0`…`bg-15`, and
///   `fg-inverse`/`bg-inverse` for reversed default colours); palette 16…255,
///   RGB and dimmed colours are inline `style` colours.
/// - A wide character (CJK, emoji) is wrapped in `<span class="wide">`, an
///   inline block exactly `2ch` wide, so the columns after it, box-drawing
///   borders included, stay on the grid whatever width the fallback font gives it.
/// - `& < > " '` are escaped; trailing blanks are dropped.
/// - It streams: the head goes out with the first rows, rows as they come
///   (in chunks of about 64 KiB), the tail at ``finish()``; memory does not
///   grow with the number of rows.
///
/// ```swift
/// let out = MemoryOutput()
/// let writer = HTMLWriter(output: out, title: "Team")
/// try writer.write(canvas)   // "<b>" drawn in bold red
/// try writer.finish()
/// // …<pre class="cellkit">
/// // <span class="bold fg-1">&lt;b&gt;</span>
/// // </pre>…
/// ```
final class HTMLWriter: CanvasWriter {
    /// The page's title.
    let title: String
    /// The colours.
    let theme: MarkupTheme

    private let output: any TextOutput
    private var buffer = MarkupBytes()
    private var started = false
    private var finished = false
    /// The opening tag for each style seen recently (`nil`: no span needed).
    private var openings: [Style: [UInt8]?] = [:]

    /// Flushes to the output when this many bytes are buffered.
    static let flushThreshold = 1 << 16
    /// The CSS font stack: fonts with complete box-drawing glyphs first.
    static let fontFamily =
        #"ui-monospace, "SF Mono", "Cascadia Mono", "JetBrains Mono", Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace"#

    /// Creates a writer; nothing is written until the first canvas or ``finish()``.
    init(output: any TextOutput, title: String, theme: MarkupTheme = .default) {
        self.output = output
        self.title = title
        self.theme = theme
        buffer.bytes.reserveCapacity(Self.flushThreshold + 4096)
    }

    func write(_ canvas: Canvas) throws {
        guard !finished else { throw MarkupWriterError.writeAfterFinish(format: "HTML") }
        if !started { appendHead() }
        for y in 0..<canvas.height {
            appendRow(y, of: canvas)
            if buffer.bytes.count >= Self.flushThreshold { try flush() }
        }
    }

    func finish() throws {
        guard !finished else { return }
        if !started { appendHead() }
        buffer.append("</pre>\n</body>\n</html>\n")
        finished = true
        try flush()
    }

    private func flush() throws {
        guard !buffer.bytes.isEmpty else { return }
        try buffer.bytes.withUnsafeBytes { try output.write($0) }
        buffer.bytes.removeAll(keepingCapacity: true)
    }

    // MARK: - Rows

    private func appendRow(_ y: Int, of canvas: Canvas) {
        let end = MarkupRow.visibleEnd(ofRow: y, in: canvas)
        var current: Style?
        var open = false
        MarkupRow.forEachGlyph(ofRow: y, in: canvas, upTo: end) { glyph in
            let style = glyph.cell.style
            if style != current {
                if open { buffer.append("</span>") }
                current = style
                if let tag = opening(for: style) {
                    buffer.bytes.append(contentsOf: tag)
                    open = true
                } else {
                    open = false
                }
            }
            if glyph.width == 2 {
                buffer.append("<span class=\"wide\">")
                buffer.appendEscaped(glyph.cell, of: canvas)
                buffer.append("</span>")
            } else {
                buffer.appendEscaped(glyph.cell, of: canvas)
            }
        }
        if open { buffer.append("</span>") }
        buffer.bytes.append(0x0A)
    }

    /// `<span class="…" style="…">` for a style, or `nil` when it looks plain.
    private func opening(for style: Style) -> [UInt8]? {
        if let cached = openings[style] { return cached }
        let look = MarkupLook(style, theme: theme)
        var classes: [String] = []
        var inline: [String] = []
        if look.bold { classes.append("bold") }
        if look.italic { classes.append("italic") }
        if look.underline { classes.append("underline") }
        if look.strikethrough { classes.append("strike") }
        switch look.text {
        case .themeForeground: break
        case .themeBackground: classes.append("fg-inverse")
        case .ansi(let i): classes.append("fg-\(i)")
        case .rgb(let c): inline.append("color:\(c.hex)")
        }
        switch look.fill {
        case nil: break
        case .themeForeground: classes.append("bg-inverse")
        case .themeBackground: inline.append("background:\(theme.background.hex)")
        case .ansi(let i): classes.append("bg-\(i)")
        case .rgb(let c): inline.append("background:\(c.hex)")
        }
        var tag: [UInt8]?
        if !classes.isEmpty || !inline.isEmpty {
            var t = MarkupBytes()
            t.append("<span")
            if !classes.isEmpty { t.append(" class=\"\(classes.joined(separator: " "))\"") }
            if !inline.isEmpty { t.append(" style=\"\(inline.joined(separator: ";"))\"") }
            t.append(">")
            tag = t.bytes
        }
        if openings.count >= 256 { openings.removeAll(keepingCapacity: true) }
        openings[style] = tag
        return tag
    }

    // MARK: - Head

    private func appendHead() {
        started = true
        let t = theme
        buffer.append(
            """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="CellKit (theme \(t.name))">
            <title>
            """)
        buffer.appendEscaped(title)
        buffer.append(
            """
            </title>
            <style>
            body { margin: 0; padding: 24px; background: \(t.page.hex); }
            pre.cellkit {
              display: inline-block; margin: 0; padding: 12px 16px;
              border: 1px solid \(t.border.hex); border-radius: 8px;
              background: \(t.background.hex); color: \(t.foreground.hex);
              font-family: \(Self.fontFamily);
              font-size: 14px; line-height: 1.15; letter-spacing: 0;
              font-kerning: none; font-variant-ligatures: none; tab-size: 8;
            }
            .cellkit .wide {
              display: inline-block; width: 2ch; height: 1.15em; vertical-align: top;
              text-align: center; text-decoration: inherit;
            }
            .cellkit .bold { font-weight: bold; }
            .cellkit .italic { font-style: italic; }
            .cellkit .underline { text-decoration: underline; }
            .cellkit .strike { text-decoration: line-through; }
            .cellkit .underline.strike { text-decoration: underline line-through; }

            """)
        for (i, c) in t.ansi.enumerated() {
            buffer.append(".cellkit .fg-\(i) { color: \(c.hex); } .cellkit .bg-\(i) { background: \(c.hex); }\n")
        }
        buffer.append(
            """
            .cellkit .fg-inverse { color: \(t.background.hex); }
            .cellkit .bg-inverse { background: \(t.foreground.hex); }
            </style>
            </head>
            <body>
            <pre class="cellkit">

            """)
    }
}
