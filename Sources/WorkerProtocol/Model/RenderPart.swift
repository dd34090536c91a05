@_spi(Host) import CellKit
import CellKitSupport

/// The share of a render one of several workers draws (`--jobs N`,
/// docs/design.md "Several workers"): the table's rows are cut into blocks,
/// each starting at a row (``blocks``), and worker `index` of `count` draws
/// blocks `index`, `index + count`, … of those ``drawn`` (all of them, but
/// for one part of a sharded render: `--shard K/N`, ``RenderShard``). Every
/// worker cuts the table's pieces at the same rows, so the blocks written in
/// order are the whole table, or the shard's share of it.
package struct RenderPart: Equatable {
    /// Which worker this is, `0..<count`.
    package var index: Int
    /// How many workers share the render.
    package var count: Int
    /// The first row of each block, counted across the table's sections:
    /// 0, then increasing. The last block ends with the table.
    package var blocks: [Int]
    /// The blocks drawn, in order: all but for a shard, which draws its own.
    package var drawn: Range<Int>

    /// The fewest rows in a block: fewer rows than two blocks are drawn by one worker.
    package static let minimumBlockRows = 1024
    /// The most rows in a block aimed for. A worker that is ahead holds a
    /// block in its queue (8 MiB, ``ParallelRender/queueCapacity``: 65,536
    /// rows of 112 bytes fit).
    package static let maximumBlockRows = 65536
    /// Blocks aimed for per worker: the last blocks of the workers end
    /// about a block's time apart, so the more, the less a worker waits at
    /// the end; each block costs an end-of-block message and a switch of
    /// lanes in the session.
    package static let blocksPerWorker = 16

    /// Where the blocks of `screen`'s rows start when `workers` share them,
    /// or `nil` when one worker draws them all (one worker, or too few rows
    /// for two blocks).
    ///
    /// About ``blocksPerWorker`` blocks a worker, within the bounds above.
    /// Where a data file's rows are, a block starts where one of the chunks
    /// a worker reads does (``Binding/chunks``, joined as a worker joins
    /// them), so no chunk is read by two workers.
    /// (Blocks of equal rows cut a chunk at each block's end, and that
    /// chunk was parsed twice: 30% more parsing for CSV, about 9% more CPU
    /// for JSON.)
    package static func blocks(of screen: Screen, workers: Int) -> [Int]? {
        guard workers > 1 else { return nil }
        let (rows, chunkRows) = chunkRows(of: screen)
        return blocks(rows: rows, workers: workers, chunkRows: chunkRows)
    }

    /// The rows of `screen`'s table, and the rows (increasing) where one of
    /// the chunks a worker reads starts: where blocks (and shards) are best cut.
    package static func chunkRows(of screen: Screen) -> (rows: Int, chunkRows: [Int]) {
        var chunkRows: [Int] = []
        var first = 0  // the table's row of the row source's first row
        for section in screen.sections {
            for source in section.rows {
                if case .bound(let binding) = source {
                    // The chunks a worker reads (the check's, joined: ``RecordChunker/joined(_:targetBytes:)``),
                    // or where a plugin's source starts reading fast.
                    let starts = binding.source?.starts ?? RecordChunker.joined(binding.chunks).map(\.record)
                    for record in starts where record > 0 && record < binding.count {
                        chunkRows.append(first + record)
                    }
                }
                first += source.count
            }
        }
        return (first, chunkRows)
    }

    /// The block starts for `rows` rows shared by `workers`, a block
    /// starting at the row of `chunkRows` (increasing) nearest to where one
    /// of the aimed-for size would, when one is between half and twice
    /// that size on; else where it would.
    package static func blocks(rows: Int, workers: Int, chunkRows: [Int] = []) -> [Int]? {
        guard workers > 1 else { return nil }
        let wanted = (rows + workers * blocksPerWorker - 1) / (workers * blocksPerWorker)
        let size = min(max(wanted, minimumBlockRows), maximumBlockRows)
        guard rows >= 2 * size else { return nil }
        var starts = [0]
        var next = 0  // the first of `chunkRows` not yet passed
        while true {
            let last = starts[starts.count - 1]
            let aim = last + size
            guard rows - last >= size + minimumBlockRows else { break }  // what is left is the last block
            while next < chunkRows.count && chunkRows[next] < last + size / 2 { next += 1 }
            var best: Int?
            var candidate = next
            while candidate < chunkRows.count && chunkRows[candidate] <= last + 2 * size {
                if best.map({ abs(chunkRows[candidate] - aim) < abs($0 - aim) }) ?? true { best = chunkRows[candidate] }
                if chunkRows[candidate] > aim { break }
                candidate += 1
            }
            let start = best ?? aim
            guard rows - start >= minimumBlockRows else { break }
            starts.append(start)
        }
        // As many blocks for each worker: the last is cut into equal parts until
        // the count is a multiple of the workers', so that none draws a whole
        // block more than another at the end (at a million CSV records, 35
        // blocks of a chunk each left one worker 0.1 s of work alone).
        let missing = (workers - starts.count % workers) % workers
        if missing > 0, let last = starts.last, (rows - last) / (missing + 1) >= minimumBlockRows {
            let part = (rows - last) / (missing + 1)
            for k in 1...missing { starts.append(last + k * part) }
        }
        return starts.count >= 2 ? starts : nil
    }

    /// The first piece of each block of `table`, whose sections hold `rowsInSection` rows.
    package func blockStarts(of table: TableView, rowsInSection: [Int]) -> [Int] {
        var starts = [0]
        var section = 0
        var before = 0  // rows in the sections before `section`
        for row in blocks.dropFirst() {
            while section < rowsInSection.count && row >= before + rowsInSection[section] {
                before += rowsInSection[section]
                section += 1
            }
            guard section < rowsInSection.count else { break }
            if let piece = table.pieceIndex(of: IndexPath(row: row - before, section: section)) {
                starts.append(piece)
            }
        }
        return starts
    }

    /// This worker's blocks (indices into ``blocks``), in the order they are written.
    package var ownBlocks: StrideTo<Int> {
        stride(from: drawn.lowerBound + index, to: drawn.upperBound, by: count)
    }

    /// The rows of this worker's blocks, in order, when the table has `total` rows.
    package func rows(total: Int) -> [Range<Int>] {
        ownBlocks.compactMap { block in
            let end = block + 1 < blocks.count ? min(blocks[block + 1], total) : total
            return blocks[block] < end ? blocks[block]..<end : nil
        }
    }

    /// Worker `index` of `count`, drawing its share of `drawn` (by default every block).
    package init(index: Int, count: Int, blocks: [Int], drawn: Range<Int>? = nil) {
        self.index = index
        self.count = count
        self.blocks = blocks
        self.drawn = drawn ?? 0..<blocks.count
    }
}
