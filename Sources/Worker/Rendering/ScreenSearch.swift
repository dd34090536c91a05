@_spi(Host) import CellKit
import PluginRuntime
import WorkerProtocol

/// `show`'s search in a worker: the screen's pieces drawn at the view's
/// width, one block at a time (``PieceSearch``), each line looked at for the
/// text as drawn, so it finds what any plugin's cell shows. Nothing is
/// encoded: a piece is drawn into a canvas and its cells compared with the
/// text's (``TextPattern``).
///
/// The session shares a search's blocks among its workers (docs/design.md,
/// "Exploring a screen in `show`"): each block is looked through by every
/// worker, each drawing its own stripes of it (``SearchStripes``), so that a
/// data file's chunk is read and parsed by one worker only. A worker keeps
/// one of these for as long as it is given blocks of the same screen, width,
/// plan and lane, so that its chunks are read once, ahead, as a render's are.
final class ScreenSearch {
    let screen: Screen
    let width: Int
    let plan: [Range<Int>]
    private let dataSource: ScreenDataSource
    private let content: any ScrollableContent
    private let stripes: SearchStripes
    private let canvas = Canvas(width: 0, height: 0)
    private var pattern: (text: String, pattern: TextPattern?) = ("", nil)

    init(_ request: PieceSearch, screen: Screen, host: PluginHost, breadcrumb: Breadcrumb?) {
        self.screen = screen
        width = request.width
        plan = request.plan
        // A screen whose rows a source estimated is counted first: the blocks are the counted view's pieces.
        let drawn = ExactCounts.hasEstimates(screen) ? ExactCounts.counted(screen, registry: host.registry) : screen
        dataSource = ScreenDataSource(screen: drawn, host: host)
        dataSource.breadcrumb = breadcrumb
        content = dataSource.makeView()
        let pieceCount = content.preparePieces(width: width)
        let rows = (content as? TableView).map { RowLocator(table: $0, screen: drawn) }
        stripes = SearchStripes(
            screen: drawn, rows: rows, pieceCount: pieceCount, lane: request.lane, lanes: request.lanes)
        // The rows of this worker's stripes of its blocks: what its data files' reads ahead go to.
        if let rows {
            dataSource.plannedRows = plan.flatMap(stripes.own).compactMap {
                rows.visibleRows(pieces: $0).map { $0.lowerBound..<$0.upperBound + 1 }
            }
        }
    }

    /// Whether this search draws what `search` asks for.
    func draws(_ screen: Screen, _ search: PieceSearch) -> Bool {
        width == search.width && plan == search.plan && stripes.lane == search.lane && stripes.lanes == search.lanes
            && self.screen == screen
    }

    /// The first place (backward: the last) in this worker's stripes of the block where the text is drawn, or `nil`.
    func find(_ search: PieceSearch) -> TextMatch? {
        if pattern.text != search.text { pattern = (search.text, TextPattern(search.text)) }
        guard let pattern = pattern.pattern else { return nil }
        var found: TextMatch?
        // In order, backward too: the rows' records are read forward.
        for pieces in stripes.own(search.pieces) {
            let drewAll = content.drawPieces(pieces, into: canvas, width: width) { piece in
                for line in 0..<canvas.height {
                    var column = 0
                    while let x = canvas.column(of: pattern, inRow: line, from: column) {
                        column = x + 1
                        let place = TextPlace(piece: piece, line: line, column: x)
                        if let from = search.from, place < from { continue }
                        if let to = search.to, place >= to { return false }
                        found = TextMatch(place: place, width: pattern.width)
                        if !search.backward { return false }
                    }
                }
                return true
            }
            if !drewAll { return found }
        }
        return found
    }
}

/// Where a search's blocks are cut among the workers that share each of
/// them: into stripes, each the pieces of the rows of one chunk of a data
/// file as a worker reads it (``RenderPart/chunkRows(of:)``, the places a
/// shared render cuts its blocks at), or of one row source of other rows;
/// worker `lane` of `lanes` draws stripes lane, lane + lanes, …. So each
/// chunk is parsed by one worker, where blocks handed out whole (16,384
/// rows, a chunk about 28,000) had every worker parse nearly every chunk,
/// and every block keeps all the workers busy. Bound rows whose chunks are
/// not known (sorted or filtered rows, a file of one chunk) are cut every
/// ``rowsWithoutChunks`` rows, and a grid every ``gridStripe`` pieces, so
/// that the workers share them too.
struct SearchStripes {
    /// The first piece of each stripe, increasing, from 0.
    let starts: [Int]
    let lane: Int
    let lanes: Int

    static let gridStripe = 4096
    /// The rows of a stripe of bound rows without chunk starts: as many as the largest block of a search.
    static let rowsWithoutChunks = PieceSearch.largestBlock

    init(screen: Screen, rows: RowLocator?, pieceCount: Int, lane: Int, lanes: Int) {
        self.lanes = max(1, lanes)
        self.lane = lane
        guard self.lanes > 1 else {
            starts = [0]
            return
        }
        guard let rows else {
            starts = Array(stride(from: 0, to: max(1, pieceCount), by: Self.gridStripe))
            return
        }
        let chunkRows = RenderPart.chunkRows(of: screen).chunkRows
        var firstRows = chunkRows
        var first = 0
        for section in screen.sections {
            for source in section.rows {
                firstRows.append(first)
                let end = first + source.count
                if source.isBound, !chunkRows.contains(where: { $0 > first && $0 < end }) {
                    firstRows += stride(from: first + Self.rowsWithoutChunks, to: end, by: Self.rowsWithoutChunks)
                }
                first = end
            }
        }
        var starts = [0]
        for piece in Set(firstRows.filter { $0 < rows.total }.map(rows.piece(ofRow:))).sorted()
        where piece > 0 && piece < pieceCount {
            starts.append(piece)
        }
        self.starts = starts
    }

    /// The runs of `pieces` that this worker draws, in order.
    func own(_ pieces: Range<Int>) -> [Range<Int>] {
        guard lanes > 1 else { return [pieces] }
        // The last stripe starting at or before the block's first piece.
        var lo = 0
        var hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= pieces.lowerBound { lo = mid } else { hi = mid - 1 }
        }
        var stripe = lo
        var runs: [Range<Int>] = []
        while stripe < starts.count, starts[stripe] < pieces.upperBound {
            let end = stripe + 1 < starts.count ? starts[stripe + 1] : Int.max
            let run = max(starts[stripe], pieces.lowerBound)..<min(end, pieces.upperBound)
            if stripe % lanes == lane, !run.isEmpty { runs.append(run) }
            stripe += 1
        }
        return runs
    }
}
