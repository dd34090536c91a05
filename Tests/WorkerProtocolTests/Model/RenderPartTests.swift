@_spi(Host) import CellKit
import CellKitSupport
import Testing

@testable import Session
@testable import WorkerProtocol

/// How a render is shared among workers (``RenderPart``), its request on the
/// wire, and the progress line's text (``RenderProgress``).
@Suite struct RenderPartTests {
    @Test func fewRowsOrOneWorkerAreNotShared() {
        #expect(RenderPart.blocks(rows: 1_000_000, workers: 1) == nil)
        #expect(RenderPart.blocks(rows: 2047, workers: 2) == nil)
        #expect(RenderPart.blocks(rows: 2048, workers: 2) == [0, 1024])
        // About sixteen blocks a worker, within 1,024 and 65,536 rows.
        #expect(RenderPart.blocks(rows: 160_000, workers: 2) == Array(stride(from: 0, to: 160_000, by: 5000)))
        #expect(
            RenderPart.blocks(rows: 10_000_000, workers: 2) == Array(stride(from: 0, through: 9_961_472, by: 65_536))
                + [9_980_736])
    }

    @Test func blocksStartWhereTheDataFilesChunksDo() throws {
        // A million records in chunks of 28,571 (1 MiB of 36-byte records): every block is whole chunks.
        let chunks = Array(stride(from: 28_571, to: 1_000_000, by: 28_571))
        let blocks = try #require(RenderPart.blocks(rows: 1_000_000, workers: 2, chunkRows: chunks))
        #expect(blocks.first == 0)
        #expect(blocks.count >= 2 * 8 && blocks.count <= 2 * 32)
        // As many for each worker: the last chunk is cut in two (35 chunks).
        #expect(blocks.count % 2 == 0)
        #expect(blocks.dropLast().dropFirst().allSatisfy { Set(chunks).contains($0) })
        // Where no chunk starts near (rows that are no data file's), a block starts where it would.
        #expect(
            RenderPart.blocks(rows: 160_000, workers: 2, chunkRows: [4_000, 150_000]) == [0, 4_000]
                + Array(stride(from: 9_000, through: 144_000, by: 5000)) + [150_000, 155_000])
    }

    /// A file of fewer records than 32 chunks of 256 KiB hold (here 200,000
    /// records of 36 bytes, 7.2 MB) is checked, and its chunks joined, at
    /// a 32nd of its size: two workers' blocks (about 6,250 rows) start
    /// where its chunks do, so no chunk is parsed by both. (Joined to 1 MiB,
    /// the chunk size before, its 7 chunks each held four or five blocks,
    /// and both workers parsed every chunk.)
    @Test func aSmallFilesBlocksStartWhereItsChunksDo() throws {
        let (count, length) = (200_000, 36)
        let size = count * length
        #expect(RecordChunker.joinedBytes(span: size) == size / 32)
        #expect(RecordChunker.checkBytes(fileSize: size) == size / 64)
        // A file of 8 MiB or more keeps chunks of 256 KiB (checked in 128 KiB ones); a tiny one, of 64 KiB.
        #expect(RecordChunker.joinedBytes(span: 1 << 30) == 256 << 10)
        #expect(RecordChunker.checkBytes(fileSize: 1 << 30) == 128 << 10)
        #expect(RecordChunker.joinedBytes(span: 8 << 20) == 256 << 10)
        #expect(RecordChunker.joinedBytes(span: 100_000) == 64 << 10)
        let perCheckedChunk = RecordChunker.checkBytes(fileSize: size) / length
        let starts = (Array(stride(from: 0, to: count, by: perCheckedChunk)) + [count]).map {
            RecordChunker.ChunkStart(offset: $0 * length, record: $0, line: $0 + 1, lineStart: $0 * length)
        }
        let chunkRows = RecordChunker.joined(starts).map(\.record).filter { $0 > 0 && $0 < count }
        #expect(chunkRows.count >= 31)
        let blocks = try #require(RenderPart.blocks(rows: count, workers: 2, chunkRows: chunkRows))
        #expect(blocks.count >= 2 * 8)
        // Every block starts where a chunk does, but the parts the last one may be cut into.
        #expect(blocks.dropFirst().filter { !chunkRows.contains($0) }.count <= 1)
    }

    @Test func aScreensChunksAreCountedAsItsRows() throws {
        let identity = DataFileIdentity(size: 0, seconds: 0, nanoseconds: 0)
        func binding(count: Int, chunkRecords: [Int]) -> Binding {
            Binding(
                cell: CellReference(written: "ColumnsCell", qualified: "ChartCells.ColumnsCell"), file: "d.csv",
                path: "/d.csv", format: "csv", mappings: [],
                count: count, identity: identity,
                chunks: (chunkRecords + [count]).map {
                    // Records of 1,000 bytes (files of 40 and 60 MB, whose chunks are 256 KiB): chunks far
                    // enough apart for a worker to keep them, but for 9,150's.
                    RecordChunker.ChunkStart(offset: $0 * 1000, record: $0, line: $0 + 1, lineStart: $0 * 1000)
                })
        }
        let literal = RowSource.row(
            Row(cell: CellReference(written: "ColumnsCell", qualified: "ChartCells.ColumnsCell"), attributes: []))
        let screen = Screen(
            name: "S",
            sections: [
                Section(rows: [literal, .bound(binding(count: 40_000, chunkRecords: [0, 9_000, 9_150, 21_000]))]),
                Section(rows: [.bound(binding(count: 60_000, chunkRecords: [0, 30_000]))]),
            ])
        // 100,001 rows: blocks of about 3,125 rows; chunks start at rows 9,001, 21,001 and 70,001.
        let blocks = try #require(RenderPart.blocks(of: screen, workers: 2))
        #expect(blocks.count > 16)
        for row in [9_001, 21_001, 70_001] { #expect(blocks.contains(row)) }
        // 9,150 is joined to the chunk before it (150 KB on): a worker reads no chunk there, and no block starts there.
        #expect(!blocks.contains(9_151) && blocks.contains(9_001 + 3_126))
        let part = RenderPart(index: 1, count: 2, blocks: blocks)
        #expect(part.rows(total: 100_001).first == blocks[1]..<blocks[2])
        #expect(
            part.rows(total: 100_001).reduce(0) { $0 + $1.count }
                + RenderPart(index: 0, count: 2, blocks: blocks).rows(total: 100_001).reduce(0) { $0 + $1.count }
                == 100_001)
    }

    @Test func aRenderRequestKeepsItsPartOnTheWire() throws {
        let part = RenderPart(index: 1, count: 3, blocks: [0, 4096, 8192])
        for request in [
            WorkerRequest.render(Screen(name: "S"), format: .ansi, width: 80, colors: .truecolor, part: part),
            WorkerRequest.render(Screen(name: "S"), format: .plain, width: 80, colors: .none),
        ] {
            var writer = WireWriter()
            request.encode(into: &writer)
            var reader = WireReader(writer.bytes)
            #expect(try WorkerRequest.decode(&reader) == request)
        }
    }

    @Test func aPartOutsideItsWorkersOrWithBlocksOutOfOrderIsAWireError() {
        for part in [
            RenderPart(index: 3, count: 3, blocks: [0, 4096]),
            RenderPart(index: 0, count: 2, blocks: [0, 4096, 4096]),
            RenderPart(index: 0, count: 2, blocks: [1, 4096]),
            RenderPart(index: 0, count: 2, blocks: []),
            RenderPart(index: 0, count: 2, blocks: [0, 4096], drawn: 1..<3),
        ] {
            var writer = WireWriter()
            part.encode(into: &writer)
            var reader = WireReader(writer.bytes)
            #expect(throws: WireError.self) { try RenderPart.decode(&reader) }
        }
    }

    @Test func theProgressLineSaysRowsRateAndTimeLeft() {
        #expect(
            RenderProgress.line(done: 120_000, total: 1_000_000, elapsed: .seconds(2))
                == "rendering: 120,000 of 1,000,000 rows, 60,000 rows/s, 15 s left")
        #expect(
            RenderProgress.line(done: 1000, total: 1_000_000, elapsed: .seconds(1))
                == "rendering: 1,000 of 1,000,000 rows, 1,000 rows/s, 16 min 39 s left")
        #expect(RenderProgress.line(done: 0, total: 10, elapsed: .zero) == "rendering: 0 of 10 rows, 0 rows/s")
    }
}
