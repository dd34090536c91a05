/// A rectangle of terminal character cells that views draw into, and that
/// writers turn into plain text, ANSI, HTML or SVG.
///
/// A cell holds one grapheme cluster and its ``Style``. A wide character (CJK,
/// most emoji) takes two cells: its own and a continuation cell to its right.
/// Drawing never writes outside the canvas or the clip rectangle, never splits
/// a wide character (one that would straddle the clip edge becomes a space),
/// and overwriting half of a wide character blanks the other half.
///
/// Canvases are reused: `reset(width:height:)` keeps the storage, so drawing
/// row after row of a long table allocates nothing once the first row is drawn.
///
/// A plugin draws through the ``DrawingContext`` it is given; the canvas
/// itself is the host's (its members are `@_spi(Host)`).
public final class Canvas {
    /// Columns.
    @exclusivity(unchecked) @_spi(Host) public private(set) var width: Int
    /// Rows.
    @exclusivity(unchecked) @_spi(Host) public private(set) var height: Int
    /// Row-major cells.
    @usableFromInline @exclusivity(unchecked) var cells: [Cell]
    /// Multi-scalar clusters (`👩‍💻`, `é` as e + U+0301) referenced by cells.
    @exclusivity(unchecked) var clusters: [String] = []

    /// One character cell.
    @frozen public struct Cell: Hashable, Sendable {
        /// The scalar value, or a marker: `continuation` for the right half
        /// of a wide character, or `clusterFlag` plus an index into the
        /// canvas's cluster table.
        public var content: UInt32
        /// The style, packed into one word.
        @usableFromInline var packed: PackedStyle

        /// How the cell looks.
        @_spi(Host) public var style: Style {
            get { packed.style }
            set { packed = PackedStyle(newValue) }
        }

        /// A cell with a character and a style.
        @_spi(Host) public init(content: UInt32, style: Style) {
            self.content = content
            packed = PackedStyle(style)
        }

        @inlinable init(content: UInt32, packed: PackedStyle) {
            self.content = content
            self.packed = packed
        }

        /// The right half of a wide character: writers skip it.
        @_spi(Host) public static let continuation: UInt32 = 0xFFFF_FFFF
        /// Set on `content` when it indexes a multi-scalar cluster.
        @_spi(Host) public static let clusterFlag: UInt32 = 0x8000_0000

        /// A blank cell.
        @_spi(Host) public static let blank = Cell(content: 0x20, packed: .plain)
    }

    /// The widest canvas: the widest screen, 10,000 columns.
    static let maximumWidth = 10_000
    /// The tallest canvas, 1,000 lines: what one view (a row, a header) may
    /// draw. A view that says it is taller (a plugin's `sizeThatFits` that
    /// returns `Int.max`) is cut there, never trusted with the arithmetic.
    static let maximumHeight = 1_000

    /// Creates a blank canvas, at most 10,000 columns by 1,000 lines (larger
    /// sizes are reduced to these).
    ///
    /// ```swift
    /// let canvas = Canvas(width: 8, height: 1)
    /// canvas.draw("漢字ok", at: Point(x: 1, y: 0), style: .bold)
    /// print(canvas.text(ofRow: 0))   // " 漢字ok"
    /// ```
    @_spi(Host) public init(width: Int, height: Int) {
        self.width = min(max(0, width), Self.maximumWidth)
        self.height = min(max(0, height), Self.maximumHeight)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// Blanks the canvas and sets its size, keeping the storage it already has.
    @_spi(Host) public func reset(width: Int, height: Int) {
        let w = min(max(0, width), Self.maximumWidth)
        let h = min(max(0, height), Self.maximumHeight)
        let n = w * h
        if cells.count == n {
            cells.withUnsafeMutableBufferPointer(Self.blank)
        } else {
            cells.removeAll(keepingCapacity: true)
            cells.append(contentsOf: repeatElement(.blank, count: n))
        }
        self.width = w
        self.height = h
        if !clusters.isEmpty { clusters.removeAll(keepingCapacity: true) }
    }

    /// Makes every cell of `cells` blank, one 16-byte store a cell (a search
    /// of a million rows blanks every line it looks at): `update(repeating:)`
    /// stored a cell's two fields one after the other, 723 instructions for a
    /// line of a 220-column screen, where this takes 505. A blank cell is
    /// `content` 0x20 and `packed` 0; the 4 bytes between them (the layout
    /// of a frozen struct, checked by `CanvasResetAndScanTests`) are padding,
    /// set to 0.
    private static func blank(_ cells: inout UnsafeMutableBufferPointer<Cell>) {
        guard let base = cells.baseAddress else { return }
        let raw = UnsafeMutableRawPointer(base)
        let blank = SIMD2<UInt64>(0x20, 0)
        for i in 0..<cells.count {
            raw.storeBytes(of: blank, toByteOffset: i &* 16, as: SIMD2<UInt64>.self)
        }
    }

    /// The whole canvas as a rectangle.
    @_spi(Host) public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at a column and row.
    @_spi(Host) public subscript(x: Int, y: Int) -> Cell {
        precondition(
            x >= 0 && x < width && y >= 0 && y < height, "cell (\(x), \(y)) outside a \(width)x\(height) canvas")
        return cells[y * width + x]
    }

    /// The grapheme cluster a cell shows (empty for a continuation cell).
    @_spi(Host) public func character(of cell: Cell) -> String {
        if cell.content == Cell.continuation { return "" }
        if cell.content & Cell.clusterFlag != 0 { return clusters[Int(cell.content & ~Cell.clusterFlag)] }
        return String(Character(Unicode.Scalar(cell.content) ?? " "))
    }

    /// Appends the UTF-8 of a cell's character to `bytes`.
    @inlinable
    @_spi(Host) public func appendUTF8(of cell: Cell, to bytes: inout [UInt8]) {
        let v = cell.content
        if v < 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v))
        } else if v == Cell.continuation {
            return
        } else if v & Cell.clusterFlag != 0 {
            appendCluster(Int(v & ~Cell.clusterFlag), to: &bytes)
        } else if let scalar = Unicode.Scalar(v) {
            for unit in UTF8.encode(scalar)! { bytes.append(unit) }
        }
    }

    @usableFromInline
    func appendCluster(_ index: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: clusters[index].utf8)
    }

    /// The characters of one row, with trailing spaces removed.
    ///
    /// ```swift
    /// let canvas = Canvas(width: 9, height: 1)
    /// canvas.draw("╭─ Ada ─╮  ", at: .zero, style: .plain)
    /// canvas.text(ofRow: 0)   // "╭─ Ada ─╮"
    /// ```
    @_spi(Host) public func text(ofRow y: Int) -> String {
        var bytes: [UInt8] = []
        for x in 0..<width { appendUTF8(of: cells[y * width + x], to: &bytes) }
        while bytes.last == 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every row as text, joined by newlines.
    @_spi(Host) public var text: String { (0..<height).map(text(ofRow:)).joined(separator: "\n") }

    // MARK: - Drawing

    /// Draws `text` starting at `point`, clipped to `clip` (and the canvas).
    /// Control characters are drawn as visible pictures, zero-width clusters
    /// are dropped, and a wide character that would cross the clip edge is
    /// drawn as a space.
    ///
    /// - Returns: the column just past the last character drawn (or skipped by
    ///   the clip), so calls can be chained.
    @discardableResult
    @_spi(Host) public func draw(_ text: some StringProtocol, at point: Point, style: Style, clip: Rect? = nil) -> Int {
        withUTF8(text.utf8) { drawUTF8($0, at: point, style: PackedStyle(style), clip: clip) }
    }

    /// Draws a `String`; see ``draw(_:at:style:clip:)-(StringProtocol,_,_,_)``.
    @discardableResult
    @_spi(Host) public func draw(_ text: String, at point: Point, style: Style, clip: Rect? = nil) -> Int {
        withUTF8(text.utf8) { drawUTF8($0, at: point, style: PackedStyle(style), clip: clip) }
    }

    /// Draws UTF-8 text. Printable ASCII (the common case) goes straight into
    /// the cells; other text is segmented into grapheme clusters in place,
    /// without making a string per character, its runs of ASCII between them
    /// put as ASCII text is.
    private func drawUTF8(_ buffer: UnsafeBufferPointer<UInt8>, at point: Point, style: PackedStyle, clip: Rect?) -> Int
    {
        let box = (clip ?? bounds).intersected(bounds)
        let y = point.y
        if GraphemeSegmenter.isPrintableASCII(buffer) {
            let end = point.x + buffer.count
            guard y >= box.minY, y < box.maxY else { return end }
            let from = max(point.x, box.minX)
            let to = min(end, box.maxX)
            guard from < to, let bytes = buffer.baseAddress else { return end }
            let size = (width: width, height: height)
            cells.withUnsafeMutableBufferPointer { cells in
                Self.putASCII(bytes, columns: from..<to, from: point.x, y: y, style: style, in: cells, size: size)
            }
            return end
        }
        guard y >= box.minY, y < box.maxY else { return point.x + GraphemeSegmenter.width(of: buffer) }
        var x = point.x
        let size = (width: width, height: height)
        // The cells lent once for the whole text: no uniqueness check of the array per cell put.
        cells.withUnsafeMutableBufferPointer { cells in
            // Runs of ASCII between the other clusters (`Gateway 網關 0`) are put as a text of ASCII is.
            GraphemeSegmenter.forEachCluster(
                in: buffer,
                asciiRun: { start, end in
                    let from = max(x, box.minX)
                    let to = min(x &+ (end &- start), box.maxX)
                    if from < to, let bytes = buffer.baseAddress {
                        Self.putASCII(
                            bytes + start, columns: from..<to, from: x, y: y, style: style, in: cells, size: size)
                    }
                    x &+= end &- start
                    return true
                }
            ) { info in
                let w = info.width
                guard w > 0 else { return true }
                if x >= box.minX && x < box.maxX {
                    if w == 2 && x + 1 >= box.maxX {
                        Self.put(0x20, width: 1, x: x, y: y, style: style, in: cells, size: size)
                    } else if info.isSingleScalar {
                        let content = (Sanitizer.picture(for: info.first) ?? info.first).value
                        Self.put(content, width: w, x: x, y: y, style: style, in: cells, size: size)
                    } else if info.first == "\r" {  // CR LF, the only cluster holding a control
                        Self.put(
                            Sanitizer.newlinePicture.value, width: 1, x: x, y: y, style: style, in: cells, size: size)
                    } else {
                        let bytes = UnsafeBufferPointer(rebasing: buffer[info.start..<info.end])
                        let index = UInt32(clusters.count) | Cell.clusterFlag
                        clusters.append(String(decoding: bytes, as: UTF8.self))
                        Self.put(index, width: w, x: x, y: y, style: style, in: cells, size: size)
                    }
                } else if w == 2 && x + 1 == box.minX {
                    Self.put(0x20, width: 1, x: x + 1, y: y, style: style, in: cells, size: size)
                }
                x += w
                return true
            }
        }
        return x
    }

    /// Puts printable ASCII into `columns` of row `y`: the byte for column
    /// `x` is `bytes[x - first]` (`first` is the text's first column;
    /// `columns` is already clipped to the box and the canvas). Only the
    /// first and last cells can cut a wide character in half: they are put,
    /// the cells between written straight (after the last, whose put may
    /// blank the one before it).
    @inline(__always)
    private static func putASCII(
        _ bytes: UnsafePointer<UInt8>, columns: Range<Int>, from first: Int, y: Int, style: PackedStyle,
        in cells: UnsafeMutableBufferPointer<Cell>, size: (width: Int, height: Int)
    ) {
        let (from, to) = (columns.lowerBound, columns.upperBound)
        put(UInt32(bytes[from - first]), width: 1, x: from, y: y, style: style, in: cells, size: size)
        if to - 1 > from {
            put(UInt32(bytes[to - 1 - first]), width: 1, x: to - 1, y: y, style: style, in: cells, size: size)
        }
        if to - from > 2 {
            let row = cells.baseAddress! + y * size.width
            for x in (from + 1)..<(to - 1) {
                row[x] = Cell(content: UInt32(bytes[x - first]), packed: style)
            }
        }
    }

    /// The left and right edges of a border down the whole canvas (a piece of
    /// a bordered table or collection); nothing for `.none` or under 2 columns.
    func drawBorderSides(_ box: BoxStyle, style: Style) {
        guard !box.isNone, width >= 2 else { return }
        fill(Rect(x: 0, y: 0, width: 1, height: height), with: box.vertical, style: style)
        fill(Rect(x: width - 1, y: 0, width: 1, height: height), with: box.vertical, style: style)
    }

    /// ` Title ` set into the top edge of a border `width` wide whose left
    /// corner is at (`x`, `y`): two columns in, truncated to leave two at the
    /// right, in the border's colour unless `titleStyle` has one.
    func drawBorderTitle(
        _ title: String, x: Int, y: Int, width: Int, borderStyle: Style, titleStyle: Style, clip: Rect? = nil
    ) {
        guard !title.isEmpty, width >= 6 else { return }
        var at = draw(" ", at: Point(x: x + 2, y: y), style: borderStyle, clip: clip)
        at = draw(
            TextLayout.truncated(title, toWidth: width - 6), at: Point(x: at, y: y),
            style: Style(foreground: borderStyle.foreground).merging(titleStyle), clip: clip)
        draw(" ", at: Point(x: at, y: y), style: borderStyle, clip: clip)
    }

    /// Fills a rectangle with one character (a space by default).
    @_spi(Host) public func fill(_ rect: Rect, with scalar: Unicode.Scalar = " ", style: Style = .plain) {
        let r = rect.intersected(bounds)
        guard !r.isEmpty else { return }
        let packed = PackedStyle(style)
        for y in r.minY..<r.maxY {
            for x in r.minX..<r.maxX { put(scalar.value, x: x, y: y, style: packed) }
        }
    }

    /// Changes the style of the cells in `rect` without changing their
    /// characters: `transform` gets each cell's style and returns the new one.
    @_spi(Host) public func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let r = rect.intersected(bounds)
        guard !r.isEmpty else { return }
        for y in r.minY..<r.maxY {
            for x in r.minX..<r.maxX {
                let i = y * width + x
                cells[i].style = transform(cells[i].style)
            }
        }
    }

    /// Places a glyph of width 1 or 2 whose head is `content` at (x, y); the
    /// halves of any wide character it partly covers are blanked.
    @inline(__always)
    func put(_ content: UInt32, width w: Int = 1, x: Int, y: Int, style: PackedStyle) {
        guard x >= 0, x + w <= width, y >= 0, y < height else { return }
        let i = y * width + x
        if cells[i].content == Cell.continuation, x > 0 {
            cells[i - 1].content = 0x20
        }
        let last = i + w - 1
        if x + w < width, cells[last + 1].content == Cell.continuation {
            cells[last + 1].content = 0x20
        }
        cells[i] = Cell(content: content, packed: style)
        if w == 2 { cells[i + 1] = Cell(content: Cell.continuation, packed: style) }
    }

    /// ``put(_:width:x:y:style:)`` into the canvas's cells, lent by
    /// `withUnsafeMutableBufferPointer` for a whole text or rectangle, of a
    /// canvas `size` big (`cells.count == size.width * size.height`).
    @inline(__always)
    private static func put(
        _ content: UInt32, width w: Int, x: Int, y: Int, style: PackedStyle, in cells: UnsafeMutableBufferPointer<Cell>,
        size: (width: Int, height: Int)
    ) {
        guard x >= 0, x + w <= size.width, y >= 0, y < size.height else { return }
        let i = y * size.width + x
        if cells[i].content == Cell.continuation, x > 0 {
            cells[i - 1].content = 0x20
        }
        let last = i + w - 1
        if x + w < size.width, cells[last + 1].content == Cell.continuation {
            cells[last + 1].content = 0x20
        }
        cells[i] = Cell(content: content, packed: style)
        if w == 2 { cells[i + 1] = Cell(content: Cell.continuation, packed: style) }
    }
}

extension Canvas {
    /// Copies rows of `source` into this canvas starting at row `y`, as far
    /// as both widths allow.
    @_spi(Host) public func blit(_ source: Canvas, rows: Range<Int>, to y: Int) {
        let w = min(width, source.width)
        var target = y
        for row in rows where row >= 0 && row < source.height {
            guard target >= 0, target < height else {
                target += 1
                continue
            }
            for x in 0..<w {
                var cell = source.cells[row * source.width + x]
                if cell.content != Cell.continuation, cell.content & Cell.clusterFlag != 0 {
                    let cluster = source.clusters[Int(cell.content & ~Cell.clusterFlag)]
                    cell.content = UInt32(clusters.count) | Cell.clusterFlag
                    clusters.append(cluster)
                }
                cells[target * width + x] = cell
            }
            target += 1
        }
    }
}
