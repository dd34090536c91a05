import Testing

@testable import Session
@testable import SessionTestSupport

extension LineEditorTests {
    /// Bytes to keys.
    @Suite struct KeyDecoding {
        private func keys(_ chunks: [String], flush: Bool = false) -> [Key] {
            var decoder = KeyDecoder()
            var keys: [Key] = []
            for chunk in chunks {
                decoder.feed(Array(chunk.utf8))
                while let key = decoder.next() { keys.append(key) }
            }
            if flush {
                decoder.flush()
                while let key = decoder.next() { keys.append(key) }
            }
            return keys
        }

        private func key(_ bytes: String) -> Key? {
            let decoded = keys([bytes], flush: true)
            return decoded.count == 1 ? decoded[0] : nil
        }

        @Test(arguments: [
            ("\r", Key.enter), ("\n", .enter), ("\r\n", .enter), ("\t", .tab),
            ("\u{7F}", .backspace), ("\u{08}", .backspace),
            ("\u{01}", .control("a")), ("\u{1A}", .control("z")), ("\u{00}", .control("@")),
            ("\u{1F}", .control("_")), ("\u{1B}", .escape),
            ("\u{1B}[A", .up()), ("\u{1B}[B", .down()), ("\u{1B}[C", .right()), ("\u{1B}[D", .left()),
            ("\u{1B}OA", .up()), ("\u{1B}OD", .left()),
            ("\u{1B}[H", .home()), ("\u{1B}[F", .end()), ("\u{1B}[1~", .home()), ("\u{1B}[4~", .end()),
            ("\u{1B}[7~", .home()), ("\u{1B}[8~", .end()), ("\u{1B}OH", .home()), ("\u{1B}OF", .end()),
            ("\u{1B}[3~", .delete()), ("\u{1B}[2~", .insert()),
            ("\u{1B}[5~", .pageUp()), ("\u{1B}[6~", .pageDown()),
            ("\u{1B}[1;5C", .right(.control)), ("\u{1B}[1;5D", .left(.control)),
            ("\u{1B}[1;3D", .left(.alt)), ("\u{1B}[1;3C", .right(.alt)),
            ("\u{1B}[1;2A", .up(.shift)), ("\u{1B}[3;5~", .delete(.control)),
            ("\u{1B}[5D", .left(.control)), ("\u{1B}Od", .left(.control)),
            ("\u{1B}\u{1B}[D", .left(.alt)), ("\u{1B}[Z", .backTab),
            ("\u{1B}b", .alt("b")), ("\u{1B}f", .alt("f")), ("\u{1B}d", .alt("d")), ("\u{1B}y", .alt("y")),
            ("\u{1B}\u{7F}", .altBackspace), ("\u{1B}\u{08}", .altBackspace),
            ("\u{1B}é", .alt("é")), ("a", .character("a")), ("é", .character("é")),
            ("😀", .character("😀")), ("\u{1B}[15~", .unknown(Array("\u{1B}[15~".utf8))),
            ("\u{1B}[", .alt("[")), ("\u{1B}O", .alt("O")),
        ])
        func decodes(_ bytes: String, _ expected: Key) {
            #expect(key(bytes) == expected)
        }

        @Test func textIsSplitIntoCharacters() {
            #expect(keys(["ab漢"]) == [.character("a"), .character("b"), .character("漢")])
        }

        @Test func utf8SplitAcrossReads() {
            let bytes = Array("漢😀".utf8)
            var decoder = KeyDecoder()
            var result: [Key] = []
            for byte in bytes {
                decoder.feed([byte])
                while let key = decoder.next() { result.append(key) }
            }
            #expect(result == [.character("漢"), .character("😀")])
        }

        @Test func escapeSequenceSplitAcrossReads() {
            #expect(keys(["\u{1B}", "[", "1;5", "C"]) == [.right(.control)])
        }

        @Test func loneEscapeNeedsAFlush() {
            var decoder = KeyDecoder()
            decoder.feed([0x1B])
            #expect(decoder.next() == nil)
            #expect(decoder.hasPendingInput)
            decoder.flush()
            #expect(decoder.next() == .escape)
            #expect(!decoder.hasPendingInput)
        }

        @Test func escapeFollowedByAControlIsEscapeThenTheControl() {
            #expect(keys(["\u{1B}\u{03}"]) == [.escape, .control("c")])
        }

        @Test func invalidUTF8IsDropped() {
            var decoder = KeyDecoder()
            decoder.feed([0x61, 0xFF, 0xC3, 0x62])
            var result: [Key] = []
            while let key = decoder.next() { result.append(key) }
            #expect(result == [.character("a"), .character("b")])
        }

        @Test func incompleteUTF8IsDroppedOnFlush() {
            var decoder = KeyDecoder()
            decoder.feed([0x61, 0xE6, 0xBC])
            #expect(decoder.next() == .character("a"))
            #expect(decoder.next() == nil)
            decoder.flush()
            #expect(decoder.next() == nil)
            #expect(!decoder.hasPendingInput)
        }

        @Test func bracketedPaste() {
            #expect(keys(["\u{1B}[200~a\u{1B}[Db\r\n\u{1B}[201~x"]) == [.paste("a\u{1B}[Db\r\n"), .character("x")])
        }

        @Test func bracketedPasteAcrossReads() {
            #expect(keys(["\u{1B}[200", "~ab", "c\u{1B}[2", "01~"]) == [.paste("abc")])
        }

        @Test func pasteInProgressYieldsWhatArrivedOnFlush() {
            var decoder = KeyDecoder()
            decoder.feed(Array("\u{1B}[200~abc\u{E6}".utf8) + [0xE6])
            #expect(decoder.next() == nil)
            decoder.flush()
            #expect(decoder.next() == .paste("abc\u{E6}"))
            decoder.feed([0xBC, 0xA2] + Array("\u{1B}[201~".utf8))
            #expect(decoder.next() == .paste("漢"))
        }

        @Test func emptyPasteProducesNothing() {
            #expect(keys(["\u{1B}[200~\u{1B}[201~a"]) == [.character("a")])
        }

        @Test func keyReaderUsesTheEscapeTimeout() throws {
            let terminal = TestTerminal()
            terminal.type("\u{1B}")
            terminal.pause()
            terminal.type("b")
            let reader = KeyReader(terminal: terminal)
            #expect(try reader.next() == .key(.escape))
            #expect(try reader.next() == .key(.character("b")))
            #expect(try reader.next() == .endOfInput)
        }

        @Test func keyReaderJoinsEscapeAndLetterWithinTheTimeout() throws {
            let terminal = TestTerminal()
            terminal.keys("\u{1B}", "b")
            let reader = KeyReader(terminal: terminal)
            #expect(try reader.next() == .key(.alt("b")))
        }

        @Test func scrollViewKeys() {
            // The keys the REPL's scroll view reuses.
            #expect(
                keys(["q\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[A\u{1B}[B"])
                    == [.character("q"), .pageUp(), .pageDown(), .home(), .end(), .up(), .down()])
        }
    }
}
