import Testing

@testable import Session

extension LineEditorTests {
    /// Up/Down, Ctrl-P/Ctrl-N and the draft.
    @Suite struct HistoryNavigation {
        private func harness(with entries: [String]) -> EditorHarness {
            let history = History()
            for entry in entries { history.add(entry) }
            return EditorHarness(history: history)
        }

        @Test func upRecallsOlderEntries() throws {
            let run = try harness(with: ["first", "second"]).run([Keys.up, Keys.up, Keys.enter])
            #expect(run.result == .line("first"))
            #expect(run.screenBeforeLastKey.cursorLine == "> first")
            #expect(run.screenBeforeLastKey.cursorColumn == 7)
        }

        @Test func downComesBackToTheDraft() throws {
            let run = try harness(with: ["first", "second"]).run([
                "draft", Keys.up, Keys.up, Keys.down, Keys.down, Keys.enter,
            ])
            #expect(run.result == .line("draft"))
            #expect(run.screen(waitingForRead: 2).cursorLine == "> second")
            #expect(run.screen(waitingForRead: 3).cursorLine == "> first")
            #expect(run.screenBeforeLastKey.cursorLine == "> draft")
        }

        @Test func controlPAndControlN() throws {
            let run = try harness(with: ["a", "b", "c"]).run([
                Keys.ctrl("p"), Keys.ctrl("p"), Keys.ctrl("p"), Keys.ctrl("n"), Keys.enter,
            ])
            #expect(run.result == .line("b"))
        }

        @Test func upAtTheOldestEntryRingsTheBell() throws {
            let run = try harness(with: ["only"]).run([Keys.up, Keys.up, Keys.enter])
            #expect(run.result == .line("only"))
            #expect(run.finalScreen.bells == 1)
        }

        @Test func editsToARecalledEntryDoNotChangeTheHistory() throws {
            let h = harness(with: ["one", "two"])
            let run = try h.run([Keys.up, "!", Keys.up, Keys.down, Keys.enter])
            #expect(run.result == .line("two!"))
            #expect(h.editor.history.entries == ["one", "two", "two!"])
        }

        @Test func acceptedLinesAreRecordedAndRecalled() throws {
            let h = EditorHarness()
            _ = try h.run(["ls", Keys.enter])
            _ = try h.run(["cd /tmp", Keys.enter])
            _ = try h.run(["cd /tmp", Keys.enter])  // consecutive duplicate
            _ = try h.run([" secret", Keys.enter])  // ignorespace
            #expect(h.editor.history.entries == ["ls", "cd /tmp"])
            let run = try h.run([Keys.up, Keys.up, Keys.enter])
            #expect(run.result == .line("ls"))
        }

        @Test func pageUpAndPageDownGoToTheEnds() throws {
            let run = try harness(with: ["a", "b", "c"]).run([
                "draft", "\u{1B}[5~", "\u{1B}[6~", Keys.enter,
            ])
            #expect(run.screen(waitingForRead: 2).cursorLine == "> a")
            #expect(run.result == .line("draft"))
        }
    }
}
