@_spi(Host) import CellKit

/// The share of a render one of several workers draws (`--jobs N`,
/// docs/design.md "Several workers"): the table's pieces are cut into blocks
/// of `blockRows` rows, each block starting at a row, and worker `index` of
/// `count` draws blocks `index`, `index + count`, … Every worker cuts the
/// same way, so the blocks written in order are the whole table.
package struct RenderPart: Equatable, WireCodable {
    /// Which worker this is, `0..<count`.
    package var index: Int
    /// How many workers share the render.
    package var count: Int
    /// Rows in a block (the last may have fewer).
    package var blockRows: Int

    /// The fewest rows in a block: fewer rows than two blocks are drawn by one worker.
    package static let minimumBlockRows = 1024
    /// The most rows in a block. A worker that is ahead holds a block in its
    /// queue (8 MiB, ``ParallelRender/queueCapacity``: 65,536 rows of 112 bytes
    /// fit), and a block's first and last data chunks are parsed by two workers:
    /// at 16,384 rows, JSON records (13,000 a chunk) cost 16% more CPU than with
    /// one worker, 9% at 65,536 (docs/performance.md).
    package static let maximumBlockRows = 65536

    /// The rows in a block when `rows` are shared by `workers`: about eight
    /// blocks a worker, within the bounds above; `nil` when one worker draws
    /// them all (too few rows, or one worker).
    package static func blockRows(rows: Int, workers: Int) -> Int? {
        guard workers > 1 else { return nil }
        let wanted = (rows + workers * 8 - 1) / (workers * 8)
        let block = min(max(wanted, minimumBlockRows), maximumBlockRows)
        return rows >= 2 * block ? block : nil
    }

    /// The first piece of each block of `table`, whose sections hold `rowsInSection` rows:
    /// block 0 starts at piece 0, block b at the piece of row `b * blockRows`.
    package func blockStarts(of table: TableView, rowsInSection: [Int]) -> [Int] {
        var starts = [0]
        var section = 0
        var before = 0  // rows in the sections before `section`
        var next = blockRows
        while section < rowsInSection.count {
            if next < before + rowsInSection[section] {
                if let piece = table.pieceIndex(of: IndexPath(row: next - before, section: section)) {
                    starts.append(piece)
                }
                next += blockRows
            } else {
                before += rowsInSection[section]
                section += 1
            }
        }
        return starts
    }

    package func encode(into w: inout WireWriter) {
        w.write(index)
        w.write(count)
        w.write(blockRows)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> RenderPart {
        let part = RenderPart(index: try r.int(), count: try r.int(), blockRows: try r.int())
        guard part.count > 0, (0..<part.count).contains(part.index), part.blockRows > 0 else {
            throw WireError("no render part \(part.index) of \(part.count) in blocks of \(part.blockRows) rows")
        }
        return part
    }

    package init(index: Int, count: Int, blockRows: Int) {
        self.index = index
        self.count = count
        self.blockRows = blockRows
    }
}
