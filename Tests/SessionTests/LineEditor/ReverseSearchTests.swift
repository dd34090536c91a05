import Testing

@testable import Session

extension LineEditorTests {
    /// Ctrl-R reverse incremental search.
    @Suite struct ReverseSearching {
        private func harness() -> EditorHarness {
            let history = History()
            for entry in ["git status", "ls -la", "git commit -m x", "make", "git commit -m x"] {
                history.add(entry)
            }
            return EditorHarness(columns: 60, history: history)
        }

        @Test func findsTheNewestMatchAndAcceptsWithEnter() throws {
            let run = try harness().run([Keys.ctrl("r"), "g", "i", "t", Keys.enter])
            #expect(run.result == .line("git commit -m x"))
            let screen = run.screenBeforeLastKey
            #expect(screen.cursorLine == "(reverse-i-search)`git': git commit -m x")
            #expect(screen.cursorColumn == 25)
            // Accepted, the line is left with the normal prompt.
            #expect(run.finalScreen.lines == ["> git commit -m x"])
        }

        @Test func controlRAgainFindsOlderMatchesSkippingDuplicates() throws {
            let run = try harness().run([Keys.ctrl("r"), "git", Keys.ctrl("r"), Keys.enter])
            #expect(run.result == .line("git status"))
        }

        @Test func cursorIsPlacedAtTheMatch() throws {
            let run = try harness().run([Keys.ctrl("r"), "-la", Keys.enter])
            #expect(run.result == .line("ls -la"))
            #expect(run.screenBeforeLastKey.cursorColumn == "(reverse-i-search)`-la': ls ".count)
        }

        @Test func anOtherKeyLeavesTheMatchForEditing() throws {
            let run = try harness().run([Keys.ctrl("r"), "make", Keys.right, "!", Keys.enter])
            #expect(run.result == .line("m!ake"))
        }

        @Test func controlGRestoresTheOriginalLine() throws {
            let run = try harness().run(["draft", Keys.ctrl("r"), "ls", Keys.ctrl("g"), Keys.enter])
            #expect(run.result == .line("draft"))
            #expect(run.screenBeforeLastKey.cursorLine == "> draft")
        }

        @Test func failedSearchSaysSoAndRings() throws {
            let run = try harness().run([Keys.ctrl("r"), "make", "z", Keys.backspace, Keys.enter])
            #expect(run.screen(waitingForRead: 3).cursorLine == "(failed reverse-i-search)`makez': make")
            #expect(run.finalScreen.bells == 1)
            #expect(run.result == .line("make"))
        }

        @Test func smartCase() throws {
            let history = History()
            history.add("Make all")
            history.add("make")
            let lower = try EditorHarness(history: history).run([Keys.ctrl("r"), "make a", Keys.enter])
            #expect(lower.result == .line("Make all"))
            let upper = try EditorHarness(history: history).run([Keys.ctrl("r"), "Ma", Keys.enter])
            #expect(upper.result == .line("Make all"))
            let upperMiss = try EditorHarness(columns: 60, history: history).run([Keys.ctrl("r"), "MAKE", Keys.enter])
            #expect(upperMiss.screenBeforeLastKey.cursorLine == "(failed reverse-i-search)`MAKE': Make all")
        }

        @Test func historyMovesOnFromTheMatch() throws {
            let run = try harness().run([Keys.ctrl("r"), "ls", Keys.escape, "\u{1B}[A", Keys.enter])
            // Esc needs the escape timeout to be told from a sequence start; here
            // the next read brings ESC[A, so ESC ESC[A is Alt-Up: history up too.
            #expect(run.result == .line("git status"))
        }

        @Test func emptyControlRRepeatsTheLastSearch() throws {
            let h = harness()
            _ = try h.run([Keys.ctrl("r"), "status", Keys.enter])
            let run = try h.run([Keys.ctrl("r"), Keys.ctrl("r"), Keys.enter])
            #expect(run.result == .line("git status"))
        }

        @Test func controlCInSearchInterrupts() throws {
            let run = try harness().run([Keys.ctrl("r"), "ls", Keys.ctrl("c")])
            #expect(run.result == .interrupted)
        }
    }
}
