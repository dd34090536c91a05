@_spi(Host) import CellKit
import TestSupport
import Testing

@testable import Session
@testable import WorkerProtocol

@Suite struct ScriptFormatterTests {
    /// Texts chosen to hit every quoting rule.
    static let awkward: [String] = [
        "", " ", "a", "a b", " lead", "trail ", "\"", "'", "\\", "\\\\", "\\n", "#", "##", "# x",
        "#ff8800", "#1",
        "#-", "x#y", "=", "a=b", "==", "[", "]", "[1, 2]", ",", "a,b", ".", ".name", "..", "./x",
        "-3", "0.72",
        "1e3", "true", "to", "from", "list", "é", "e\u{301}", "\u{301}", "\u{301}a", "😀", "👩‍💻", "🇫🇷",
        "日本語",
        "\n", "\r\n", "\r", "\t", "a\nb", "\u{0}", "\u{1B}[31mred\u{1B}[0m", "\u{7F}", "\u{85}",
        "\u{2028}",
        "\u{2029}", "\u{202E}abc", "\u{2066}", "\u{200B}", "\u{FEFF}", "\u{A0}", "\u{3000}", "it's",
        #"say "hi""#,
        "C:\\dir\\", "{}", "\\u{41}", "$HOME", "~/x", "a'b\"c", "=x", "x=", "[]", "-", "--width=3",
    ]

    /// Scalars the random sweep draws from.
    static let alphabet: [Unicode.Scalar] = [
        "a", "Z", "0", "9", "-", "_", ".", "#", "=", "[", "]", ",", "\"", "'", "\\", " ", "\t",
        "\n", "\r", "/",
        "~", ":", "{", "}", "u", "n", "t", "$", "é", "e", "\u{301}", "😀", "👩", "\u{200D}", "💻", "日",
        "\u{0}",
        "\u{1B}", "\u{7F}", "\u{2028}", "\u{202E}", "\u{A0}", "\u{FEFF}", "\u{FE0F}", "\u{1F1EB}",
        "\u{1F1F7}",
    ]

    static func sweep(count: Int, seed: UInt64) -> [String] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                text.append(alphabet.randomElement(using: &random)!)
            }
            return String(text)
        }
    }

    static let texts = awkward + sweep(count: 3_000, seed: 0xCE11_C0DE)

    /// Parses one line and returns its one command, recording any error.
    static func reparse(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> Command?
    {
        let parsed = Script.parse(line, file: "t")
        #expect(parsed.diagnostics == [], "\(line)", sourceLocation: sourceLocation)
        #expect(parsed.commands.count == 1, "\(line)", sourceLocation: sourceLocation)
        return parsed.commands.first
    }

    static func sameScalars(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.elementsEqual(b.unicodeScalars)
    }

    @Test func quotesOnlyWhenNeeded() {
        #expect(Script.quote("Morning") == "Morning")
        #expect(Script.quote("BasicCells.TextCell") == "BasicCells.TextCell")
        #expect(Script.quote("Examples/team.json") == "Examples/team.json")
        #expect(Script.quote("0.72") == "0.72")
        #expect(Script.quote("#ff8800") == "#ff8800")
        #expect(Script.quote("21 °C") == #""21 °C""#)
        #expect(Script.quote("") == #""""#)
        #expect(Script.quote(#"say "hi""#) == #""say \"hi\"""#)
        #expect(Script.quote("a\\b") == #""a\\b""#)
        #expect(Script.quote("line\nbreak\ttab\r") == #""line\nbreak\ttab\r""#)
        #expect(Script.quote("\u{1B}[1m") == #""\u{1B}[1m""#)
        #expect(Script.quote("\u{202E}") == #""\u{202E}""#)
        #expect(Script.quote(".name") == #"".name""#)
        #expect(Script.quote("#") == ##""#""##)
        #expect(Script.quote("a=b") == #""a=b""#)
        #expect(Script.quote("[1]") == #""[1]""#)
        #expect(Script.quote("a,b") == #""a,b""#)
        #expect(Script.quote("it's") == #""it's""#)
        #expect(Script.quote("👩‍💻 日本") == "\"👩‍💻 日本\"")
        #expect(Script.quote("👩‍💻") == "👩‍💻")
    }

    @Test func formatsValues() {
        #expect(Script.format(.text("x")) == "x")
        #expect(Script.format(.field(FieldPath([.key("a"), .index(0)]))) == ".a[0]")
        #expect(
            Script.format(.list([.text("1"), .text("a b"), .list([]), .field(FieldPath([]))]))
                == #"[1, "a b", [], .]"#)
    }

    @Test func formatsCommandLines() {
        #expect(
            Script.line(
                "row",
                [
                    .argument("TextCell"), .attribute("text", .text("Good morning")),
                    .attribute("style", .text("bold")),
                ])
                == #"row TextCell text="Good morning" style=bold"#)
        #expect(
            Script.line("render", [.argument("to"), .keyword("to"), .argument("out put.svg")])
                == #"render "to" to "out put.svg""#)
        #expect(
            Script.line(
                "screen", [.argument("D"), .keyword("grid"), .attribute("columns", .text("3"))])
                == "screen D grid columns=3")
    }

    @Test func textRoundTripsAsAValue() {
        for text in Self.texts {
            let line = Script.line("row", [.argument("Cell"), .attribute("text", .text(text))])
            guard let command = Self.reparse(line) else { continue }
            #expect(command.attributes.count == 1, "\(line)")
            #expect(command.attributes.first?.value == .text(text), "\(line)")
            #expect(
                Self.sameScalars(command.attributes.first?.value.text ?? "\u{FFFF}", text),
                "\(line)")
        }
    }

    @Test func textRoundTripsAsAnArgument() throws {
        for text in Self.texts {
            let line = Script.line("section", [.argument(text)])
            guard let command = Self.reparse(line) else { continue }
            #expect(command.arguments.count == 1, "\(line)")
            #expect(Self.sameScalars(command.arguments.first?.text ?? "\u{FFFF}", text), "\(line)")
            // And it is the section's title, whatever it spells.
            let valid = try CommandSpec.validate(command)
            #expect(valid.argument("title").map { Self.sameScalars($0, text) } == true, "\(line)")
        }
    }

    @Test func keywordsStayKeywordsAndArgumentsStayArguments() throws {
        for screen in ["to", "from", "Dashboard", "to be"] {
            for file in ["to", "from", "x.svg", "my file.svg"] {
                let line = Script.line(
                    "render", [.argument(screen), .keyword("to"), .argument(file)])
                let command = try #require(Self.reparse(line))
                let valid = try CommandSpec.validate(command)
                #expect(valid.argument("screen") == screen, "\(line)")
                #expect(valid.argument("file") == file, "\(line)")
            }
        }
    }

    @Test func fieldPathsRoundTrip() {
        var random = SeededGenerator(seed: 42)
        let keys = Self.awkward + Self.sweep(count: 300, seed: 7)
        for key in keys {
            let components: [FieldPath.Component] = [
                .key(key), .index(Int.random(in: 0...1_000, using: &random)), .key("plain"),
            ]
            for path in [
                FieldPath([.key(key)]), FieldPath(components), FieldPath([.index(1), .key(key)]),
            ] {
                let line = Script.line(
                    "rows",
                    [
                        .argument("Cell"), .keyword("from"), .argument("f.json"),
                        .attribute("a", .field(path)),
                    ])
                guard let command = Self.reparse(line) else { continue }
                #expect(command.attributes.first?.value == .field(path), "\(line)")
            }
        }
    }

    @Test func listsRoundTrip() {
        var random = SeededGenerator(seed: 9)
        func value(depth: Int) -> Command.Value {
            switch Int.random(in: 0..<(depth < 3 ? 4 : 3), using: &random) {
            case 0, 1: return .text(Self.texts.randomElement(using: &random)!)
            case 2: return .field(FieldPath([.key(Self.awkward.randomElement(using: &random)!)]))
            default:
                return .list(
                    (0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth: depth + 1) }
                )
            }
        }
        for _ in 0..<1_000 {
            let list = Command.Value.list(
                (0..<Int.random(in: 0...5, using: &random)).map { _ in value(depth: 1) })
            let line = Script.line(
                "rows",
                [.argument("C"), .keyword("from"), .argument("f"), .attribute("data", list)])
            guard let command = Self.reparse(line) else { continue }
            #expect(command.attributes.first?.value == list, "\(line)")
        }
    }

    @Test func commandsRoundTrip() {
        let source =
            ScriptParserTests.dashboard + """

                screen "to" grid   columns=3 # a comment
                row Cell text='single' data=[1,2,  3] a=."x y"[2] \\
                    b=#fff
                render "to" to 'out.svg'
                """
        let commands = ScriptTest.commands(source)
        #expect(commands.count == 14)
        for command in commands {
            let line = Script.format(command)
            guard let again = Self.reparse(line) else { continue }
            #expect(ScriptParserTests.Shape(again) == ScriptParserTests.Shape(command), "\(line)")
            #expect(
                again.arguments.map { $0.isQuoted && CommandSpec.keywords.contains($0.text) }
                    == command.arguments.map {
                        $0.isQuoted && CommandSpec.keywords.contains($0.text)
                    })
            #expect(Script.format(again) == line)
        }
        #expect(
            Script.format(commands[12])
                == #"row Cell text=single data=[1, 2, 3] a=."x y"[2] b=#fff"#)
        #expect(Script.format(commands[13]) == #"render "to" to out.svg"#)
    }
}
