import Testing

/// Issue 33, items 12 and 14: errors in data files that said the wrong thing,
/// or too little, through `cellkit` as a person runs it.
@Suite struct DataErrorTests {
    static func script(_ file: String) -> String {
        "load BasicCells\nscreen S width=30\nrows TextCell from \"\(file)\" text=.a\nrender\n"
    }

    /// JSON Lines cut off mid-record say the record is unterminated, as a
    /// JSON array cut off does, and quote the line as the file has it (it
    /// said "expected a string key or '}', found ']'" under `{]`, a `]` the
    /// file does not hold).
    @Test func jsonLinesCutOffMidRecordSayTheRecordIsUnterminated() throws {
        let scratch = try Scratch()
        let cases = [
            (
                #"{"a": 1}"# + "\n{",
                "2:2: error: unexpected end of input inside the object opened at 2:1\n  {\n   ^\n  close it with '}'\n"
            ),
            (
                #"{"a": 1}"# + "\n" + #"{"a": "x"#,
                "2:7: error: unterminated string\n  {\"a\": \"x\n        ^\n  close it with '\"'\n"
            ),
            (
                #"{"a": 1}"# + "\n" + #"{"a": [1, 2"#,
                "2:12: error: unexpected end of input inside the array opened at 2:7\n  {\"a\": [1, 2\n             ^\n  close it with ']'\n"
            ),
        ]
        for (lines, expected) in cases {
            try scratch.write("cut.jsonl", lines)
            // The same records as an array, cut off in the same place.
            try scratch.write("cut.json", "[" + lines.replacing("\n", with: ",\n"))
            for file in ["cut.jsonl", "cut.json"] {
                try scratch.write("s.cellkit", Self.script(file))
                let result = try scratch.cellkit(["run", "s.cellkit", "-q"])
                #expect(result.status == 1)
                #expect(result.standardError == "\(file):" + expected, "\(lines)")
                #expect(!result.standardError.contains("]") || lines.contains("["), "\(result.standardError)")
            }
        }
    }

    /// Every CSV row with more or fewer fields than the header is reported,
    /// the first ten (across chunks of a large file), then how many more
    /// there are: with `--keep-going`, without it, and from standard input
    /// (as the prompt runs a command). It was the first alone.
    @Test func everyRaggedCSVRowIsReportedUpToTen() throws {
        let scratch = try Scratch()
        // About 1.5 MiB: chunks of a MiB, so the rows of the last chunk are found too.
        var rows = (0..<120_000).map { "\($0),name \($0)" }
        let ragged = [1, 5, 40_000, 60_000, 60_001, 70_000, 80_000, 90_000, 100_000, 110_000, 119_998, 119_999]
        for (n, row) in ragged.enumerated() { rows[row] = n % 2 == 0 ? "\(row)" : "\(row),x,y" }
        try scratch.write("r.csv", "a,b\n" + rows.joined(separator: "\n") + "\n")
        try scratch.write("s.cellkit", Self.script("r.csv"))
        for arguments in [["run", "s.cellkit"], ["run", "s.cellkit", "--keep-going"], ["run", "-"]] {
            let result = try scratch.cellkit(arguments + ["-q"], input: Self.script("r.csv"))
            #expect(result.status == 1, "\(arguments)")
            let errors = result.standardError.split(separator: "\n").filter { $0.hasPrefix("r.csv:") }
            let records = errors.compactMap { $0.firstMatch(of: /error: record (\d+) has/).flatMap { Int($0.1) } }
            #expect(records == ragged.prefix(10).map { $0 + 1 }, "\(arguments): \(result.standardError.prefix(1500))")
            #expect(errors.first == "r.csv:3:2: error: record 2 has 1 field, but the header has 2 (a, b)")
            #expect(result.standardError.contains("  2 more errors in r.csv not shown\n"), "\(arguments)")
            #expect(result.standardOutput.isEmpty)
        }
    }
}
