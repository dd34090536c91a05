@_spi(Host) import CellKit
import Testing

/// `drawPieces`, what a render, a worker's blocks and a search draw through:
/// the same pieces as `drawPiece` one at a time, in order, stopping when told;
/// a table's weak data source and delegate are loaded once for the call and
/// held no longer than the call.
@Suite struct DrawPiecesTests {
    /// A bordered table of two titled sections, row 1 of each 3 lines tall (a delegate).
    static func table() -> (SourcedTableView, TableRows, HeightDelegate) {
        let (table, source) = DataSourceShapeTests.table([3, 2])
        source.header = { "Section \($0)" }
        source.footer = { $0 == 1 ? "the end" : nil }
        table.border = .rounded
        table.title = "Pieces"
        let delegate = HeightDelegate()
        table.delegate = delegate
        return (table, source, delegate)
    }

    static func text(_ canvas: Canvas) -> [String] { (0..<canvas.height).map(canvas.text(ofRow:)) }

    @Test func theSamePiecesAsOneAtATime() {
        let (table, _, delegate) = Self.table()
        let count = table.preparePieces(width: 24)
        let canvas = Canvas(width: 0, height: 0)
        let oneByOne = (0..<count).map { index in
            table.drawPiece(index, into: canvas, width: 24)
            return Self.text(canvas)
        }
        var together: [Int: [String]] = [:]
        table.drawPieces(0..<count, into: canvas, width: 24) { index in
            together[index] = Self.text(canvas)
            return true
        }
        #expect(together.count == count)
        #expect((0..<count).map { together[$0] ?? [] } == oneByOne)
        #expect(oneByOne.contains { $0.count == 3 }, "the delegate's 3-line row is drawn")
        #expect(table.numberOfLiveCells == 0, "every cell went back for reuse")
        withExtendedLifetime(delegate) {}
    }

    @Test func aGridDrawsTheSamePiecesThroughTheDefault() {
        let fixture = Grids.tiles(
            columns: 3, itemWidth: 0, spacing: 1, lineSpacing: 0, border: .light, title: "Tiles")
        let grid = fixture.grid
        let count = grid.preparePieces(width: 30)
        let canvas = Canvas(width: 0, height: 0)
        let oneByOne = (0..<count).map { index in
            grid.drawPiece(index, into: canvas, width: 30)
            return Self.text(canvas)
        }
        var together: [[String]] = []
        grid.drawPieces(0..<count, into: canvas, width: 30) { _ in
            together.append(Self.text(canvas))
            return true
        }
        #expect(count > 2)
        #expect(together == oneByOne)
    }

    @Test func itStopsWhereTheBodySays() {
        let (table, _, _) = Self.table()
        let count = table.preparePieces(width: 24)
        var seen: [Int] = []
        let drewAll = table.drawPieces(2..<count, into: Canvas(width: 0, height: 0), width: 24) { index in
            seen.append(index)
            return index < 4
        }
        #expect(seen == [2, 3, 4])
        #expect(!drewAll, "it says that it was stopped")
        #expect(table.drawPieces(0..<count, into: Canvas(width: 0, height: 0), width: 24) { _ in true })
    }

    @Test func theDataSourceIsHeldForTheCallOnly() {
        let table = TableView()
        table.register(cellType: CountingCell.self)
        var source: TableRows? = TableRows([4]) { tableView, indexPath in
            let cell: CountingCell = tableView.dequeueReusableCell(for: indexPath)
            cell.label.text = "row \(indexPath.row)"
            return cell
        }
        table.dataSource = source
        weak let watched = source
        let count = table.preparePieces(width: 12)
        let canvas = Canvas(width: 0, height: 0)
        var rows: [String] = []
        table.drawPieces(0..<count, into: canvas, width: 12) { _ in
            rows.append(canvas.text(ofRow: 0))
            source = nil  // the last owner lets go after the first row: the call still has it
            return true
        }
        #expect(rows == ["row 0", "row 1", "row 2", "row 3"])
        #expect(watched == nil, "the table did not keep its data source once the call returned")
        #expect(table.dataSource == nil)
    }
}
