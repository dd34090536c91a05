import Testing

/// Issue 33, item 13: the same records draw the same bytes from CSV and from
/// JSON. A number bound to text is its text as the file writes it (`4134.0`,
/// `1e3`, `-0.50`), through every route a number takes to text in the worker:
/// one field for a `String` attribute and a field in braces (the parsed
/// record), a list of fields for a `[String]` attribute (the quick read of the
/// members' texts, and the parsed record when a chunk holds a string with an
/// escape); bound to a `Double`, the same number is still read as a number.
@Suite struct NumberTextRenderTests {
    /// Each record: a number as written, and a name.
    static let numbers = [
        "4134.0", "1e3", "-0.50", "1E+2", "0.1", "12345678901234567890", "-9223372036854775809", "-0", "7",
        "2.50e-3", "100.000",
    ]

    static func script(_ file: String) -> String {
        """
        load BasicCells
        load ChartCells
        screen S width=60
        rows KeyValueCell from "\(file)" key=.name value=.n
        rows TextCell from "\(file)" text="{.name}: {.n}"
        rows ColumnsCell from "\(file)" values=[.name, .n] widths=30,*
        rows ProgressCell from "\(file)" label=.name value=.ratio
        render

        """
    }

    /// The records in every layout a file may have them in, with `name` the
    /// name of record `i`.
    static func files(name: (Int) -> String, escaped: (Int) -> String) -> [String: String] {
        let records = numbers.enumerated().map { i, number in
            (name: name(i), json: escaped(i), number: number, ratio: i % 2 == 0 ? "0.50" : "0.250")
        }
        let csv = "name,n,ratio\n" + records.map { "\($0.name),\($0.number),\($0.ratio)\n" }.joined()
        let objects = records.map { #"{"name": "\#($0.json)", "n": \#($0.number), "ratio": \#($0.ratio)}"# }
        let pretty = records.map {
            "  {\n    \"name\": \"\($0.json)\",\n    \"n\": \($0.number),\n    \"ratio\": \($0.ratio)\n  }"
        }
        return [
            "records.csv": csv,
            "one-line.json": "[" + objects.joined(separator: ", ") + "]",
            "pretty.json": "[\n" + pretty.joined(separator: ",\n") + "\n]\n",
            "a-record-a-line.json": "[\n" + objects.joined(separator: ",\n") + "\n]\n",
            "records.jsonl": objects.joined(separator: "\n") + "\n",
        ]
    }

    @Test(arguments: [false, true])
    func csvAndEveryJSONLayoutDrawTheSameBytes(escapes: Bool) throws {
        let scratch = try Scratch()
        // With a string escape in the file, the JSON chunks are parsed (the quick read of texts refuses them).
        let files = Self.files(name: { "n\($0)" }, escaped: { escapes && $0 == 3 ? #"n\u0033"# : "n\($0)" })
        for (name, text) in files { try scratch.write(name, text) }
        try scratch.write("s.cellkit", Self.script("records.csv"))
        let csv = try scratch.cellkit(["run", "s.cellkit", "-q"])
        #expect(csv.status == 0, "\(csv.standardError)")
        for number in Self.numbers {
            #expect(csv.standardOutput.contains(" \(number)\n"), "\(number) as a value")
            #expect(csv.standardOutput.contains(": \(number)\n"), "\(number) in a template")
        }
        #expect(csv.standardOutput.contains("50%") && csv.standardOutput.contains("25%"))
        for name in files.keys.sorted() where name != "records.csv" {
            try scratch.write("s.cellkit", Self.script(name))
            let json = try scratch.cellkit(["run", "s.cellkit", "-q"])
            #expect(json.status == 0, "\(name): \(json.standardError)")
            #expect(json.standardOutput == csv.standardOutput, "\(name) draws other bytes")
        }
    }
}
