import CellKitSupport
import Glibc
import Testing

/// `show` in a pseudo-terminal: the scroll view on the alternate screen, its
/// status line, its keys, resizes, and the terminal given back.
@Suite(.serialized) struct REPLShowTests {
    typealias Keys = PTYSession

    /// A session with a screen `Long` of 500 rows `item 0` … `item 499`, at the prompt.
    func sessionWithLongScreen(columns: Int = 100, rows: Int = 30) throws -> PTYSession {
        let home = try PTYSession.makeHome()
        var text = "name\n"
        for i in 0..<500 { text += "item \(i)\n" }
        try atomicWrite(home + "/long.csv", text)
        let repl = try PTYSession.start(home: home, ownsHome: true, columns: columns, rows: rows)
        try repl.type("screen Long")
        try repl.type("rows TextCell from \"\(home)/long.csv\" text=.name")
        try repl.waitForPrompt()
        return repl
    }

    @Test func showScrollsAndQuitGivesTheTerminalBack() throws {
        let repl = try sessionWithLongScreen()
        try repl.type("show")
        try repl.wait(for: "the view and its status line") {
            $0.isAlternateScreen && !$0.cursorVisible && $0.line(29).hasPrefix(" Long · rows 1–29 of 500 · top")
        }
        #expect(repl.screen.line(0) == "item 0")
        #expect(repl.screen.line(28) == "item 28")
        #expect(repl.screen.line(29).hasSuffix("q quits"))

        try repl.send(Keys.pageDown)
        try repl.wait(for: "a page down") { $0.line(29).hasPrefix(" Long · rows 29–57 of 500") }
        #expect(repl.screen.line(0) == "item 28")
        try repl.send(Keys.down, "j")
        try repl.wait(for: "two lines down") { $0.line(29).hasPrefix(" Long · rows 31–59 of 500") }
        try repl.send(Keys.up)
        try repl.wait(for: "a line up") { $0.line(0) == "item 29" }
        try repl.send("G")
        try repl.wait(for: "the end") { $0.line(29).hasPrefix(" Long · rows 472–500 of 500 · end") }
        #expect(repl.screen.line(28) == "item 499")
        try repl.send(Keys.home)
        try repl.wait(for: "the top") { $0.line(29).hasPrefix(" Long · rows 1–29 of 500 · top") }

        try repl.send("q")
        try repl.waitForPrompt()
        #expect(repl.screen.cursorVisible)
        // The normal screen is back as it was: the command that opened the view is there.
        #expect(repl.screen.lines.contains("cellkit> show"))
        try repl.type("screens")
        try repl.wait(for: "the next command's output") { $0.lines.contains { $0.hasPrefix("*  Long") } }
    }

    @Test func showFollowsAResizeWithoutAKey() throws {
        let repl = try sessionWithLongScreen()
        try repl.type("show")
        try repl.wait(for: "the view") { $0.line(29).hasPrefix(" Long · rows 1–29 of 500") }
        repl.resize(columns: 60, rows: 12)
        try repl.wait(for: "the view redrawn at 60×12") {
            $0.line(11).hasPrefix(" Long · rows 1–11 of 500 · top") && $0.line(11).hasSuffix("q quits")
                && $0.line(11).count == 59
        }
        repl.resize(columns: 100, rows: 40)
        try repl.wait(for: "the view redrawn at 100×40") { $0.line(39).hasPrefix(" Long · rows 1–39 of 500") }
        try repl.send(Keys.escape)
        try repl.waitForPrompt()
        #expect(repl.screen.cursorVisible)
    }

    @Test func aSignalDuringShowRestoresTheTerminal() throws {
        let repl = try sessionWithLongScreen()
        try repl.type("show")
        try repl.wait(for: "the view") { $0.isAlternateScreen && $0.line(29).contains("rows 1–29 of 500") }
        #expect(!repl.isTerminalCooked)
        repl.signal(SIGTERM)
        #expect(try repl.waitForExit() == 128 + SIGTERM)
        #expect(!repl.screen.isAlternateScreen)
        #expect(repl.screen.cursorVisible)
        #expect(repl.isTerminalCooked)
    }
}
