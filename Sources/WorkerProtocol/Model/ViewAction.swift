/// What a key does in `show`'s scrolling view; sent to the worker, which moves its viewport.
package enum ViewAction: Equatable {
    case scroll(lines: Int)
    case pages(Int)
    case halfPages(Int)
    case top
    case bottom
    /// Sideways by quarters of the window (negative is left): Right and Left.
    case sideways(quarters: Int)
    /// To the first column (`0`), or to the last screenful of columns (`$`).
    case leftEdge
    case rightEdge
    /// Row `n` (from 1, counted over every section as the status line counts
    /// rows) at the top, under the lines that stay there: `:N`.
    case row(Int)
    /// A match of a search at the top, under the lines that stay there, and
    /// every occurrence of its text in view highlighted.
    case reveal(TextMatch, text: String)
    /// Waits until every row is counted (a search looks through every row).
    case exactCount
    case redraw
    case suspend
    case quit
    case ignore

    /// Whether the action needs the rows counted: it may go past the rows
    /// a data source's quick estimate holds (``SourceBinding/estimated``).
    package var needsExactCount: Bool {
        switch self {
        case .bottom, .row, .reveal, .exactCount: true
        default: false
        }
    }
}

/// A place in the text a view draws: a line of a piece (a row, a header, a
/// rule: ``ScrollableContent``) and a column of it.
package struct TextPlace: Equatable, Comparable, Sendable {
    package var piece: Int
    package var line: Int
    package var column: Int

    package init(piece: Int, line: Int, column: Int) {
        self.piece = piece
        self.line = line
        self.column = column
    }

    package static func < (a: TextPlace, b: TextPlace) -> Bool {
        (a.piece, a.line, a.column) < (b.piece, b.line, b.column)
    }
}

/// Where a search found its text: the place it starts and how many columns it takes.
package struct TextMatch: Equatable, Sendable {
    package var place: TextPlace
    package var width: Int

    package init(place: TextPlace, width: Int) {
        self.place = place
        self.width = width
    }
}

/// One block of a search in `show` (`/TEXT`, `?TEXT`, `n`, `N`), asked of a
/// worker: the first (or, `backward`, the last) place in `pieces` of the
/// screen drawn at `width` where `text` is drawn, at or after `from` and
/// before `to`.
package struct PieceSearch: Equatable, Sendable {
    package var text: String
    package var backward: Bool
    package var pieces: Range<Int>
    /// The first place that counts (`nil`: the block's start).
    package var from: TextPlace?
    /// The first place past the block's end (`nil`: the block's end).
    package var to: TextPlace?
    /// The screen, for a worker without the view; `nil`: the view the worker has open.
    package var screen: Screen?
    /// The columns the view draws its content at.
    package var width: Int
    /// Every block this worker is given for the search, in the order it looks through them: it reads
    /// ahead only the records they draw (``RenderPart``'s blocks do the same).
    package var plan: [Range<Int>]
    /// Which of the workers that share each block this one is, `0..<lanes`:
    /// it draws the pieces of every `lanes`-th stripe of the screen (a
    /// stripe: the rows of one chunk of a data file), so that no chunk is
    /// read by two workers.
    package var lane: Int
    /// How many workers share each block (1: this one draws all of it).
    package var lanes: Int

    /// The most pieces a block has: the session's later blocks are this
    /// large, and a worker cuts rows whose chunks it does not know into
    /// stripes of as many rows.
    package static let largestBlock = 16384

    package init(
        text: String, backward: Bool, pieces: Range<Int>, from: TextPlace? = nil, to: TextPlace? = nil,
        screen: Screen? = nil, width: Int, plan: [Range<Int>], lane: Int = 0, lanes: Int = 1
    ) {
        self.text = text
        self.backward = backward
        self.pieces = pieces
        self.from = from
        self.to = to
        self.screen = screen
        self.width = width
        self.plan = plan
        self.lane = lane
        self.lanes = lanes
    }
}

/// Where a frame of `show` is: what the status line says, and what a search
/// or a jump starts from.
package struct ViewStatus: Equatable, Sendable {
    /// The rows in view, below the lines that stay on top (0-based, over
    /// every section); `nil` when no row is (or the screen is a grid).
    package var rows: ClosedRange<Int>?
    /// How many rows (a list) or items (a grid).
    package var total: Int
    /// Whether `total` counts rows: the screen is a list.
    package var isList: Bool
    /// Whether some rows are a data source's estimate, being counted.
    package var counting: Bool
    package var atTop: Bool
    package var atEnd: Bool
    /// How far down the top is, in percent of the pieces.
    package var percent: Int
    /// The columns in view, of `width`.
    package var columns: Range<Int>
    /// The columns the content is drawn at (wider than the window: it scrolls sideways).
    package var width: Int
    /// The first place in view below the lines that stay on top: where a search starts.
    package var top: TextPlace
    /// The pieces in view, the lines that stay on top excluded.
    package var pieces: Range<Int>
    /// How many pieces the content has.
    package var pieceCount: Int

    package init(
        rows: ClosedRange<Int>?, total: Int, isList: Bool, counting: Bool, atTop: Bool, atEnd: Bool, percent: Int,
        columns: Range<Int>, width: Int, top: TextPlace, pieces: Range<Int>, pieceCount: Int
    ) {
        self.rows = rows
        self.total = total
        self.isList = isList
        self.counting = counting
        self.atTop = atTop
        self.atEnd = atEnd
        self.percent = percent
        self.columns = columns
        self.width = width
        self.top = top
        self.pieces = pieces
        self.pieceCount = pieceCount
    }
}
