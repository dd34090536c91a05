import CellKitSupport
import DataBinding
import Foundation
import TestSupport
import Testing

/// A part of a data file read alone (`render --shard K/N`,
/// ``RecordChunker`` "Reading a part of a file alone"): where parts start is
/// found from the bytes near each cut, every process finds the same places,
/// the parts' records are the file's records once each, and a part whose
/// end is not between two records says so.
@Suite struct RecordChunkerPartTests {
    /// Every chunk of `chunker`, in order.
    func chunks(_ chunker: RecordChunker) throws -> [RecordChunker.RecordChunk] {
        var result: [RecordChunker.RecordChunk] = []
        while let chunk = try chunker.chunk(result.count) { result.append(chunk) }
        return result
    }

    /// Records in each layout, with where each record starts: CSV with
    /// quoted line breaks, quotes and CRLFs, pretty and one-line JSON arrays
    /// (`},{` in strings, arrays of objects in records), and JSON Lines.
    typealias File = (name: String, format: any RecordFormat, text: String, starts: [Int])

    static let files: [File] = {
        let n = 400
        var csv = "id,name,note\r\n"
        var csvStarts: [Int] = []
        var pretty = "[\n"
        var prettyStarts: [Int] = []
        var line = "["
        var lineStarts: [Int] = []
        var jsonl = ""
        var jsonlStarts: [Int] = []
        for i in 0..<n {
            csvStarts.append(csv.utf8.count)
            switch i % 5 {
            case 0: csv += "\(i),\"two\nlines, \(i)\",plain\r\n"
            case 1: csv += "\(i),\"a \"\"quoted\"\" name\",\"x\ny\nz\"\r\n"
            case 2: csv += "\(i),東京 \(i),\"\"\r\n"
            default: csv += "\(i),name \(i),\"n, \(i)\"\r\n"
            }
            // A `},{` in a string, and objects in an array in the record: no break between records.
            let record = "{\"id\": \(i), \"name\": \"n},{\(i)\", \"tags\": [{\"k\": 1}, {\"k\": 2}, {}]}"
            if i > 0 { pretty += ",\n" }
            prettyStarts.append(pretty.utf8.count + 2)
            pretty += "  " + record
            if i > 0 { line += "," }
            lineStarts.append(line.utf8.count)
            line += record
            jsonlStarts.append(jsonl.utf8.count)
            jsonl += record + "\n"
        }
        return [
            ("d.csv", CSVFormat.csv, csv, csvStarts),
            ("pretty.json", JSONArrayFormat(), pretty + "\n]\n", prettyStarts),
            ("line.json", JSONArrayFormat(), line + "]", lineStarts),
            ("d.jsonl", JSONLinesFormat(), jsonl, jsonlStarts),
        ]
    }()

    /// A place between two records: a record's start, or the whitespace
    /// just before one (JSON), or the file's end.
    static func isBreak(_ offset: Int, in file: File) -> Bool {
        let bytes = Array(file.text.utf8)
        if offset == bytes.count || file.starts.contains(offset) { return true }
        // JSON: after a record's comma, before white space and the next record.
        guard !(file.format is CSVFormat), let next = file.starts.first(where: { $0 > offset }) else { return false }
        let between = bytes[offset..<next]
        return between.allSatisfy { [0x20, 0x0A].contains($0) } && [0x2C, 0x0A].contains(bytes[offset - 1])
    }

    /// File `which` of ``files``, written to a temporary directory for
    /// `body`, which is given its path.
    func withFile(_ which: Int, _ body: (File, String) throws -> Void) throws {
        let file = Self.files[which]
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try body(file, try directory.write(file.text, to: file.name))
    }

    /// The place found for every offset is between two records, never
    /// before the offset's record's start, and never earlier for a later offset.
    @Test(arguments: 0..<4)
    func theBreakNearEveryOffsetIsBetweenTwoRecords(_ which: Int) throws {
        try withFile(which) { file, path in
            let chunker = try RecordChunker(path: path, layout: file.format.layout())
            var last = 0
            for offset in stride(from: 1, to: chunker.size, by: 7) {
                let found = try chunker.recordBreak(atOrAfter: offset)
                #expect(Self.isBreak(found, in: file), "\(file.name): \(offset) gave \(found)")
                #expect(found >= last, "\(file.name): \(offset) gave \(found), before \(last)")
                // No record starts between the offset and the place found (a JSON break is after a record's comma:
                // the first record goes with the part before).
                #expect(
                    offset <= file.starts[0] || !file.starts.contains { $0 >= offset && $0 < found },
                    "\(file.name): \(offset) skipped a record")
                last = found
            }
        }
    }

    /// A quoted field of many lines with no quote in them: a line inside it
    /// reads well both ways until the file ends inside quotes for the
    /// reading that took it as a record's start; so the break is the line
    /// after the field.
    @Test func aLongQuotedFieldIsSeenWhole() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = "id,name\n0,a\n1,\"" + String(repeating: "x\n", count: 2000) + "\"\n2,b\n"
        let path = try directory.write(text, to: "long.csv")
        let chunker = try RecordChunker(path: path, layout: CSVFormat.csv.layout())
        let after = text.utf8.count - "2,b\n".utf8.count
        for offset in [20, 2000, 3900] {
            #expect(try chunker.recordBreak(atOrAfter: offset) == after, "\(offset)")
        }
    }

    /// Cut at the places found for N equal parts, the parts' records
    /// (each read alone, as a part's chunks) are every record, once.
    @Test(arguments: 0..<4)
    func partsReadAloneHoldEveryRecordOnce(_ which: Int) throws {
        try withFile(which) { file, path in
            let size = file.text.utf8.count
            for parts in [1, 2, 3, 7, 16] {
                var total = 0
                var read = 0  // the bytes the parts read, one after another
                for k in 0..<parts {
                    let probe = try RecordChunker(path: path, layout: file.format.layout())
                    let start = try probe.recordBreak(atOrAfter: size * k / parts)
                    let end = max(start, try probe.recordBreak(atOrAfter: size * (k + 1) / parts))
                    guard start < end else { continue }
                    #expect(start == read, "\(file.name), part \(k) of \(parts)")
                    let part = try RecordChunker(path: path, layout: file.format.layout(), targetBytes: 300)
                    #expect(part.limit(from: .init(offset: start, record: 0, line: 1, lineStart: start), to: end))
                    for chunk in try chunks(part) {
                        #expect(chunk.range.lowerBound == read)
                        read = chunk.range.upperBound
                        total += chunk.count
                        // Each chunk is a table the format reads alone, of the records the scan counted.
                        let table = try file.format.parse(
                            chunk.text, path: path, positions: false, place: nil, firstRecord: 0, recordErrorLimit: 10)
                        #expect(table.count == chunk.count, "\(file.name), part \(k) of \(parts)")
                    }
                }
                #expect(read == size, "\(file.name), \(parts) parts")
                #expect(total == file.starts.count, "\(file.name), \(parts) parts")
            }
        }
    }

    /// A part made to end inside a record fails, saying where; one that
    /// reads a record past its end checks its own end as it passes it.
    @Test(arguments: 0..<4)
    func aPartThatDoesNotEndBetweenRecordsFails(_ which: Int) throws {
        try withFile(which) { file, path in
            let inside = file.starts[200] + 3
            let part = try RecordChunker(path: path, layout: file.format.layout())
            part.limit(
                from: .init(offset: file.starts[100], record: 0, line: 1, lineStart: file.starts[100]), to: inside)
            #expect {
                _ = try chunks(part)
            } throws: { ($0 as? RecordChunker.Failure)?.cutInsideRecord == inside }
            let through = try RecordChunker(path: path, layout: file.format.layout())
            let past = try through.endOfRecord(startingAt: file.starts[200])
            #expect(past == file.starts[201] || Self.isBreak(past, in: file) && past < file.starts[201])
            through.limit(
                from: .init(offset: file.starts[100], record: 0, line: 1, lineStart: file.starts[100]), to: past,
                through: inside)
            #expect {
                _ = try chunks(through)
            } throws: { ($0 as? RecordChunker.Failure)?.cutInsideRecord == inside }
            // Through a true break, it reads 101 records.
            let good = try RecordChunker(path: path, layout: file.format.layout())
            good.limit(
                from: .init(offset: file.starts[100], record: 0, line: 1, lineStart: file.starts[100]), to: past,
                through: file.starts[200])
            #expect(try chunks(good).reduce(0) { $0 + $1.count } == 101)
        }
    }

    /// The true place of a part's start: its record and line in the file.
    @Test(arguments: 0..<4)
    func theExactStartOfAPartIsItsRecordAndLine(_ which: Int) throws {
        try withFile(which) { file, path in
            let chunker = try RecordChunker(path: path, layout: file.format.layout())
            let bytes = Array(file.text.utf8)
            for record in [0, 1, 7, 250, 399] {
                let offset = file.starts[record]
                let start = try chunker.exactStart(at: offset)
                #expect(start.record == record, "\(file.name), record \(record)")
                let lineBreaks = bytes[..<offset].filter { $0 == 0x0A }.count
                #expect(start.line == lineBreaks + 1, "\(file.name), record \(record)")
            }
        }
    }

    /// Where the records are: from the first to the last, none in a file of
    /// a header, an empty array or blank lines.
    @Test func theRecordsExtentSkipsHeadersBracketsAndBlankLines() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cases: [(String, any RecordFormat, String, Range<Int>?)] = [
            ("a.csv", CSVFormat.csv, "id,name\n\n1,a\n2,b\n\n", 9..<16),
            ("h.csv", CSVFormat.csv, "id,name\n", nil),
            ("e.json", JSONArrayFormat(), "\u{FEFF} [ ]\n", nil),
            ("a.json", JSONArrayFormat(), "[\n {\"a\": 1},\n {\"a\": [2]}\n]\n", 3..<24),
            ("a.jsonl", JSONLinesFormat(), "\n\n{\"a\": 1}\n\n", 2..<10),
            ("e.jsonl", JSONLinesFormat(), "\n \n", nil),
        ]
        for (name, format, text, expected) in cases {
            let path = try directory.write(text, to: name)
            let chunker = try RecordChunker(path: path, layout: format.layout())
            #expect(try chunker.recordExtent() == expected, "\(name)")
        }
    }
}
