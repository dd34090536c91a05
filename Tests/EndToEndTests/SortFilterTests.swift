import CellKitSupport
import Glibc
import TestSupport
import Testing

/// `rows … sort= where=` through the built `cellkit`: the rows drawn in
/// order, only those that pass, the same from CSV and from JSON; mistakes at
/// their place; `save` keeping them; and the private files gone after the
/// run, whatever ends it.
@Suite struct SortFilterTests {
    static let csv = """
        name,team,duration,status
        Ada,ops,30,failed
        Bob,dev,5,ok
        Cy,ops,120,failed
        Dee,dev,45,failed
        Eve,ops,9,ok
        Fay,dev,,failed
        Gus,ops,45,ok

        """

    static let json = """
        [{"name": "Ada", "team": "ops", "duration": 30, "status": "failed"},
         {"name": "Bob", "team": "dev", "duration": 5, "status": "ok"},
         {"name": "Cy", "team": "ops", "duration": 120, "status": "failed"},
         {"name": "Dee", "team": "dev", "duration": 45, "status": "failed"},
         {"name": "Eve", "team": "ops", "duration": 9, "status": "ok"},
         {"name": "Fay", "team": "dev", "duration": null, "status": "failed"},
         {"name": "Gus", "team": "ops", "duration": 45, "status": "ok"}]

        """

    /// The names drawn by `rows … OPTIONS` of `file`, one per line.
    func names(_ options: String, file: String = "jobs.csv", scratch: Scratch) throws -> [String] {
        try scratch.write(
            "t.cellkit",
            """
            load BasicCells
            screen S width=30
            rows TextCell from \(file) text=.name \(options)
            render

            """)
        let result = try scratch.cellkit(["run", "t.cellkit"], environment: ["TMPDIR": scratch.path("tmp")])
        #expect(result.status == 0, "\(options): \(result.standardError)")
        return result.standardOutput.split(separator: "\n").map { String($0.trimmingSuffix(" ")) }
    }

    func scratch() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.write("jobs.csv", Self.csv)
        try scratch.write("jobs.json", Self.json)
        try createDirectories(scratch.path("tmp"))
        return scratch
    }

    @Test(arguments: ["jobs.csv", "jobs.json"])
    func rowsAreDrawnInOrderAndOnlyThoseThatPass(file: String) throws {
        let s = try scratch()
        #expect(try names("sort=.team", file: file, scratch: s) == ["Bob", "Dee", "Fay", "Ada", "Cy", "Eve", "Gus"])
        // Numbers as numbers (9 before 30 before 120); nothing first, or last descending; ties in file order.
        #expect(
            try names("sort=.duration", file: file, scratch: s) == ["Fay", "Bob", "Eve", "Ada", "Dee", "Gus", "Cy"])
        #expect(
            try names("sort=-.duration", file: file, scratch: s) == ["Cy", "Dee", "Gus", "Ada", "Eve", "Bob", "Fay"])
        #expect(
            try names("sort=[.team, -.duration]", file: file, scratch: s) == [
                "Dee", "Bob", "Fay", "Cy", "Gus", "Ada", "Eve",
            ])
        #expect(
            try names(#"where='.status == "failed" and .duration >= 30' sort=-.duration"#, file: file, scratch: s)
                == ["Cy", "Dee", "Ada"])
        #expect(try names(#"where='.name contains "e"'"#, file: file, scratch: s) == ["Dee", "Eve"])
        #expect(
            try names(#"where='not (.team == "ops" or .duration < 10)'"#, file: file, scratch: s) == ["Dee"])
        #expect(try names(#"where='.duration == null or .duration > 100'"#, file: file, scratch: s) == ["Cy", "Fay"])
        #expect(try names(#"where='.name == "Nobody"'"#, file: file, scratch: s) == [])
        #expect(try listDirectory(s.path("tmp")).isEmpty, "a private file was left")
    }

    @Test func mistakesAreErrorsAtTheirPlaceWithTheNearestName() throws {
        let s = try scratch()
        try s.write(
            "e.cellkit",
            """
            load BasicCells
            screen S width=30
            rows TextCell from jobs.csv text=.name where='.stauts == "ok"'
            rows TextCell from jobs.csv text=.name where='.status = "ok"'
            rows TextCell from jobs.csv text=.name sort=[.team, -.duraton]
            rows TextCell from jobs.csv text=.name where='.duration > 3 &&'

            """)
        let result = try s.cellkit(["run", "--keep-going", "e.cellkit"])
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                """
                e.cellkit:3:47: error: jobs.csv has no column 'stauts'
                  rows TextCell from jobs.csv text=.name where='.stauts == "ok"'
                                                                ^~~~~~~
                  did you mean 'status'?
                """), "\(result.standardError)")
        #expect(
            result.standardError.contains(
                """
                e.cellkit:4:55: error: where=: unknown operator '='
                  rows TextCell from jobs.csv text=.name where='.status = "ok"'
                                                                        ^
                  did you mean '=='?
                """), "\(result.standardError)")
        #expect(
            result.standardError.contains(
                """
                e.cellkit:5:53: error: jobs.csv has no column 'duraton'
                  rows TextCell from jobs.csv text=.name sort=[.team, -.duraton]
                                                                      ^~~~~~~~~
                  did you mean 'duration'?
                """), "\(result.standardError)")
        #expect(
            result.standardError.contains(
                """
                e.cellkit:6:61: error: where=: unknown operator '&&'
                  rows TextCell from jobs.csv text=.name where='.duration > 3 &&'
                                                                              ^~
                  did you mean 'and'?
                """), "\(result.standardError)")
    }

    @Test func saveKeepsThemAndOpenDrawsTheSameRows() throws {
        let s = try scratch()
        try s.write(
            "t.cellkit",
            """
            load BasicCells
            screen S width=30
            rows TextCell from jobs.json text=.name sort=[.team, -.duration] where='.status != "ok"'
            render
            save "saved.cellkit"

            """)
        let first = try s.cellkit(["run", "t.cellkit"])
        #expect(first.status == 0, "\(first.standardError)")
        let saved = try #require(s.read("saved.cellkit"))
        #expect(
            saved.contains(
                #"rows TextCell from jobs.json text=.name sort=[.team, -.duration] where=".status != \"ok\"""#),
            "\(saved)")
        let again = try s.cellkit(["render", "saved.cellkit#S"])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput == first.standardOutput)
        #expect(
            first.standardOutput.split(separator: "\n").map { $0.trimmingSuffix(" ") } == ["Dee", "Fay", "Cy", "Ada"])
    }

    /// SIGTERM while a render of sorted rows writes: the process ends by it,
    /// and takes the sorted rows' file and folder with it.
    @Test func aSignalLeavesNoPrivateFile() throws {
        let s = try scratch()
        try s.write("doc.cellkit", "screen S width=30\nrows TextCell from \"data.csv\" text=.name sort=-.name\n")
        try s.write("data.csv", "name\n" + (0..<200_000).map { "row \($0)\n" }.joined())
        let pid = try ChildProcess.start(
            [CellKitProcess.executable, "render", "doc.cellkit#S", "-o", "out.txt", "--format", "plain"],
            directory: s.directory,
            environment: ["HOME": s.directory, "PATH": "/usr/bin:/bin", "TMPDIR": s.path("tmp")],
            error: .null, defaultSignals: [SIGTERM])
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while !s.list().contains(where: { $0.hasPrefix(".out.txt.tmp-") }) && clock.now < deadline {
            usleep(10_000)
        }
        #expect(s.list().contains { $0.hasPrefix(".out.txt.tmp-") }, "the render never started writing")
        #expect(try listDirectory(s.path("tmp")).count == 1, "the sorted rows' folder")
        kill(pid, SIGTERM)
        let status = ChildProcess.wait(pid)
        #expect(status == 128 + SIGTERM, "ended with status \(status)")
        #expect(try listDirectory(s.path("tmp")) == [], "left behind")
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ character: Character) -> Substring {
        var text = self
        while text.last == character { text.removeLast() }
        return text
    }
}

/// `sort=` and `where=` of an SQLite table or query are its `ORDER BY` and
/// `WHERE` (values bound as parameters): the same rows, in the same order,
/// as the CSV export's sorted and filtered by cellkit.
@Suite(.enabled(if: SQLiteDatabase.isAvailable, "libsqlite3.so.0 is not installed"))
struct SQLiteSortFilterTests {
    static let selections = [
        "sort=-.value",
        "sort=[.status, -.hits, .id]",
        "sort=.name",
        #"where='.status == "fail" and .value > 2.5'"#,
        #"where='.name contains "🔐" or .hits == null' sort=[-.id]"#,
        #"where='not (.status == "ok" or .hits < 500)' sort=[.hits, .id]"#,
        #"where='.name contains "\"fast\""'"#,
        #"where=".name == \"x' OR '1'='1\"""#,
    ]

    @Test func theDatabaseGivesTheRowsItsCSVExportGives() throws {
        let scratch = try Scratch()
        let (sql, csv) = SQLiteSourceTests.services(600)
        try SQLiteDatabase.create(at: scratch.path("app.db"), sql)
        try scratch.write("app.csv", csv)
        for selection in Self.selections {
            var outputs: [String] = []
            for file in [
                "\"app.csv\"", "\"app.db\" table=services",
                "\"app.db\" query=\"SELECT id, name, value, status, hits FROM services\"",
            ] {
                try scratch.write(
                    "t.cellkit",
                    SQLiteSourceTests.table.replacing("\"FILE\"", with: file).replacing(
                        "divider=light", with: "divider=light " + selection))
                let result = try scratch.cellkit(["run", "t.cellkit", "--jobs", "2"])
                #expect(result.status == 0, "\(selection) \(file): \(result.standardError)")
                outputs.append(result.standardOutput)
            }
            #expect(outputs[1] == outputs[0], "\(selection): table")
            #expect(outputs[2] == outputs[0], "\(selection): query")
            #expect(outputs[0].split(separator: "\n").count > (selection.contains("1'='1") ? 2 : 10), "\(selection)")
        }
    }

    @Test func aColumnTheTableLacksIsAnErrorAtItsPlaceAndSaveKeepsBoth() throws {
        let scratch = try Scratch()
        try SQLiteDatabase.create(at: scratch.path("app.db"), SQLiteSourceTests.services(20).sql)
        try scratch.write(
            "t.cellkit",
            """
            load BasicCells
            screen S width=30
            rows TextCell from app.db table=services text=.name sort=[.status, -.id] where='.hits > 100'
            save "saved.cellkit"
            rows TextCell from app.db table=services text=.name where='.stauts == "ok"'

            """)
        let result = try scratch.cellkit(["run", "t.cellkit"])
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                """
                t.cellkit:5:60: error: app.db: table services has no column 'stauts'
                  rows TextCell from app.db table=services text=.name where='.stauts == "ok"'
                                                                             ^~~~~~~
                  did you mean 'status'?
                """), "\(result.standardError)")
        let saved = try #require(scratch.read("saved.cellkit"))
        #expect(saved.contains("sort=[.status, -.id] where=\".hits > 100\""), "\(saved)")
        let again = try scratch.cellkit(["render", "saved.cellkit#S"])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.split(separator: "\n").count > 5)
    }
}
