import CellKitSupport
import Glibc
import Testing

/// The REPL as a person uses it: the built `cellkit` in a pseudo-terminal,
/// keys typed, the screen read back. Serialized: each test drives a live
/// process, and two loaded cores are better spent on one at a time.
@Suite(.serialized) struct REPLTests {
    typealias Keys = PTYSession

    @Test func startsWithABannerAndAPrompt() throws {
        let repl = try PTYSession.start()
        try repl.waitForPrompt()
        #expect(
            repl.screen.line(0).hasPrefix(
                "CellKit 2.1.0 · 4 plugins on the path (type help, Tab completes, Ctrl-D leaves)"))
        #expect(repl.screen.bracketedPaste)
    }

    @Test func anEditedLineRunsAsEdited() throws {
        let repl = try PTYSession.start()
        try repl.waitForPrompt()
        try repl.send("TxtCell descrbe")
        // Home, one right, insert: "TextCell descrbe".
        try repl.send(Keys.home, Keys.right, "e")
        // Kill the first word (Alt-D) and the blank after it (Delete): "descrbe".
        try repl.send(Keys.home, Keys.alt("d"), Keys.delete)
        // Yank it back at the end: "descrbe TextCell".
        try repl.send(Keys.end, " ", Keys.control("y"))
        // Two words back, one forward, two left: between "descr" and "be".
        try repl.send(Keys.alt("b"), Keys.alt("b"), Keys.alt("f"), Keys.left, Keys.left, "i")
        try repl.wait(for: "the edited line") { $0.cursorLine == "cellkit> describe TextCell" && $0.cursorColumn == 15 }
        try repl.send(Keys.enter)
        try repl.waitFor("BasicCells.TextCell   cell")
        try repl.waitForPrompt()
    }

    @Test func historyIsKeptAcrossSessions() throws {
        let home = try PTYSession.makeHome()
        defer { PTYSession.removeHome(home) }
        do {
            let first = try PTYSession.start(home: home)
            try first.type("screen Remembered")
            try first.waitForPrompt()
            try first.send(Keys.control("d"))
            #expect(try first.waitForExit() == 0)
            #expect(first.isTerminalCooked)
            #expect(!first.screen.bracketedPaste)
        }
        let saved = try readTextFile(home + "/state/cellkit/history")
        #expect(saved.split(separator: "\n").last == "screen Remembered")

        let second = try PTYSession.start(home: home)
        try second.waitForPrompt()
        try second.send(Keys.up)
        try second.wait(for: "the previous session's command") { $0.cursorLine == "cellkit> screen Remembered" }
        try second.send(Keys.enter)
        try second.type("screens")
        try second.waitFor("*  Remembered  list")
    }

    @Test func tabCompletesCommandsCellsAndAttributes() throws {
        let repl = try PTYSession.start()
        try repl.waitForPrompt()
        try repl.send("descr", Keys.tab)
        try repl.wait(for: "the command completed") { $0.cursorLine == "cellkit> describe" && $0.cursorColumn == 18 }
        // BasicCells is on the path but not loaded: its cells come from the registry cache.
        try repl.send("TextC", Keys.tab)
        try repl.wait(for: "the cell completed") {
            $0.cursorLine == "cellkit> describe TextCell" && $0.cursorColumn == 27
        }
        try repl.send(Keys.enter)
        try repl.waitFor("BasicCells.TextCell   cell")

        try repl.type("screen Main")
        try repl.waitForPrompt()
        try repl.send("row TextCell te", Keys.tab)
        try repl.wait(for: "the attribute completed, no blank after '='") {
            $0.cursorLine == "cellkit> row TextCell text=" && $0.cursorColumn == 27
        }
        try repl.send("Completed", Keys.enter)
        try repl.type("render")
        try repl.wait(for: "the rendered row") { $0.lines.contains("Completed") }
    }

    /// Attribute values complete too (the cell's own enumeration: `style=b`
    /// → `bold`), from the registry cache before the plugin is loaded; and
    /// after `row`, Tab offers no header/footer views, which `row` refuses.
    @Test func tabCompletesAttributeValuesAndOnlyCellsAfterRow() throws {
        let repl = try PTYSession.start()
        try repl.type("screen Main width=20")
        try repl.waitForPrompt()
        try repl.send("row TextCell style=b", Keys.tab)
        try repl.wait(for: "the value completed") { $0.cursorLine == "cellkit> row TextCell style=bold" }
        try repl.send("wrap=f", Keys.tab)
        try repl.wait(for: "the Bool completed") { $0.cursorLine == "cellkit> row TextCell style=bold wrap=false" }
        let bellsBefore = repl.screen.bells
        try repl.send(Keys.control("u"), "row Section", Keys.tab)
        // SectionHeader and SectionFooter are header/footer views: no match, the bell.
        try repl.wait(for: "the bell") { $0.bells > bellsBefore && $0.cursorLine == "cellkit> row Section" }
        try repl.send(Keys.control("u"), "describe SectionH", Keys.tab)
        try repl.wait(for: "describe takes them") { $0.cursorLine == "cellkit> describe SectionHeader" }
    }

    @Test func tabCompletesFilePaths() throws {
        let home = try PTYSession.makeHome()
        defer { PTYSession.removeHome(home) }
        try createDirectories(home + "/notes")
        try atomicWrite(home + "/report.txt", "")
        let repl = try PTYSession.start(home: home)
        try repl.waitForPrompt()
        try repl.send("open Exam", Keys.tab)
        try repl.wait(for: "the directory completed") { $0.cursorLine == "cellkit> open Examples/" }
        try repl.send("dash", Keys.tab)
        try repl.wait(for: "the file completed") { $0.cursorLine == "cellkit> open Examples/dashboard.cellkit" }
        try repl.send(Keys.control("u"), "open ~/", Keys.tab, Keys.tab)
        // The listing shows names without the directory they share.
        try repl.wait(for: "the home directory listed") {
            $0.lines.contains { $0.hasPrefix("notes/ ") && $0.hasSuffix(" report.txt") }
        }
        #expect(repl.screen.lines.contains("cellkit> open ~/"))
        try repl.send("n", Keys.tab)
        try repl.wait(for: "the directory in the home directory") { $0.cursorLine == "cellkit> open ~/notes/" }
    }

    /// Issue 33, item 18: Tab completes a path inside an open quote, the
    /// folder left open, the file closed and followed by a space.
    @Test func tabCompletesAPathInsideQuotes() throws {
        let repl = try PTYSession.start()
        try repl.waitForPrompt()
        try repl.send("open \"Exam", Keys.tab)
        try repl.wait(for: "the directory completed") { $0.cursorLine == "cellkit> open \"Examples/" }
        try repl.send("dash", Keys.tab)
        try repl.wait(for: "the file completed, a space after it") {
            $0.cursorLine == "cellkit> open \"Examples/dashboard.cellkit\"" && $0.cursorColumn == 43
        }
    }

    @Test func anErrorIsReportedAndTheNextCommandWorks() throws {
        let repl = try PTYSession.start()
        try repl.type("rwo TextCell")
        try repl.waitFor("<prompt 1>:1:1: error: unknown command 'rwo'")
        try repl.waitForPrompt()
        #expect(repl.screen.lines.contains("  rwo TextCell"))
        #expect(repl.screen.lines.contains("  ^~~"))
        #expect(repl.screen.lines.contains("  did you mean 'row'?"))

        try repl.type("screen Main")
        try repl.type("row TextCell nmae=Ada")
        // The third command typed; the column points at the attribute.
        try repl.waitFor("<prompt 3>:1:14: error: TextCell has no attribute 'nmae'")
        try repl.wait(for: "the caret under the attribute") { $0.lines.contains("               ^~~~") }
        try repl.type("row TextCell text=Ada")
        try repl.type("render")
        try repl.wait(for: "the good command's row") { $0.lines.contains("Ada") }
        try repl.waitForPrompt()
    }

    @Test func ctrlCCancelsTheLineAndCtrlDLeaves() throws {
        let repl = try PTYSession.start()
        try repl.waitForPrompt()
        try repl.send("screen Cancelled", Keys.control("c"))
        try repl.waitFor("cellkit> screen Cancelled^C")
        try repl.type("screens")
        try repl.waitFor("no screens yet")
        try repl.waitForPrompt()
        try repl.send(Keys.control("d"))
        #expect(try repl.waitForExit() == 0)
        #expect(repl.isTerminalCooked)
        // A session that ended normally leaves no journal to recover.
        #expect((try? listDirectory(repl.stateDirectory + "/sessions")) ?? [] == [])
    }

    @Test func ctrlCStopsALongRenderAndTheSessionGoesOn() throws {
        let home = try PTYSession.makeHome()
        defer { PTYSession.removeHome(home) }
        try writeRows(50_000, to: home + "/many.csv")
        // One worker: with two, the 50,000 rows fit in their queues (8 MiB each) and the render
        // could be written whole before the Ctrl-C lands. ParallelRenderTests.ctrlCEndsEveryWorker
        // interrupts several workers.
        let repl = try PTYSession.start(home: home, environment: ["CELLKIT_JOBS": "1"])
        // Where the Ctrl-C lands decides the words: while the session writes (`error: interrupted`),
        // or while the worker still draws (`error: plugin BasicCells was interrupted while drawing
        // row N …`, or `… while configuring row N …` when it lands between a row's configure and its
        // draw, as on a slow machine or under AddressSanitizer). Each ends the render.
        try repl.type("screen Many")
        try repl.type("rows TextCell from \"\(home)/many.csv\" text=.name")
        try repl.waitForPrompt()
        try repl.type("render")
        // The render is writing (the terminal is back in its normal mode, so
        // Ctrl-C is a signal), and blocks while this test does not read.
        try repl.wait(for: "the render under way") { $0.history.contains("item 3") }
        try repl.send(Keys.control("c"))
        try repl.wait(for: "the render interrupted") {
            $0.history.contains("error: interrupted") || $0.history.contains("was interrupted while drawing row")
                || $0.history.contains("was interrupted while configuring row")
        }
        try repl.waitForPrompt()
        #expect(!repl.screen.history.contains("item 49999"))
        try repl.type("screens")
        try repl.wait(for: "the screen with every row") {
            $0.lines.contains { $0.hasPrefix("*  Many") && $0.contains("50000") }
        }
    }

    /// A CSV file with a `name` column: `item 0`, `item 1`, …
    func writeRows(_ count: Int, to path: String) throws {
        var text = "name\n"
        for i in 0..<count { text += "item \(i)\n" }
        try atomicWrite(path, text)
    }
}
