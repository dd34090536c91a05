import Testing

@testable import Session
@testable import SessionTestSupport
@testable import WorkerProtocol

extension LineEditorTests {
    /// Editing keys, checked through the returned line and the screen.
    @Suite struct Editing {
        @Test func typesAndAccepts() throws {
            let run = try edit(["hello", Keys.enter])
            #expect(run.result == .line("hello"))
            #expect(run.screenBeforeLastKey.cursorLine == "> hello")
            #expect(run.screenBeforeLastKey.cursorColumn == 7)
            #expect(run.finalScreen.lines == ["> hello"])
            #expect(run.finalScreen.row == 1)  // on the next line, ready for output
            #expect(run.finalScreen.unexpected.isEmpty)
        }

        @Test func insertsInTheMiddle() throws {
            let run = try edit(["abcd", Keys.left, Keys.left, "XY", Keys.enter])
            #expect(run.result == .line("abXYcd"))
            let screen = run.screenBeforeLastKey
            #expect(screen.cursorLine == "> abXYcd")
            #expect(screen.cursorColumn == 6)
        }

        @Test func homeEndAndControlAE() throws {
            let run = try edit([
                "bc", Keys.home, "a", Keys.end, "d", Keys.ctrl("a"), "<", Keys.ctrl("e"), ">", Keys.enter,
            ])
            #expect(run.result == .line("<abcd>"))
        }

        @Test func homeAndEndVariants() throws {
            for (home, end) in [
                ("\u{1B}[H", "\u{1B}[F"), ("\u{1B}[1~", "\u{1B}[4~"),
                ("\u{1B}[7~", "\u{1B}[8~"), ("\u{1B}OH", "\u{1B}OF"),
            ] {
                let run = try edit(["bc", home, "a", end, "d", Keys.enter])
                #expect(run.result == .line("abcd"))
            }
        }

        @Test func backspaceAndDelete() throws {
            let run = try edit(["abcde", Keys.left, Keys.left, Keys.backspace, Keys.delete, Keys.enter])
            #expect(run.result == .line("abe"))
            #expect(run.screenBeforeLastKey.cursorLine == "> abe")
            #expect(run.screenBeforeLastKey.cursorColumn == 4)
        }

        @Test func backspaceAtStartAndDeleteAtEndDoNothing() throws {
            let run = try edit(["ab", Keys.delete, Keys.home, Keys.backspace, Keys.enter])
            #expect(run.result == .line("ab"))
        }

        @Test func wordMoves() throws {
            // Alt-b / Alt-f and Ctrl-arrows stop at word boundaries.
            let run = try edit([
                "one two-three", Keys.alt("b"), "[", Keys.ctrlLeft, Keys.ctrlLeft, "(",
                Keys.alt("f"), ")", Keys.ctrlRight, "!", Keys.enter,
            ])
            #expect(run.result == .line("(one) two!-[three"))
            let screen = run.screenBeforeLastKey
            #expect(screen.cursorLine == "> (one) two!-[three")
            #expect(screen.cursorColumn == 12)
        }

        @Test func altArrowsMoveByWords() throws {
            let run = try edit(["ab cd", "\u{1B}[1;3D", "|", "\u{1B}\u{1B}[D", "^", Keys.enter])
            #expect(run.result == .line("^ab |cd"))
        }

        @Test func killToEndAndYank() throws {
            let run = try edit(["hello world", Keys.alt("b"), Keys.ctrl("k"), Keys.home, Keys.ctrl("y"), Keys.enter])
            #expect(run.result == .line("worldhello "))
        }

        @Test func killToStart() throws {
            let run = try edit(["hello world", Keys.alt("b"), Keys.ctrl("u"), Keys.end, Keys.ctrl("y"), Keys.enter])
            #expect(run.result == .line("worldhello "))
            #expect(run.screenBeforeLastKey.cursorColumn == 13)
        }

        @Test func controlWKillsWhitespaceWordsAndConsecutiveKillsAppend() throws {
            let run = try edit([
                "git commit -m msg", Keys.ctrl("w"), Keys.ctrl("w"), Keys.ctrl("y"), Keys.enter,
            ])
            // Both kills form one entry, in order, so one yank restores them.
            #expect(run.result == .line("git commit -m msg"))
        }

        @Test func separatedKillsMakeSeparateEntries() throws {
            let run = try edit([
                "aa bb", Keys.ctrl("w"), Keys.left, Keys.ctrl("w"), Keys.ctrl("y"), Keys.enter,
            ])
            // The second kill was not consecutive with the first: yank gives
            // back "aa" alone, not "aabb".
            #expect(run.result == .line("aa "))
        }

        @Test func altBackspaceAndAltDKillWords() throws {
            let run = try edit([
                "path/to/file.txt", Keys.altBackspace, Keys.altBackspace, Keys.home, Keys.alt("d"), "X",
                Keys.enter,
            ])
            #expect(run.result == .line("X/to/"))
        }

        @Test func yankPopRotatesTheKillRing() throws {
            let run = try edit([
                "one ", Keys.ctrl("u"), "two ", Keys.ctrl("u"),
                Keys.ctrl("y"), Keys.alt("y"), Keys.enter,
            ])
            #expect(run.result == .line("one "))
        }

        @Test func altYWithoutYankRingsTheBell() throws {
            let run = try edit(["a", Keys.alt("y"), Keys.enter])
            #expect(run.result == .line("a"))
            #expect(run.finalScreen.bells == 1)
        }

        @Test func transpose() throws {
            let middle = try edit(["abcd", Keys.left, Keys.left, Keys.ctrl("t"), Keys.enter])
            #expect(middle.result == .line("acbd"))
            #expect(middle.screenBeforeLastKey.cursorColumn == 5)
            let end = try edit(["abcd", Keys.ctrl("t"), Keys.enter])
            #expect(end.result == .line("abdc"))
            let start = try edit(["abcd", Keys.home, Keys.ctrl("t"), Keys.enter])
            #expect(start.result == .line("abcd"))
            #expect(start.finalScreen.bells == 1)
        }

        @Test func controlBAndF() throws {
            let run = try edit(["ac", Keys.ctrl("b"), "b", Keys.ctrl("f"), "d", Keys.enter])
            #expect(run.result == .line("abcd"))
        }

        @Test func controlCCancelsTheLine() throws {
            let harness = EditorHarness()
            let run = try harness.run(["some text", Keys.left, Keys.ctrl("c")])
            #expect(run.result == .interrupted)
            #expect(run.finalScreen.lines == ["> some text^C"])
            #expect(run.finalScreen.row == 1)
            #expect(harness.editor.history.entries.isEmpty)
            // The next prompt starts afresh.
            let next = try harness.run(["ok", Keys.enter])
            #expect(next.result == .line("ok"))
        }

        @Test func controlDOnEmptyLineIsEndOfFile() throws {
            let run = try edit([Keys.ctrl("d")])
            #expect(run.result == .endOfFile)
            #expect(run.finalScreen.row == 1)
        }

        @Test func controlDOnNonEmptyLineDeletesUnderCursor() throws {
            let run = try edit(["abc", Keys.home, Keys.ctrl("d"), Keys.end, Keys.ctrl("d"), Keys.enter])
            #expect(run.result == .line("bc"))
        }

        @Test func closedInputIsEndOfFile() throws {
            let run = try edit(["abc"])
            #expect(run.result == .endOfFile)
        }

        @Test func controlLClearsTheScreenAndRedraws() throws {
            let run = try edit(["abc", Keys.ctrl("l"), Keys.enter])
            let screen = run.screenBeforeLastKey
            #expect(screen.lines == ["> abc"])
            #expect(screen.row == 0)
            #expect(screen.cursorColumn == 5)
        }

        @Test func rawModeIsLeftAndBracketedPasteTurnedOff() throws {
            let harness = EditorHarness()
            _ = try harness.run(["x", Keys.enter])
            #expect(!harness.terminal.isRawMode)
            #expect(harness.terminal.rawModeEntries == 1)
            #expect(harness.terminal.rawModeExits == 1)
            let screen = VirtualScreen(columns: 40, replaying: harness.terminal.output)
            #expect(!screen.bracketedPaste)
            #expect(harness.terminal.outputText.contains("\u{1B}[?2004h"))
        }

        @Test func terminalRestoredWhenTheEditorThrows() throws {
            final class FailingTerminal: Terminal {
                var inputIsTerminal: Bool { true }
                var supportsLineEditing: Bool { true }
                var isRawMode = false
                var size: TerminalSize { .fallback }
                func read(timeout: Duration?) throws -> TerminalInput { .bytes([0x61]) }
                func write(_ bytes: [UInt8]) throws {
                    if isRawMode && bytes.contains(0x61) { throw TerminalError("write", errno: 5) }
                }
                func enterRawMode() throws { isRawMode = true }
                func leaveRawMode() { isRawMode = false }
                func suspend() throws {}
            }
            let terminal = FailingTerminal()
            let editor = LineEditor(terminal: terminal)
            #expect(throws: TerminalError.self) { try editor.readLine(prompt: "> ") }
            #expect(!terminal.isRawMode)
        }

        @Test func controlZSuspendsAndRedraws() throws {
            let harness = EditorHarness()
            let run = try harness.run(["ab", Keys.ctrl("z"), "c", Keys.enter])
            #expect(run.result == .line("abc"))
            #expect(harness.terminal.suspensions == 1)
        }

        @Test func combiningMarkJoinsThePreviousCharacter() throws {
            let run = try edit(["e", "\u{301}", Keys.left, "x", Keys.enter])
            #expect(run.result == .line("xe\u{301}"))
        }

        @Test func unknownSequencesAreIgnored() throws {
            let run = try edit(["a", "\u{1B}[15~", "\u{1B}[<0;1;2M", "b", Keys.enter])
            #expect(run.result == .line("ab"))
        }

        @Test func loneEscapeIsIgnored() throws {
            let harness = EditorHarness()
            harness.terminal.type("a")
            harness.terminal.type(Keys.escape)
            harness.terminal.pause()
            let run = try harness.run(["b", Keys.enter])
            #expect(run.result == .line("ab"))
        }

        @Test func typeAheadInOneReadIsEditedInOrder() throws {
            let harness = EditorHarness()
            let first = try harness.run(["abc\u{1B}[Dx\rsecond\r"])
            #expect(first.result == .line("abxc"))
            let second = try harness.editor.readLine(prompt: "> ")
            #expect(second == .line("second"))
        }

        @Test func resizeRedrawsAtTheNewWidth() throws {
            let harness = EditorHarness(columns: 40)
            harness.terminal.type("0123456789abcdefghij")
            harness.terminal.steps.append(.signal(resizeTo: TerminalSize(columns: 12, rows: 24)))
            let run = try harness.run([Keys.enter])
            #expect(run.result == .line("0123456789abcdefghij"))
            let screen = VirtualScreen(
                columns: 12,
                replaying: harness.terminal.output[harness.terminal.readMarks[1]..<harness.terminal.readMarks[2]])
            // 12 columns: 2 for the prompt, 1 kept free, 8 of text and the cursor.
            #expect(screen.cursorLine == "> cdefghij")
            #expect(screen.cursorColumn == 10)
        }
    }
}
