@_spi(Host) import CellKit
import Testing

@testable import Session
@testable import SessionTestSupport
@testable import WorkerProtocol

@Suite struct ScriptParserTests {
    static let dashboard = """
        load BasicCells
        load CardCells
        screen Dashboard list width=72 border=rounded title="Morning report"
        section "Today" header=SectionHeader
        row TextCell text="Good morning" style=bold
        row KeyValueCell key="Temperature" value="21 °C"
        row ProgressCell label="Disk" value=0.72
        section "Team"
        rows ProfileCell from "Examples/team.json" name=.name role=.title
        render
        render to "dashboard.svg"
        """

    /// A command's meaning as plain values, for comparison.
    struct Shape: Equatable, CustomStringConvertible {
        var name: String
        var arguments: [String]
        var attributes: [String: Command.Value]
        var attributeOrder: [String]

        init(
            _ name: String, _ arguments: [String] = [],
            _ attributes: KeyValuePairs<String, Command.Value> = [:]
        ) {
            self.name = name
            self.arguments = arguments
            self.attributes = Dictionary(
                uniqueKeysWithValues: attributes.map { ($0.key, $0.value) })
            self.attributeOrder = attributes.map(\.key)
        }

        init(_ command: Command) {
            name = command.name
            arguments = command.arguments.map(\.text)
            attributes = Dictionary(
                uniqueKeysWithValues: command.attributes.map { ($0.name, $0.value) })
            attributeOrder = command.attributes.map(\.name)
        }

        var description: String {
            "\(name) \(arguments) \(attributeOrder.map { "\($0)=\(attributes[$0]!)" })"
        }
    }

    @Test func dashboardScriptParsesAsWritten() {
        let commands = ScriptTest.commands(Self.dashboard, file: "dashboard.cellkit")
        let expected: [Shape] = [
            Shape("load", ["BasicCells"]),
            Shape("load", ["CardCells"]),
            Shape(
                "screen", ["Dashboard", "list"],
                [
                    "width": .text("72"), "border": .text("rounded"),
                    "title": .text("Morning report"),
                ]),
            Shape("section", ["Today"], ["header": .text("SectionHeader")]),
            Shape("row", ["TextCell"], ["text": .text("Good morning"), "style": .text("bold")]),
            Shape("row", ["KeyValueCell"], ["key": .text("Temperature"), "value": .text("21 °C")]),
            Shape("row", ["ProgressCell"], ["label": .text("Disk"), "value": .text("0.72")]),
            Shape("section", ["Team"]),
            Shape(
                "rows", ["ProfileCell", "from", "Examples/team.json"],
                [
                    "name": .field(FieldPath([.key("name")])),
                    "role": .field(FieldPath([.key("title")])),
                ]),
            Shape("render"),
            Shape("render", ["to", "dashboard.svg"]),
        ]
        #expect(commands.map(Shape.init) == expected)
    }

    @Test func dashboardScriptValidates() throws {
        let commands = ScriptTest.commands(Self.dashboard, file: "dashboard.cellkit")
        let valid = try commands.map { command throws(DiagnosticList) in
            try CommandSpec.validate(command)
        }
        #expect(
            valid.map(\.name) == [
                .load, .load, .screen, .section, .row, .row, .row, .section, .rows, .render,
                .render,
            ])
        let screen = valid[2]
        #expect(screen.argument("name") == "Dashboard")
        #expect(screen.argument("layout") == "list")
        #expect(screen.integer("width") == 72)
        #expect(screen.option("border") == "rounded")
        #expect(screen.option("title") == "Morning report")
        #expect(valid[3].argument("title") == "Today")
        #expect(valid[3].option("header") == "SectionHeader")
        #expect(valid[4].attributes.map(\.name) == ["text", "style"])
        let rows = valid[8]
        #expect(rows.argument("cell") == "ProfileCell")
        #expect(rows.argument("file") == "Examples/team.json")
        #expect(
            rows.attributes.map(\.value) == [
                .field(FieldPath([.key("name")])), .field(FieldPath([.key("title")])),
            ])
        #expect(valid[9].arguments.isEmpty)
        #expect(valid[10].argument("screen") == nil)
        #expect(valid[10].argument("file") == "dashboard.svg")
        #expect(Script.check(Self.dashboard, file: "dashboard.cellkit") == [])
    }

    @Test func locationsPointAtEachPart() throws {
        let commands = ScriptTest.commands(Self.dashboard, file: "dashboard.cellkit")
        let screen = commands[2]
        #expect(screen.nameSpan.description == "dashboard.cellkit:3:1-6")
        #expect(
            screen.arguments.map(\.span.description) == [
                "dashboard.cellkit:3:8-16", "dashboard.cellkit:3:18-21",
            ])
        let title = try #require(screen.attribute("title"))
        #expect(title.nameSpan.description == "dashboard.cellkit:3:47-51")
        #expect(title.valueSpan.description == "dashboard.cellkit:3:53-68")
        #expect(title.span.description == "dashboard.cellkit:3:47-68")
        #expect(screen.end.location.column == 69)
        // "21 °C": columns count characters.
        let value = try #require(commands[5].attribute("value"))
        #expect(value.valueSpan.location.column == 42)
        #expect(value.valueSpan.length == 7)
        #expect(
            commands[8].sourceText
                == #"rows ProfileCell from "Examples/team.json" name=.name role=.title"#)
        #expect(commands[8].line == 9)
        #expect(commands.map(\.file).allSatisfy { $0 == "dashboard.cellkit" })
    }

    @Test func blankLinesAndCommentsAreSkipped() {
        let text = """
            #!/usr/bin/env cellkit run
            # A report.

              \t
            load BasicCells   # the basics
            ## twice
            render # done
            """
        let commands = ScriptTest.commands(text)
        #expect(commands.map(\.name) == ["load", "render"])
        #expect(commands.map(\.line) == [5, 7])
        #expect(commands[0].arguments.map(\.text) == ["BasicCells"])
    }

    @Test func continuationLinesJoinOneCommand() throws {
        let text = """
            screen Dashboard list \\
                width=72 \\
              title="Morning report"
            render
            """
        let commands = ScriptTest.commands(text)
        #expect(commands.count == 2)
        let screen = commands[0]
        #expect(screen.arguments.map(\.text) == ["Dashboard", "list"])
        let width = try #require(screen.attribute("width"))
        #expect(width.nameSpan.location.line == 2)
        #expect(width.nameSpan.location.column == 5)
        #expect(width.valueSpan.description == "t:2:11-12")
        let title = try #require(screen.attribute("title"))
        #expect(title.nameSpan.description == "t:3:3-7")
        #expect(title.value == .text("Morning report"))
        #expect(screen.source.count == 3)
        #expect(screen.end.description == "t:3:25")
        #expect(commands[1].line == 4)
        // An error on a continuation line points into that line.
        let errors = ScriptTest.validationErrors("screen Dashboard \\\n  widht=72")
        #expect(errors.map(ScriptTest.brief) == ["2:3+5 unknown option 'widht' for 'screen'"])
        #expect(errors.first?.sourceLine == "  widht=72")
    }

    @Test func continuationActsAsABlankAndSurvivesTrailingBlanks() {
        let commands = ScriptTest.commands("row TextCell\\   \ntext=hi\\\n\n render")
        #expect(commands.map(\.name) == ["row", "render"])
        #expect(commands[0].arguments.map(\.text) == ["TextCell"])
        #expect(commands[0].attributes.map(\.name) == ["text"])
    }

    @Test func listsMaySpanContinuationLines() throws {
        let command = try #require(ScriptTest.command("item ChartCell data=[1, 2, \\\n  3, 4,]"))
        let data = try #require(command.attribute("data"))
        #expect(data.value == .list(["1", "2", "3", "4"].map(Command.Value.text)))
        #expect(data.elementSpans.map(\.description) == ["t:1:22", "t:1:25", "t:2:3", "t:2:6"])
        // Spanned to the end of its first line.
        #expect(data.valueSpan.description == "t:1:21-28")
    }

    @Test func linesEndInEveryConvention() {
        let commands = ScriptTest.commands("load A\r\nload B\rload C\nload D\n")
        #expect(commands.map { $0.arguments[0].text } == ["A", "B", "C", "D"])
        #expect(commands.map(\.line) == [1, 2, 3, 4])
    }

    @Test func byteOrderMarkIsSkipped() {
        let command = ScriptTest.command("\u{FEFF}load A")
        #expect(command?.name == "load")
        #expect(command?.nameSpan.location.column == 1)
    }

    @Test func firstLineNumbersReplInput() {
        let parsed = Script.parse("rwo TextCell", file: "<stdin>", firstLine: 3)
        #expect(parsed.commands.first?.nameSpan.description == "<stdin>:3:1-3")
    }

    @Test func keepsGoingAfterABadLine() {
        let text = """
            load BasicCells
            row TextCell text="unterminated
            row TextCell text=ok
            row TextCell text= oops
            render
            """
        let parsed = Script.parse(text, file: "t")
        #expect(parsed.lines.map(\.line) == [1, 2, 3, 4, 5])
        #expect(parsed.commands.map(\.line) == [1, 3, 5])
        #expect(
            parsed.diagnostics.map(ScriptTest.brief) == [
                "2:19+1 unterminated string",
                "4:19+1 missing value after 'text='",
            ])
    }

    @Test func linesCanBeParsedOneAtATime() {
        let text = "load A\n# c\nrwo\nrender \"x"
        let lazily = Array(Script.lines(of: text, file: "t"))
        #expect(lazily == Script.parse(text, file: "t").lines)
        #expect(lazily.map(\.line) == [1, 3, 4])
    }

    @Test func aQuotedWordIsNeverAKeyword() throws {
        let command = try #require(ScriptTest.command(#"render "to" to 'out.svg'"#))
        #expect(command.arguments.map(\.isQuoted) == [true, false, true])
        let valid = try CommandSpec.validate(command)
        #expect(valid.argument("screen") == "to")
        #expect(valid.argument("file") == "out.svg")
    }

    @Test func needsContinuationForTheRepl() {
        #expect(Script.needsContinuation("row TextCell \\"))
        #expect(Script.needsContinuation("row TextCell \\  "))
        #expect(!Script.needsContinuation("row TextCell"))
        #expect(!Script.needsContinuation("row TextCell # \\"))
        #expect(!Script.needsContinuation(#"row TextCell text="\"#))
        #expect(Script.parse("row X \\", file: "t").continuesPastEnd)
    }
}
