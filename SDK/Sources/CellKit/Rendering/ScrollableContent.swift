/// Content drawn as a vertical sequence of pieces (a border, a header, a
/// row, a separator, ...), each drawn on demand: what lets a table or a
/// collection be rendered in full without holding it in memory, or shown a
/// viewport at a time over millions of rows.
///
/// ``TableView`` and ``CollectionView`` conform. The host streams every piece
/// to a writer; the console's viewport draws only the pieces on screen.
///
/// The protocol is public only so that the two public classes can conform to
/// it; its requirements are the host's (`@_spi(Host)`), and the defaults below
/// draw nothing.
public protocol ScrollableContent: AnyObject {
    /// Gets ready to draw at `width` and returns how many pieces there are.
    @_spi(Host) func preparePieces(width: Int) -> Int
    /// Draws piece `index` into `canvas`, resizing it to the piece's height.
    @_spi(Host) func drawPiece(_ index: Int, into canvas: Canvas, width: Int)
    /// Draws the pieces of `range` in order into `canvas`, calling `body`
    /// with each piece's index as soon as it is drawn (to write or search
    /// the canvas), until `body` returns false: what a render or a search
    /// does with many pieces, done with what every piece needs looked up once.
    ///
    /// - Returns: whether every piece of `range` was drawn (false when `body` stopped it).
    @discardableResult
    @_spi(Host) func drawPieces(
        _ range: Range<Int>, into canvas: Canvas, width: Int, _ body: (Int) throws -> Bool
    ) rethrows -> Bool
}

extension ScrollableContent {
    /// No pieces: what a type that does not draw itself in pieces has.
    @_spi(Host) public func preparePieces(width: Int) -> Int { 0 }

    /// Draws nothing.
    @_spi(Host) public func drawPiece(_ index: Int, into canvas: Canvas, width: Int) {}

    /// Each piece of `range` drawn by ``drawPiece(_:into:width:)``.
    @discardableResult
    @_spi(Host) public func drawPieces(
        _ range: Range<Int>, into canvas: Canvas, width: Int, _ body: (Int) throws -> Bool
    ) rethrows -> Bool {
        for index in range {
            drawPiece(index, into: canvas, width: width)
            guard try body(index) else { return false }
        }
        return true
    }

    /// Renders every piece at `width` into `writer`, one after the other,
    /// reusing one canvas: memory does not grow with the number of pieces.
    ///
    /// - Complexity: O(*pieces*) time, O(1) memory beyond one piece.
    @_spi(Host) public func render(width: Int, to writer: any CanvasWriter) throws {
        let canvas = Canvas(width: width, height: 1)
        let count = preparePieces(width: width)
        try drawPieces(0..<count, into: canvas, width: width) { _ in
            try writer.write(canvas)
            return true
        }
        try writer.finish()
    }

    /// Every piece drawn into one canvas: for small content and tests. Use
    /// ``render(width:to:)`` for large content.
    @_spi(Host) public func renderCanvas(width: Int) -> Canvas {
        let collector = CanvasCollector()
        try? render(width: width, to: collector)
        return collector.canvas
    }
}

/// Collects streamed pieces into one canvas.
final class CanvasCollector: CanvasWriter {
    let canvas = Canvas(width: 0, height: 0)
    private var pieces: [Canvas] = []

    func write(_ piece: Canvas) throws {
        let copy = Canvas(width: piece.width, height: piece.height)
        copy.blit(piece, rows: 0..<piece.height, to: 0)
        pieces.append(copy)
    }

    func finish() throws {
        let width = pieces.map(\.width).max() ?? 0
        canvas.reset(width: width, height: pieces.reduce(0) { $0 + $1.height })
        var y = 0
        for piece in pieces {
            canvas.blit(piece, rows: 0..<piece.height, to: y)
            y += piece.height
        }
    }
}
