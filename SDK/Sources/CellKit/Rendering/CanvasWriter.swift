/// Turns canvases into bytes, line by line: plain text, ANSI, HTML, SVG.
///
/// Renderers call ``write(_:)`` once per drawn piece (a row of a table, a
/// header) and ``finish()`` at the end; a writer buffers and flushes to its
/// ``TextOutput`` as it goes, so memory does not grow with the output.
///
/// ```swift
/// let writer = ANSIWriter(output: FileDescriptorOutput(), colorMode: .truecolor)
/// try table.render(width: 80, to: writer)
/// ```
public protocol CanvasWriter: AnyObject {
    /// Appends every row of `canvas` as lines of output.
    func write(_ canvas: Canvas) throws
    /// Flushes what is buffered and writes any trailer.
    func finish() throws
}

/// The buffering shared by the text writers.
struct ByteBuffer {
    var bytes: [UInt8] = []
    let output: TextOutput
    static let flushThreshold = 1 << 16

    init(output: TextOutput) {
        self.output = output
        bytes.reserveCapacity(Self.flushThreshold + 4096)
    }

    mutating func flushIfNeeded() throws {
        if bytes.count >= Self.flushThreshold { try flush() }
    }

    mutating func flush() throws {
        guard !bytes.isEmpty else { return }
        try bytes.withUnsafeBytes { try output.write($0) }
        bytes.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    mutating func append(decimal value: Int) {
        if value >= 100 { bytes.append(UInt8(48 + value / 100)) }
        if value >= 10 { bytes.append(UInt8(48 + (value / 10) % 10)) }
        bytes.append(UInt8(48 + value % 10))
    }
}

/// Writes canvases as plain text: characters only, trailing spaces removed,
/// one `\n` per row.
///
/// ```swift
/// let out = MemoryOutput()
/// let writer = PlainTextWriter(output: out)
/// try writer.write(Label(text: "Ready").render(width: 10))
/// try writer.finish()
/// out.string   // "Ready\n"
/// ```
public final class PlainTextWriter: CanvasWriter {
    private var buffer: ByteBuffer

    /// Creates a writer.
    public init(output: TextOutput) {
        buffer = ByteBuffer(output: output)
    }

    public func write(_ canvas: Canvas) throws {
        for y in 0..<canvas.height {
            let start = buffer.bytes.count
            var lastInk = start
            let base = y * canvas.width
            for x in 0..<canvas.width {
                let cell = canvas.cells[base + x]
                canvas.appendUTF8(of: cell, to: &buffer.bytes)
                if cell.content != 0x20 && cell.content != Canvas.Cell.continuation { lastInk = buffer.bytes.count }
            }
            buffer.bytes.removeSubrange(lastInk...)
            buffer.bytes.append(0x0A)
            try buffer.flushIfNeeded()
        }
    }

    public func finish() throws {
        try buffer.flush()
    }
}

/// Writes canvases with ANSI escape sequences for colour and attributes,
/// downgrading colours to what ``colorMode`` can show. Each line ends with
/// the style reset, so nothing bleeds into the next line or the shell.
///
/// ```swift
/// let out = MemoryOutput()
/// let writer = ANSIWriter(output: out, colorMode: .ansi16)
/// try writer.write(Label(text: "ok", style: Style.bold.foreground(.green)).render(width: 2))
/// try writer.finish()
/// out.string   // "\u{1B}[0;1;32mok\u{1B}[0m\n"
/// ```
public final class ANSIWriter: CanvasWriter {
    /// The colours the output shows; `.none` writes no escape sequences at all.
    public let colorMode: ColorMode
    private var buffer: ByteBuffer

    /// Creates a writer.
    public init(output: TextOutput, colorMode: ColorMode) {
        self.colorMode = colorMode
        buffer = ByteBuffer(output: output)
    }

    public func write(_ canvas: Canvas) throws {
        for y in 0..<canvas.height {
            let base = y * canvas.width
            // The last column that is not a plain blank: trailing blanks are dropped.
            var end = canvas.width
            while end > 0 {
                let cell = canvas.cells[base + end - 1]
                if cell.content == 0x20 && (colorMode == .none || cell.style.background == .default && !cell.style.attributes.contains(.reverse) && !cell.style.attributes.contains(.underline)) {
                    end -= 1
                } else {
                    break
                }
            }
            var current = Style.plain
            for x in 0..<end {
                let cell = canvas.cells[base + x]
                if colorMode != .none && cell.style != current {
                    appendSGR(cell.style)
                    current = cell.style
                }
                canvas.appendUTF8(of: cell, to: &buffer.bytes)
            }
            if current != .plain { buffer.bytes.append(contentsOf: [0x1B, 0x5B, 0x30, 0x6D]) }
            buffer.bytes.append(0x0A)
            try buffer.flushIfNeeded()
        }
    }

    public func finish() throws {
        try buffer.flush()
    }

    private static let attributeCodes: [(TextAttributes, UInt8)] = [
        (.bold, 49), (.dim, 50), (.italic, 51), (.underline, 52), (.reverse, 55), (.strikethrough, 57),
    ]

    /// `ESC[0;…m` setting exactly `style`.
    private func appendSGR(_ style: Style) {
        buffer.bytes.append(contentsOf: [0x1B, 0x5B, 0x30])  // ESC [ 0
        for (attribute, digit) in Self.attributeCodes where style.attributes.contains(attribute) {
            buffer.bytes.append(0x3B)
            buffer.bytes.append(digit)
        }
        appendColor(style.foreground.downgraded(to: colorMode), foreground: true)
        appendColor(style.background.downgraded(to: colorMode), foreground: false)
        buffer.bytes.append(0x6D)  // m
    }

    private func appendColor(_ color: Color, foreground: Bool) {
        switch color {
        case .default:
            return
        case .named(let n):
            let base = n.rawValue < 8 ? (foreground ? 30 : 40) : (foreground ? 90 : 100)
            buffer.bytes.append(0x3B)
            buffer.append(decimal: base + Int(n.rawValue % 8))
        case .palette(let i):
            buffer.bytes.append(contentsOf: foreground ? [0x3B, 0x33, 0x38, 0x3B, 0x35, 0x3B] : [0x3B, 0x34, 0x38, 0x3B, 0x35, 0x3B])
            buffer.append(decimal: Int(i))
        case .rgb(let r, let g, let b):
            buffer.bytes.append(contentsOf: foreground ? [0x3B, 0x33, 0x38, 0x3B, 0x32, 0x3B] : [0x3B, 0x34, 0x38, 0x3B, 0x32, 0x3B])
            buffer.append(decimal: Int(r))
            buffer.bytes.append(0x3B)
            buffer.append(decimal: Int(g))
            buffer.bytes.append(0x3B)
            buffer.append(decimal: Int(b))
        }
    }
}
