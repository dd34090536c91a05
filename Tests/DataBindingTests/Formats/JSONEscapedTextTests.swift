import Foundation
import TestSupport
import Testing

@testable import CellKitSupport
@testable import DataBinding

/// Issue 32: records whose bound strings have escapes (`json.dump`'s
/// default `\uXXXX` for every non-ASCII character, `\"`, `\\`) are read by
/// the quick scan of bound members (`JSONRecordCheck`), not parsed into a
/// tree, and the texts drawn are the full parse's, byte for byte, in every
/// layout; an escape the parser refuses is still its error, at its place.
@Suite struct JSONEscapedTextTests {
    /// The layouts a data file comes in: a record a line in an array,
    /// pretty-printed, on one line, and JSON Lines.
    enum Layout: String, CaseIterable, CustomTestStringConvertible {
        case recordPerLine, pretty, oneLine, lines
        var testDescription: String { rawValue }
        var format: any RecordFormat { self == .lines ? JSONLinesFormat() : JSONArrayFormat() }
        var name: String { self == .lines ? "data.jsonl" : "data.json" }
    }

    static let keys = ["id", "name", "status"]

    /// Name `i`: the escapes mix's kind of name (issue 7's names, CJK,
    /// emoji, flags and ZWJ sequences, a quote or a backslash in some), and
    /// every other escape now and then.
    static func name(_ i: Int) -> String {
        let bases = ["Gateway 網關", "Auth 🔐", "Search 검색", "Team 👩‍💻", "Ünïcødé", "Flag 🇯🇵", "e\u{301} vs é"]
        let base = bases[i % bases.count]
        switch i % 5 {
        case 0: return "\"\(base)\" \(i)"
        case 1: return "\(base) \\\\srv\\\(i % 100)"
        case 2: return "\(base) \"edge\" \\ \(i)"
        case 3: return "tab\tnew\nline/\u{8}\u{C}\r \u{0}\u{1F} \(base)"
        default: return "\(base) \(i)"
        }
    }

    /// `text` as a JSON string the way Python's `json.dump` writes it by
    /// default: every character outside printable ASCII as `\uXXXX` (a
    /// surrogate pair above U+FFFF), in lowercase or (every other record)
    /// uppercase hex, `\"`, `\\`, `\/` for some slashes, and `\n`, `\t`.
    static func escaped(_ text: String, upper: Bool) -> String {
        func hex(_ unit: UInt16) -> String {
            let digits = String(unit, radix: 16, uppercase: upper)
            return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }
        var json = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "/": json += upper ? "\\/" : "/"
            case "\n": json += "\\n"
            case "\t": json += "\\t"
            case " "..."~": json.unicodeScalars.append(scalar)
            default: json += String(scalar).utf16.map(hex).joined()
            }
        }
        return json + "\""
    }

    /// `count` records laid out as `layout`.
    static func file(_ layout: Layout, count: Int) -> String {
        let records = (0..<count).map { i in
            let members = [
                #""id": \#(i)"#, #""name": \#(escaped(name(i), upper: i % 2 == 1))"#,
                #""status": \#(escaped(i % 3 == 0 ? "down ⚠️" : "ok", upper: false))"#,
                #""note": "\u00e9\\ \ud83d\ude80""#,
            ]
            return "{" + members.joined(separator: layout == .pretty ? ",\n    " : ", ") + "}"
        }
        switch layout {
        case .recordPerLine: return "[\n" + records.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n"
        case .pretty: return "[\n" + records.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n"
        case .oneLine: return "[" + records.joined(separator: ", ") + "]"
        case .lines: return records.joined(separator: "\n") + "\n"
        }
    }

    /// Each chunk of `path`, read the quick way (the bound members' texts)
    /// and parsed in full (no keys): both tables, for every chunk.
    static func bothWays(_ path: String, _ layout: Layout, targetBytes: Int) throws
        -> [(quick: Result<DataTable, DataTable.OpenError>, parsed: Result<DataTable, DataTable.OpenError>)]
    {
        let chunker = try RecordChunker(path: path, layout: layout.format.layout(), targetBytes: targetBytes)
        let lines = layout == .lines
        let quick = JSONChunkReader(format: layout.format, lines: lines, keys: keys, keepsTexts: true)
        let parse = JSONChunkReader(format: layout.format, lines: lines, keys: nil, keepsTexts: true)
        var tables: [(Result<DataTable, DataTable.OpenError>, Result<DataTable, DataTable.OpenError>)] = []
        var index = 0
        while let chunk = try chunker.chunk(index) {
            let place = ChunkPlace(
                path: path, lineOffset: chunk.lineOffset, lineStart: chunk.lineStart,
                bodyStart: chunk.range.lowerBound, prefix: chunk.prefix)
            tables.append(
                (
                    quick.table(of: chunk, path: path, place: place, positions: false),
                    parse.table(of: chunk, path: path, place: place, positions: true)
                ))
            index += 1
            if chunk.isLast { break }
        }
        return tables
    }

    @Test(arguments: Layout.allCases)
    func escapedTextsAreReadQuicklyAndAreTheParsesTexts(layout: Layout) throws {
        let count = 2_000
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write(Self.file(layout, count: count), to: layout.name)
        var record = 0
        for (quick, parsed) in try Self.bothWays(path, layout, targetBytes: 16 << 10) {
            let quick = try quick.get().records
            let parsed = try parsed.get().records
            // Every chunk has escapes in its bound values, and none is parsed into a tree.
            #expect(quick is JSONCheckedRecords, "record \(record): the chunk was parsed")
            #expect(parsed is JSONRecords)
            #expect(quick.count == parsed.count)
            for r in 0..<min(quick.count, parsed.count) {
                let texts = quick.texts(ofRecord: r).map { Array($0.utf8) }
                let drawn = Self.keys.map { key in
                    parsed.text(ofRecord: r, key: key, hint: parsed.hint(forKey: key)).map { Array($0.utf8) }
                }
                #expect(drawn == texts, "record \(record + r)")
                let i = record + r
                #expect(texts == [String(i), Self.name(i), i % 3 == 0 ? "down ⚠️" : "ok"].map { Array($0.utf8) })
            }
            record += parsed.count
        }
        #expect(record == count)
    }

    /// An escape the parser refuses in a bound value is the parse's error,
    /// at its line and column (the backslash's; a control character's own),
    /// whichever way the chunk is read.
    @Test(
        arguments: zip(
            [#"\ud800"#, #"\udc00"#, #"\ud83d\u0041"#, #"\q"#, #"\u00g9"#, #"\""# + "\u{1}"], [26, 26, 26, 26, 26, 28]))
    func aRefusedEscapeIsTheParsesErrorAtItsPlace(escape: String, column: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var text = Self.file(.recordPerLine, count: 400)
        // Record 300 (line 302), its name: `  {"id": 300, "name": "ab\…`.
        let line = "  {\"id\": 300, \"name\": \"ab" + escape + "\", \"status\": \"ok\"},"
        var lines = text.components(separatedBy: "\n")
        lines[301] = line
        text = lines.joined(separator: "\n")
        let path = try directory.write(text, to: "data.json")
        let failures = try Self.bothWays(path, .recordPerLine, targetBytes: 16 << 10).compactMap { quick, parsed in
            switch (quick, parsed) {
            case (.failure(.data(let a)), .failure(.data(let b))): return ("\(a)", "\(b)")
            default: return nil
            }
        }
        try #require(failures.count == 1)
        #expect(failures[0].0 == failures[0].1)
        #expect(failures[0].0.hasPrefix("\(path):302:\(column): error: "), "\(failures[0].0)")
    }
}
