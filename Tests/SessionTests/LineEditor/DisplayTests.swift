@_spi(Host) import CellKit
import Testing

@testable import Session

extension LineEditorTests {
    /// What the user sees: wide characters, long lines, coloured prompts.
    @Suite struct Display {
        @Test func cursorColumnFollowsTheMeasuredWidth() throws {
            // Whatever TerminalWidth says, the editor and the screen agree on it.
            let run = try edit(["漢字😀ab", Keys.left, Keys.left, Keys.left, Keys.enter])
            #expect(run.result == .line("漢字😀ab"))
            let screen = run.screenBeforeLastKey
            #expect(screen.cursorLine == "> 漢字😀ab")
            #expect(screen.cursorColumn == 2 + TerminalWidth.of("漢字"))
        }

        @Test func wideCharactersTakeTwoColumns() throws {
            #expect(TerminalWidth.of("漢") == 2)
            let run = try edit(["漢字ab", Keys.left, Keys.left, Keys.left, "x", Keys.enter])
            #expect(run.result == .line("漢x字ab"))
            let screen = run.screenBeforeLastKey
            #expect(screen.cursorLine == "> 漢x字ab")
            #expect(screen.cursorColumn == 5)
        }

        @Test func wideCharactersScrollWithoutSplitting() throws {
            // 10 columns: prompt 2, one kept free, 7 for text.
            let run = try edit(["漢字漢字漢字", Keys.home, Keys.enter], columns: 10)
            let atEnd = run.screen(waitingForRead: 1)
            #expect(atEnd.cursorLine == "> 字漢字")
            #expect(atEnd.cursorColumn == 8)
            let atStart = run.screenBeforeLastKey
            #expect(atStart.cursorLine == "> 漢字漢")
            #expect(atStart.cursorColumn == 2)
        }

        @Test func cursorOnAWideCharacterAtTheEdgeScrollsItIntoView() throws {
            // 10 columns: 7 for text. "ab漢漢" is 6 wide; the cursor on the third
            // 漢 needs 2 more columns, so the view moves on by one.
            var keys = ["ab漢漢漢", Keys.home]
            keys += Array(repeating: Keys.right, count: 4)
            keys.append(Keys.enter)
            let run = try edit(keys, columns: 10)
            let home = run.screen(waitingForRead: 2)
            #expect(home.cursorLine == "> ab漢漢")
            let screen = run.screenBeforeLastKey
            #expect(screen.cursorLine == "> b漢漢漢")
            #expect(screen.cursorColumn == 7)
        }

        @Test func longLineScrollsHorizontally() throws {
            let text = "abcdefghijklmnopqrstuvwxyz0123"  // 30 characters
            // 20 columns: prompt 2, one kept free: 17 for text and cursor.
            let run = try edit([text, Keys.home, Keys.end, Keys.enter], columns: 20)
            #expect(run.result == .line(text))
            let atEnd = run.screen(waitingForRead: 1)
            #expect(atEnd.cursorLine == "> " + String(text.suffix(16)))
            #expect(atEnd.cursorColumn == 18)
            let atHome = run.screen(waitingForRead: 2)
            #expect(atHome.cursorLine == "> " + String(text.prefix(17)))
            #expect(atHome.cursorColumn == 2)
            for screen in [atEnd, atHome] {
                #expect(screen.lines.count == 1)  // never wraps while editing
                #expect(screen.unexpected.isEmpty)
            }
            // Accepted, the whole line is left on screen (wrapped by the terminal).
            #expect(run.finalScreen.lines == ["> " + String(text.prefix(18)), String(text.dropFirst(18))])
        }

        @Test func movingLeftPastTheViewJumpsHalfARow() throws {
            let text = Array("abcdefghijklmnopqrstuvwxyz0123")
            // At the end, the view starts at offset 14 ("o"); 17 Lefts put the
            // cursor on offset 13 ("n"), just left of the view.
            var keys = [String(text)]
            keys += Array(repeating: Keys.left, count: 17)
            keys.append(Keys.enter)
            let run = try edit(keys, columns: 20)
            let before = run.screen(waitingForRead: 17)
            #expect(before.cursorLine == "> " + String(text[14...]))
            #expect(before.cursorColumn == 2)
            // The view jumps so that the cursor has half a row (8 columns, less
            // its own) of context before it.
            let after = run.screenBeforeLastKey
            #expect(after.cursorLine == "> " + String(text[6..<23]))
            #expect(after.cursorColumn == 2 + 7)
        }

        @Test func deletingAtTheEndOfAScrolledLineShowsMoreOfIt() throws {
            let text = String(repeating: "x", count: 25) + "END"
            let run = try edit([text, Keys.ctrl("w"), Keys.enter], columns: 20)
            #expect(run.result == .line(""))
            #expect(run.screenBeforeLastKey.cursorLine == ">")
            #expect(run.screenBeforeLastKey.cursorColumn == 2)
        }

        @Test func colouredPromptIsNotCounted() throws {
            let run = try edit(["abc", Keys.left, Keys.enter], prompt: "\u{1B}[1;34mcellkit>\u{1B}[0m ")
            let screen = run.screenBeforeLastKey
            #expect(screen.cursorLine == "cellkit> abc")
            #expect(screen.cursorColumn == 11)
            #expect(screen.unexpected.isEmpty)
        }

        @Test func promptWiderThanTheTerminalIsShortened() throws {
            let run = try edit(["abc", Keys.enter], columns: 12, prompt: "a-very-long-prompt> ")
            let screen = run.screenBeforeLastKey
            #expect(screen.lines.count == 1)
            #expect(screen.cursorLine.hasSuffix("> abc"))
            #expect(screen.cursorLine.count <= 11)
        }

        @Test func rendererGlyphs() {
            #expect(LineRenderer.glyph(for: "\n").width == 1)
            #expect(LineRenderer.glyph(for: "\u{01}") == .init(text: "^A", width: 2))
            #expect(LineRenderer.glyph(for: "a") == .init(text: "a", width: 1))
            #expect(LineRenderer.visibleText(of: "\u{1B}]0;title\u{07}\u{1B}[31mx\u{1B}[0m> ") == "x> ")
        }
    }
}
