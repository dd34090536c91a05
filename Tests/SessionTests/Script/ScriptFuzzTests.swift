@_spi(Host) import CellKit
import TestSupport
import Testing

@testable import Session
@testable import SessionTestSupport
@testable import WorkerProtocol

/// Random input never traps, and whatever parses formats back to itself.
@Suite struct ScriptFuzzTests {
    static let pieces: [String] = [
        "row", "rows", "render", "screen", "set", "load", "help", "item", " ", " ", " ", "\t", "\n",
        "\r\n",
        "\\", "\\\n", "\"", "'", "=", "[", "]", ",", ".", "#", "# ", "a", "Cell", "text", "width",
        "72",
        "-3", "0.72", "#ff8800", "to", "from", "x.svg", ".name", ".a[0]", "\\u{1F600}", "\\u{",
        "\\q",
        "é", "e\u{301}", "\u{301}", "😀", "👩‍💻", "日本", "\u{0}", "\u{1B}", "\u{A0}", "\u{2028}",
        "\u{FEFF}",
    ]

    @Test func randomInputNeverTrapsAndRoundTrips() {
        var random = SeededGenerator(seed: 0x5EED)
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...16, using: &random)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            _ = Script.check(text, file: "f")
            _ = CommandSpec.complete(text) { _ in ["A", "b c"] }
            _ = Script.needsContinuation(text)
            for diagnostic in Script.parse(text, file: "f").diagnostics {
                #expect(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "\(text)")
                #expect(diagnostic.sourceLine != nil, "\(text)")
            }
            for command in Script.parse(text, file: "f").commands {
                let line = Script.format(command)
                let again = Script.parse(line, file: "g")
                #expect(again.diagnostics == [], "\(text) -> \(line)")
                #expect(
                    again.commands.map(ScriptParserTests.Shape.init)
                        == [ScriptParserTests.Shape(command)], "\(text) -> \(line)")
            }
        }
    }

    @Test func everyPrefixOfTheDashboardScript() {
        let text = ScriptParserTests.dashboard
        for length in 0...text.count {
            let prefix = String(text.prefix(length))
            _ = Script.check(prefix, file: "f")
            _ = CommandSpec.complete(prefix)
        }
    }
}
