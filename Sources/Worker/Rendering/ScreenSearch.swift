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
/// "Exploring a screen in `show`"); each keeps one of these for as long as it is
/// given blocks of the same screen, width and plan, so that its data files'
/// chunks are read once, ahead, as a render's are.
final class ScreenSearch {
    let screen: Screen
    let width: Int
    let plan: [Range<Int>]
    private let dataSource: ScreenDataSource
    private let content: any ScrollableContent
    private let canvas = Canvas(width: 0, height: 0)
    private var pattern: (text: String, pattern: TextPattern?) = ("", nil)

    init(screen: Screen, width: Int, plan: [Range<Int>], host: PluginHost, breadcrumb: Breadcrumb?) {
        self.screen = screen
        self.width = width
        self.plan = plan
        // A screen whose rows a source estimated is counted first: the blocks are the counted view's pieces.
        let drawn = ExactCounts.hasEstimates(screen) ? ExactCounts.counted(screen, registry: host.registry) : screen
        dataSource = ScreenDataSource(screen: drawn, host: host)
        dataSource.breadcrumb = breadcrumb
        content = dataSource.makeView()
        _ = content.preparePieces(width: width)
        // The rows of the blocks this worker draws: what its data files' reads ahead go to.
        if let table = content as? TableView {
            let rows = RowLocator(table: table, screen: drawn)
            dataSource.plannedRows = plan.compactMap {
                rows.visibleRows(pieces: $0).map { $0.lowerBound..<$0.upperBound + 1 }
            }
        }
    }

    /// Whether this search draws what `search` asks for.
    func draws(_ screen: Screen, width: Int, plan: [Range<Int>]) -> Bool {
        self.width == width && self.plan == plan && self.screen == screen
    }

    /// The first place (backward: the last) in the block where the text is drawn, or `nil`.
    func find(_ search: PieceSearch) -> TextMatch? {
        if pattern.text != search.text { pattern = (search.text, TextPattern(search.text)) }
        guard let pattern = pattern.pattern else { return nil }
        var found: TextMatch?
        // In order, backward too: the rows' records are read forward.
        for piece in search.pieces {
            content.drawPiece(piece, into: canvas, width: width)
            for line in 0..<canvas.height {
                var column = 0
                while let x = canvas.column(of: pattern, inRow: line, from: column) {
                    column = x + 1
                    let place = TextPlace(piece: piece, line: line, column: x)
                    if let from = search.from, place < from { continue }
                    if let to = search.to, place >= to { return found }
                    found = TextMatch(place: place, width: pattern.width)
                    if !search.backward { return found }
                }
            }
        }
        return found
    }
}
