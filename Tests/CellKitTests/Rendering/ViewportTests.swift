@_spi(Host) import CellKit
import Testing

/// A `Viewport` draws only what is on screen: a table of a million rows is
/// scrolled by lines, by pages, to a row, to the bottom and back, and only a
/// cell or two is ever made.
@Suite struct ViewportTests {
    final class NumberCell: TableViewCell, Reusable {
        let label = Label()
        required init() {
            super.init()
            label.pinEdges()
            contentView.addSubview(label)
        }
    }

    final class MillionRows: TableViewDataSource {
        let count: Int
        private(set) var cellRequests = 0
        init(count: Int) { self.count = count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            cellRequests += 1
            let cell: NumberCell = tableView.dequeueReusableCell(for: indexPath)
            cell.label.text = "row \(indexPath.row)"
            return cell
        }
    }

    /// The viewport's lines, trailing spaces removed.
    static func frame(_ viewport: Viewport) -> [String] {
        let canvas = Canvas(width: 0, height: 0)
        viewport.draw(into: canvas)
        return (0..<canvas.height).map(canvas.text(ofRow:))
    }

    @Test func aMillionRowTableScrolledEveryWay() throws {
        let source = MillionRows(count: 1_000_000)
        let table = TableView()
        table.border = .light
        table.title = "Million"
        table.register(cellType: NumberCell.self)
        table.dataSource = source
        let viewport = Viewport(content: table, width: 20, height: 6)
        #expect(viewport.pieceCount == 1_000_002)  // top border, the rows, bottom border

        #expect(
            Self.frame(viewport) == [
                "┌─ Million ────────┐", "│ row 0            │", "│ row 1            │", "│ row 2            │",
                "│ row 3            │", "│ row 4            │",
            ])
        viewport.scroll(by: 1)
        #expect(Self.frame(viewport).first == "│ row 0            │")
        viewport.scroll(by: 6)  // a page
        #expect(Self.frame(viewport).first == "│ row 6            │")
        viewport.scroll(by: -2)
        #expect(Self.frame(viewport).first == "│ row 4            │")

        let middle = try #require(table.pieceIndex(of: IndexPath(row: 500_000, section: 0)))
        viewport.scroll(toPiece: middle)
        #expect(Self.frame(viewport) == (500_000..<500_006).map { "│ row \($0)".padded(to: 19) + "│" })
        viewport.scroll(by: -6)
        #expect(Self.frame(viewport).first == "│ row 499994       │")

        viewport.scrollToBottom()
        #expect(viewport.isAtBottom)
        #expect(
            Self.frame(viewport) == [
                "│ row 999995       │", "│ row 999996       │", "│ row 999997       │", "│ row 999998       │",
                "│ row 999999       │", "└──────────────────┘",
            ])
        viewport.scroll(by: 3)  // already at the bottom: stays
        #expect(Self.frame(viewport).last == "└──────────────────┘")
        viewport.scroll(by: -1)
        #expect(Self.frame(viewport).last == "│ row 999999       │")
        #expect(!viewport.isAtBottom)

        viewport.scrollToTop()
        #expect(Self.frame(viewport).first == "┌─ Million ────────┐")
        viewport.scroll(by: -5)  // already at the top: stays
        #expect(viewport.topPiece == 0 && viewport.topLine == 0)

        // A resize keeps the position and redraws at the new size.
        viewport.scroll(toPiece: middle)
        viewport.resize(width: 9, height: 2)
        #expect(Self.frame(viewport) == ["│ row…  │", "│ row…  │"])

        // One cell, reused for every row drawn; none left out of the queue.
        #expect(table.numberOfCellsCreated == 1)
        #expect(table.numberOfLiveCells == 0)
        #expect(source.cellRequests < 200, "only the rows on screen and those scrolled over are asked for")
    }

    /// At every scroll position, line by line down to the bottom and back
    /// up, the viewport shows exactly the lines of the full rendering there
    /// (tables with sections, separators, wrapped nib cells, wide characters).
    @Test(arguments: [8, 3, 1]) func everyScrollPositionMatchesTheFullRendering(_ height: Int) throws {
        let people = Tables.people()
        let cards = try Cards.table(border: .rounded)
        let grid = Grids.tiles(columns: 3)
        let contents: [(String, any ScrollableContent)] = [
            ("people", people.table), ("cards", cards.table), ("grid", grid.grid),
        ]
        for (name, content) in contents {
            // One viewport, resized: every piece must be drawn at the new width.
            let viewport = Viewport(content: content, width: 80, height: height)
            for width in [40, 13] {
                let full = content.renderCanvas(width: width)
                let lines = (0..<full.height).map(full.text(ofRow:))
                viewport.resize(width: width, height: height)
                viewport.scrollToTop()
                func expected(_ top: Int) -> [String] {
                    (top..<(top + height)).map { $0 < lines.count ? lines[$0] : "" }
                }
                let last = max(0, lines.count - height)
                for top in 0...last {
                    #expect(Self.frame(viewport) == expected(top), "\(name) at width \(width), line \(top) down")
                    viewport.scroll(by: 1)
                }
                #expect(viewport.isAtBottom)
                for top in stride(from: last, through: 0, by: -1) {
                    #expect(Self.frame(viewport) == expected(top), "\(name) at width \(width), line \(top) up")
                    viewport.scroll(by: -1)
                }
                viewport.scrollToBottom()
                #expect(Self.frame(viewport) == expected(last))
            }
        }
        #expect(people.table.numberOfCellsCreated <= 2)
        #expect(cards.table.numberOfCellsCreated <= 2)
        #expect(grid.grid.numberOfCellsCreated <= 3, "at most one row of cells")
    }

    final class Tiles: CollectionViewDataSource {
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 1_000_000 }
        func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
        {
            let cell: TileCell = collectionView.dequeueReusableCell(for: indexPath)
            cell.name.text = "#\(indexPath.item)"
            return cell
        }
    }

    @Test func aMillionItemGrid() {
        let source = Tiles()
        let grid = CollectionView()
        grid.layout = CollectionViewGridLayout(columns: 4, spacing: 1, itemHeight: 1)
        grid.register(cellType: TileCell.self)
        grid.dataSource = source
        let viewport = Viewport(content: grid, width: 40, height: 3)
        #expect(viewport.pieceCount == 250_000)
        viewport.scrollToBottom()
        #expect(
            Self.frame(viewport) == [
                "#999988   #999989   #999990   #999991", "#999992   #999993   #999994   #999995",
                "#999996   #999997   #999998   #999999",
            ])
        viewport.scroll(toPiece: 1000)
        #expect(Self.frame(viewport).first == "#4000     #4001     #4002     #4003")
        #expect(grid.numberOfCellsCreated == 4)
    }
}

extension String {
    /// The string with spaces added up to `width` columns.
    func padded(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - TerminalWidth.of(self)))
    }
}
