import Testing

/// CSV files whose lines end with a lone CR, as old Mac spreadsheets export
/// them (issue 21, item 15): `rows` checked them, then `render` failed with
/// "has no record 1: it changed since rows read it" after two blank lines.
/// They are read as spreadsheets read them: a lone CR ends a record, in the
/// check, in the chunks a large file is cut into, and in the parser.
@Suite struct CRLineEndTests {
    /// 8,000 records of about 215 bytes: 1.7 MB, cut into chunks of 512 KiB
    /// (the check) and 1 MiB (drawing). `bad` puts `abc` in record `bad`'s value.
    static func largeFile(bad: Int? = nil) -> String {
        let padding = String(repeating: "x", count: 200)
        return "name,value,padding\r"
            + (0..<8000).map { "row \($0),\($0 == bad ? "abc" : "\($0)"),\(padding)\r" }.joined()
    }

    static let expected = (0..<8000).map { "row \($0)\n" }.joined()

    @Test func aSmallFileIsCheckedAndDrawn() throws {
        let s = try Scratch()
        try s.write("mac.csv", "name,value\rAda,1\rGrace,2\r\rKatherine,3\r")
        try s.write(
            "doc.cellkit", "screen S width=20\nrows TextCell from \"mac.csv\" text=\"{.name}: {.value}\"\nrender\n")
        let result = try s.cellkit(["run", "doc.cellkit"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Ada: 1\nGrace: 2\nKatherine: 3\n")
        #expect(!result.standardError.contains("error"), "\(result.standardError)")
    }

    /// Only the fields' text: the check counts the records of each chunk without keeping them.
    @Test func aFileOfSeveralChunksIsDrawnWhole() throws {
        let s = try Scratch()
        try s.write("mac.csv", Self.largeFile())
        try s.write("doc.cellkit", "screen S width=20\nrows TextCell from \"mac.csv\" text=.name\nrender\n")
        let result = try s.cellkit(["run", "doc.cellkit"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == Self.expected)
    }

    /// Typed values: the check parses each chunk, and an error in a later
    /// chunk is reported on its line of the file (the header is line 1).
    @Test func aBadValueInALaterChunkIsReportedOnItsLine() throws {
        let s = try Scratch()
        try s.write("mac.csv", Self.largeFile(bad: 7000))
        try s.write(
            "doc.cellkit", "screen S width=20\nrows ProgressCell from \"mac.csv\" label=.name value=.value\nrender\n")
        let result = try s.cellkit(["run", "doc.cellkit"])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(
            result.standardError.contains("mac.csv:7002:10: error: ProgressCell.value: expected a Double, got 'abc'"))
        #expect(result.standardError.contains("\n  row 7000,abc,xxx"), "the line shown is the record's")
        #expect(result.standardOutput == "")

        // Fixed, the same file draws every row.
        try s.write("mac.csv", Self.largeFile())
        let fixed = try s.cellkit(["run", "doc.cellkit"])
        #expect(fixed.status == 0, "\(fixed.standardError)")
        #expect(fixed.standardOutput.split(separator: "\n").count == 8000)
        #expect(fixed.standardOutput.hasPrefix("row 0 "))
    }
}
