import Testing

@testable import Session

extension LineEditorTests {
    /// Bracketed paste: inserted literally, newlines kept for a multi-line submission.
    @Suite struct Pasting {
        @Test func pasteIsInsertedLiterally() throws {
            let run = try edit(["ab", Keys.left, Keys.pasteStart + "x\u{1B}[Dy\t" + Keys.pasteEnd, Keys.enter])
            // The ESC of the pasted ESC[D is dropped, not run; the tab becomes a space.
            #expect(run.result == .line("ax[Dy b"))
        }

        @Test func multiLinePasteIsOneSubmission() throws {
            let run = try edit([Keys.pasteStart + "row A\r\nrow B\n" + Keys.pasteEnd, Keys.enter])
            #expect(run.result == .line("row A\nrow B"))
            // Shown on one row, each newline as ↵.
            #expect(run.screenBeforeLastKey.cursorLine == "> row A↵row B↵")
            #expect(run.screenBeforeLastKey.cursorColumn == 14)
            #expect(run.screenBeforeLastKey.lines.count == 1)
        }

        @Test func pasteSplitAcrossReads() throws {
            let run = try edit([Keys.pasteStart + "hel", "lo\u{1B}[20", "1~", "!", Keys.enter])
            #expect(run.result == .line("hello!"))
        }

        @Test func pastedEnterDoesNotSubmit() throws {
            let harness = EditorHarness()
            let run = try harness.run([Keys.pasteStart + "one\rtwo" + Keys.pasteEnd, Keys.enter])
            #expect(run.result == .line("one\ntwo"))
            #expect(harness.editor.history.entries == ["one\ntwo"])
        }

        @Test func sanitizing() {
            #expect(LineEditor.sanitizedPaste("a\r\nb\rc\nd\te\u{7}f") == "a\nb\nc\nd ef")
        }
    }
}
