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

/// A byte buffer the text writers fill through a raw pointer (appending to
/// an `Array` byte by byte costs a uniqueness check per byte) and flush to
/// their ``TextOutput`` in 64 KiB chunks.
final class OutputBuffer {
    let output: TextOutput
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    var count = 0
    static let flushThreshold = 1 << 16

    init(output: TextOutput) {
        self.output = output
        capacity = Self.flushThreshold * 2
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for `n` more bytes.
    @inline(__always)
    func reserve(_ n: Int) {
        if count + n > capacity { grow(count + n) }
    }

    private func grow(_ needed: Int) {
        let newCapacity = max(capacity * 2, needed)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends a byte (room must have been reserved).
    @inline(__always)
    func put(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// Appends bytes, making room.
    func append(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            reserve(1)
            put(byte)
        }
    }

    /// Appends a scalar's UTF-8 (room for 4 bytes must have been reserved).
    @inline(__always)
    func putScalar(_ v: UInt32) {
        if v < 0x80 {
            put(UInt8(truncatingIfNeeded: v))
        } else if v < 0x800 {
            put(UInt8(truncatingIfNeeded: 0xC0 | v >> 6))
            put(UInt8(truncatingIfNeeded: 0x80 | v & 0x3F))
        } else if v < 0x10000 {
            put(UInt8(truncatingIfNeeded: 0xE0 | v >> 12))
            put(UInt8(truncatingIfNeeded: 0x80 | v >> 6 & 0x3F))
            put(UInt8(truncatingIfNeeded: 0x80 | v & 0x3F))
        } else {
            put(UInt8(truncatingIfNeeded: 0xF0 | v >> 18))
            put(UInt8(truncatingIfNeeded: 0x80 | v >> 12 & 0x3F))
            put(UInt8(truncatingIfNeeded: 0x80 | v >> 6 & 0x3F))
            put(UInt8(truncatingIfNeeded: 0x80 | v & 0x3F))
        }
    }

    /// Appends the character a cell shows.
    @inline(__always)
    func putCell(_ cell: Canvas.Cell, of canvas: Canvas) {
        let v = cell.content
        if v == Canvas.Cell.continuation { return }
        if v & Canvas.Cell.clusterFlag != 0 {
            append(canvas.clusters[Int(v & ~Canvas.Cell.clusterFlag)].utf8)
        } else {
            putScalar(v)
        }
    }

    /// Appends a number in decimal (room for 3 digits must have been reserved).
    @inline(__always)
    func put(decimal value: Int) {
        if value >= 100 { put(UInt8(48 + value / 100)) }
        if value >= 10 { put(UInt8(48 + (value / 10) % 10)) }
        put(UInt8(48 + value % 10))
    }

    /// Appends `count` empty lines (a canvas with no columns).
    func putEmptyLines(_ count: Int) throws {
        reserve(count)
        for _ in 0..<count { put(0x0A) }
        try flushIfNeeded()
    }

    func flushIfNeeded() throws {
        if count >= Self.flushThreshold { try flush() }
    }

    func flush() throws {
        guard count > 0 else { return }
        let n = count
        count = 0
        try output.write(UnsafeRawBufferPointer(start: base, count: n))
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
    private let buffer: OutputBuffer

    /// Creates a writer.
    public init(output: TextOutput) {
        buffer = OutputBuffer(output: output)
    }

    public func write(_ canvas: Canvas) throws {
        let width = canvas.width
        guard width > 0 else { return try buffer.putEmptyLines(canvas.height) }
        try canvas.cells.withUnsafeBufferPointer { cells in
            for y in 0..<canvas.height {
                let row = cells.baseAddress! + y * width
                var end = width
                while end > 0 && row[end - 1].content == 0x20 { end -= 1 }
                buffer.reserve(end * 4 + 1)
                for x in 0..<end { buffer.putCell(row[x], of: canvas) }
                buffer.put(0x0A)
                try buffer.flushIfNeeded()
            }
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
    private let buffer: OutputBuffer

    /// Creates a writer.
    public init(output: TextOutput, colorMode: ColorMode) {
        self.colorMode = colorMode
        buffer = OutputBuffer(output: output)
    }

    public func write(_ canvas: Canvas) throws {
        let width = canvas.width
        let styled = colorMode != .none
        guard width > 0 else { return try buffer.putEmptyLines(canvas.height) }
        try canvas.cells.withUnsafeBufferPointer { cells in
            for y in 0..<canvas.height {
                let row = cells.baseAddress! + y * width
                // Trailing blanks that show nothing are dropped.
                var end = width
                while end > 0 {
                    let cell = row[end - 1]
                    guard cell.content == 0x20, !styled || cell.packed.isInvisibleWhenBlank else { break }
                    end -= 1
                }
                buffer.reserve(end * 4 + 8)
                var current = PackedStyle.plain
                var x = 0
                while x < end {
                    let cell = row[x]
                    if styled && cell.packed != current {
                        appendSGR(cell.packed.style)
                        current = cell.packed
                        buffer.reserve((end - x) * 4 + 8)
                    }
                    // A run of ASCII cells in one style: written through a local cursor.
                    var run = x
                    var out = buffer.base + buffer.count
                    while run < end {
                        let c = row[run]
                        guard c.content < 0x80, c.packed == current || !styled else { break }
                        out.pointee = UInt8(truncatingIfNeeded: c.content)
                        out += 1
                        run += 1
                    }
                    buffer.count = out - buffer.base
                    if run > x {
                        x = run
                        continue
                    }
                    buffer.putCell(cell, of: canvas)
                    x += 1
                }
                if current != .plain {
                    buffer.reserve(5)
                    buffer.put(0x1B)
                    buffer.put(0x5B)
                    buffer.put(0x30)
                    buffer.put(0x6D)
                }
                buffer.reserve(1)
                buffer.put(0x0A)
                try buffer.flushIfNeeded()
            }
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
        buffer.reserve(48)
        buffer.put(0x1B)
        buffer.put(0x5B)
        buffer.put(0x30)
        for (attribute, digit) in Self.attributeCodes where style.attributes.contains(attribute) {
            buffer.put(0x3B)
            buffer.put(digit)
        }
        appendColor(style.foreground.downgraded(to: colorMode), foreground: true)
        appendColor(style.background.downgraded(to: colorMode), foreground: false)
        buffer.put(0x6D)  // m
    }

    private func appendColor(_ color: Color, foreground: Bool) {
        switch color {
        case .default:
            return
        case .named(let n):
            let base = n.rawValue < 8 ? (foreground ? 30 : 40) : (foreground ? 90 : 100)
            buffer.put(0x3B)
            buffer.put(decimal: base + Int(n.rawValue % 8))
        case .palette(let i):
            buffer.put(0x3B)
            buffer.put(foreground ? 0x33 : 0x34)
            buffer.put(0x38)
            buffer.put(0x3B)
            buffer.put(0x35)
            buffer.put(0x3B)
            buffer.put(decimal: Int(i))
        case .rgb(let r, let g, let b):
            buffer.put(0x3B)
            buffer.put(foreground ? 0x33 : 0x34)
            buffer.put(0x38)
            buffer.put(0x3B)
            buffer.put(0x32)
            buffer.put(0x3B)
            buffer.put(decimal: Int(r))
            buffer.put(0x3B)
            buffer.put(decimal: Int(g))
            buffer.put(0x3B)
            buffer.put(decimal: Int(b))
        }
    }
}
