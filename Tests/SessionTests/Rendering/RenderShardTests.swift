@_spi(Host) import CellKit
import CellKitSupport
import Testing

@testable import Session
@testable import WorkerProtocol

/// Where the parts of a sharded render are cut (``RenderShard``), what
/// `--shard` accepts, and the part `env/N` finds in a runner's environment.
@Suite struct RenderShardTests {
    /// A list of `rows` static rows.
    static func screen(rows: Int) -> Screen {
        let row = RowSource.row(
            Row(cell: CellReference(written: "TextCell", qualified: "BasicCells.TextCell"), attributes: []))
        return Screen(name: "S", sections: [Section(rows: Array(repeating: row, count: rows))])
    }

    @Test func partsAreEqualSharesCutWhereAChunkStartsNearby() {
        #expect(RenderShard.cuts(rows: 100, count: 4, chunkRows: []) == [0, 25, 50, 75, 100])
        #expect(RenderShard.cuts(rows: 10, count: 3, chunkRows: []) == [0, 3, 6, 10])
        // A chunk within half a share (12 rows of 25) moves the cut (20 for 25); one further does not
        // (37 for 50, 90 for 75).
        #expect(RenderShard.cuts(rows: 100, count: 4, chunkRows: [20, 37, 90]) == [0, 20, 50, 75, 100])
        // The nearest of two, either side.
        #expect(RenderShard.cuts(rows: 100, count: 2, chunkRows: [40, 52, 70]) == [0, 52, 100])
        // Fewer rows than parts: some parts have none, and the cuts never go back.
        #expect(RenderShard.cuts(rows: 2, count: 4, chunkRows: []) == [0, 0, 1, 1, 2])
        #expect(RenderShard.cuts(rows: 0, count: 3, chunkRows: []) == [0, 0, 0, 0])
        #expect(RenderShard.cuts(rows: 7, count: 1, chunkRows: [3]) == [0, 7])
    }

    @Test func aPartDrawsItsRowsInBlocksOfTheWholeTable() throws {
        let screen = Self.screen(rows: 10)
        // Rows 0..<3, 3..<6, 6..<10: the first part draws block 0 (with the top
        // of the table), the others a block of their own, the last to the end.
        #expect(RenderShard(index: 0, count: 3).blocks(of: screen, workers: 2)! == ([0, 3], 0..<1))
        #expect(RenderShard(index: 1, count: 3).blocks(of: screen, workers: 2)! == ([0, 3, 6], 1..<2))
        #expect(RenderShard(index: 2, count: 3).blocks(of: screen, workers: 2)! == ([0, 6], 1..<2))
        // 10 rows in 16 parts: some draw nothing.
        let drawing = (0..<16).filter { RenderShard(index: $0, count: 16).blocks(of: screen, workers: 1) != nil }
        #expect(drawing.count == 10)
        // No rows: the first part draws the table (its border, its title), the others nothing.
        let empty = Screen(name: "E")
        #expect(RenderShard(index: 0, count: 2).blocks(of: empty, workers: 2)! == ([0], 0..<1))
        #expect(RenderShard(index: 1, count: 2).blocks(of: empty, workers: 2) == nil)
    }

    @Test func aPartOfManyRowsIsSharedByItsWorkers() throws {
        let screen = Self.screen(rows: 100_000)
        let (blocks, drawn) = try #require(RenderShard(index: 1, count: 2).blocks(of: screen, workers: 2))
        #expect(blocks.first == 0 && blocks[1] == 50_000 && drawn.lowerBound == 1 && drawn.upperBound == blocks.count)
        #expect(drawn.count > 2 && drawn.count % 2 == 0)
        let part = RenderPart(index: 0, count: 2, blocks: blocks, drawn: drawn)
        #expect(part.rows(total: 100_000).first?.lowerBound == 50_000)
        let other = RenderPart(index: 1, count: 2, blocks: blocks, drawn: drawn)
        #expect(
            (part.rows(total: 100_000) + other.rows(total: 100_000)).reduce(0) { $0 + $1.count } == 50_000)
    }

    @Test func shardAcceptsAPartOrEnvAndRefusesTheRest() throws {
        #expect(try RenderShard.request("0/1") == .part(RenderShard(index: 0, count: 1)))
        #expect(try RenderShard.request("3/4") == .part(RenderShard(index: 3, count: 4)))
        #expect(try RenderShard.request("env/8") == .environment(count: 8))
        for bad in ["4/4", "-1/4", "1/0", "x/2", "env/0", "1", "1/2/3", "/2", "1/", "env/x", "1/1000001"] {
            #expect(throws: UsageError.self, "\(bad)") { try RenderShard.request(bad) }
        }
        let invocation = try Invocation.parse(["render", "a.cellkit", "--shard", "env/3"])
        #expect(invocation.shard == .environment(count: 3))
        #expect(throws: UsageError.self) { try Invocation.parse(["run", "a.cellkit", "--shard", "0/2"]) }
    }

    @Test func envTakesThePartFromKubernetesThenSlurm() throws {
        let env = RenderShard.Request.environment(count: 4)
        func part(_ environment: [String: String]) throws(UsageError) -> Int {
            try RenderShard.resolve(env, environment: environment).index
        }
        #expect(try part(["JOB_COMPLETION_INDEX": "2"]) == 2)
        #expect(try part(["JOB_COMPLETION_INDEX": "1", "SLURM_ARRAY_TASK_ID": "3"]) == 1)
        #expect(try part(["SLURM_ARRAY_TASK_ID": "3"]) == 3)
        #expect(try part(["SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_MIN": "5"]) == 3)
        // --array=10-16:2 has tasks 10, 12, 14, 16.
        #expect(
            try part([
                "SLURM_ARRAY_TASK_ID": "14", "SLURM_ARRAY_TASK_MIN": "10", "SLURM_ARRAY_TASK_STEP": "2",
                "SLURM_ARRAY_TASK_COUNT": "4",
            ]) == 2)
        for bad: [String: String] in [
            [:], ["JOB_COMPLETION_INDEX": "4"], ["JOB_COMPLETION_INDEX": ""], ["SLURM_ARRAY_TASK_ID": "0x1"],
            ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "2"],
            ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "3"],
        ] {
            #expect(throws: UsageError.self, "\(bad)") { try part(bad) }
        }
        #expect(try RenderShard.resolve(.part(RenderShard(index: 1, count: 2)), environment: [:]).index == 1)
    }
}
