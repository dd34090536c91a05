import CellKitSupport
import Glibc
import TestSupport
import Testing

/// `rows … from "app.db" table=… | query=…`: the SQLite data source that
/// ships with cellkit as a plugin (Plugins/SQLite), run as users run it, on
/// databases written through the system's libsqlite3.
@Suite(.enabled(if: SQLiteDatabase.isAvailable, "libsqlite3.so.0 is not installed"))
struct SQLiteSourceTests {
    /// A table of `count` rows of every kind of value a CSV export writes:
    /// CJK, emoji, commas, quotes, nulls, whole and fractional reals.
    static func services(_ count: Int) -> (sql: String, csv: String) {
        let names = ["Gateway 網關", "Auth 🔐", "Search, \"fast\"", "Storage 저장소", "👩‍💻 Builds", "Queue"]
        let statuses = ["ok", "warn", "fail"]
        var sql = "CREATE TABLE services(id INTEGER PRIMARY KEY, name TEXT, value REAL, status TEXT, hits INTEGER);\n"
        var csv = "id,name,value,status,hits\n"
        sql += "BEGIN;\n"
        for i in 1...count {
            let name = names[i % names.count] + " \(i)"
            let value = i % 7 == 0 ? 3.0 : Double(i) * 1.25 - 2420.81
            let hits: Int? = i % 5 == 0 ? nil : i * 37
            let status = statuses[i % 3]
            sql +=
                "INSERT INTO services VALUES(\(i), '\(name.replacing("'", with: "''"))', \(value), '\(status)', "
                + "\(hits.map(String.init) ?? "NULL"));\n"
            let quoted =
                name.contains(",") || name.contains("\"") ? "\"" + name.replacing("\"", with: "\"\"") + "\"" : name
            csv += "\(i),\(quoted),\(value),\(status),\(hits.map(String.init) ?? "")\n"
        }
        return (sql + "COMMIT;\n", csv)
    }

    static let table = """
        load ChartCells
        screen Services list width=100 border=heavy
        row ColumnsCell values=["ID", "Name", "Value", "Status", "Hits"] widths=6,*,14,8,8 header=true
        rows ColumnsCell from "FILE" values=[.id, .name, .value, .status, .hits] widths=6,*,14,8,8 divider=light
        render

        """

    @Test func aTableDrawsExactlyWhatItsCSVExportDraws() throws {
        let scratch = try Scratch()
        let (sql, csv) = Self.services(5000)
        try SQLiteDatabase.create(at: scratch.path("app.db"), sql)
        try scratch.write("app.csv", csv)
        try scratch.write("db.cellkit", Self.table.replacing("\"FILE\"", with: "\"app.db\" table=services"))
        try scratch.write("csv.cellkit", Self.table.replacing("\"FILE\"", with: "\"app.csv\""))
        let fromCSV = try scratch.cellkit(["run", "csv.cellkit", "--jobs", "1"])
        #expect(fromCSV.status == 0, "\(fromCSV.standardError)")
        #expect(fromCSV.standardOutput.split(separator: "\n").count > 5000)
        try scratch.write(
            "query.cellkit",
            Self.table.replacing(
                "\"FILE\"", with: "\"app.db\" query=\"SELECT id, name, value, status, hits FROM services ORDER BY id\"")
        )
        for (script, jobs) in [("db.cellkit", "1"), ("db.cellkit", "2"), ("query.cellkit", "2")] {
            let fromDatabase = try scratch.cellkit(["run", script, "--jobs", jobs])
            #expect(fromDatabase.status == 0, "\(fromDatabase.standardError)")
            #expect(fromDatabase.standardOutput == fromCSV.standardOutput, "\(script) --jobs \(jobs)")
        }
    }

    /// Rows deleted leave gaps in the rowids: a worker that starts mid-table
    /// finds its first record by walking them, and draws what the export holds.
    @Test func aTableWithGapsInItsRowidsDrawsItsExportWithTwoWorkers() throws {
        let scratch = try Scratch()
        let (sql, csv) = Self.services(6000)
        try SQLiteDatabase.create(at: scratch.path("gaps.db"), sql + "DELETE FROM services WHERE id % 7 = 3;")
        let kept = csv.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter { index, _ in
            index == 0 || index % 7 != 3
        }.map(\.element).joined(separator: "\n")
        try scratch.write("gaps.csv", kept)
        try scratch.write("db.cellkit", Self.table.replacing("\"FILE\"", with: "\"gaps.db\" table=services"))
        try scratch.write("csv.cellkit", Self.table.replacing("\"FILE\"", with: "\"gaps.csv\""))
        let fromCSV = try scratch.cellkit(["run", "csv.cellkit", "--jobs", "1"])
        let fromDatabase = try scratch.cellkit(["run", "db.cellkit", "--jobs", "2"])
        #expect(fromDatabase.status == 0, "\(fromDatabase.standardError)")
        #expect(fromCSV.standardOutput.split(separator: "\n").count > 5000)
        #expect(fromDatabase.standardOutput == fromCSV.standardOutput)
    }

    @Test func aQueryDrawsOnlyTheRowsItSelects() throws {
        let scratch = try Scratch()
        try SQLiteDatabase.create(at: scratch.path("app.db"), Self.services(300).sql)
        try scratch.write(
            "q.cellkit",
            """
            load BasicCells
            screen S list width=40
            rows TextCell from "app.db" query="SELECT id, status FROM services WHERE status = 'fail' AND id < 20 ORDER BY id DESC" text="{.id} {.status}"
            render

            """)
        let result = try scratch.cellkit(["run", "q.cellkit"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "17 fail\n14 fail\n11 fail\n8 fail\n5 fail\n2 fail\n")
    }

    @Test func typedValuesDrawAsTheirTextAndAsNumbers() throws {
        let scratch = try Scratch()
        try SQLiteDatabase.create(
            at: scratch.path("n.sqlite"),
            "CREATE TABLE t(n INTEGER, x REAL, label TEXT); INSERT INTO t VALUES(2, 0.5, 'disk'), (NULL, 3.0, 'cpu');")
        try scratch.write(
            "n.cellkit",
            """
            load BasicCells
            screen S list width=30
            rows TextCell from "n.sqlite" table=t text="{.n}|{.x}"
            rows ProgressCell from "n.sqlite" table=t label=.label value=.x labelWidth=5
            render

            """)
        let result = try scratch.cellkit(["run", "n.cellkit"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(2) == ["2|0.5", "|3.0"])
        #expect(lines[2].hasPrefix("disk") && lines[2].contains("50%"), "\(lines)")
        #expect(lines[3].hasPrefix("cpu") && lines[3].contains("100%"), "\(lines)")
    }

    @Test func statementsThatWouldChangeTheDatabaseAreRefusedAndItIsUnchanged() throws {
        let scratch = try Scratch()
        try SQLiteDatabase.create(at: scratch.path("app.db"), Self.services(50).sql)
        let before = try readFile(scratch.path("app.db"))
        for (query, words) in [
            ("DELETE FROM services", "would change the database"),
            ("UPDATE services SET status = 'x'", "would change the database"),
            ("DROP TABLE services", "would change the database"),
            ("INSERT INTO services(id) VALUES (999)", "would change the database"),
            ("SELECT id FROM services; DELETE FROM services", "holds more than one statement"),
            ("SELECT id FROM services; -- only a comment after", ""),
        ] {
            try scratch.write(
                "w.cellkit",
                "load BasicCells\nscreen S list width=30\nrows TextCell from \"app.db\" query=\"\(query)\" text=.id\n")
            let result = try scratch.cellkit(["run", "w.cellkit"])
            if words.isEmpty {
                #expect(result.status == 0, "\(query): \(result.standardError)")
            } else {
                #expect(result.status == 1, "\(query)")
                #expect(
                    result.standardError.contains("w.cellkit:3:20: error: app.db: query= \(words)"),
                    "\(result.standardError)")
            }
            #expect(try readFile(scratch.path("app.db")) == before, "\(query) changed the database")
        }
        #expect(!scratch.list().contains("app.db-journal") && !scratch.list().contains("app.db-wal"))
    }

    @Test func badDatabasesTablesAndColumnsAreErrorsAtTheirPlace() throws {
        let scratch = try Scratch()
        try SQLiteDatabase.create(at: scratch.path("app.db"), Self.services(5).sql)
        try scratch.write("junk.db", "this is not a database, it is a text file that is long enough\n")
        let cases: [(line: String, status: Int32, expected: String)] = [
            (
                "rows TextCell from \"junk.db\" table=services text=.name", 1,
                "e.cellkit:3:20: error: junk.db: not an SQLite database (file is not a database)"
            ),
            (
                "rows TextCell from \"gone.db\" table=services text=.name", 4,
                "e.cellkit:3:20: error: gone.db: cannot open it: No such file or directory"
            ),
            (
                "rows TextCell from \"app.db\" table=servces text=.name", 1,
                "e.cellkit:3:20: error: app.db: no table named 'servces'\n  rows TextCell from \"app.db\" table=servces text=.name\n                     ^~~~~~~~\n  did you mean 'services'?"
            ),
            (
                "rows TextCell from \"app.db\" table=services text=.nmae", 1,
                "e.cellkit:3:49: error: app.db: table services has no column 'nmae'"
            ),
            (
                "rows TextCell from \"app.db\" text=.name", 1,
                "error: app.db: which rows? an SQLite database is read with table= or query="
            ),
            (
                "rows TextCell from \"app.db\" query=\"SELECT nme FROM services\" text=.name", 1,
                "error: app.db: preparing the statement failed: no such column: nme"
            ),
        ]
        for (line, status, expected) in cases {
            try scratch.write("e.cellkit", "load BasicCells\nscreen S list width=30\n\(line)\nrender\n")
            let result = try scratch.cellkit(["run", "e.cellkit"])
            #expect(result.status == status, "\(line): \(result.standardError)")
            #expect(result.standardError.contains(expected), "\(line):\n\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }
    }

    @Test func aBlobBoundToAnAttributeIsAnErrorNamingItsColumn() throws {
        let scratch = try Scratch()
        try SQLiteDatabase.create(
            at: scratch.path("b.db"), "CREATE TABLE t(name TEXT, photo BLOB); INSERT INTO t VALUES('Ada', x'89504e47');"
        )
        try scratch.write(
            "b.cellkit", "load BasicCells\nscreen S list width=30\nrows TextCell from \"b.db\" table=t text=.photo\n")
        let result = try scratch.cellkit(["run", "b.cellkit"])
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                "b.cellkit:3:40: error: b.db, table t, rowid 1: TextCell.text: photo holds a blob of 4 bytes, which no attribute takes"
            ), "\(result.standardError)")
    }

    @Test func formatSQLiteReadsAFileOfAnyNameAndSaveKeepsTheOptions() throws {
        let scratch = try Scratch()
        try SQLiteDatabase.create(at: scratch.path("data.bin"), Self.services(12).sql)
        try scratch.write(
            "s.cellkit",
            """
            load BasicCells
            screen S list width=40
            rows TextCell from "data.bin" format=sqlite table=services text="{.id}: {.name}"
            rows TextCell from "data.bin" format=sqlite query="SELECT name FROM services WHERE id > 10" text=.name
            save "saved.cellkit"
            render

            """)
        let first = try scratch.cellkit(["run", "s.cellkit"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.split(separator: "\n").count == 14)
        let saved = scratch.read("saved.cellkit") ?? ""
        #expect(saved.contains("format=sqlite table=services"), "\(saved)")
        #expect(saved.contains("format=sqlite query=\"SELECT name FROM services WHERE id > 10\""), "\(saved)")
        let again = try scratch.cellkit(["render", "saved.cellkit"])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput == first.standardOutput)
    }

    @Test func theSourceIsListedWithItsPlugin() throws {
        let result = try CellKitProcess.run(["describe", "sqlite"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("SQLite.sqlite"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("table"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("reads files ending .db, .sqlite, .sqlite3"), "\(result.standardOutput)")
    }
}
