import Testing

@testable import Session
@testable import SessionTestSupport

extension LineEditorTests {
    /// Tab completion through the callback.
    @Suite struct Completing {
        /// Completes the word before the cursor from `words`.
        static func words(_ words: [String]) -> Completion.Provider {
            { line, cursor in
                let characters = Array(line)
                var start = cursor
                while start > 0 && characters[start - 1] != " " { start -= 1 }
                let prefix = String(characters[start..<cursor])
                return Completion(candidates: words.filter { $0.hasPrefix(prefix) }, replacing: start..<cursor)
            }
        }

        @Test func singleCandidateCompletesWithASpace() throws {
            let run = try edit(
                ["load Ca", Keys.tab, "x", Keys.enter], completion: Self.words(["CardCells", "BasicCells"]))
            #expect(run.result == .line("load CardCells x"))
        }

        @Test func directoryCandidateGetsNoSpace() throws {
            let run = try edit(["ls Exa", Keys.tab, Keys.enter], completion: Self.words(["Examples/"]))
            #expect(run.result == .line("ls Examples/"))
        }

        @Test func existingSpaceIsReused() throws {
            let run = try edit(
                ["Ca rest", Keys.home, Keys.right, Keys.right, Keys.tab, "x", Keys.enter],
                completion: Self.words(["CardCells"]))
            #expect(run.result == .line("CardCells xrest"))
        }

        @Test func completionInTheMiddleKeepsTheRest() throws {
            let run = try edit(
                ["a Ca b", Keys.left, Keys.left, Keys.tab, Keys.enter],
                completion: Self.words(["CardCells"]))
            #expect(run.result == .line("a CardCells b"))
            #expect(run.screenBeforeLastKey.cursorColumn == 14)
        }

        @Test func severalCandidatesCompleteTheCommonPrefix() throws {
            let run = try edit(
                ["row Pro", Keys.tab, Keys.enter],
                completion: Self.words(["ProfileCell", "ProfileHeader", "Other"]))
            #expect(run.result == .line("row Profile"))
            #expect(run.finalScreen.bells == 0)
        }

        @Test func secondTabListsTheCandidatesInColumns() throws {
            let candidates = ["ProfileCell", "ProfileHeader", "ProfileFooter", "ProfileBadge"]
            let run = try edit(
                ["row Profile", Keys.tab, Keys.tab, "H", Keys.tab, Keys.enter],
                columns: 40, completion: Self.words(candidates))
            #expect(run.result == .line("row ProfileHeader "))
            let screen = run.screen(waitingForRead: 3)
            // Widest is 13 columns, + 2 = 15 per column; 39 usable columns: 2 columns.
            #expect(
                screen.lines == [
                    "> row Profile",
                    "ProfileCell    ProfileFooter",
                    "ProfileHeader  ProfileBadge",
                    "> row Profile",
                ])
            #expect(screen.row == 3)
            #expect(screen.cursorColumn == 13)
            #expect(screen.bells == 1)  // the first Tab added nothing
        }

        @Test func noCandidatesRingsTheBell() throws {
            let run = try edit(["zz", Keys.tab, Keys.enter], completion: Self.words(["a"]))
            #expect(run.result == .line("zz"))
            #expect(run.finalScreen.bells == 1)
        }

        @Test func withoutACallbackTabRingsTheBell() throws {
            let run = try edit(["a", Keys.tab, Keys.enter])
            #expect(run.result == .line("a"))
            #expect(run.finalScreen.bells == 1)
        }

        @Test func outOfRangeCompletionIsClamped() throws {
            let run = try edit(
                ["ab", Keys.tab, Keys.enter],
                completion: { _, _ in
                    Completion(candidates: ["xyz"], replacing: -5..<99)
                })
            #expect(run.result == .line("xyz "))
        }

        @Test func manyCandidatesAskFirst() throws {
            let many = (0..<100).map { "item\($0)" }
            let declined = try EditorHarness(columns: 20, rows: 5, completion: Self.words(many))
                .run(["item", Keys.tab, Keys.tab, "n", Keys.enter])
            #expect(declined.result == .line("item"))
            #expect(declined.terminal.outputText.contains("Display all 100 possibilities? (y or n)"))
            #expect(!declined.finalScreen.lines.contains { $0.hasPrefix("item0") })

            let accepted = try EditorHarness(columns: 20, rows: 5, completion: Self.words(many))
                .run(["item", Keys.tab, Keys.tab, "y", Keys.enter])
            #expect(accepted.finalScreen.lines.contains { $0.hasPrefix("item0") })
        }

        @Test func columnLayout() {
            // Columns of 3 + 2; 11 usable columns hold two (the last needs no gap).
            #expect(
                CompletionColumns.rows(for: ["a", "bb", "ccc", "d", "e"], width: 12) == [
                    "a    d", "bb   e", "ccc",
                ])
            #expect(
                CompletionColumns.rows(for: ["a", "bb", "ccc", "d", "e"], width: 14) == [
                    "a    ccc  e", "bb   d",
                ])
            #expect(
                CompletionColumns.rows(for: ["averyveryverylongname", "b"], width: 10) == [
                    "averyveryverylongname", "b",
                ])
            #expect(CompletionColumns.rows(for: [], width: 10) == [])
        }

        @Test func commonPrefixByCharacter() {
            #expect(Completion.commonPrefix(of: ["e\u{301}a", "e\u{301}b"]) == "e\u{301}")
            #expect(Completion.commonPrefix(of: ["e\u{301}a", "eb"]) == "")
            #expect(Completion.commonPrefix(of: ["abc"]) == "abc")
            #expect(Completion.commonPrefix(of: []) == "")
        }
    }
}
