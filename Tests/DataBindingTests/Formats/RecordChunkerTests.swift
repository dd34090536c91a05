import CellKitSupport
import DataBinding
import Foundation
import TestSupport
import Testing

/// A large data file read a chunk at a time: every chunk parses on its own,
/// the chunks together hold exactly the records of the whole file, in order,
/// and lines in a chunk map back to the file's lines.
@Suite struct RecordChunkerTests {
    func withFile(_ text: String, named name: String, _ body: (String) throws -> Void) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try body(try directory.write(text, to: name))
    }

    /// Every chunk of `chunker`, in order.
    func chunks(_ chunker: RecordChunker) throws -> [RecordChunker.RecordChunk] {
        var result: [RecordChunker.RecordChunk] = []
        while let chunk = try chunker.chunk(result.count) { result.append(chunk) }
        return result
    }

    /// A random CSV table with quoted fields, line breaks in fields, CRLF and blank lines.
    func csvText(seed: UInt64, records: Int) -> String {
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array("abc xyz,\"\n漢👩‍💻é")
        var lines = ["\u{FEFF}id,text,more"]
        for i in 0..<records {
            let length = Int.random(in: 0..<12, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let quoted = "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            lines.append("\(i),\(quoted),\(i % 7 == 0 ? "" : "m\(i)")" + (i % 5 == 0 ? "\r" : ""))
            if i % 11 == 0 { lines.append("") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [64, 200, 1024, 1 << 20])
    func csvChunksHoldTheWholeFilesRecords(targetBytes: Int) throws {
        let text = csvText(seed: UInt64(targetBytes), records: 400)
        let whole = try CSVParser().parse(text)
        try withFile(text, named: "data.csv") { path in
            let chunker = try RecordChunker(path: path, layout: CSVFormat.csv.layout(), targetBytes: targetBytes)
            var records: [CSVRecord] = []
            for chunk in try chunks(chunker) {
                let table = try CSVParser().parse(chunk.text)
                #expect(table.header == whole.header)
                #expect(table.records.count == chunk.count, "chunk \(chunk.index)")
                #expect(chunk.firstRecord == records.count)
                for record in table.records {
                    // The same record, on the same line of the file.
                    let original = whole.records[records.count]
                    #expect(record.fields == original.fields)
                    #expect(record.line + chunk.lineOffset == original.line)
                    records.append(record)
                }
            }
            #expect(records.count == whole.records.count)
            #expect(chunker.totalRecords == whole.records.count)
            if targetBytes < 1024 { #expect(try chunks(chunker).count > 4) }
        }
    }

    /// A byte order mark belongs to no record: blank lines after it are
    /// blank, as the parser reads them (the scan once counted the mark's line
    /// as the header, and the check said "this is a bug in cellkit": the
    /// `records` fuzz harness found it).
    @Test(arguments: ["\r", "\n", "\r\n", "\n\r\n"])
    func aByteOrderMarkBeforeBlankLinesIsNoRecord(blank: String) throws {
        let text = "\u{FEFF}" + blank + "id,name\n" + (0..<50).map { "\($0),n\($0)" }.joined(separator: "\n") + "\n"
        let whole = try CSVParser().parse(text)
        try withFile(text, named: "data.csv") { path in
            let chunker = try RecordChunker(path: path, layout: CSVFormat.csv.layout(), targetBytes: 64)
            var count = 0
            for chunk in try chunks(chunker) {
                let table = try CSVParser().parse(chunk.text)
                #expect(table.header == whole.header, "chunk \(chunk.index)")
                #expect(table.records.count == chunk.count, "chunk \(chunk.index)")
                count += chunk.count
            }
            #expect(count == whole.records.count)
            #expect(chunker.totalRecords == whole.records.count)
        }
    }

    /// Old Mac files end lines with a lone CR (issue 21, item 15): the scan
    /// ends records and counts lines there as the parser does, and never cuts
    /// a CRLF in two, in a file of CRs only and in one that mixes CR, LF and
    /// CRLF (every second lone LF made a CR).
    @Test(arguments: [64, 65, 200, 1024], [true, false])
    func csvChunksOfFilesWithCRLineEndsHoldTheWholeFilesRecords(targetBytes: Int, onlyCR: Bool) throws {
        var bytes = Array(csvText(seed: UInt64(targetBytes), records: 400).utf8)
        var lone = 0
        for i in bytes.indices where bytes[i] == 0x0A && (i == 0 || bytes[i - 1] != 0x0D) {
            lone += 1
            if onlyCR || lone % 2 == 0 { bytes[i] = 0x0D }
        }
        if onlyCR { bytes.removeAll { $0 == 0x0A } }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.utf8.contains(0x0A) != onlyCR)
        let whole = try CSVParser().parse(text)
        #expect(whole.records.count == 400)
        try withFile(text, named: "data.csv") { path in
            let chunker = try RecordChunker(path: path, layout: CSVFormat.csv.layout(), targetBytes: targetBytes)
            var records: [CSVRecord] = []
            for chunk in try chunks(chunker) {
                // The header the chunks repeat ends in an LF (see the test below).
                #expect(chunk.index == 0 || !onlyCR || chunk.text.starts(with: Array("\u{FEFF}id,text,more\n".utf8)))
                let table = try CSVParser().parse(chunk.text)
                #expect(table.records.count == chunk.count, "chunk \(chunk.index)")
                #expect(chunk.firstRecord == records.count)
                for record in table.records {
                    let original = whole.records[records.count]
                    #expect(record.fields == original.fields)
                    #expect(record.line + chunk.lineOffset == original.line, "record \(records.count)")
                    records.append(record)
                }
            }
            #expect(records.count == 400)
            #expect(chunker.totalRecords == 400)
            if targetBytes < 1024 { #expect(try chunks(chunker).count > 4) }
        }
    }

    /// A header ending in a lone CR, and chunks that start with a blank line:
    /// the header the chunks repeat must not make a CRLF with that line's LF
    /// (found by the `records` fuzz harness: Fuzz/Regressions/records).
    @Test(arguments: [64, 100, 333])
    func aHeaderEndingInALoneCRBeforeChunksThatStartWithABlankLine(targetBytes: Int) throws {
        let text = "name\r" + (0..<300).map { "r\($0)\n\n" }.joined()
        let whole = try CSVParser().parse(text)
        try withFile(text, named: "data.csv") { path in
            let chunker = try RecordChunker(path: path, layout: CSVFormat.csv.layout(), targetBytes: targetBytes)
            var seen = 0
            for chunk in try chunks(chunker) {
                for record in try CSVParser().parse(chunk.text).records {
                    #expect(record.fields == whole.records[seen].fields)
                    #expect(record.line + chunk.lineOffset == whole.records[seen].line, "record \(seen)")
                    seen += 1
                }
            }
            #expect(seen == 300)
            #expect(try chunks(chunker).count > 4)
        }
    }

    @Test(arguments: [64, 300, 1 << 20])
    func jsonChunksHoldTheWholeFilesRecords(targetBytes: Int) throws {
        // One record per line, pretty-printed records over several lines, and a record on the `[` line.
        var lines = [#"[{"id": 0, "name": "a,b"},"#]
        for i in 1..<120 {
            if i % 3 == 0 {
                lines.append(
                    "  {\n    \"id\": \(i),\n    \"tags\": [\"x\", \"y]\"],\n    \"n\": {\"k\": \"\\\"\"}\n  },")
            } else {
                lines.append("  {\"id\": \(i), \"name\": \"漢 \\\\ \(i)\"},")
            }
        }
        lines.append("  {\"id\": 120}\n]")
        let text = lines.joined(separator: "\n") + "\n"
        let whole = try JSONParser().parseDocument(text)
        guard case .array(let all) = whole.value else {
            Issue.record("not an array")
            return
        }
        try withFile(text, named: "data.json") { path in
            let chunker = try RecordChunker(path: path, layout: JSONArrayFormat().layout(), targetBytes: targetBytes)
            var seen = 0
            for chunk in try chunks(chunker) {
                let document = try JSONParser().parseDocument(chunk.text)
                guard case .array(let records) = document.value else {
                    Issue.record("chunk \(chunk.index) is not an array")
                    return
                }
                #expect(records.count == chunk.count)
                #expect(chunk.firstRecord == seen)
                for (i, record) in records.enumerated() {
                    #expect(record == all[seen])
                    let here = document.position(of: JSONPath([.index(i)]))
                    let there = whole.position(of: JSONPath([.index(seen)]))
                    #expect(here.map { $0.line + chunk.lineOffset } == there?.line, "record \(seen)")
                    #expect(here?.column == there?.column, "record \(seen)")
                    seen += 1
                }
            }
            #expect(seen == all.count)
            if targetBytes < 1024 { #expect(try chunks(chunker).count > 4) }
        }
    }

    @Test func anyRecordIsFoundInItsChunk() throws {
        let text = csvText(seed: 9, records: 300)
        let whole = try CSVParser().parse(text)
        try withFile(text, named: "data.csv") { path in
            let chunker = try RecordChunker(path: path, layout: CSVFormat.csv.layout(), targetBytes: 100)
            var generator = SeededGenerator(seed: 3)
            for _ in 0..<100 {
                let record = Int.random(in: 0..<whole.records.count, using: &generator)
                let chunk = try #require(try chunker.chunk(holding: record))
                let table = try CSVParser().parse(chunk.text)
                #expect(table.records[record - chunk.firstRecord].fields == whole.records[record].fields)
            }
            #expect(try chunker.chunk(holding: whole.records.count) == nil)
        }
    }

    /// A JSON array on one line is cut after the commas between its records,
    /// mid-line: many chunks, each an array of whole records.
    @Test func aMinifiedArrayIsCutBetweenItsRecords() throws {
        let text = "[" + (0..<500).map { #"{"id":\#($0),"s":"a,b]"}"# }.joined(separator: ",") + "]"
        try withFile(text, named: "data.json") { path in
            let all = try chunks(try RecordChunker(path: path, layout: JSONArrayFormat().layout(), targetBytes: 64))
            #expect(all.count > 100)
            let whole = try #require(try JSONParser().parse(text).arrayValue)
            var seen = 0
            for chunk in all {
                let records = try #require(try JSONParser().parse(chunk.text).arrayValue)
                #expect(records.count == chunk.count)
                #expect(records[...] == whole[seen..<seen + records.count])
                seen += chunk.count
            }
            #expect(seen == 500)
        }
    }

    @Test func aFileThatShrinksIsAnErrorNotACrash() throws {
        let text = csvText(seed: 4, records: 300)
        try withFile(text, named: "data.csv") { path in
            let chunker = try RecordChunker(path: path, layout: CSVFormat.csv.layout(), targetBytes: 100)
            _ = try chunker.chunk(0)
            try "id,text,more\n1,a,b\n".write(toFile: path, atomically: false, encoding: .utf8)
            let error = #expect(throws: RecordChunker.Failure.self) { try chunker.chunk(holding: 250) }
            #expect(error?.description.contains("shorter than it was") == true)
        }
    }

    @Test func aDeviceOrADirectoryIsRefused() throws {
        #expect(throws: RecordChunker.Failure.self) {
            try RecordChunker(path: "/dev/zero", layout: JSONArrayFormat().layout())
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(throws: RecordChunker.Failure.self) {
            try RecordChunker(path: directory.path, layout: JSONArrayFormat().layout())
        }
    }
}
