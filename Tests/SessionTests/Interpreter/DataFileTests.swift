@_spi(Host) import CellKit
import CellKitSupport
import Foundation
import TestSupport
import Testing
import WorkerProtocol

@testable import DataBinding
@testable import Session

/// ``DataFile`` reads a file a chunk at a time, the next chunk on another
/// thread while the caller works on this one: whatever the order of the
/// reads, each record is the one the whole file's parse has.
@Suite struct DataFileTests {
    /// `count` records, some with a quoted field over two lines, so chunks
    /// do not start on predictable lines.
    static func csv(_ count: Int) -> String {
        var text = "id,name,value\n"
        for i in 0..<count {
            let name = i % 7 == 0 ? "\"Name \(i),\nsecond line\"" : "Name \(i) 東京"
            text += "\(i),\(name),\(Double(i) / 4)\n"
        }
        return text
    }

    static func json(_ count: Int) -> String {
        let records = (0..<count).map { i in
            "  {\"id\": \(i), \"name\": \"Name \(i) 東京\", \"value\": \(Double(i) / 4)}"
        }
        return "[\n" + records.joined(separator: ",\n") + "\n]\n"
    }

    /// Record `record` of `table` as text, to compare with the whole file's.
    func record(_ record: Int, of table: DataTable) -> String {
        let index = record - table.recordBase
        if let csv = table.records as? CSVRecords { return csv.csv.records[index].fields.joined(separator: "|") }
        return (table.records as? JSONRecords).map { "\($0.records[index])" } ?? "not kept"
    }

    /// Every record of the file, read whole.
    func wholeRecords(_ path: String) throws -> [String] {
        let whole = try DataTable.parse(path, text: try String(contentsOfFile: path, encoding: .utf8))
        return (0..<whole.count).map { record($0, of: whole) }
    }

    @Test(arguments: ["records.csv", "records.json"], [0, 1, 2])
    func recordsReadInOrderAreTheWholeFilesRecords(name: String, readAhead: Int) throws {
        let files = TemporaryFiles()
        let path = files.write(name, name.hasSuffix(".csv") ? Self.csv(3_000) : Self.json(3_000))
        let expected = try wholeRecords(path)
        let file = try DataFile(path, chunkBytes: 4_096, positions: false, readAhead: readAhead)
        for r in expected.indices {
            let table = try #require(try file.table(holding: r))
            #expect(record(r, of: table) == expected[r], "record \(r)")
        }
        #expect(try file.table(holding: expected.count) == nil)
    }

    @Test(arguments: ["records.csv", "records.json"])
    func recordsReadInAnyOrderAreTheWholeFilesRecords(name: String) throws {
        let files = TemporaryFiles()
        let path = files.write(name, name.hasSuffix(".csv") ? Self.csv(3_000) : Self.json(3_000))
        let expected = try wholeRecords(path)
        let file = try DataFile(path, chunkBytes: 4_096, positions: false, readAhead: 2)
        var random = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            // Mostly forward, as `show` pages; sometimes a jump anywhere, as `G` or a search.
            let r = Int.random(in: 0..<expected.count, using: &random)
            let table = try #require(try file.table(holding: r))
            #expect(record(r, of: table) == expected[r], "record \(r)")
        }
    }

    /// Where the check pass of the file at `path` (chunks of 2 KiB) finds its chunks, and how many it read.
    func checkedStarts(_ path: String) throws -> (starts: [RecordChunker.ChunkStart], chunks: Int) {
        let check = try DataFile(path, chunkBytes: 2_048, positions: false, readAhead: 2)
        var index = 0
        while try check.table(chunk: index) != nil { index += 1 }
        return (try #require(check.chunkStarts), index)
    }

    /// A file given the chunk starts and `plan`, its records read in the
    /// plan's order and each compared with `expected`'s; and the first
    /// record of each chunk they were read from.
    func readPlanned(_ plan: [Range<Int>], of path: String, starts: [RecordChunker.ChunkStart], expected: [String])
        throws -> (file: DataFile, holding: Set<Int>)
    {
        let file = try DataFile(path, chunkBytes: 4_096, positions: false, starts: starts)
        file.plan = plan
        var holding: Set<Int> = []
        try read(plan, from: file) { r, table in
            #expect(record(r, of: table) == expected[r], "record \(r)")
            holding.insert(table.recordBase)
        }
        return (file, holding)
    }

    /// Reads the records of `plan` from `file`, in the plan's order, each with the table that holds it.
    func read(_ plan: [Range<Int>], from file: DataFile, _ body: (Int, DataTable) -> Void) throws {
        for range in plan {
            for r in range { body(r, try #require(try file.table(holding: r))) }
        }
    }

    /// A worker drawing some blocks of the rows is given where the check
    /// pass found the chunks and which records it will read: it reads the
    /// chunks that hold them and no other, ahead of time, and never scans.
    @Test(arguments: ["records.csv", "records.json"])
    func aWorkerGivenTheChunkStartsReadsOnlyTheChunksOfItsRecords(name: String) throws {
        let files = TemporaryFiles()
        let path = files.write(name, name.hasSuffix(".csv") ? Self.csv(3_000) : Self.json(3_000))
        let expected = try wholeRecords(path)
        let (starts, chunks) = try checkedStarts(path)
        #expect(starts.count == chunks + 1)

        let plan = [100..<400, 1_500..<1_600, 2_900..<3_000]
        let (file, holding) = try readPlanned(plan, of: path, starts: starts, expected: expected)
        #expect(file.chunksRead == holding.count)
        #expect(holding.count < chunks / 3)

        // Without the plan, reading ahead reads the chunk after each block's last one for nothing.
        let unplanned = try DataFile(path, chunkBytes: 4_096, positions: false, starts: starts)
        try read(plan, from: unplanned) { _, _ in }
        #expect(unplanned.chunksRead > holding.count)
    }

    /// A backward search in `show` gives a worker its blocks from the end
    /// (each read forward): reading ahead follows them, to the first chunk
    /// of the block below, not the chunk after the block just read (which
    /// made every chunk a wait, read twice). Each chunk after the first is
    /// read ahead, while the one before is drawn, and no other is read.
    @Test(arguments: ["records.csv", "records.json"])
    func aPlanWhoseBlocksGoBackwardIsReadAheadInItsOrder(name: String) throws {
        let files = TemporaryFiles()
        let path = files.write(name, name.hasSuffix(".csv") ? Self.csv(3_000) : Self.json(3_000))
        let expected = try wholeRecords(path)
        let starts = try checkedStarts(path).starts
        let plan = [2_500..<2_900, 1_600..<2_000, 700..<1_100, 0..<300]
        let (file, holding) = try readPlanned(plan, of: path, starts: starts, expected: expected)
        #expect(file.chunksRead == holding.count)

        // What is made of a chunk is made only when it is read ahead: every chunk but the first is.
        let ahead = try DataFile(path, chunkBytes: 4_096, positions: false, starts: starts)
        ahead.plan = plan
        ahead.prepare = { _ in true }
        var made: [Int: Bool] = [:]
        try read(plan, from: ahead) { _, table in made[table.recordBase] = table.made != nil }
        #expect(made.count == holding.count)
        #expect(made.values.filter { !$0 }.count == 1)
    }

    /// JSON Lines go the quick way a JSON array goes: records whose bound
    /// members are all scalar are checked, and read as texts, without a DOM
    /// (they were parsed in full: the check of a million records took 0.95 s
    /// against the array's 0.26 s).
    @Test(arguments: ["records.json", "records.jsonl"])
    func recordsOfScalarMembersAreReadWithoutADOM(name: String) throws {
        let files = TemporaryFiles()
        let lines = (0..<500).map { #"{"id": \#($0), "name": "Name \#($0) 東京", "value": \#(Double($0) / 4)}"# }
        let path = files.write(
            name,
            name.hasSuffix(".jsonl")
                ? lines.joined(separator: "\n") + "\n"
                : "[\n" + lines.joined(separator: ",\n") + "\n]\n")
        for drawing in [false, true] {
            let file = try DataFile(path, chunkBytes: 4_096, positions: false)
            file.read([Self.idAndName], to: drawing ? .draw : .check(errorLimit: 10))
            var index = 0
            var count = 0
            while let table = try file.table(chunk: index) {
                let checked = try #require(table.records as? JSONCheckedRecords, "chunk \(index)")
                #expect(checked.columns == ["id", "name"], "chunk \(index)")
                if drawing { #expect(checked.texts.first == ["\(count)", "Name \(count) 東京"]) }
                count += table.count
                index += 1
            }
            #expect(count == 500 && index > 3)
        }
    }

    /// `values=[.id, .name]`: text made of two top-level fields.
    static var idAndName: BoundAttribute {
        BoundAttribute(
            .list(attribute: "values", elements: [.field(FieldPath([.key("id")])), .field(FieldPath([.key("name")]))]),
            type: .strings)!
    }

    @Test(arguments: [1, 2])
    func theCheckPassReadsEveryChunkOnceInOrderAndAgainWithPositions(readAhead: Int) throws {
        let files = TemporaryFiles()
        let path = files.write("records.json", Self.json(3_000))
        let expected = try wholeRecords(path)
        let file = try DataFile(path, chunkBytes: 4_096, positions: false, readAhead: readAhead)
        var seen = 0
        var index = 0
        while let table = try file.table(chunk: index) {
            #expect(table.recordBase == seen)
            if index % 3 == 0 {
                // As the check pass does for a chunk with errors: again, with positions.
                let positioned = try #require(try file.table(chunk: index, positions: true))
                #expect(positioned.recordBase == table.recordBase && positioned.count == table.count)
            }
            for r in table.recordBase..<table.recordBase + table.count {
                #expect(record(r, of: table) == expected[r], "record \(r)")
            }
            seen += table.count
            index += 1
        }
        #expect(seen == expected.count)
        #expect(index > 10)
    }

    @Test(arguments: [1, 2])
    func csvRecordsCanBeCountedWithoutTheirFields(readAhead: Int) throws {
        let files = TemporaryFiles()
        let path = files.write("records.csv", Self.csv(3_000))
        let file = try DataFile(path, chunkBytes: 4_096, positions: false, readAhead: readAhead)
        file.read([Self.idAndName], to: .check(errorLimit: 10))
        #expect(file.reader.checksLittle)
        var seen = 0
        var index = 0
        while let table = try file.table(chunk: index) {
            #expect(table.recordBase == seen)
            guard let csv = table.records as? CSVRecords else { throw DataError("not CSV") }
            #expect(csv.columns == ["id", "name", "value"])
            #expect(csv.csv.records.isEmpty && csv.counted == table.count)
            seen += table.count
            index += 1
        }
        #expect(seen == 3_000)
        #expect(index > 10)
    }

    struct DataError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test func aFileCutShortWhileItIsReadGivesAnErrorOrNoRecordNeverAnotherRecord() throws {
        let files = TemporaryFiles()
        let path = files.write("records.csv", Self.csv(3_000))
        let expected = try wholeRecords(path)
        let file = try DataFile(path, chunkBytes: 4_096, positions: false)
        _ = try file.table(holding: 0)  // the next chunk is being read ahead
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try String(text.prefix(text.count / 2)).write(toFile: path, atomically: false, encoding: .utf8)
        var ended = false
        for r in expected.indices {
            do {
                guard let table = try file.table(holding: r) else {
                    ended = true
                    break
                }
                #expect(record(r, of: table) == expected[r], "record \(r)")
            } catch {
                ended = true
                break
            }
        }
        #expect(ended)
    }
}
