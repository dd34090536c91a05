/// A window of fixed size onto scrollable content: draws only the pieces on
/// screen, so opening or scrolling a table of ten million rows costs the
/// same as one of ten.
///
/// The position is a piece and a line inside it. Scrolling measures the
/// pieces it passes over by drawing them (no heights are stored), so memory
/// does not depend on the length of the content.
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
    /// Columns.
    public private(set) var width: Int
    /// Rows on screen.
    public private(set) var height: Int
    /// The first piece on screen.
    public private(set) var topPiece = 0
    /// How many lines of ``topPiece`` are scrolled off the top.
    public private(set) var topLine = 0
    /// How many pieces the content has at the current width.
    public private(set) var pieceCount = 0

    private let scratch = Canvas(width: 0, height: 0)

    /// Creates a viewport at the top of `content`.
    public init(content: any ScrollableContent, width: Int, height: Int) {
        self.content = content
        self.width = max(1, width)
        self.height = max(1, height)
        pieceCount = content.preparePieces(width: self.width)
    }

    /// Changes the size (a terminal resize), keeping the top piece.
    public func resize(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        pieceCount = content.preparePieces(width: self.width)
        topPiece = min(topPiece, max(0, pieceCount - 1))
        topLine = 0
    }

    /// Re-reads the content (after its data changed), clamping the position.
    public func reload() {
        resize(width: width, height: height)
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

    /// Draws the lines on screen into `canvas` (resized to the viewport).
    /// Only the pieces on screen are drawn.
    ///
    /// - Returns: the pieces drawn.
    @discardableResult
    public func draw(into canvas: Canvas) -> Range<Int> {
        canvas.reset(width: width, height: height)
        var y = 0
        var index = topPiece
        var skip = topLine
        while y < height && index < pieceCount {
            content.drawPiece(index, into: scratch, width: width)
            let rows = min(scratch.height, skip + height - y)
            if rows > skip {
                canvas.blit(scratch, rows: skip..<rows, to: y)
                y += rows - skip
            }
            skip = 0
            index += 1
        }
        return topPiece..<index
    }
}
