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

    // MARK: - Templates

    @Test func aTemplateMakesTextOfEachRecordsFields() throws {
        let scratch = try Scratch()
        try scratch.write("p.csv", "name,title,n\nAda Lovelace,Analyst,3\nGrace,,5\n")
        try scratch.write(
            "p.json",
            #"[{"name": "Ada Lovelace", "title": "Analyst", "n": 3},"# + "\n"
                + #" {"name": "Grace", "title": null, "n": 5}]"#)
        for file in ["p.csv", "p.json"] {
            try scratch.write(
                "t.cellkit",
                """
                load BasicCells
                screen S width=40
                rows TextCell from "\(file)" text="{.name} ({.title}) {{{.n}}}"
                rows ProgressCell from "\(file)" label=.name value="0.{.n}"
                render
                save "saved.cellkit"

                """)
            let result = try scratch.cellkit(["run", "t.cellkit"])
            #expect(result.status == 0, "\(file): \(result.standardError)")
            #expect(result.standardOutput.hasPrefix("Ada Lovelace (Analyst) {3}\nGrace () {5}\n"), "\(file)")
            #expect(result.standardOutput.contains("30%"), "\(file): a template parsed as a Double")
            // A storyboard keeps the template as written.
            #expect(scratch.read("saved.cellkit")?.contains(#"text="{.name} ({.title}) {{{.n}}}""#) == true)
        }
    }

    @Test func jsonRecordsWithTheirKeysInAnyOrderDrawAsTheSameCSVDoes() throws {
        let scratch = try Scratch()
        try scratch.write("r.csv", "id,name,value,status\n1,Ada,0.5,true\n2,Grace,2,false\n3,Linus,-1.25,\n")
        // The worker looks for each key where the first record had it: the others move them.
        try scratch.write(
            "r.json",
            """
            [{"id": 1, "name": "Ada", "value": 0.5, "status": true},
             {"status": false, "value": 2, "name": "Grace", "id": 2},
             {"name": "Linus", "id": 3, "status": null, "value": -1.25}]
            """)
        var outputs: [String] = []
        for file in ["r.csv", "r.json"] {
            try scratch.write(
                "t.cellkit",
                """
                load BasicCells
                load ChartCells
                screen S width=40
                rows ColumnsCell from "\(file)" values=[.id, .name, "=", .value, .status] widths=2,*,1,6,6
                rows TextCell from "\(file)" text="{.status}/{.id}: {.name}"
                render

                """)
            let result = try scratch.cellkit(["run", "t.cellkit"])
            #expect(result.status == 0, "\(file): \(result.standardError)")
            outputs.append(result.standardOutput)
        }
        #expect(outputs[0].contains("true/1: Ada\nfalse/2: Grace\n/3: Linus\n"), "\(outputs[0])")
        #expect(outputs[1] == outputs[0])
    }

    /// Issue 32: JSON as `json.dump` writes it by default (every non-ASCII
    /// character a `\uXXXX`, a surrogate pair above U+FFFF, `\"`, `\\`, `\/`)
    /// draws what the same records' CSV draws, byte for byte, as an array
    /// and as JSON Lines (read by the quick scan of bound members now, not
    /// parsed into a tree); a combining accent stays one, not made into `é`.
    @Test func escapedJSONDrawsWhatTheSameCSVDraws() throws {
        let scratch = try Scratch()
        try scratch.write(
            "r.csv",
            "id,name,status\n1,Gateway 網關 \\\\srv\\1,ok\n2,\"Auth 🔐 \"\"edge\"\"\",down ⚠️\n"
                + "3,Ünïcødé / tab\tin,ok\n4,e\u{301} vs é,ok\n")
        let records = [
            #"{"id": 1, "name": "Gateway \u7db2\u95dc \\\\srv\\1", "status": "ok"}"#,
            #"{"id": 2, "name": "Auth \ud83d\udd10 \"edge\"", "status": "down \u26a0\ufe0f"}"#,
            #"{"id": 3, "name": "\u00dcn\u00efc\u00f8d\u00e9 \/ tab\tin", "status": "ok"}"#,
            #"{"id": 4, "name": "e\u0301 vs \u00E9", "status": "ok"}"#,
        ]
        try scratch.write("r.json", "[\n" + records.joined(separator: ",\n") + "\n]\n")
        try scratch.write("r.jsonl", records.joined(separator: "\n") + "\n")
        var outputs: [String] = []
        for file in ["r.csv", "r.json", "r.jsonl"] {
            try scratch.write(
                "t.cellkit",
                """
                load BasicCells
                load ChartCells
                screen S width=40
                rows ColumnsCell from "\(file)" values=[.id, .name, .status] widths=2,*,8
                rows TextCell from "\(file)" text="{.id}: {.name} ({.status})"
                render

                """)
            let result = try scratch.cellkit(["run", "t.cellkit"])
            #expect(result.status == 0, "\(file): \(result.standardError)")
            outputs.append(result.standardOutput)
        }
        #expect(outputs[0].contains("2: Auth 🔐 \"edge\" (down ⚠️)\n"), "\(outputs[0])")
        #expect(outputs[0].contains("1: Gateway 網關 \\\\srv\\1 (ok)\n"), "\(outputs[0])")
        #expect(Array(outputs[1].utf8) == Array(outputs[0].utf8))
        #expect(Array(outputs[2].utf8) == Array(outputs[0].utf8))
    }

    @Test func templateErrorsPointAtTheirBrace() throws {
        let scratch = try Scratch()
        try scratch.write("p.csv", "name,title\nAda,Analyst\n")
        try scratch.write(
            "t.cellkit",
            """
            load BasicCells
            screen S width=40
            rows TextCell from "p.csv" text="{.name} ({.titel})"
            rows TextCell from "p.csv" text="{.name} ({.title"
            rows TextCell from "p.csv" text="{name}"
            rows ProgressCell from "p.csv" label=.name value="{.title}"

            """)
        let result = try scratch.cellkit(["run", "--keep-going", "t.cellkit"])
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                """
                t.cellkit:3:43: error: p.csv has no column 'titel'
                  rows TextCell from "p.csv" text="{.name} ({.titel})"
                                                            ^
                  did you mean 'title'?
                """), "\(result.standardError)")
        #expect(result.standardError.contains("t.cellkit:4:43: error: text=: this field has no closing '}'"))
        #expect(result.standardError.contains("{{ and }} write braces"))
        // Without a '.', braces are text: {name} is not a template.
        #expect(!result.standardError.contains("t.cellkit:5:"))
        // The text a template makes is checked against the attribute's type, record by record.
        #expect(result.standardError.contains("p.csv:2:1: error: ProgressCell.value: expected a Double, got 'Analyst'"))
    }
}
