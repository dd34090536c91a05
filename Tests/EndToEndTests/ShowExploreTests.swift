import CellKitSupport
import Glibc
import TestSupport
import Testing

/// `show`'s keys for exploring a screen, in a pseudo-terminal read through a
/// terminal emulator (``PTYScreen``), at several window sizes: `/` and `?`
/// search and `n`/`N` step, `:N` jumps, the section's header and its header
/// row stay on the top lines, a screen wider than the window scrolls
/// sideways, Ctrl-C stops a long search, `q` leaves.
@Suite(.serialized) struct ShowExploreTests {
    typealias Keys = PTYSession

    /// `cellkit` at the prompt in a `columns` × `rows` terminal, with a
    /// screen `Builds` (`width` columns if given): a bordered list, a section
    /// "Builds", a header row, and `count` rows `ID │ Build #ID │ ok`.
    func session(count: Int, width: Int? = nil, columns: Int, rows: Int) throws -> PTYSession {
        let home = try PTYSession.makeHome()
        var text = "id,name,status\n"
        for i in 1...count { text += "\(i),Build #\(i),\(i % 7 == 0 ? "failed" : "ok")\n" }
        try atomicWrite(home + "/builds.csv", text)
        let repl = try PTYSession.start(home: home, ownsHome: true, columns: columns, rows: rows)
        try repl.type("load ChartCells")
        try repl.type("screen Builds border=heavy" + (width.map { " width=\($0)" } ?? ""))
        try repl.type("section \"Builds\"")
        let columns = "widths=8,*,8 align=right,left,left divider=light"
        try repl.type("row ColumnsCell values=[ID, Name, Status] \(columns) header=true")
        try repl.type("rows ColumnsCell from \"\(home)/builds.csv\" values=[.id, .name, .status] \(columns)")
        try repl.waitForPrompt()
        return repl
    }

    /// `cellkit` in `home` showing the table `builds` of the SQLite database
    /// at `path` (its `id` and `name`) in a 100 × 30 window, its first rows drawn.
    func showBuilds(_ path: String, home: String, environment: [String: String] = [:]) throws -> PTYSession {
        let repl = try PTYSession.start(home: home, ownsHome: true, environment: environment)
        try repl.type("load ChartCells")
        try repl.type("screen Builds")
        try repl.type("rows ColumnsCell from \"\(path)\" table=builds values=[.id, .name] widths=8,*")
        try repl.type("show")
        try repl.wait(for: "the first rows") { self.status($0).hasPrefix(" Builds · rows 1–29 of ") }
        return repl
    }

    /// The status line: the last row of the window.
    func status(_ screen: PTYScreen) -> String { screen.line(screen.rows - 1) }

    @Test(arguments: [(100, 30), (60, 12), (140, 45)])
    func searchStepJumpAndTheLinesThatStayOnTop(columns: Int, rows: Int) throws {
        let repl = try session(count: 5000, columns: columns, rows: rows)
        try repl.type("show")
        try repl.wait(for: "the view") { $0.isAlternateScreen && self.status($0).hasPrefix(" Builds · rows 1–") }

        // Typing after `/`: the letters are text (d, u and the space would move the view).
        try repl.send("/", "Build #4321 du")
        try repl.wait(for: "the typed line") { self.status($0).hasPrefix("/Build #4321 du") }
        #expect(repl.screen.line(1).contains("Builds"))
        try repl.send(String(repeating: "\u{7F}", count: 3), Keys.enter)
        // Found: under the section's header and the header row, which stay on top.
        try repl.wait(for: "the match") { self.status($0).hasPrefix(" Builds · rows 4322–") }
        #expect(repl.screen.line(0).hasPrefix("┃ Builds"))
        #expect(repl.screen.line(1).hasPrefix("┃       ID │ Name"))
        #expect(repl.screen.line(3).hasPrefix("┃     4321 │ Build #4321 "))
        #expect(status(repl.screen).hasSuffix("/Build #4321"))

        // The only match: `n` goes around the end back to it, and says so.
        try repl.send("n")
        try repl.wait(for: "the note") { self.status($0).hasSuffix("/Build #4321 · wrapped around to the top") }
        #expect(repl.screen.line(3).hasPrefix("┃     4321 │ Build #4321 "))

        // Backward: the last "Build #12…" above.
        try repl.send("?", "Build #12", Keys.enter)
        try repl.wait(for: "the match above") { self.status($0).hasPrefix(" Builds · rows 1300–") }
        #expect(repl.screen.line(3).hasPrefix("┃     1299 │ Build #1299 "))
        try repl.send("n")
        try repl.wait(for: "the one before") { self.status($0).hasPrefix(" Builds · rows 1299–") }
        try repl.send("N")
        try repl.wait(for: "the one after") { self.status($0).hasPrefix(" Builds · rows 1300–") }

        try repl.send("/", "no such build", Keys.enter)
        try repl.wait(for: "not found") { self.status($0).hasSuffix("/no such build: not found") }
        #expect(status(repl.screen).hasPrefix(" Builds · rows 1300–"))

        // `:N`: row N of the status line's count (the header row is row 1).
        try repl.send(":", "2500", Keys.enter)
        try repl.wait(for: "row 2500") { self.status($0).hasPrefix(" Builds · rows 2500–") }
        #expect(repl.screen.line(3).hasPrefix("┃     2499 │ Build #2499 "))

        // The end: the header and the header row are still on the top lines.
        try repl.send("G")
        try repl.wait(for: "the end") { self.status($0).contains("of 5001 · end") }
        #expect(repl.screen.line(0).hasPrefix("┃ Builds"))
        #expect(repl.screen.line(1).hasPrefix("┃       ID │ Name"))
        #expect(repl.screen.line(rows - 3).hasPrefix("┃     5000 │ Build #5000 "))

        try repl.send("q")
        try repl.waitForPrompt()
        #expect(repl.screen.cursorVisible)
    }

    @Test(arguments: [(100, 30), (80, 20)])
    func aWideScreenScrollsSidewaysAndKeepsItsPlaceOnAResize(columns: Int, rows: Int) throws {
        let repl = try session(count: 300, width: 220, columns: columns, rows: rows)
        try repl.type("show")
        try repl.wait(for: "the view") { self.status($0).contains("columns 1–\(columns) of 220") }
        // The left edge of the border, not the right.
        #expect(repl.screen.line(0).hasPrefix("┏━━") && !repl.screen.line(0).hasSuffix("┓"))
        try repl.send(Keys.right)
        let quarter = columns / 4
        try repl.wait(for: "a quarter to the right") {
            self.status($0).contains("columns \(quarter + 1)–\(quarter + columns) of 220")
        }
        try repl.send("$")
        try repl.wait(for: "the right edge") { self.status($0).contains("columns \(221 - columns)–220 of 220") }
        #expect(repl.screen.line(0).hasSuffix("━┓"))
        #expect(repl.screen.line(2).contains("│ Status") && repl.screen.line(2).hasSuffix("┃"))
        try repl.send(Keys.left)
        try repl.wait(for: "a quarter back") {
            self.status($0).contains("columns \(221 - columns - quarter)–\(220 - quarter) of 220")
        }
        try repl.send("0")
        try repl.wait(for: "the left edge") { self.status($0).contains("columns 1–\(columns) of 220") }
        // At the right edge, a wider window keeps the right edge in view.
        try repl.send("$")
        try repl.wait(for: "the right edge") { self.status($0).contains("columns \(221 - columns)–220 of 220") }
        repl.resize(columns: columns + 20, rows: rows)
        try repl.wait(for: "the resized view") { self.status($0).contains("columns \(201 - columns)–220 of 220") }
        #expect(repl.screen.line(0).hasSuffix("━┓"))
        try repl.send("q")
        try repl.waitForPrompt()
    }

    @Test func ctrlCStopsALongSearchAndTheViewGoesOn() throws {
        let repl = try session(count: 200_000, columns: 100, rows: 30)
        try repl.type("show")
        try repl.wait(for: "the view") { self.status($0).hasPrefix(" Builds · rows 1–") }
        try repl.send("/", "no such build", Keys.enter)
        try repl.wait(for: "the search going on") {
            self.status($0).contains("searching for no such build… Ctrl-C stops")
        }
        try repl.send(Keys.control("c"))
        try repl.wait(for: "the search stopped") { self.status($0).hasSuffix("/no such build: search stopped") }
        #expect(status(repl.screen).hasPrefix(" Builds · rows 1–"))
        try repl.send("j")
        try repl.wait(for: "a line down") { $0.line(0).hasPrefix("┃ Builds") }
        try repl.send("q")
        try repl.waitForPrompt()
    }

    /// Two workers share a search of 30,000 rows (three chunks of the file,
    /// several blocks each), each drawing the rows of every other chunk of
    /// each block. Forward, a block's match is its first one though the
    /// worker of a later chunk answers first (row 11,000 of the first chunk
    /// and a row just past the second chunk's start, in one block; then rows
    /// 21,000 and 22,500); backward, `n` goes up through every match and
    /// around the end.
    @Test func aSearchSharedByTwoWorkersFindsTheMatchesInOrderBothWays() throws {
        let home = try PTYSession.makeHome()
        let filler = String(repeating: "x", count: 60)
        func line(_ i: Int, name: String) -> String { "\(i),\(name),ok,\(filler)\n" }
        // The second chunk starts at the first record after its first MiB; its worker meets a match 300 rows on.
        var bytes = "id,name,status,note\n".utf8.count
        var second = 1
        while bytes < 1 << 20 {
            bytes += line(second, name: "Build #\(second)").utf8.count
            second += 1
        }
        let needles = [11_000, second + 300, 21_000, 22_500, 28_000]
        var text = "id,name,status,note\n"
        for i in 1...30_000 { text += line(i, name: needles.contains(i) ? "Needle" : "Build #\(i)") }
        try atomicWrite(home + "/builds.csv", text)
        let repl = try PTYSession.start(home: home, ownsHome: true, environment: ["CELLKIT_JOBS": "2"])
        try repl.type("load ChartCells")
        try repl.type("screen Builds border=heavy")
        try repl.type("section \"Builds\"")
        let columns = "widths=8,*,8 align=right,left,left divider=light"
        try repl.type("row ColumnsCell values=[ID, Name, Status] \(columns) header=true")
        try repl.type("rows ColumnsCell from \"\(home)/builds.csv\" values=[.id, .name, .status] \(columns)")
        try repl.type("show")
        try repl.wait(for: "the view") { self.status($0).hasPrefix(" Builds · rows 1–") }
        try repl.send("/", "Needle", Keys.enter)
        for (step, row) in needles.dropLast().enumerated() {
            // Every other `n` after a pause, as a person reads the match: the workers look for the
            // next one meanwhile, and `n` takes what they found (ScrollView's search ahead).
            if step > 0 && step % 2 == 0 { usleep(300_000) }
            if step > 0 { try repl.send("n") }
            // The status line and the rows of a frame may reach the terminal in either order: wait for both.
            try repl.wait(for: "match \(step + 1), row \(row), under the header") {
                self.status($0).hasPrefix(" Builds · rows \(row + 1)–") && self.status($0).hasSuffix("/Needle")
                    && $0.line(3).hasPrefix("┃ \(String(repeating: " ", count: 8 - "\(row)".count))\(row) │ Needle ")
            }
        }
        try repl.send("G")
        try repl.wait(for: "the end") { self.status($0).contains("of 30001 · end") }
        // Backward from the end: the matches from the bottom up, then around the end.
        try repl.send("?", "Needle", Keys.enter)
        for (step, row) in (needles.reversed() + [needles[needles.count - 1]]).enumerated() {
            if step > 0 && step % 2 == 1 { usleep(300_000) }
            if step > 0 { try repl.send("n") }
            let said = step == needles.count ? "?Needle · wrapped around to the end" : "?Needle"
            try repl.wait(for: "row \(row), under the header") {
                self.status($0).hasPrefix(" Builds · rows \(row + 1)–") && self.status($0).hasSuffix(said)
                    && $0.line(3).hasPrefix("┃ \(String(repeating: " ", count: 8 - "\(row)".count))\(row) │ Needle ")
            }
        }
        try repl.send("q")
        try repl.waitForPrompt()
    }

    /// `show` of a large table draws its first rows without counting the
    /// table first (a count of ten million rows takes a fifth of a second):
    /// a table whose largest rowid stands for two million rows, with a page
    /// damaged three quarters of the way down (past the batches read ahead),
    /// opens on its first rows, though a count, which reads every page, fails.
    @Test(.enabled(if: SQLiteDatabase.isAvailable, "libsqlite3.so.0 is not installed"))
    func aLargeTableOpensOnItsFirstRowsWithoutACount() throws {
        let home = try PTYSession.makeHome()
        let path = home + "/builds.db"
        var sql = "PRAGMA page_size=4096;\nCREATE TABLE builds(id INTEGER PRIMARY KEY, name TEXT);\nBEGIN;\n"
        let note = String(repeating: "-", count: 40)
        for i in 1...20_000 { sql += "INSERT INTO builds VALUES(\(i), 'Build #\(i) \(note)');\n" }
        sql += "INSERT INTO builds VALUES(2000000, 'the last');\nCOMMIT;\n"
        try SQLiteDatabase.create(at: path, sql)
        // A leaf page of the table's rows three quarters of the way down the file, its header zeroed.
        let fd = open(path, O_RDWR)
        try #require(fd >= 0)
        defer { close(fd) }
        let page = off_t(lseek(fd, 0, SEEK_END) / 4096 * 3 / 4) * 4096
        var type: UInt8 = 0
        try #require(pread(fd, &type, 1, page) == 1 && type == 0x0D, "page \(page / 4096 + 1) is a table leaf")
        let zeros = [UInt8](repeating: 0, count: 8)
        try #require(pwrite(fd, zeros, zeros.count, page) == zeros.count)

        let repl = try showBuilds(path, home: home)
        #expect(repl.screen.line(0).hasPrefix("1         Build #1 -"))
        #expect(repl.screen.line(28).hasPrefix("29        Build #29 -"))
        try repl.send("q")
        try repl.waitForPrompt()
    }

    /// A table whose rows SQLite's largest rowid overstates (a third were
    /// deleted): `show` opens on the estimate, and a jump and a search wait
    /// for the count, shared by two workers.
    @Test(.enabled(if: SQLiteDatabase.isAvailable, "libsqlite3.so.0 is not installed"))
    func aJumpAndASearchWaitForARowCountThatWasEstimated() throws {
        let home = try PTYSession.makeHome()
        var sql = "CREATE TABLE builds(id INTEGER PRIMARY KEY, name TEXT);\nBEGIN;\n"
        for i in 1...3000 { sql += "INSERT INTO builds VALUES(\(i), 'Build #\(i)');\n" }
        sql += "DELETE FROM builds WHERE id % 3 = 0;\nCOMMIT;\n"
        try SQLiteDatabase.create(at: home + "/builds.db", sql)
        let repl = try showBuilds(home + "/builds.db", home: home, environment: ["CELLKIT_JOBS": "2"])
        try repl.send(":", "2500", Keys.enter)
        // 2,000 rows: the last one, and the count the status line says.
        try repl.wait(for: "the last row") { self.status($0).hasSuffix(":2500: the last row is 2000") }
        #expect(status(repl.screen).hasPrefix(" Builds · rows 1972–2000 of 2000 · end"))
        try repl.send("/", "Build #1000", Keys.enter)
        try repl.wait(for: "the match") { self.status($0).hasSuffix("/Build #1000 · wrapped around to the top") }
        // Build #1000 is the 667th row left (every third was deleted).
        #expect(status(repl.screen).hasPrefix(" Builds · rows 667–695 of 2000"))
        #expect(repl.screen.line(0).hasPrefix("1000      Build #1000"))
        try repl.send("q")
        try repl.waitForPrompt()
    }
}
