@_spi(Host) import CellKit
import CellKitSupport
import Foundation
import TestSupport
import Testing

@testable import DataBinding

/// The check of a JSON file bound as text guesses where its chunks start
/// (at a `}`, `,`, `{` or a line break before a `{`) and checks the chunks
/// side by side, confirming each guess by the check of the chunk before it.
/// Whatever the layout and wherever the guesses fall (inside a string too),
/// the records, their numbers and the chunk starts' lines are the exact
/// reading's, and an error is where the whole file's parser puts it.
@Suite struct DataFileGuessTests {
    enum Layout: String, CaseIterable, CustomTestStringConvertible {
        case oneLine, pretty, recordPerLine, lines, linesCRLF
        var testDescription: String { rawValue }
        var isLines: Bool { self == .lines || self == .linesCRLF }
        var format: any RecordFormat { isLines ? JSONLinesFormat() : JSONArrayFormat() }
    }

    /// Flat records whose names hold what a guess looks for: `}, {`, `},{`
    /// and an escaped line break before a `{` (every `trapEvery`th record;
    /// 0: none); in JSON Lines, that record has a second line starting with a `{`.
    static func text(_ layout: Layout, seed: UInt64, count: Int, trapEvery: Int) -> String {
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array(#"ab ,:漢é"#).map { String($0) } + [#"\""#, #"\\"#, #"\n"#]
        let records = (0..<count).map { i in
            var name = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }.joined()
            let trapped = trapEvery > 0 && i % trapEvery == trapEvery - 1
            if trapped { name += [#"}, {"#, #"},{"#, #"}, \n{"#].randomElement(using: &generator)! }
            let value = Double(Int.random(in: -9999...9999, using: &generator)) / 8
            var members = [#""id": \#(i)"#, #""name": "\#(name)""#, #""value": \#(value)"#, #""ok": true"#]
            // In JSON Lines no string holds a line break: a record over two lines, a `{` starting the second.
            if trapped && layout.isLines { members.append("\"more\":\n{\"k\": 1}") }
            return "{" + members.joined(separator: layout == .pretty ? ",\n    " : ", ") + "}"
        }
        switch layout {
        case .oneLine: return "[" + records.joined(separator: ",") + "]"
        case .pretty: return "[\n  " + records.joined(separator: ",\n  ") + "\n]\n"
        case .recordPerLine: return "[\n" + records.joined(separator: ",\n") + "\n]\n"
        case .lines: return records.joined(separator: "\n") + "\n"
        case .linesCRLF: return records.joined(separator: "\r\n") + "\r\n"
        }
    }

    /// The check pass's reading: every chunk in order, JSON without a parse.
    func checked(_ path: String, _ layout: Layout, chunkBytes: Int, readAhead: Int) throws -> (DataFile, Int) {
        let file = try DataFile(
            path, format: layout.format, chunkBytes: chunkBytes, positions: false, readAhead: readAhead)
        file.read([DataFileTests.idAndName], to: .check(errorLimit: 10))
        var count = 0
        var index = 0
        while let table = try file.table(chunk: index) {
            #expect(table.recordBase == count, "chunk \(index)")
            count += table.count
            index += 1
        }
        return (file, count)
    }

    /// The line of each offset of `offsets` (in order) in `bytes`, and where
    /// that line starts, counted as the parsers count them.
    static func lines(at offsets: [Int], in bytes: [UInt8]) -> [(line: Int, lineStart: Int)] {
        var result: [(line: Int, lineStart: Int)] = []
        var line = 1
        var lineStart = 0
        var i = 0
        for offset in offsets {
            while i < offset {
                if bytes[i] == 0x0D || (bytes[i] == 0x0A && (i == 0 || bytes[i - 1] != 0x0D)) { line += 1 }
                if bytes[i] == 0x0D || bytes[i] == 0x0A { lineStart = i + 1 }
                i += 1
            }
            result.append((line, lineStart))
        }
        return result
    }

    @Test(arguments: Layout.allCases, [256, 4_096])
    func guessedChunksHoldTheWholeFilesRecordsAtTheirLines(layout: Layout, chunkBytes: Int) throws {
        let files = TemporaryFiles()
        for (trapEvery, readAhead) in [(0, 2), (0, 0), (2, 2)] {
            let text = Self.text(layout, seed: UInt64(chunkBytes + trapEvery), count: 3_000, trapEvery: trapEvery)
            let path = files.write(layout.isLines ? "data.jsonl" : "data.json", text)
            let (file, count) = try checked(path, layout, chunkBytes: chunkBytes, readAhead: readAhead)
            #expect(count == 3_000)
            let starts = try #require(file.chunkStarts)
            if trapEvery == 0 {
                #expect(file.guessedChunks == starts.count - 1, "every chunk is guessed")
                #expect(file.guessedChunks > 20)
            } else {
                // A guess in a string fails (or a record over two lines): from there, chunks are cut exactly.
                #expect(file.guessedChunks < starts.count - 1)
            }
            // Each start is where a record starts, with its number, line and line start.
            let bytes = Array(text.utf8)
            for (start, (line, lineStart)) in zip(starts, Self.lines(at: starts.map(\.offset), in: bytes)) {
                #expect(start.line == line && start.lineStart == lineStart, "start at \(start.offset)")
            }
            #expect(starts.last?.offset == bytes.count && starts.last?.record == 3_000)
            // A worker given the starts parses each chunk into as many records as they say, the whole file's
            // (numbers kept as written, as data files are read).
            let whole =
                try JSONParser(keepsNumberText: true).parse(
                    layout.isLines ? JSONCutScanner.arrayOfLines(bytes) : bytes
                ).arrayValue ?? []
            let drawing = try DataFile(path, format: layout.format, chunkBytes: chunkBytes, starts: starts)
            for record in stride(from: 0, to: 3_000, by: 7) {
                let table = try #require(try drawing.table(holding: record))
                guard let values = (table.records as? JSONRecords)?.records else { throw Failure("not JSON") }
                #expect(values[record - table.recordBase] == whole[record], "record \(record)")
            }
        }
    }

    struct Failure: Error {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// A mistake in the file makes its chunk's guess fail: the chunk is read
    /// exactly, and the error is the whole file's parser's, at its line and
    /// column, however many guessed chunks came before it.
    @Test(arguments: Layout.allCases)
    func anErrorAfterGuessedChunksIsWhereTheWholeFilesParserPutsIt(layout: Layout) throws {
        let files = TemporaryFiles()
        var text = Self.text(layout, seed: 7, count: 3_000, trapEvery: 0)
        // Record 2,500's value loses its digits after the point.
        let id = try #require(text.firstRange(of: #""id": 2500,"#))
        let point = try #require(text[id.upperBound...].firstRange(of: "."))
        let end = try #require(text[point.upperBound...].firstIndex { !$0.isNumber })
        text.replaceSubrange(point.upperBound..<end, with: "")
        let path = files.write(layout.isLines ? "data.jsonl" : "data.json", text)
        var expected: PositionedError?
        do {
            let bytes = Array(text.utf8)
            _ = try JSONParser().parse(layout.isLines ? JSONCutScanner.arrayOfLines(bytes) : bytes)
        } catch { expected = error }
        let position = try #require(expected?.position)
        let file = try DataFile(path, format: layout.format, chunkBytes: 512, positions: false)
        file.read([DataFileTests.idAndName], to: .check(errorLimit: 10))
        var index = 0
        do {
            while try file.table(chunk: index) != nil { index += 1 }
            Issue.record("no error")
        } catch {
            guard case .data(let diagnostic) = error else { throw Failure("\(error)") }
            let rendered = diagnostic.rendered()
            #expect(file.guessedChunks > 50)
            #expect(rendered.hasPrefix("\(path):\(position.line):\(position.column): error:"), "\(rendered)")
        }
    }
}
