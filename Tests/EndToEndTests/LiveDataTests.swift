import CellKitSupport
import Foundation
import Testing

/// `rows … from FILE watch=true` in a pseudo-terminal: the screen follows its
/// data file in `show` and at the prompt, and a file half written keeps the
/// last good rows with the error in view.
@Suite(.serialized) struct LiveDataTests {
    /// A session whose screen `Live` is bound to `live.csv` with watch=true.
    func liveSession() throws -> PTYSession {
        let home = try PTYSession.makeHome()
        try atomicWrite(home + "/live.csv", "name\nfirst version\n")
        let repl = try PTYSession.start(home: home, ownsHome: true, columns: 80, rows: 20)
        try repl.type("screen Live width=40")
        try repl.type("rows TextCell from \"\(home)/live.csv\" text=.name watch=true")
        try repl.waitForPrompt()
        return repl
    }

    @Test func showRedrawsWhenTheFileChangesAndKeepsTheFrameWhenItIsHalfWritten() throws {
        let repl = try liveSession()
        try repl.type("show")
        try repl.wait(for: "the first version") { $0.isAlternateScreen && $0.line(0) == "first version" }

        // Replaced whole (a rename), as editors and most writers do.
        try atomicWrite(repl.home + "/live.csv", "name\nsecond version\nand a row more\n")
        try repl.wait(for: "the second version") { $0.line(0) == "second version" && $0.line(1) == "and a row more" }

        // Written in place and closed half way: the frame stays, the status line says why.
        try "name\n\"third".write(toFile: repl.home + "/live.csv", atomically: false, encoding: .utf8)
        try repl.wait(for: "the error in the status line") {
            $0.line(19).hasPrefix("⚠ ") && $0.line(19).contains("live.csv:2:1")
        }
        #expect(repl.screen.line(0) == "second version")

        // Finished: the new rows, and the status line is the position again.
        try "name\nthird version\n".write(toFile: repl.home + "/live.csv", atomically: false, encoding: .utf8)
        try repl.wait(for: "the third version") { $0.line(0) == "third version" && !$0.line(19).hasPrefix("⚠") }
        try repl.send("q")
        try repl.waitForPrompt()
        try repl.type("quit")
        #expect(try repl.waitForExit() == 0)
    }

    /// A change keeps the view where it was: scrolled down, on the same rows;
    /// at the end, at the new end (a file that grows is followed).
    @Test func showKeepsItsPlaceAndFollowsTheEnd() throws {
        let home = try PTYSession.makeHome()
        func rows(_ count: Int) -> String { "name\n" + (0..<count).map { "row \($0)\n" }.joined() }
        try atomicWrite(home + "/live.csv", rows(100))
        let repl = try PTYSession.start(home: home, ownsHome: true, columns: 80, rows: 20)
        try repl.type("screen Live width=40")
        try repl.type("rows TextCell from \"\(home)/live.csv\" text=.name watch=true")
        try repl.type("show")
        try repl.wait(for: "the view") { $0.line(0) == "row 0" }
        try repl.send(PTYSession.pageDown)
        try repl.wait(for: "a page down") { $0.line(0) != "row 0" && $0.line(19).contains("of 100") }
        let top = repl.screen.line(0)

        try atomicWrite(home + "/live.csv", rows(110))
        try repl.wait(for: "the same rows, of more") { $0.line(19).contains("of 110") }
        #expect(repl.screen.line(0) == top)

        try repl.send("G")
        try repl.wait(for: "the end") { $0.line(18) == "row 109" }
        try atomicWrite(home + "/live.csv", rows(130))
        try repl.wait(for: "the new end") { $0.line(18) == "row 129" && $0.line(19).contains("of 130") }
        try repl.send("q")
        try repl.waitForPrompt()
        try repl.type("quit")
        #expect(try repl.waitForExit() == 0)
    }

    @Test func atThePromptTheScreenIsDrawnAgainAboveTheLineBeingTyped() throws {
        let repl = try liveSession()
        try repl.type("render")
        try repl.waitFor("first version")
        try repl.waitForPrompt()
        // Something typed but not entered stays on the prompt line.
        try repl.send("scr")
        try atomicWrite(repl.home + "/live.csv", "name\nchanged on disk\n")
        try repl.wait(for: "the screen drawn again") { $0.lines.contains("changed on disk") }
        try repl.wait(for: "the prompt with what was typed") { $0.lines.last { !$0.isEmpty } == "cellkit> scr" }

        try "name\n\"half".write(toFile: repl.home + "/live.csv", atomically: false, encoding: .utf8)
        try repl.waitFor("(the rows are as they were)")
        try repl.send("eens\r")
        try repl.wait(for: "the command typed across the redraws") { $0.lines.contains { $0.hasPrefix("*  Live") } }
        try repl.type("quit")
        #expect(try repl.waitForExit() == 0)
    }
}
