import DataBinding
import Foundation
import TestSupport
import Testing

@testable import CellKitSupport

/// Every JSON layout a data file comes in is cut between its top-level
/// records wherever they fall: the chunks hold exactly the records the
/// whole file's parse has, in order, and each record's position maps back
/// to its line and column in the file, whatever the chunk size.
@Suite struct JSONLayoutChunkingTests {
    /// The layouts: a one-line array (`json.dump`), pretty-printed (`indent=2`),
    /// one record per line in an array, and JSON Lines (LF, and CRLF).
    enum Layout: String, CaseIterable, CustomTestStringConvertible {
        case oneLine, pretty, recordPerLine, lines, linesCRLF
        var testDescription: String { rawValue }
        var isLines: Bool { self == .lines || self == .linesCRLF }
        var format: any RecordFormat { isLines ? JSONLinesFormat() : JSONArrayFormat() }
        var name: String { isLines ? "data.jsonl" : "data.json" }
    }

    /// A random record: strings with the bytes the scan must not be fooled by
    /// (`,`, `]`, `}`, `"` and `\` escaped, escaped line breaks, multi-byte
    /// characters), nested arrays and objects, numbers, literals.
    static func record(_ i: Int, pretty: Bool, _ generator: inout SeededGenerator) -> String {
        let alphabet = Array(#"ab ,]}[{:漢👩‍💻é"#).map { String($0) } + [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#]
        func text() -> String {
            let length = Int.random(in: 0..<10, using: &generator)
            return "\"" + (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined() + "\""
        }
        var members = [#""id": \#(i)"#, #""name": \#(text())"#]
        if Bool.random(using: &generator) { members.append(#""tags": [\#(text()), \#(text()), []]"#) }
        if Bool.random(using: &generator) { members.append(#""n": {"k": \#(text()), "v": [1, -2.5e3, true, null]}"#) }
        if i % 5 == 0 { return "[\(text()), \(i)]" }  // not every record is an object
        return "{" + members.joined(separator: pretty ? ",\n    " : ", ") + "}"
    }

    /// `count` random records laid out as `layout`.
    static func text(_ layout: Layout, seed: UInt64, count: Int) -> String {
        var generator = SeededGenerator(seed: seed)
        let records = (0..<count).map { record($0, pretty: layout == .pretty, &generator) }
        switch layout {
        case .oneLine: return "[" + records.joined(separator: ",") + "]"
        case .pretty:
            // Records over several lines: a line break after each member's comma.
            return "[\n" + records.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n"
        case .recordPerLine: return "[\n" + records.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n"
        case .lines: return records.joined(separator: "\n") + "\n\n"
        case .linesCRLF: return records.joined(separator: "\r\n") + "\r\n"
        }
    }

    /// The whole file parsed at once: its records, and where each starts.
    static func whole(_ text: String, _ layout: Layout) throws -> [(JSONValue, line: Int, column: Int)] {
        if !layout.isLines {
            let document = try JSONParser().parseDocument(text)
            let records = try #require(document.value.arrayValue)
            return records.indices.map { i in
                let position = document.position(of: JSONPath([.index(i)]))!
                return (records[i], position.line, position.column)
            }
        }
        // JSON Lines: each line parsed alone.
        let separator = layout == .linesCRLF ? "\r\n" : "\n"
        return try text.components(separatedBy: separator).enumerated().filter { !$0.element.isEmpty }.map {
            (try JSONParser().parse($0.element), $0.offset + 1, 1)
        }
    }

    /// Every chunk, checked against the whole file's records and positions.
    func check(_ path: String, _ layout: Layout, targetBytes: Int, expected: [(JSONValue, line: Int, column: Int)])
        throws -> Int
    {
        let chunker = try RecordChunker(path: path, layout: layout.format.layout(), targetBytes: targetBytes)
        var seen = 0
        var index = 0
        while let chunk = try chunker.chunk(index) {
            // (JSON Lines are parsed as the array they make.)
            let document = try JSONParser().parseDocument(
                layout.isLines ? JSONCutScanner.arrayOfLines(chunk.text) : chunk.text)
            let records = try #require(document.value.arrayValue, "chunk \(index)")
            #expect(records.count == chunk.count, "chunk \(index)")
            #expect(chunk.firstRecord == seen)
            let place = ChunkPlace(
                path: path, lineOffset: chunk.lineOffset, lineStart: chunk.lineStart,
                bodyStart: chunk.range.lowerBound, prefix: chunk.prefix)
            for (i, record) in records.enumerated() {
                guard seen < expected.count else { break }
                #expect(record == expected[seen].0, "record \(seen)")
                let here = try #require(document.position(of: JSONPath([.index(i)])))
                #expect(place.fileLine(here.line) == expected[seen].line, "record \(seen)")
                #expect(
                    place.fileColumn(line: here.line, column: here.column) == expected[seen].column, "record \(seen)")
                seen += 1
            }
            index += 1
            if chunk.isLast { break }
        }
        #expect(seen == expected.count)
        return index
    }

    @Test(arguments: Layout.allCases, [64, 97, 300, 4096, 1 << 20])
    func chunksHoldTheWholeFilesRecordsAtTheirPlaces(layout: Layout, targetBytes: Int) throws {
        let text = Self.text(layout, seed: UInt64(targetBytes), count: 300)
        let expected = try Self.whole(text, layout)
        #expect(expected.count == 300)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(text, to: layout.name)
        let chunks = try check(path, layout, targetBytes: targetBytes, expected: expected)
        if targetBytes < 1024 { #expect(chunks > 10, "\(layout) was not cut") }
    }

    /// The scan reads a file a block at a time: a block may end anywhere (in
    /// a string, after a backslash, between a CR and its LF). Split at every
    /// byte, the scan finds the same cuts, records and lines as in one pass.
    @Test(arguments: Layout.allCases)
    func aBlockMayEndAtAnyByte(layout: Layout) throws {
        let bytes = Array(Self.text(layout, seed: 5, count: 12).utf8)
        func scan(_ parts: [ArraySlice<UInt8>]) -> [JSONCutScanner.Cut] {
            var scanner = JSONCutScanner(
                isLines: layout.isLines, atFileStart: true, offset: 0, lineStart: 0, recordLimit: 1 << 20)
            var cuts: [JSONCutScanner.Cut] = []
            var base = 0
            for part in parts {
                // Every cut of a block, not only its last: blocks of one byte.
                for (k, byte) in part.enumerated() {
                    [byte].withUnsafeBufferPointer { one in
                        if let cut = scanner.scan(one, base: base + k) { cuts.append(cut) }
                    }
                }
                base += part.count
            }
            scanner.finish(at: bytes.count)
            cuts.append(.init(end: bytes.count, records: scanner.records, lines: scanner.lines, lineStart: 0))
            return cuts
        }
        func scanWhole(splitAt k: Int) -> (JSONCutScanner.Cut?, JSONCutScanner.Cut?, Int, Int) {
            var scanner = JSONCutScanner(
                isLines: layout.isLines, atFileStart: true, offset: 0, lineStart: 0, recordLimit: 1 << 20)
            let first = bytes[..<k].withUnsafeBufferPointer { scanner.scan($0, base: 0) }
            let second = bytes[k...].withUnsafeBufferPointer { scanner.scan($0, base: k) }
            scanner.finish(at: bytes.count)
            return (first, second, scanner.records, scanner.lines)
        }
        let byByte = scan([bytes[...]])
        let total = byByte.last!
        #expect(total.records == 12)
        for k in 0...bytes.count {
            let (first, second, records, lines) = scanWhole(splitAt: k)
            #expect(records == total.records && lines == total.lines, "split at \(k)")
            // The last cut of each part is the last of the cuts made byte by byte before its end.
            let expectedFirst = byByte.dropLast().last { $0.end <= k }
            let expectedSecond = byByte.dropLast().last { $0.end <= bytes.count && $0.end > k }
            #expect(first?.end == expectedFirst?.end && first?.records == expectedFirst?.records, "split at \(k)")
            #expect(second?.end == expectedSecond?.end && second?.lines == expectedSecond?.lines, "split at \(k)")
        }
    }

    /// A record larger than the limit is an error at its start (its number,
    /// line and offset), in every layout; the records before it are read.
    @Test(arguments: Layout.allCases)
    func aRecordOverTheLimitIsAnErrorAtItsStart(layout: Layout) throws {
        var text = Self.text(layout, seed: 9, count: 40)
        let big = #"{"id": 40, "name": ""# + String(repeating: "x", count: 3000) + "\"}"
        switch layout {
        case .oneLine: text = String(text.dropLast()) + "," + big + "]"
        case .pretty, .recordPerLine: text = String(text.dropLast(3)) + ",\n  " + big + "\n]\n"
        case .lines: text = String(text.dropLast()) + big + "\n"
        case .linesCRLF: text += big + "\r\n"
        }
        let expected = try Self.whole(text, layout)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(text, to: layout.name)
        let chunker = try RecordChunker(path: path, layout: layout.format.layout(), targetBytes: 256, recordLimit: 2048)
        var index = 0
        let failure = try #require(
            throws: RecordChunker.Failure.self,
            "\(layout)"
        ) {
            while try chunker.chunk(index) != nil { index += 1 }
        }
        let record = try #require(failure.recordTooLarge)
        #expect(record.record == 40)
        #expect(record.limit == 2048)
        // The record starts at its line (after the cut's comma or line break, and any spaces).
        #expect(record.line == expected[40].line || record.line + 1 == expected[40].line, "\(layout)")
        #expect(failure.description.contains("record 41, from line"))
        #expect(failure.description.contains("is larger than 2 KiB, the limit for one record"))
        // Without the limit, the same file reads.
        let _ = try check(path, layout, targetBytes: 256, expected: expected)
    }
}
