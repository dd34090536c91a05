import CellKitSupport
import Testing

/// The same records in every JSON layout draw the same bytes through
/// `cellkit run`: a one-line array (what `json.dump` and `JSON.stringify`
/// write), pretty-printed, one record per line, and JSON Lines (by name and
/// by `format=jsonl`). 12,000 records: over a megabyte, several chunks in
/// the check and in the worker, a one-line array cut mid-line.
@Suite struct JSONLayoutRenderTests {
    static let count = 12_000

    static func records() -> [String] {
        (0..<count).map { i in
            let name = i % 9 == 0 ? "Gateway 網關 \(i), \\\"edge\\\"" : "Service \(i) ]},["
            return
                #"{"id": \#(i), "name": "\#(name)", "value": \#(Double(i) + 0.25), "status": "\#(i % 3 == 0 ? "warn" : "ok")"}"#
        }
    }

    static func script(_ file: String, _ extra: String = "") -> String {
        """
        load ChartCells
        screen Services list width=100 border=heavy
        rows ColumnsCell from "\(file)" values=[.id, .name, .value, .status] widths=8,*,12,8 divider=light\(extra)
        render

        """
    }

    @Test func everyLayoutDrawsTheSameBytes() throws {
        let scratch = try Scratch()
        let records = Self.records()
        try scratch.write("lines.json", "[\n" + records.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n")
        try scratch.write("one.json", "[" + records.joined(separator: ",") + "]")
        try scratch.write(
            "pretty.json",
            "[\n" + records.map { "  " + $0.replacing(#", ""#, with: ",\n    \"") }.joined(separator: ",\n") + "\n]\n")
        try scratch.write("records.jsonl", records.joined(separator: "\n") + "\n")
        try scratch.write("records.txt", records.joined(separator: "\r\n"))
        try scratch.write("s.cellkit", Self.script("lines.json"))
        let expected = try scratch.cellkit(["run", "s.cellkit"])
        #expect(expected.status == 0, "\(expected.standardError)")
        #expect(expected.standardOutput.contains("Service 11999 ]},["))
        #expect(expected.standardOutput.contains("Gateway 網關 11997"))
        for (file, extra) in [
            ("one.json", ""), ("pretty.json", ""), ("records.jsonl", ""), ("records.txt", " format=jsonl"),
        ] {
            try scratch.write("s.cellkit", Self.script(file, extra))
            let result = try scratch.cellkit(["run", "s.cellkit"])
            #expect(result.status == 0, "\(file): \(result.standardError)")
            #expect(result.standardOutput == expected.standardOutput, "\(file) draws other bytes")
        }
    }
    /// An error deep in a one-line array, through `cellkit run`: the file's
    /// line and column (characters, wide ones before it included), the line
    /// shown as an excerpt around the value, the caret under it, exit 1.
    @Test func anErrorDeepInAOneLineArrayIsLocatedExactly() throws {
        let scratch = try Scratch()
        var records = Self.records()
        records[11_000] = #"{"id": 11000, "name": "Service 11000", "value": "fast", "status": "ok"}"#
        let line = "[" + records.joined(separator: ",") + "]"
        try scratch.write("one.json", line)
        try scratch.write(
            "s.cellkit",
            """
            load ChartCells
            screen S width=60
            rows SparklineCell from "one.json" values=[.id, .value]

            """)
        let result = try scratch.cellkit(["run", "s.cellkit"])
        #expect(result.status == 1, "\(result.standardError)")
        let at = try #require(line.firstRange(of: #""fast""#)).lowerBound
        let column = line[..<at].count + 1
        let characters = Array(line)
        let shown = "…" + String(characters[(column - 41)..<(column + 79)]) + "…"
        #expect(
            result.standardError.contains(
                """
                one.json:1:\(column): error: SparklineCell.values: expected a number, got a string
                  \(shown)
                  \(String(repeating: " ", count: 41))^~~~~~
                """), "\(result.standardError.prefix(800))")
    }
}
