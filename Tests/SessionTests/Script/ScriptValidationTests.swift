@_spi(Host) import CellKit
import Testing

@testable import Session
@testable import WorkerProtocol

@Suite struct ScriptValidationTests {
    static func valid(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws -> ValidatedCommand
    {
        let command = try #require(
            ScriptTest.command(text, sourceLocation: sourceLocation), sourceLocation: sourceLocation
        )
        return try CommandSpec.validate(command)
    }

    @Test func everyExampleInTheTableIsValid() throws {
        for spec in CommandSpec.all {
            #expect(!spec.examples.isEmpty, "\(spec.name)")
            for example in spec.examples {
                let validated = try Self.valid(example)
                #expect(validated.name == spec.name, "\(example)")
            }
        }
    }

    @Test func theTableIsComplete() {
        #expect(CommandSpec.all.map(\.name) == CommandSpec.Name.allCases)
        let words = CommandSpec.commandWords
        #expect(Set(words).count == words.count)
        #expect(CommandSpec.keywords == ["to", "from"])
        for spec in CommandSpec.all {
            #expect(!spec.summary.isEmpty && !spec.summary.hasSuffix("."), "\(spec.name)")
            #expect(spec.summary.first?.isLowercase == true, "\(spec.name)")
            let optionNames = spec.options.map(\.name)
            #expect(Set(optionNames).count == optionNames.count)
            #expect(optionNames.allSatisfy(Lexer.isName))
            for option in spec.options {
                #expect(option.kind.accepts(Self.unquoted(option.example)), "\(option.name)")
            }
        }
    }

    static func unquoted(_ text: String) -> String {
        text.hasPrefix("\"") ? String(text.dropFirst().dropLast()) : text
    }

    @Test func aliases() throws {
        #expect(try Self.valid("item TextCell text=hi").name == .row)
        #expect(try Self.valid("items C from f.csv").name == .rows)
        #expect(try Self.valid("exit").name == .quit)
        #expect(try Self.valid("item TextCell").command.name == "item")
    }

    @Test func optionalPositionals() throws {
        let render = try Self.valid("render Dashboard to out.html format=html width=100")
        #expect(render.argument("screen") == "Dashboard")
        #expect(render.argument("file") == "out.html")
        #expect(render.option("format") == "html")
        #expect(render.integer("width") == 100)
        let bare = try Self.valid("render")
        #expect(bare.arguments.isEmpty && bare.options.isEmpty)
        #expect(try Self.valid("render Team").argument("screen") == "Team")
        let screen = try Self.valid("screen Main")
        #expect(screen.argument("layout") == nil)
        #expect(
            try Self.valid("screen Main grid columns=4 item-width=20 spacing=0").integer("spacing")
                == 0)
        // Grid-only options are fine when the layout is not given: the screen may be a grid already.
        #expect(try Self.valid("screen Main columns=2").integer("columns") == 2)
        #expect(try Self.valid("section").arguments.isEmpty)
        #expect(try Self.valid("section \"\"").argument("title") == "")
        #expect(try Self.valid("help syntax").argument("topic") == "syntax")
        #expect(try Self.valid("help exit").argument("topic") == "exit")
        #expect(try Self.valid("cells").arguments.isEmpty)
    }

    @Test func typedOptionValues() throws {
        let load = try Self.valid("load ./libX.so allow-unsafe=true")
        #expect(load.argument("plugin") == "./libX.so")
        #expect(load.bool("allow-unsafe") == true)
        #expect(try Self.valid("load X allow-unsafe=false").bool("allow-unsafe") == false)
        #expect(try Self.valid("load X").bool("allow-unsafe") == nil)
        // Quotes do not change a value's type.
        #expect(try Self.valid("screen D width=\"72\"").integer("width") == 72)
        #expect(try Self.valid("screen D width=10000").integer("width") == 10_000)
        #expect(try Self.valid("set color=always width=80").option("color") == "always")
        #expect(try Self.valid("screen D border=none").option("border") == "none")
        #expect(try Self.valid("screen D title=\"\"").option("title") == "")
    }

    @Test func cellAttributesAreLeftToTheInterpreter() throws {
        let row = try Self.valid("row ProfileCell nmae=\"Ada\" role=Analyst data=[1, 2] width=abc")
        #expect(row.attributes.map(\.name) == ["nmae", "role", "data", "width"])
        #expect(row.options.isEmpty)
        let rows = try Self.valid(
            "rows ProfileCell from team.csv name=.\"Full Name\" accent=blue tags=[.a, x]")
        #expect(
            rows.attributes.map(\.value) == [
                .field(FieldPath([.key("Full Name")])), .text("blue"),
                .list([.field(FieldPath([.key("a")])), .text("x")]),
            ])
    }

    @Test func validatingAgainstAnotherSpec() throws {
        // The interpreter may check a command against the spec it means.
        let command = try #require(ScriptTest.command("row TextCell"))
        let spec = try #require(CommandSpec.named("describe"))
        #expect(try spec.validate(command).argument("cell") == "TextCell")
    }
}
