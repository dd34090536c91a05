import Testing

@testable import CellKitSupport

@Suite("CSV parser")
struct CSVParserTests {
    /// The fields of every record of `text`.
    static func rows(_ text: String, _ delimiter: CSVDelimiter = .comma) throws -> [[String]] {
        try CSVParser(delimiter: delimiter).parse(text).records.map(\.fields)
    }

    @Test func headerAndRecords() throws {
        let table = try CSVParser().parse("name,role\nAda,Analyst\nGrace,Admiral\n")
        #expect(table.header == ["name", "role"])
        #expect(table.records.count == 2)
        #expect(table.records[1]["name"] == "Grace")
        #expect(table.records[1]["missing"] == nil)
        #expect(table.records[0].values == ["name": "Ada", "role": "Analyst"])
        #expect(table.records[0].header == ["name", "role"])
        #expect(table.records.map(\.line) == [2, 3])
    }

    @Test(arguments: [
        ("a,b\n1,2\n", [["1", "2"]]),
        ("a,b\n1,2", [["1", "2"]]),
        ("a,b\r\n1,2\r\n", [["1", "2"]]),
        ("a,b\r1,2\r", [["1", "2"]]),
        ("a,b\n,\n", [["", ""]]),
        ("a,b\n1,\n", [["1", ""]]),
        ("a,b\n\"\",\"\"\n", [["", ""]]),
        ("a\n\"\"\n", [[""]]),
        ("a,b\n\"x,y\",z\n", [["x,y", "z"]]),
        ("a,b\n\"say \"\"hi\"\"\",z\n", [["say \"hi\"", "z"]]),
        ("a,b\n\"\"\"\",\"\"\"\"\"\"\n", [["\"", "\"\""]]),
        ("a,b\n\"two\nlines\",z\n", [["two\nlines", "z"]]),
        ("a,b\r\n\"two\r\nlines\",z\r\n", [["two\r\nlines", "z"]]),
        ("a,b\n 1 , 2 \n", [[" 1 ", " 2 "]]),
        ("a,b\n1,2\n\n\n3,4\n\n", [["1", "2"], ["3", "4"]]),
        ("a,b\n", []),
        ("a,b", []),
        ("\u{FEFF}a,b\n1,2\n", [["1", "2"]]),
        ("名前,b\n日本語,😀\n", [["日本語", "😀"]]),
    ])
    func quotingAndLineEndings(_ text: String, _ expected: [[String]]) throws {
        #expect(try Self.rows(text) == expected)
        #expect(try CSVParser().parse(Array(text.utf8)).records.map(\.fields) == expected)
    }

    @Test func theByteOrderMarkIsNotPartOfTheFirstName() throws {
        let table = try CSVParser().parse([0xEF, 0xBB, 0xBF] + Array("id,name\n1,x\n".utf8))
        #expect(table.header == ["id", "name"])
        #expect(table.records[0]["id"] == "1")
    }

    @Test func otherDelimiters() throws {
        #expect(try Self.rows("a;b\n1,5;\"x;y\"\n", .semicolon) == [["1,5", "x;y"]])
        // RFC 4180 quotes only whole fields: a space before the quote makes it data.
        #expect(throws: PositionedError.self) { try Self.rows("a\tb\n1\t \"q\"\n", .tab) }
        #expect(try Self.rows("a\tb\n1,2\t3\n", .tab) == [["1,2", "3"]])
        #expect(try Self.rows("a|b\n1|2\n", try #require(CSVDelimiter("|"))) == [["1", "2"]])
        #expect(CSVDelimiter("\"") == nil)
        #expect(CSVDelimiter("\n") == nil)
        #expect(CSVDelimiter("é") == nil)
        #expect(CSVDelimiter(",") == .comma)
        #expect(CSVDelimiter.tab.description == "a tab (U+0009)")
    }

    @Test func recordsKnowTheLineTheyStartOn() throws {
        let text = "a,b\n\n1,\"multi\nline\"\r\n2,x\n\n\n3,\"a\rb\"\n4,y"
        let table = try CSVParser().parse(text)
        // A CR inside a quoted field is a line break too.
        #expect(table.records.map(\.line) == [3, 5, 8, 10])
        #expect(table.records.map { $0["a"] } == ["1", "2", "3", "4"])
    }

    @Test func recordsCompareByLineAndContent() throws {
        let one = try CSVParser().parse("a\n1\n")
        let other = try CSVParser().parse("a\n1\n")
        let elsewhere = try CSVParser().parse("a\n\n1\n")
        #expect(one == other)
        #expect(one.records[0].hashValue == other.records[0].hashValue)
        #expect(one != elsewhere)
    }
}
