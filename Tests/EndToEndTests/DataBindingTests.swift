import CellKitSupport
import Testing

/// Rows bound to a data file, as issue 7's users write them: several fields
/// bound to one row through a list of strings, a header row whose dividers
/// join the border, the same screen from CSV and from JSON.
@Suite struct DataBindingTests {
    static let script = "Examples/services.cellkit"

    @Test func theServicesTableFromCSV() throws {
        let result = try CellKitProcess.run(["run", Self.script])
        #expect(result.status == 0, "\(result.standardError)")
        Golden.check(result.standardOutput, named: "services.txt")
    }

    @Test func theServicesTableInColour() throws {
        let result = try CellKitProcess.run(
            ["run", Self.script, "--color", "always"], environment: ["COLORTERM": "truecolor"])
        #expect(result.status == 0, "\(result.standardError)")
        Golden.check(result.standardOutput, named: "services.ansi.txt")
    }

    @Test func jsonRecordsDrawTheSameTable() throws {
        let csv = try CellKitProcess.run(["run", Self.script])
        let json = try CellKitProcess.run(
            [
                "-c",
                try readTextFile(CellKitProcess.repositoryRoot + "/" + Self.script)
                    .replacing("services.csv", with: "Examples/services.json"),
            ])
        #expect(json.status == 0, "\(json.standardError)")
        #expect(json.standardOutput == csv.standardOutput)
    }

    /// A list for a [String] attribute mixes fields and text; anything else
    /// in it is an error at the element, with what is allowed.
    @Test func listBindingErrorsSayWhatIsWrongAndWhere() throws {
        let scratch = try Scratch()
        try scratch.write("d.csv", "id,name\n1,Ada\n")
        try scratch.write(
            "s.cellkit",
            """
            load ChartCells
            screen S width=40
            rows ColumnsCell from "d.csv" values=[.id, [.name]]
            rows ColumnsCell from "d.csv" values=[.id, .nmae]
            rows SparklineCell from "d.csv" values=[.id, .name]

            """)
        let result = try scratch.cellkit(["run", "--keep-going", "s.cellkit"])
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                """
                s.cellkit:3:44: error: values=: a list inside a list is not text
                  rows ColumnsCell from "d.csv" values=[.id, [.name]]
                                                             ^~~~~~~
                  each element is text or a field reference: [.id, .name, "n/a"]
                """), "\(result.standardError)")
        #expect(result.standardError.contains("s.cellkit:4:44: error: d.csv has no column 'nmae'"))
        #expect(result.standardError.contains("did you mean 'name'?"))
        // A [Double] attribute's list: each field must hold a number, checked in every record.
        #expect(result.standardError.contains("d.csv:2:3: error: SparklineCell.values: expected a number, got 'Ada'"))
    }
}
