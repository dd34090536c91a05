import CellKitSupport
import DataBinding
import Foundation
import TestSupport
import Testing

/// The session's check pass cuts a data file once and hands where its
/// chunks start to the workers that draw the rows (``RecordChunker/adopt(_:)``):
/// a chunker that adopts them gives the chunks a scan would (joined to its
/// own size), finds any record's chunk without scanning, and refuses starts
/// that cannot be the file's.
@Suite struct RecordChunkerAdoptTests {
    /// Every chunk of `chunker`, in order.
    func chunks(_ chunker: RecordChunker) throws -> [RecordChunker.RecordChunk] {
        var result: [RecordChunker.RecordChunk] = []
        while let chunk = try chunker.chunk(result.count) { result.append(chunk) }
        return result
    }

    /// The same records in each layout, with quoted line breaks (CSV),
    /// records over several lines (pretty JSON) and one line (minified).
    static let files: [(name: String, format: any RecordFormat, text: String)] = {
        let n = 600
        var csv = "id,name\n"
        var pretty: [String] = []
        var lines: [String] = []
        for i in 0..<n {
            csv += i % 9 == 0 ? "\(i),\"two\nlines, \(i)\"\n" : "\(i),name \(i) 東京\n"
            pretty.append("  {\n    \"id\": \(i),\n    \"name\": \"n \(i)\"\n  }")
            lines.append("{\"id\": \(i), \"name\": \"n,\(i)\"}")
        }
        return [
            ("d.csv", CSVFormat.csv, csv),
            ("pretty.json", JSONArrayFormat(), "[\n" + pretty.joined(separator: ",\n") + "\n]\n"),
            ("min.json", JSONArrayFormat(), "[" + lines.joined(separator: ",") + "]"),
            ("d.jsonl", JSONLinesFormat(), lines.joined(separator: "\n") + "\n"),
        ]
    }()

    @Test(arguments: 0..<4)
    func adoptedStartsGiveTheChunksAScanGives(file: Int) throws {
        let (name, format, text) = Self.files[file]
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(text, to: name)
        // The check pass: small chunks, read to the end.
        let check = try RecordChunker(path: path, layout: format.layout(), targetBytes: 256)
        let checked = try chunks(check)
        let starts = try #require(check.chunkStarts)
        #expect(starts.count == checked.count + 1)
        #expect(starts.last?.offset == text.utf8.count && starts.last?.record == 600)

        // A worker: chunks twice as large, from the starts.
        let adopted = try RecordChunker(path: path, layout: format.layout(), targetBytes: 512)
        #expect(try adopted.adopt(starts))
        let scanned = try RecordChunker(path: path, layout: format.layout(), targetBytes: 512)
        let mine = try chunks(adopted)
        #expect(mine.count < checked.count && mine.count > 4)
        // Each chunk is made of whole chunks of the check, holds what they held, and reads as they read.
        let boundaries = Set(starts.map(\.offset))
        var records = 0
        for chunk in mine {
            #expect(boundaries.contains(chunk.range.lowerBound) && boundaries.contains(chunk.range.upperBound))
            #expect(chunk.firstRecord == records)
            let inside = checked.filter { chunk.range.contains($0.range.lowerBound) }
            #expect(chunk.count == inside.reduce(0) { $0 + $1.count })
            #expect(chunk.lineOffset == inside[0].lineOffset && chunk.prefix == inside[0].prefix)
            records += chunk.count
        }
        #expect(records == 600)
        #expect(adopted.totalRecords == 600)
        // Any record is found in its chunk, in any order.
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<50 {
            let record = Int.random(in: 0..<600, using: &generator)
            let chunk = try #require(try adopted.chunk(holding: record))
            #expect(try Self.id(of: record - chunk.firstRecord, in: chunk, format) == "\(record)")
        }
        #expect(try adopted.chunk(holding: 600) == nil)
        #expect(try chunks(scanned).reduce(0) { $0 + $1.count } == 600)
    }

    /// The `id` of record `index` of `chunk`, parsed as readers parse it.
    static func id(of index: Int, in chunk: RecordChunker.RecordChunk, _ format: any RecordFormat) throws -> String? {
        if format.name == "csv" { return try CSVParser().parse(chunk.text).records[index].fields.first }
        let text = format.name == "jsonl" ? JSONCutScanner.arrayOfLines(chunk.text) : chunk.text
        return try JSONParser().parse(text).arrayValue?[index]["id"].map { "\($0)" }
    }

    @Test func startsThatCannotBeTheFilesAreRefused() throws {
        let (name, format, text) = Self.files[0]
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(text, to: name)
        let check = try RecordChunker(path: path, layout: format.layout(), targetBytes: 256)
        _ = try chunks(check)
        let starts = try #require(check.chunkStarts)
        let first = starts[0]
        var shuffled = starts
        shuffled.swapAt(1, 2)
        var pastTheEnd = starts
        pastTheEnd[pastTheEnd.count - 1].offset += 1
        var recordsBack = starts
        recordsBack[2].record = recordsBack[1].record - 1
        var lineAfterItsOffset = starts
        lineAfterItsOffset[1].lineStart = lineAfterItsOffset[1].offset + 1
        let wrong: [(String, [RecordChunker.ChunkStart])] = [
            ("none", []), ("only the start", [first]), ("out of order", shuffled),
            ("an end past the file's", pastTheEnd), ("records going back", recordsBack),
            ("a line starting after the chunk", lineAfterItsOffset),
        ]
        for (what, given) in wrong {
            let chunker = try RecordChunker(path: path, layout: format.layout(), targetBytes: 512)
            #expect(try !chunker.adopt(given), "\(what)")
            // It scans instead, as if given nothing.
            #expect(try chunks(chunker).reduce(0) { $0 + $1.count } == 600, "\(what)")
        }
        // Starts from a later chunk's are a part of the file (`--shard`): read alone, its records only.
        let part = try RecordChunker(path: path, layout: format.layout(), targetBytes: 512)
        #expect(try part.adopt(Array(starts.dropFirst())))
        #expect(try chunks(part).reduce(0) { $0 + $1.count } == 600 - starts[1].record)
        // Nor does a chunker that has cut a chunk already take any.
        let started = try RecordChunker(path: path, layout: format.layout(), targetBytes: 512)
        _ = try started.chunk(0)
        #expect(try !started.adopt(starts))
    }
}
