@_spi(Host) import CellKit
import Testing

// The table and collection shape every seed assumes (UIKit's): sections of
// rows or items from a data source, heights from a delegate or from the
// cells, header and footer titles, separators, grids and flows; and real
// reuse: a queue per identifier, prepareForReuse(), only the cells being
// drawn alive.

/// A cell that counts how often it is prepared for reuse.
final class CountingCell: TableViewCell, Reusable {
    let label = Label()
    private(set) var preparedForReuse = 0

    required init() {
        super.init()
        label.pinEdges()
        contentView.addSubview(label)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        preparedForReuse += 1
        label.text = ""
    }
}

final class OtherCountingCell: TableViewCell, Reusable {
    let label = Label()
    required init() {
        super.init()
        label.pinEdges()
        contentView.addSubview(label)
    }
}

/// Heights from a delegate: row 1 of each section is 3 lines.
final class HeightDelegate: TableViewDelegate {
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int {
        indexPath.row == 1 ? 3 : TableView.automaticDimension
    }
}

final class GridCell: CollectionViewCell, Reusable {
    let label = Label()
    required init() {
        super.init()
        label.pinEdges()
        contentView.addSubview(label)
    }
}

/// A table that keeps its data source alive (`dataSource` is weak, as UIKit's).
final class SourcedTableView: TableView {
    var source: AnyObject?
}

/// A collection that keeps its data source alive.
final class SourcedCollectionView: CollectionView {
    var source: AnyObject?
}

@Suite struct DataSourceShapeTests {
    /// A table of `sections`, each row a `CountingCell` saying where it is.
    static func table(_ sections: [Int]) -> (SourcedTableView, TableRows) {
        let table = SourcedTableView()
        table.register(cellType: CountingCell.self)
        let source = TableRows(sections) { tableView, indexPath in
            let cell: CountingCell = tableView.dequeueReusableCell(for: indexPath)
            cell.label.text = "\(indexPath.section).\(indexPath.row)"
            return cell
        }
        table.dataSource = source
        table.source = source
        return (table, source)
    }

    @Test func sectionsAndRows() {
        let (table, source) = Self.table([2, 0, 3])
        #expect(table.numberOfSections == 3)
        #expect((0..<3).map(table.numberOfRows(inSection:)) == [2, 0, 3])
        #expect(table.numberOfRows(inSection: 7) == 0 && table.numberOfRows(inSection: -1) == 0)
        #expect(table.totalNumberOfRows == 5)
        source.sections = [1]
        #expect(table.totalNumberOfRows == 5, "counts are as of the last reloadData()")
        table.reloadData()
        #expect(table.totalNumberOfRows == 1)
        #expect(renderedLines(table, width: 10) == ["0.0"])
    }

    @Test func headersFootersAndGapsBetweenSections() {
        let (table, source) = Self.table([2, 1])
        source.header = { "Section \($0)" }
        source.footer = { $0 == 0 ? "end of 0" : nil }
        #expect(renderedLines(table, width: 12) == ["Section 0", "0.0", "0.1", "end of 0", "", "Section 1", "1.0"])
        let canvas = table.renderCanvas(width: 12)
        #expect(canvas[0, 0].style == .bold, "default headers are bold")
        #expect(canvas[0, 3].style == .dim, "default footers are dim")
    }

    @Test func separatorsBetweenRowsOnly() {
        let (table, _) = Self.table([3, 1])
        table.separatorStyle = .line
        #expect(renderedLines(table, width: 6) == ["0.0", "──────", "0.1", "──────", "0.2", "", "1.0"])
        table.border = .light
        #expect(
            renderedLines(table, width: 7) == [
                "┌─────┐", "│ 0.0 │", "├─────┤", "│ 0.1 │", "├─────┤", "│ 0.2 │", "├─────┤", "│ 1.0 │", "└─────┘",
            ])
    }

    /// Fixed heights (the table's `rowHeight`, or the delegate's per row) and
    /// self-sizing rows (`automaticDimension`, the default).
    @Test func fixedAndSelfSizingHeights() {
        let table = TableView()
        table.register(cellType: CountingCell.self)
        let source = TableRows([3]) { tableView, indexPath in
            let cell: CountingCell = tableView.dequeueReusableCell(for: indexPath)
            cell.label.numberOfLines = 0
            cell.label.lineBreakMode = .wordWrapping
            cell.label.text = indexPath.row == 2 ? "wraps onto two" : "row \(indexPath.row)"
            return cell
        }
        table.dataSource = source
        #expect(renderedLines(table, width: 8) == ["row 0", "row 1", "wraps", "onto two"])
        table.rowHeight = 1
        #expect(renderedLines(table, width: 8) == ["row 0", "row 1", "wraps o…"], "the last line that fits ends in …")
        let delegate = HeightDelegate()
        table.delegate = delegate
        table.rowHeight = TableView.automaticDimension
        #expect(renderedLines(table, width: 8) == ["row 0", "row 1", "", "", "wraps", "onto two"])
    }

    /// Setting a data source later, or changing the data and reloading.
    @Test func dataSourceSetAfterTheTableWasFirstDrawn() {
        let table = TableView()
        table.register(cellType: CountingCell.self)
        #expect(renderedLines(table, width: 5).isEmpty)
        let source = TableRows([1]) { tableView, indexPath in
            let cell: CountingCell = tableView.dequeueReusableCell(for: indexPath)
            cell.label.text = "late"
            return cell
        }
        table.dataSource = source
        #expect(renderedLines(table, width: 5) == ["late"])

        let grid = CollectionView()
        grid.register(cellType: GridCell.self)
        #expect(grid.numberOfSections == 0)
        let items = CollectionItems([2]) { collectionView, indexPath in
            let cell: GridCell = collectionView.dequeueReusableCell(for: indexPath)
            cell.label.text = "i\(indexPath.item)"
            return cell
        }
        grid.dataSource = items
        #expect(grid.numberOfItems(inSection: 0) == 2)
        #expect(renderedLines(grid, width: 9) == ["i0   i1"])
    }

    /// One reuse queue per identifier; `prepareForReuse()` before each reuse;
    /// every cell given back once drawn.
    @Test func realReuseAQueuePerIdentifier() {
        let table = TableView()
        table.register(cellType: CountingCell.self)
        table.register(cellType: OtherCountingCell.self)
        var made: Set<ObjectIdentifier> = []
        let source = TableRows([100]) { tableView, indexPath in
            let cell: TableViewCell
            if indexPath.row % 2 == 0 {
                let counting: CountingCell = tableView.dequeueReusableCell(for: indexPath)
                #expect(counting.label.text == "", "prepareForReuse cleared what the last row left")
                counting.label.text = "even \(indexPath.row)"
                cell = counting
            } else {
                let other: OtherCountingCell = tableView.dequeueReusableCell(for: indexPath)
                other.label.text = "odd \(indexPath.row)"
                cell = other
            }
            made.insert(ObjectIdentifier(cell))
            return cell
        }
        table.dataSource = source
        let lines = renderedLines(table, width: 10)
        #expect(lines.count == 100 && lines[0] == "even 0" && lines[99] == "odd 99")
        #expect(table.numberOfCellsCreated == 2, "one cell per identifier, reused row after row")
        #expect(made.count == 2)
        #expect(table.numberOfLiveCells == 0)

        // Dequeued and kept: new cells are made; given back: reused.
        let ip = IndexPath(row: 0, section: 0)
        let kept: CountingCell = table.dequeueReusableCell(for: ip)
        let second: CountingCell = table.dequeueReusableCell(for: ip)
        #expect(kept !== second && table.numberOfCellsCreated == 3 && table.numberOfLiveCells == 2)
        let before = second.preparedForReuse
        table.enqueueReusableCell(second)
        let again: CountingCell = table.dequeueReusableCell(for: ip)
        #expect(again === second && again.preparedForReuse == before + 1)
        #expect(again.reuseIdentifier == "CountingCell")
    }

    @Test func selectionIsDrawnInReverseAndClearedOnReuse() {
        let (table, _) = Self.table([3])
        table.selectedIndexPath = IndexPath(row: 1, section: 0)
        let canvas = table.renderCanvas(width: 5)
        #expect(!canvas[0, 0].style.attributes.contains(.reverse))
        #expect(canvas[0, 1].style.attributes.contains(.reverse) && canvas[4, 1].style.attributes.contains(.reverse))
        let cell: CountingCell = table.dequeueReusableCell(for: IndexPath(row: 0, section: 0))
        cell.isSelected = true
        table.enqueueReusableCell(cell)
        let reused: CountingCell = table.dequeueReusableCell(for: IndexPath(row: 0, section: 0))
        #expect(reused === cell && !reused.isSelected)
    }

    @Test func contentPaddingInsideTheBorder() {
        let (table, _) = Self.table([1])
        table.border = .ascii
        table.contentPadding = 3
        #expect(renderedLines(table, width: 11) == ["+---------+", "|   0.0   |", "+---------+"])
        table.border = .none
        #expect(renderedLines(table, width: 11) == ["   0.0"])
    }

    // MARK: Collections

    static func grid(_ sections: [Int], layout: CollectionViewGridLayout) -> (SourcedCollectionView, CollectionItems) {
        let grid = SourcedCollectionView()
        grid.layout = layout
        grid.register(cellType: GridCell.self)
        let items = CollectionItems(sections) { collectionView, indexPath in
            let cell: GridCell = collectionView.dequeueReusableCell(for: indexPath)
            cell.label.text = "\(indexPath.section)-\(indexPath.item)"
            return cell
        }
        grid.dataSource = items
        grid.source = items
        return (grid, items)
    }

    @Test func gridOfColumnsOrFlowOfItemWidth() {
        #expect(CollectionViewGridLayout(columns: 3, spacing: 1).metrics(width: 20) == (3, 6))
        #expect(CollectionViewGridLayout(itemWidth: 5, spacing: 2).metrics(width: 20) == (3, 5))
        #expect(
            CollectionViewGridLayout(itemWidth: 50).metrics(width: 20) == (1, 20), "an item never wider than the row")

        let (grid, _) = Self.grid([5, 2], layout: CollectionViewGridLayout(columns: 2, spacing: 3))
        #expect(grid.numberOfSections == 2 && grid.numberOfItems(inSection: 0) == 5)
        #expect(renderedLines(grid, width: 13) == ["0-0     0-1", "0-2     0-3", "0-4", "", "1-0     1-1"])
        grid.layout = CollectionViewGridLayout(itemWidth: 4, spacing: 1, lineSpacing: 1)
        #expect(renderedLines(grid, width: 13) == ["0-0  0-1", "", "0-2  0-3", "", "0-4", "", "1-0  1-1"])
        #expect(renderedLines(grid, width: 14) == ["0-0  0-1  0-2", "", "0-3  0-4", "", "1-0  1-1"])
        #expect(grid.numberOfCellsCreated <= 3, "at most a row of cells is alive")
    }

    @Test func fixedItemHeightAndSelection() {
        let (grid, _) = Self.grid([3], layout: CollectionViewGridLayout(columns: 3, spacing: 1, itemHeight: 2))
        grid.selectedIndexPath = IndexPath(item: 1, section: 0)
        let canvas = grid.renderCanvas(width: 11)
        #expect(canvas.height == 2)
        #expect(canvas.text(ofRow: 0) == "0-0 0-1 0-2")
        #expect(!canvas[0, 0].style.attributes.contains(.reverse))
        #expect(canvas[4, 0].style.attributes.contains(.reverse) && canvas[6, 1].style.attributes.contains(.reverse))
    }
}
