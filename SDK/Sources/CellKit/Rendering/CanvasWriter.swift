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
@_spi(Host) public protocol CanvasWriter: AnyObject {
    /// Appends every row of `canvas` as lines of output.
    func write(_ canvas: Canvas) throws
    /// Flushes what is buffered and writes any trailer.
    func finish() throws
}

/// A byte buffer the text writers fill and flush to their ``TextOutput`` in
/// 64 KiB chunks.
///
/// It is written through a raw pointer (appending to an `Array` byte by byte
/// costs a uniqueness check per byte), under one invariant that every method
/// keeps on its own: **a write makes room for exactly what it writes before
/// it writes** (`ensure`), so `count <= capacity` holds whatever the caller
/// does and whatever the text holds. No caller reserves on another's behalf:
/// a grapheme cluster of 25 bytes in 2 cells once used up a reservation of
/// "4 bytes a cell" that later writes relied on (docs/unsafe-code.md).
final class OutputBuffer {
    let output: any TextOutput
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes buffered, `0...capacity`.
    private(set) var count = 0
    static let flushThreshold = 1 << 16

    init(output: any TextOutput) {
        self.output = output
        capacity = Self.flushThreshold * 2
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for `n` more bytes.
    @inline(__always)
    private func ensure(_ n: Int) {
        if capacity - count < n { grow(count + n) }
    }

    private func grow(_ needed: Int) {
        let newCapacity = max(capacity * 2, needed)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends a byte.
    @inline(__always)
    func put(_ byte: UInt8) {
        ensure(1)
        base[count] = byte
        count += 1
    }

    /// Appends ASCII or UTF-8 bytes given as a literal: `put("\u{1B}[0m")`.
    @inline(__always)
    func put(_ text: StaticString) {
        let n = text.utf8CodeUnitCount
        ensure(n)
        (base + count).update(from: text.utf8Start, count: n)
        count += n
    }

    /// Appends bytes.
    func append(_ bytes: some Collection<UInt8>) {
        ensure(bytes.count)
        for byte in bytes {
            base[count] = byte
            count += 1
        }
    }

    /// Appends a string's UTF-8.
    func append(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            ensure(utf8.count)
            if let source = utf8.baseAddress { (base + count).update(from: source, count: utf8.count) }
            count += utf8.count
        }
    }

    /// Appends a scalar's UTF-8.
    @inline(__always)
    func putScalar(_ v: UInt32) {
        ensure(4)
        count += Self.encode(v, to: base + count)
    }

    /// Writes the UTF-8 of the scalar `v` at `out` and returns its length, 1 to 4.
    @inline(__always)
    private static func encode(_ v: UInt32, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if v < 0x80 {
            out[0] = UInt8(truncatingIfNeeded: v)
            return 1
        }
        if v < 0x800 {
            out[0] = UInt8(truncatingIfNeeded: 0xC0 | v >> 6)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | v & 0x3F)
            return 2
        }
        if v < 0x10000 {
            out[0] = UInt8(truncatingIfNeeded: 0xE0 | v >> 12)
            out[1] = UInt8(truncatingIfNeeded: 0x80 | v >> 6 & 0x3F)
            out[2] = UInt8(truncatingIfNeeded: 0x80 | v & 0x3F)
            return 3
        }
        out[0] = UInt8(truncatingIfNeeded: 0xF0 | v >> 18 & 0x07)
        out[1] = UInt8(truncatingIfNeeded: 0x80 | v >> 12 & 0x3F)
        out[2] = UInt8(truncatingIfNeeded: 0x80 | v >> 6 & 0x3F)
        out[3] = UInt8(truncatingIfNeeded: 0x80 | v & 0x3F)
        return 4
    }

    /// Appends the character a cell shows.
    @inline(__always)
    func putCell(_ cell: Canvas.Cell, of canvas: Canvas) {
        let v = cell.content
        if v == Canvas.Cell.continuation { return }
        if v & Canvas.Cell.clusterFlag != 0 {
            append(canvas.clusters[Int(v & ~Canvas.Cell.clusterFlag)])
        } else {
            putScalar(v)
        }
    }

    /// Appends the characters of `cells[start..<end]` for as long as each is
    /// one scalar (ASCII, a border, a CJK character; the continuation half of
    /// a wide character writes nothing) and (when `style` is given) in that
    /// style; returns where the run stopped (at a multi-scalar cluster, or a
    /// change of style). One pass and one room check for a whole row of
    /// borders, text and wide characters.
    ///
    /// One loop with the style and one without: a single loop tested
    /// whether a style was given on every cell (most of an ANSI render's
    /// writing is this loop).
    @inline(__always)
    func putScalarRun(_ cells: UnsafeBufferPointer<Canvas.Cell>, from start: Int, to end: Int, style: PackedStyle?)
        -> Int
    {
        // The most it writes: 4 bytes a cell.
        ensure((end - start) &* 4)
        var x = start
        var out = base + count
        if let style {
            while x < end, cells[x].packed == style, Self.put(cells[x].content, at: &out) { x &+= 1 }
        } else {
            while x < end, Self.put(cells[x].content, at: &out) { x &+= 1 }
        }
        count = out - base
        return x
    }

    /// Writes what a cell's `content` shows at `out` and moves `out` past it
    /// (nothing for the right half of a wide character); false, writing
    /// nothing, for a multi-scalar cluster, which the caller writes otherwise.
    @inline(__always)
    private static func put(_ v: UInt32, at out: inout UnsafeMutablePointer<UInt8>) -> Bool {
        if v < 0x80 {
            out.pointee = UInt8(truncatingIfNeeded: v)
            out += 1
            return true
        }
        if v == Canvas.Cell.continuation { return true }
        if v & Canvas.Cell.clusterFlag != 0 { return false }
        out += encode(v, to: out)
        return true
    }

    /// Appends a number from 0 to 255 in decimal.
    @inline(__always)
    func put(decimal value: UInt8) {
        ensure(3)
        if value >= 100 {
            base[count] = 48 + value / 100
            count += 1
        }
        if value >= 10 {
            base[count] = 48 + (value / 10) % 10
            count += 1
        }
        base[count] = 48 + value % 10
        count += 1
    }

    /// Appends `count` empty lines (a canvas with no columns).
    func putEmptyLines(_ count: Int) throws {
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
@_spi(Host) public final class PlainTextWriter: CanvasWriter {
    private let buffer: OutputBuffer

    /// Creates a writer.
    public init(output: any TextOutput) {
        buffer = OutputBuffer(output: output)
    }

    /// Writes the canvas's rows as plain text, each followed by a newline,
    /// without trailing spaces.
    public func write(_ canvas: Canvas) throws {
        let width = canvas.width
        guard width > 0 else { return try buffer.putEmptyLines(canvas.height) }
        try canvas.cells.withUnsafeBufferPointer { cells in
            for y in 0..<canvas.height {
                let row = UnsafeBufferPointer(rebasing: cells[y * width..<(y + 1) * width])
                var end = width
                while end > 0 && row[end - 1].content == 0x20 { end -= 1 }
                var x = 0
                while x < end {
                    let run = buffer.putScalarRun(row, from: x, to: end, style: nil)
                    if run > x {
                        x = run
                        continue
                    }
                    buffer.putCell(row[x], of: canvas)
                    x += 1
                }
                buffer.put(0x0A)
                try buffer.flushIfNeeded()
            }
        }
    }

    /// Flushes what is buffered to the output.
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
@_spi(Host) public final class ANSIWriter: CanvasWriter {
    /// The colours the output shows; `.none` writes no escape sequences at all.
    public let colorMode: ColorMode
    private let buffer: OutputBuffer

    /// Creates a writer.
    public init(output: any TextOutput, colorMode: ColorMode) {
        self.colorMode = colorMode
        buffer = OutputBuffer(output: output)
    }

    /// Writes the canvas's rows with escape sequences for their styles, in the
    /// writer's colour mode, each row ending with a newline (after a reset
    /// when it ends styled); trailing blanks that show nothing are dropped.
    public func write(_ canvas: Canvas) throws {
        let width = canvas.width
        let styled = colorMode != .none
        guard width > 0 else { return try buffer.putEmptyLines(canvas.height) }
        try canvas.cells.withUnsafeBufferPointer { cells in
            for y in 0..<canvas.height {
                let row = UnsafeBufferPointer(rebasing: cells[y * width..<(y + 1) * width])
                // Trailing blanks that show nothing are dropped.
                var end = width
                while end > 0 {
                    let cell = row[end - 1]
                    guard cell.content == 0x20, !styled || cell.packed.isInvisibleWhenBlank else { break }
                    end -= 1
                }
                var current = PackedStyle.plain
                var x = 0
                while x < end {
                    let cell = row[x]
                    if styled && cell.packed != current {
                        appendSGR(cell.packed)
                        current = cell.packed
                    }
                    // A run of single-scalar cells in one style.
                    let run = buffer.putScalarRun(row, from: x, to: end, style: styled ? current : nil)
                    if run > x {
                        x = run
                        continue
                    }
                    buffer.putCell(cell, of: canvas)
                    x += 1
                }
                if current != .plain { buffer.put("\u{1B}[0m") }
                buffer.put(0x0A)
                try buffer.flushIfNeeded()
            }
        }
    }

    /// Flushes what is buffered to the output.
    public func finish() throws {
        try buffer.flush()
    }

    private static let attributeCodes: [(TextAttributes, UInt8)] = [
        (.bold, 49), (.dim, 50), (.italic, 51), (.underline, 52), (.reverse, 55), (.strikethrough, 57),
    ]

    /// `ESC[0;…m` setting exactly the style `packed`; in truecolor (nothing
    /// to downgrade) straight from its bits, without making a ``Style``.
    private func appendSGR(_ packed: PackedStyle) {
        guard colorMode == .truecolor else { return appendSGR(packed.style) }
        buffer.put("\u{1B}[0")
        let attributes = UInt8(truncatingIfNeeded: packed.bits >> 52)
        if attributes != 0 {
            // The order of `attributeCodes`.
            if attributes & TextAttributes.bold.rawValue != 0 { buffer.put(";1") }
            if attributes & TextAttributes.dim.rawValue != 0 { buffer.put(";2") }
            if attributes & TextAttributes.italic.rawValue != 0 { buffer.put(";3") }
            if attributes & TextAttributes.underline.rawValue != 0 { buffer.put(";4") }
            if attributes & TextAttributes.reverse.rawValue != 0 { buffer.put(";7") }
            if attributes & TextAttributes.strikethrough.rawValue != 0 { buffer.put(";9") }
        }
        let foreground = packed.bits & 0x3FF_FFFF
        if foreground != 0 { appendColor(PackedStyle.unpack(foreground), foreground: true) }
        let background = packed.bits >> 26 & 0x3FF_FFFF
        if background != 0 { appendColor(PackedStyle.unpack(background), foreground: false) }
        buffer.put(0x6D)  // m
    }

    /// `ESC[0;…m` setting exactly `style`.
    private func appendSGR(_ style: Style) {
        buffer.put("\u{1B}[0")
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
            buffer.put(decimal: UInt8(base) + n.rawValue % 8)
        case .palette(let i):
            buffer.put(0x3B)
            buffer.put(foreground ? 0x33 : 0x34)
            buffer.put(0x38)
            buffer.put(0x3B)
            buffer.put(0x35)
            buffer.put(0x3B)
            buffer.put(decimal: i)
        case .rgb(let r, let g, let b):
            buffer.put(0x3B)
            buffer.put(foreground ? 0x33 : 0x34)
            buffer.put(0x38)
            buffer.put(0x3B)
            buffer.put(0x32)
            buffer.put(0x3B)
            buffer.put(decimal: r)
            buffer.put(0x3B)
            buffer.put(decimal: g)
            buffer.put(0x3B)
            buffer.put(decimal: b)
        }
    }
}
