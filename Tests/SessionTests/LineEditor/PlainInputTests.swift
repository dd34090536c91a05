import Testing

@testable import Session
@testable import SessionTestSupport

extension LineEditorTests {
    /// Input that is not a terminal.
    @Suite struct PlainInput {
        @Test func readsPipedLinesWithoutEscapes() throws {
            let terminal = TestTerminal(interactive: false)
            terminal.type("first line\nsecond\r\n")
            terminal.type("third with \u{1B}[D kept\nlast without newline")
            let editor = LineEditor(terminal: terminal)
            #expect(try editor.readLine(prompt: "> ") == .line("first line"))
            #expect(try editor.readLine(prompt: "> ") == .line("second"))
            #expect(try editor.readLine(prompt: "> ") == .line("third with \u{1B}[D kept"))
            #expect(try editor.readLine(prompt: "> ") == .line("last without newline"))
            #expect(try editor.readLine(prompt: "> ") == .endOfFile)
            #expect(try editor.readLine(prompt: "> ") == .endOfFile)
            #expect(terminal.output.isEmpty)  // no prompt, no escape sequences
            #expect(terminal.rawModeEntries == 0)
            #expect(editor.history.entries.isEmpty)
        }

        @Test func dumbTerminalGetsAPlainPrompt() throws {
            let terminal = TestTerminal(interactive: false)
            terminal.inputIsTerminal = true  // a person typing, TERM=dumb
            terminal.type("ls\n")
            let editor = LineEditor(terminal: terminal)
            #expect(try editor.readLine(prompt: "\u{1B}[1mcellkit>\u{1B}[0m ") == .line("ls"))
            #expect(terminal.outputText == "cellkit> ")
            #expect(editor.history.entries == ["ls"])
        }

        @Test func emptyLines() throws {
            let terminal = TestTerminal(interactive: false)
            terminal.type("\n\nx")
            let editor = LineEditor(terminal: terminal)
            #expect(try editor.readLine(prompt: "") == .line(""))
            #expect(try editor.readLine(prompt: "") == .line(""))
            #expect(try editor.readLine(prompt: "") == .line("x"))
            #expect(try editor.readLine(prompt: "") == .endOfFile)
        }
    }
}
