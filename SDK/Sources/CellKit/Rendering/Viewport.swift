/// A window of fixed size onto scrollable content: draws only the pieces on
/// screen, so opening or scrolling a table of ten million rows costs the
/// same as one of ten.
///
/// The position is a piece and a line inside it, and the first column in
/// view: content drawn wider than the window (``windowWidth``) scrolls
/// sideways. Scrolling measures the pieces it passes over by drawing them (no
/// heights are stored), so memory does not depend on the length of the content.
///
/// Pieces named by ``pinned`` stay on the top lines while the pieces under
/// them scroll (a section's header, a header row), as CSS's `position:
/// sticky` keeps them; text set as ``highlight`` is drawn in reverse video
/// wherever it is in view.
///
/// ```swift
/// let viewport = Viewport(content: table, width: 80, height: 24)
/// let canvas = Canvas(width: 80, height: 24)
/// viewport.draw(into: canvas)      // the first screenful
/// viewport.scroll(by: 24)          // one page down
/// viewport.scrollToBottom()
/// ```
@_spi(Host) public final class Viewport {
    /// The content shown.
    public let content: any ScrollableContent
    /// The columns the content is drawn at.
    public private(set) var width: Int
    /// Rows on screen.
    public private(set) var height: Int
    /// The columns on screen: at most ``width``; the rest is scrolled to sideways.
    public private(set) var windowWidth: Int
    /// The first column on screen.
    public private(set) var left = 0
    /// The first piece on screen.
    public private(set) var topPiece = 0
    /// How many lines of ``topPiece`` are scrolled off the top.
    public private(set) var topLine = 0
    /// How many pieces the content has at the current width.
    public private(set) var pieceCount = 0
    /// The pieces that may stay on the top lines when a piece is the first
    /// on screen: those at or above it, in order (a section's header, then
    /// its header row). Each stays, under the ones before it, when it would
    /// otherwise be drawn higher; the pieces under it scroll on. `nil`: none.
    public var pinned: ((_ topPiece: Int) -> [Int])?
    /// Text drawn in reverse video wherever it is on screen.
    public var highlight: TextPattern?
    /// How many lines at the top the last ``draw(into:)`` gave to pinned pieces.
    public private(set) var pinnedLines = 0

    private let scratch = Canvas(width: 0, height: 0)
    /// The lines on screen at the content's full width, when only some of its columns are shown.
    private let page = Canvas(width: 0, height: 0)

    /// Creates a viewport at the top of `content`, drawn at `width` columns
    /// and shown `windowWidth` columns at a time (default: all of them).
    public init(content: any ScrollableContent, width: Int, height: Int, windowWidth: Int? = nil) {
        self.content = content
        self.width = max(1, width)
        self.height = max(1, height)
        self.windowWidth = min(self.width, max(1, windowWidth ?? width))
        pieceCount = content.preparePieces(width: self.width)
    }

    /// Changes the size (a terminal resize), keeping the top piece and, as
    /// far as the new width allows, the first column.
    public func resize(width: Int, height: Int, windowWidth: Int? = nil) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.windowWidth = min(self.width, max(1, windowWidth ?? width))
        pieceCount = content.preparePieces(width: self.width)
        topPiece = min(topPiece, max(0, pieceCount - 1))
        topLine = 0
        scroll(toColumn: left)
    }

    /// Re-reads the content (after its data changed), clamping the position.
    public func reload() {
        resize(width: width, height: height, windowWidth: windowWidth)
    }

    private func heightOfPiece(_ index: Int) -> Int {
        content.drawPiece(index, into: scratch, width: width)
        return scratch.height
    }

    /// Scrolls by `lines` (negative is up), stopping at either end.
    public func scroll(by lines: Int) {
        if lines > 0 {
            var remaining = lines
            while remaining > 0 {
                let left = heightOfPiece(topPiece) - topLine
                if remaining < left {
                    topLine += remaining
                    remaining = 0
                } else if topPiece + 1 < pieceCount {
                    remaining -= left
                    topPiece += 1
                    topLine = 0
                } else {
                    topLine = max(0, left + topLine - 1)
                    remaining = 0
                }
            }
            clampToBottom()
        } else if lines < 0 {
            var remaining = -lines
            while remaining > 0 {
                if topLine >= remaining {
                    topLine -= remaining
                    remaining = 0
                } else if topPiece > 0 {
                    remaining -= topLine + 1
                    topPiece -= 1
                    topLine = max(0, heightOfPiece(topPiece) - 1)
                } else {
                    topLine = 0
                    remaining = 0
                }
            }
        }
    }

    /// Back to the first line.
    public func scrollToTop() {
        topPiece = 0
        topLine = 0
    }

    /// To the last screenful.
    public func scrollToBottom() {
        guard pieceCount > 0 else { return }
        var index = pieceCount - 1
        var filled = heightOfPiece(index)
        while filled < height && index > 0 {
            index -= 1
            filled += heightOfPiece(index)
        }
        topPiece = index
        topLine = max(0, filled - height)
    }

    /// Scrolls so that piece `index` is at the top (or as near as the end allows).
    public func scroll(toPiece index: Int) {
        topPiece = max(0, min(index, pieceCount - 1))
        topLine = 0
        clampToBottom()
    }

    /// Scrolls so that line `line` of piece `index` is the first line on
    /// screen under the pinned pieces (or as near as the ends allow).
    public func reveal(piece index: Int, line: Int) {
        topPiece = max(0, min(index, pieceCount - 1))
        topLine = max(0, min(line, heightOfPiece(topPiece) - 1))
        scroll(by: -forEachPinned { _, _ in })
        clampToBottom()
    }

    /// Scrolls sideways so that `column` is the first on screen (or as near
    /// as the edges allow).
    public func scroll(toColumn column: Int) {
        left = max(0, min(column, width - windowWidth))
    }

    /// Whether the last line of the content is on screen.
    public var isAtBottom: Bool {
        var filled = 0
        var index = topPiece
        while index < pieceCount {
            filled += heightOfPiece(index) - (index == topPiece ? topLine : 0)
            if filled > height { return false }
            index += 1
        }
        return true
    }

    /// Keeps the bottom of the content from rising above the bottom of the screen.
    private func clampToBottom() {
        var filled = 0
        var index = topPiece
        while index < pieceCount && filled < height + topLine {
            filled += heightOfPiece(index)
            index += 1
        }
        if index >= pieceCount && filled - topLine < height {
            scrollToBottom()
        }
    }

    /// Draws each pinned piece that stays on top at the current position
    /// into `scratch` and passes it with the line it goes on; returns the
    /// lines they take. A piece stays when it would otherwise start above
    /// the line the pieces before it leave it, and fits whole with a line to
    /// spare for the content.
    private func forEachPinned(_ body: (_ piece: Int, _ line: Int) -> Void) -> Int {
        guard let pinned else { return 0 }
        var slot = 0
        for piece in pinned(topPiece) where piece <= topPiece {
            let natural = piece < topPiece ? Int.min : -topLine
            guard natural < slot else { break }
            content.drawPiece(piece, into: scratch, width: width)
            guard scratch.height > 0, slot + scratch.height < height else { break }
            body(piece, slot)
            slot += scratch.height
        }
        return slot
    }

    /// Draws the lines on screen into `canvas` (resized to the window): the
    /// pieces on screen, the pinned pieces over the top lines, the highlight,
    /// the columns from ``left`` on. Only the pieces on screen are drawn.
    ///
    /// - Returns: the pieces on screen, those under the pinned lines excluded.
    @discardableResult
    public func draw(into canvas: Canvas) -> Range<Int> {
        let cropped = windowWidth < width || left > 0
        let target = cropped ? page : canvas
        target.reset(width: width, height: height)
        var y = 0
        var index = topPiece
        var skip = topLine
        // The line below each piece drawn, to find the first under the pinned lines.
        var ends: [(piece: Int, end: Int)] = []
        while y < height && index < pieceCount {
            content.drawPiece(index, into: scratch, width: width)
            let rows = min(scratch.height, skip + height - y)
            if rows > skip {
                target.blit(scratch, rows: skip..<rows, to: y)
                y += rows - skip
                ends.append((index, y))
            }
            skip = 0
            index += 1
        }
        pinnedLines = forEachPinned { _, line in target.blit(scratch, rows: 0..<scratch.height, to: line) }
        if let highlight {
            for row in 0..<target.height { target.highlight(highlight, inRow: row) }
        }
        if cropped { canvas.copy(columns: left..<left + windowWidth, of: target) }
        let first = ends.first { $0.end > pinnedLines }?.piece ?? index
        return first..<index
    }

    /// The piece and its line drawn on line `y` of the screen, the pinned
    /// pieces aside (the last line of the content when it ends above):
    /// `place(atLine: pinnedLines)` is the first place under the pinned lines.
    public func place(atLine y: Int) -> (piece: Int, line: Int) {
        var piece = topPiece
        var line = topLine + max(0, y)
        while piece + 1 < pieceCount {
            let lines = heightOfPiece(piece)
            guard line >= lines else { break }
            line -= lines
            piece += 1
        }
        return (piece, min(line, max(0, heightOfPiece(piece) - 1)))
    }
}

/// Text as a canvas draws it (its clusters, their widths, control characters
/// as pictures), to find where a drawn canvas shows it: `show`'s search, in
/// the text as drawn, whatever drew it.
///
/// ```swift
/// let canvas = Canvas(width: 7, height: 1)
/// canvas.draw("│ Ada │", at: .zero, style: .plain)
/// let pattern = TextPattern("Ada")!
/// canvas.column(of: pattern, inRow: 0)   // 2
/// ```
@_spi(Host) public struct TextPattern: Sendable {
    /// The cells' contents, as in a canvas: a scalar, a continuation, or a
    /// cluster flag and an index into `clusters`.
    let contents: [UInt32]
    let clusters: [String]
    /// The columns the text takes.
    public var width: Int { contents.count }

    /// The pattern of `text` drawn on one line; `nil` when it draws nothing.
    public init?(_ text: String) {
        let canvas = Canvas(width: min(Canvas.maximumWidth, TerminalWidth.of(text)), height: 1)
        canvas.draw(text, at: .zero, style: .plain)
        guard canvas.width > 0 else { return nil }
        contents = canvas.cells.map(\.content)
        clusters = canvas.clusters
    }
}

extension Canvas {
    /// The first column at or after `column` of row `y` where `pattern` is
    /// drawn, or `nil`.
    @_spi(Host) public func column(of pattern: TextPattern, inRow y: Int, from column: Int = 0) -> Int? {
        let count = pattern.contents.count
        guard y >= 0, y < height, count > 0, column >= 0, column + count <= width else { return nil }
        return cells.withUnsafeBufferPointer { cells in
            pattern.contents.withUnsafeBufferPointer { wanted in
                let row = cells.baseAddress! + y * width
                let first = wanted[0]
                // Most cells are not the text's first: a scalar is looked for by itself, in a tight loop.
                let firstIsScalar = first & Cell.clusterFlag == 0 || first == Cell.continuation
                let last = width - count
                var x = column
                while x <= last {
                    if firstIsScalar {
                        // Four cells a turn (a search looks through every line of a million rows).
                        while x &+ 3 <= last && row[x].content != first && row[x &+ 1].content != first
                            && row[x &+ 2].content != first && row[x &+ 3].content != first
                        {
                            x &+= 4
                        }
                        while x <= last && row[x].content != first { x += 1 }
                        guard x <= last else { return nil }
                    } else if !matches(row[x].content, first, pattern) {
                        x += 1
                        continue
                    }
                    var k = 1
                    while k < count && matches(row[x + k].content, wanted[k], pattern) { k += 1 }
                    if k == count { return x }
                    x += 1
                }
                return nil
            }
        }
    }

    /// Whether a cell's content is the pattern's: the same scalar, or clusters of the same text.
    @inline(__always)
    private func matches(_ content: UInt32, _ wanted: UInt32, _ pattern: TextPattern) -> Bool {
        if wanted & Cell.clusterFlag == 0 || wanted == Cell.continuation { return content == wanted }
        guard content & Cell.clusterFlag != 0, content != Cell.continuation else { return false }
        return clusters[Int(content & ~Cell.clusterFlag)] == pattern.clusters[Int(wanted & ~Cell.clusterFlag)]
    }

    /// Draws every occurrence of `pattern` in row `y` in reverse video.
    func highlight(_ pattern: TextPattern, inRow y: Int) {
        var x = 0
        while let found = column(of: pattern, inRow: y, from: x) {
            restyle(Rect(x: found, y: y, width: pattern.width, height: 1)) { $0.adding(.reverse) }
            x = found + pattern.width
        }
    }

    /// Makes this canvas `columns` of `source`, as tall: a wide character
    /// cut by either edge is a space.
    @_spi(Host) public func copy(columns: Range<Int>, of source: Canvas) {
        reset(width: columns.count, height: source.height)
        for y in 0..<height {
            for x in 0..<width {
                let sourceX = columns.lowerBound + x
                guard sourceX < source.width else { break }
                let i = y * source.width + sourceX
                var cell = source.cells[i]
                if cell.content == Cell.continuation {
                    if x == 0 { cell.content = 0x20 }
                } else if x == width - 1, sourceX + 1 < source.width, source.cells[i + 1].content == Cell.continuation {
                    cell.content = 0x20
                } else if cell.content & Cell.clusterFlag != 0 {
                    clusters.append(source.clusters[Int(cell.content & ~Cell.clusterFlag)])
                    cell.content = UInt32(clusters.count - 1) | Cell.clusterFlag
                }
                cells[y * width + x] = cell
            }
        }
    }
}
