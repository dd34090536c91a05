import TestSupport
import Testing

@testable import CellKitSupport

/// Every CSV error, with its exact position, message and fix.
@Suite("CSV parser: errors")
struct CSVErrorTests {
    /// (input, `line:column: message; fix`, delimiter), one row an error, unwrapped so that
    /// each reads as the user sees it.
    // swift-format-ignore
    static let textCases: [(String, String, CSVDelimiter)] = [
    ("", "1:1: the input is empty; expected a header line; the first line names the columns, for example: name,role", .comma),
    ("\n\n", "3:1: the input is empty; expected a header line; the first line names the columns, for example: name,role", .comma),
    ("name,role\nAda\n", "2:4: record 1 has 1 field, but the header has 2 (name, role); add the missing fields; an empty field is nothing between two ','s", .comma),
    ("name,role\nAda,Analyst,1815\n", "2:13: record 1 has 3 fields, but the header has 2; quote fields that contain ',', or add a column to the header", .comma),
    ("a,b,c\n1,2,3\n4,5\n", "3:4: record 2 has 2 fields, but the header has 3 (a, b, c); add the missing fields; an empty field is nothing between two ','s", .comma),
    ("a,b\n1,2,\n", "2:5: record 1 has 3 fields, but the header has 2; quote fields that contain ',', or add a column to the header", .comma),
    ("a,b\n\"x,y\",\"unterminated\n", "2:7: unterminated quoted field; close it with '\"'; a '\"' inside a quoted field is written '\"\"'", .comma),
    ("a,b\n1,ab\"c\n", "2:5: a '\"' inside an unquoted field; quote the whole field and write each '\"' in it as '\"\"'", .comma),
    ("a,b\n\"ab\"c,2\n", "2:5: found 'c' after the closing '\"' of a quoted field; write a '\"' inside a quoted field as '\"\"', or put ',' right after the closing quote", .comma),
    ("a,b\n\"ab\" ,2\n", "2:5: found a space after the closing '\"' of a quoted field; write a '\"' inside a quoted field as '\"\"', or put ',' right after the closing quote", .comma),
    ("a,b,a\n1,2,3\n", "1:5: column 3 repeats the name 'a' of column 1; give each column a different name", .comma),
    ("a;b\n1;2;3\n", "2:5: record 1 has 3 fields, but the header has 2; quote fields that contain ';', or add a column to the header", .semicolon),
    ("a,b\n1;2\n", "2:4: record 1 has 1 field, but the header has 2 (a, b); is the file separated by ';' rather than ','? then choose ';' as the delimiter", .comma),
    ("a\tb\n1\t2\t3\n", "2:5: record 1 has 3 fields, but the header has 2; quote fields that contain a tab (U+0009), or add a column to the header", .tab),
    ("a,b\n\"multi\nline\",x\n1,2,3\n", "4:5: record 2 has 3 fields, but the header has 2; quote fields that contain ',', or add a column to the header", .comma),
    ("名前,b\n日本,\"x\"y\n", "2:7: found 'y' after the closing '\"' of a quoted field; write a '\"' inside a quoted field as '\"\"', or put ',' right after the closing quote", .comma),
    ("a,b\r\n1,2\r\n3\r\n", "3:2: record 2 has 1 field, but the header has 2 (a, b); add the missing fields; an empty field is nothing between two ','s", .comma),
    ("a,b\n\"x\"\"\n", "2:1: unterminated quoted field; close it with '\"'; a '\"' inside a quoted field is written '\"\"'", .comma),
  ]

    /// (input bytes, `line:column: message; fix`): invalid UTF-8.
    // swift-format-ignore
    static let byteCases: [([UInt8], String)] = [
    ([97, 44, 98, 10, 49, 44, 255, 10], "2:3: invalid UTF-8: byte 0xFF; save the file as UTF-8"),
    ([97, 44, 98, 10, 34, 195, 169, 195, 34, 10], "2:3: invalid UTF-8: byte 0xC3; save the file as UTF-8"),
    ([97, 44, 98, 10, 34, 120, 34, 255], "2:4: invalid UTF-8: byte 0xFF; save the file as UTF-8"),
    // In an unquoted field: a sequence cut short by the delimiter, and an invalid byte
    // before a stray quote (the first problem wins).
    ([97, 44, 98, 10, 227, 44, 49, 10], "2:1: invalid UTF-8: byte 0xE3; save the file as UTF-8"),
    ([97, 44, 98, 10, 49, 44, 255, 120, 34, 121, 10], "2:3: invalid UTF-8: byte 0xFF; save the file as UTF-8"),
    ([97, 44, 98, 10, 49, 44, 120, 227, 129], "2:4: invalid UTF-8: byte 0xE3; save the file as UTF-8"),
  ]

    @Test func everyTextErrorHasItsPositionMessageAndFix() {
        for (input, expected, delimiter) in Self.textCases {
            do {
                _ = try CSVParser(delimiter: delimiter).parse(input)
                Issue.record("\(input.debugDescription) parsed")
            } catch {
                #expect(error.description == expected, "\(input.debugDescription)")
            }
        }
    }

    @Test func everyByteErrorHasItsPositionMessageAndFix() {
        for (input, expected) in Self.byteCases {
            do {
                _ = try CSVParser().parse(input)
                Issue.record("\(input) parsed")
            } catch {
                #expect(error.description == expected, "\(input)")
            }
        }
    }

    @Test func anErrorHasItsPartsApart() throws {
        let error = try #require(throws: PositionedError.self) {
            try CSVParser().parse("id,name\n1,Ada\n2,Grace,extra\n")
        }
        #expect(error.position == TextPosition(line: 3, column: 9, offset: 22))
        #expect(error.message == "record 2 has 3 fields, but the header has 2")
        #expect(error.fix == "quote fields that contain ',', or add a column to the header")
    }

    /// Issue 33, item 14: a parser told to go on past records with the wrong
    /// number of fields reports the first of them, each as the parse alone
    /// would, counts the rest, and keeps every record a field per column; any
    /// other error still stops it.
    @Test func recordsWithTheWrongNumberOfFieldsAreReportedTogether() throws {
        let text = "a,b\n1,2\n3\n4,5,6\n7,8\n9\n10,11,12,13\n\"x\"\n"
        var parser = CSVParser()
        parser.fieldCountErrorLimit = 3
        let table = try parser.parse(text)
        #expect(
            table.fieldCountErrors.map(\.description) == [
                "3:2: record 2 has 1 field, but the header has 2 (a, b); add the missing fields; an empty field is nothing between two ','s",
                "4:5: record 3 has 3 fields, but the header has 2; quote fields that contain ',', or add a column to the header",
                "6:2: record 5 has 1 field, but the header has 2 (a, b); add the missing fields; an empty field is nothing between two ','s",
            ])
        #expect(table.moreFieldCountErrors == 2)
        #expect(
            table.records.map(\.fields) == [
                ["1", "2"], ["3", ""], ["4", "5"], ["7", "8"], ["9", ""], ["10", "11"], ["x", ""],
            ])
        #expect(table.records[1]["b"] == "")
        // The first alone, as before, without the limit.
        #expect(throws: PositionedError.self) { try CSVParser().parse(text) }
        #expect(throws: PositionedError.self) { try parser.parse("a,b\n1\n2,\"x\n") }
    }

    /// Counting records checks exactly what parsing does: the same header and
    /// count, or the same error at the same place, for any input.
    @Test func countingRecordsAcceptsAndRefusesWhatParsingDoes() {
        let alphabet = Array("ab,;\"\"\r\n\t é".utf8) + [0xFF, 0xC3, 0xA9, 0xE6, 0x9D, 0xB1]
        #expect(Self.countsAsParsed(alphabet, seed: 11, longest: 40) > 1_000)  // tables, not only errors
    }

    /// The same without quotes, in tables of records that mostly have the
    /// header's fields: what the count reads a line at a time, eight bytes at
    /// a time (with a byte order mark, blank lines, CRLF, LF and CR, non-ASCII
    /// and ill-formed bytes, records of too many or too few fields, a
    /// repeated column now and then).
    @Test func countingRecordsWithoutQuotesAcceptsAndRefusesWhatParsingDoes() {
        var generator = SeededGenerator(seed: 12)
        let text = ["a", "b", "c", "d", "e", "f", "g", "h", " ", "\t", "é", "東", "🔐"].map { Array($0.utf8) }
        let breaks: [[UInt8]] = [[0x0A], [0x0D, 0x0A], [0x0D], [0x0A, 0x0A]]
        var parsed = 0
        for _ in 0..<20_000 {
            let delimiter = Bool.random(using: &generator) ? CSVDelimiter.comma : .semicolon
            let columns = Int.random(in: 1...4, using: &generator)
            func field() -> [UInt8] {
                (0..<Int.random(in: 0..<14, using: &generator)).flatMap { _ in text.randomElement(using: &generator)! }
            }
            func line(_ fields: Int) -> [UInt8] {
                Array((0..<fields).map { _ in field() }.joined(separator: [delimiter.byte]))
            }
            var bytes: [UInt8] = Int.random(in: 0..<8, using: &generator) == 0 ? [0xEF, 0xBB, 0xBF] : []
            bytes += (0..<columns).map { Array("c\($0)".utf8) }
                .joined(separator: [delimiter.byte])
            if Int.random(in: 0..<20, using: &generator) == 0 { bytes += [delimiter.byte] + Array("c0".utf8) }
            for _ in 0..<Int.random(in: 0..<12, using: &generator) {
                bytes += breaks.randomElement(using: &generator)!
                let off = Int.random(in: 0..<60, using: &generator)
                bytes += line(off == 0 ? columns + 1 : off == 1 ? max(1, columns - 1) : columns)
            }
            if Bool.random(using: &generator) { bytes += breaks.randomElement(using: &generator)! }
            if Int.random(in: 0..<16, using: &generator) == 0, !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = [0xFF, 0xC3, 0x80].randomElement(
                    using: &generator)!
            }
            if Self.countsAsParsed(bytes, delimiter: delimiter) { parsed += 1 }
        }
        #expect(parsed > 4_000)
    }

    /// Compares counting with parsing on random inputs of `alphabet`; the tables both read.
    static func countsAsParsed(_ alphabet: [UInt8], seed: UInt64, longest: Int) -> Int {
        var generator = SeededGenerator(seed: seed)
        var parsed = 0
        for _ in 0..<30_000 {
            let count = Int.random(in: 0..<longest, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            for delimiter in [CSVDelimiter.comma, .semicolon] where countsAsParsed(bytes, delimiter: delimiter) {
                parsed += 1
            }
        }
        return parsed
    }

    /// Expects counting `bytes` to give the header and count parsing gives,
    /// or the same error; whether parsing read a table.
    static func countsAsParsed(_ bytes: [UInt8], delimiter: CSVDelimiter) -> Bool {
        let parser = CSVParser(delimiter: delimiter)
        switch (
            Result { () throws(PositionedError) in try parser.parse(bytes) },
            Result { () throws(PositionedError) in try parser.countRecords(bytes) }
        )
        {
        case (.success(let table), .success(let counted)):
            #expect(counted.header == table.header && counted.count == table.records.count, "\(bytes)")
            return true
        case (.failure(let error), .failure(let countError)):
            #expect(countError == error, "\(bytes)")
        case (let parse, let counting):
            Issue.record("parse \(parse) but count \(counting) for \(bytes)")
        }
        return false
    }

    /// The reader may only return a table or throw a `PositionedError` inside the input.
    @Test func randomInputNeverTraps() {
        let alphabet = Array("ab,;\"\"\r\n\t é".utf8) + [0xFF, 0xC3]
        var generator = SeededGenerator(seed: 5)
        for _ in 0..<30_000 {
            let count = Int.random(in: 0..<24, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
            do {
                let table = try CSVParser().parse(bytes)
                #expect(table.records.allSatisfy { $0.fields.count == table.header.count })
            } catch {
                #expect(error.position.line >= 1 && error.position.column >= 1)
                #expect(error.position.offset <= bytes.count)
            }
        }
    }
}
