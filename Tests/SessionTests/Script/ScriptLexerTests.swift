@_spi(Host) import CellKit
import Testing

@testable import Session
@testable import WorkerProtocol

@Suite struct ScriptLexerTests {
    typealias Kind = Lexer.Token.Kind

    @Test func words() {
        #expect(
            ScriptTest.kinds("row BasicCells.TextCell Examples/team.json ../x ~/y C# a,b") == [
                .word("row"), .word("BasicCells.TextCell"), .word("Examples/team.json"),
                .word("../x"),
                .word("~/y"), .word("C#"), .word("a,b"),
            ])
        // Outside a value, a leading dot is a path, not a field.
        #expect(
            ScriptTest.kinds("open ./x.cellkit .hidden") == [
                .word("open"), .word("./x.cellkit"), .word(".hidden"),
            ])
        #expect(
            ScriptTest.kinds("row Zelle größe=groß 名前=値") == [
                .word("row"), .word("Zelle"), .word("größe"), .equals, .word("groß"), .word("名前"),
                .equals, .word("値"),
            ])
    }

    @Test func numbers() {
        #expect(
            ScriptTest.kinds("x 72 -3 0.72 1e3 2.5E-4 -0") == [
                .word("x"), .number("72"), .number("-3"), .number("0.72"), .number("1e3"),
                .number("2.5E-4"), .number("-0"),
            ])
        // Not numbers: words.
        #expect(
            ScriptTest.kinds("x 1.2.3 1. -x 0x1F +3 1e") == [
                .word("x"), .word("1.2.3"), .word("1."), .word("-x"), .word("0x1F"), .word("+3"),
                .word("1e"),
            ])
    }

    @Test func colours() {
        #expect(
            ScriptTest.kinds("row X accent=#ff8800 dim=#0af") == [
                .word("row"), .word("X"), .word("accent"), .equals, .word("#ff8800"), .word("dim"),
                .equals, .word("#0af"),
            ])
        // A '#' followed by a letter or digit starts a word, even after a blank.
        #expect(
            ScriptTest.kinds("set #ff8800 #1") == [.word("set"), .word("#ff8800"), .word("#1")])
        #expect(
            ScriptTest.kinds("row X colors=[#f00, #0f0,#00f]") == [
                .word("row"), .word("X"), .word("colors"), .equals, .openBracket, .word("#f00"),
                .comma,
                .word("#0f0"), .comma, .word("#00f"), .closeBracket,
            ])
    }

    @Test func doubleQuotedStringsAndTheirEscapes() {
        #expect(
            ScriptTest.kinds(
                #"x "a b" "" "say \"hi\"" "back\\slash" "tab\there" "new\nline" "cr\r" "it\'s""#)
                == [
                    .word("x"), .string("a b"), .string(""), .string(#"say "hi""#),
                    .string(#"back\slash"#),
                    .string("tab\there"), .string("new\nline"), .string("cr\r"), .string("it's"),
                ])
        #expect(
            ScriptTest.kinds(#"x "\u{1F600}" "\u{e9}" "\u{0}" "e\u{301}""#) == [
                .word("x"), .string("😀"), .string("é"), .string("\u{0}"), .string("e\u{301}"),
            ])
        // '#', '=', '[' and ',' are plain characters inside quotes.
        #expect(
            ScriptTest.kinds(##"x "# not a comment" "a=b" "[1, 2]""##) == [
                .word("x"), .string("# not a comment"), .string("a=b"), .string("[1, 2]"),
            ])
    }

    @Test func singleQuotedStringsAreRaw() {
        #expect(
            ScriptTest.kinds(#"x 'C:\dir\n' '' 'say "hi"' '#1'"#) == [
                .word("x"), .string(#"C:\dir\n"#), .string(""), .string(#"say "hi""#),
                .string("#1"),
            ])
    }

    @Test func stringsKeepEveryScalar() {
        // A quote followed by a combining mark is still a quote.
        let kinds = ScriptTest.kinds("x \"\u{301}a\" text=\u{301}b")
        #expect(
            kinds == [.word("x"), .string("\u{301}a"), .word("text"), .equals, .word("\u{301}b")])
        if case .string(let text) = kinds[1] {
            #expect(Array(text.unicodeScalars) == ["\u{301}", "a"])
        }
        #expect(ScriptTest.kinds("x \"👩‍💻 日本\"") == [.word("x"), .string("👩‍💻 日本")])
    }

    @Test func attributes() {
        #expect(
            ScriptTest.kinds(#"row X text="hi" n=3 on=true name=.name"#) == [
                .word("row"), .word("X"), .word("text"), .equals, .string("hi"), .word("n"),
                .equals, .number("3"),
                .word("on"), .equals, .word("true"), .word("name"), .equals,
                .field(FieldPath([.key("name")])),
            ])
    }

    @Test func fieldReferences() {
        func field(_ text: String) -> Kind? { ScriptTest.kinds("rows X from f a=\(text)").last }
        #expect(field(".name") == .field(FieldPath([.key("name")])))
        #expect(field(".a.b") == .field(FieldPath([.key("a"), .key("b")])))
        #expect(field(".items[0]") == .field(FieldPath([.key("items"), .index(0)])))
        #expect(
            field(".m[1][22].x")
                == .field(FieldPath([.key("m"), .index(1), .index(22), .key("x")])))
        #expect(field(#"."First Name""#) == .field(FieldPath([.key("First Name")])))
        #expect(field(#".a."b\"c""#) == .field(FieldPath([.key("a"), .key(#"b"c"#)])))
        #expect(field(".first-name") == .field(FieldPath([.key("first-name")])))
        #expect(field(".") == .field(FieldPath([])))
        #expect(field(".[2]") == .field(FieldPath([.index(2)])))
        // Inside lists too.
        #expect(
            ScriptTest.kinds("rows X from f a=[.min, .max]").suffix(5) == [
                .openBracket, .field(FieldPath([.key("min")])), .comma,
                .field(FieldPath([.key("max")])), .closeBracket,
            ])
    }

    @Test func fieldPathsPrintAsWritten() {
        #expect(FieldPath([.key("a"), .key("b"), .index(0)]).description == ".a.b[0]")
        #expect(FieldPath([.key("First Name"), .key("x")]).description == #"."First Name".x"#)
        #expect(FieldPath([.index(3), .key("9lives")]).description == #".[3]."9lives""#)
        #expect(FieldPath([]).description == ".")
    }

    @Test func lists() {
        #expect(
            ScriptTest.kinds("x d=[1, 2,3] e=[] f=[[1], [2, a]]").dropFirst(1).elementsEqual([
                .word("d"), .equals, .openBracket, .number("1"), .comma, .number("2"), .comma,
                .number("3"),
                .closeBracket, .word("e"), .equals, .openBracket, .closeBracket, .word("f"),
                .equals, .openBracket,
                .openBracket, .number("1"), .closeBracket, .comma, .openBracket, .number("2"),
                .comma, .word("a"),
                .closeBracket, .closeBracket,
            ]))
    }

    @Test func comments() {
        #expect(ScriptTest.kinds("# whole line") == [.comment(" whole line")])
        #expect(ScriptTest.kinds("#!/usr/bin/env cellkit") == [.comment("!/usr/bin/env cellkit")])
        #expect(ScriptTest.kinds("   #indented") == [.comment("indented")])
        #expect(ScriptTest.kinds("load A # why") == [.word("load"), .word("A"), .comment(" why")])
        #expect(ScriptTest.kinds("load A #") == [.word("load"), .word("A"), .comment("")])
        #expect(ScriptTest.kinds("load A ## x") == [.word("load"), .word("A"), .comment("# x")])
        #expect(ScriptTest.kinds("load A\t#\tx") == [.word("load"), .word("A"), .comment("\tx")])
        // Not comments: '#' inside a word, after '=', or followed by a letter or digit.
        #expect(
            ScriptTest.kinds("load A#b c=#d #e") == [
                .word("load"), .word("A#b"), .word("c"), .equals, .word("#d"), .word("#e"),
            ])
        // A comment runs to the end of the line, quotes and backslashes included.
        #expect(
            ScriptTest.kinds(#"load A # "x \"#) == [.word("load"), .word("A"), .comment(#" "x \"#)])
    }

    @Test func everyTokenKnowsWhereItIs() throws {
        let line = try #require(
            Lexer(file: "f", text: #"row  Cell t="x y" # c"#).logicalLines().first)
        #expect(line.tokens.map(\.text) == ["row", "Cell", "t", "=", #""x y""#, "# c"])
        #expect(
            line.tokens.map(\.span.description) == [
                "f:1:1-3", "f:1:6-9", "f:1:11", "f:1:12", "f:1:13-17", "f:1:19-21",
            ])
        #expect(line.tokens.map(\.spaceBefore) == [true, true, true, false, false, true])
    }

    @Test func columnsCountCharacters() throws {
        let line = try #require(Lexer(file: "f", text: "row 👩‍💻 é t=\"日本\" x").logicalLines().first)
        #expect(
            line.tokens.map(\.span.description) == [
                "f:1:1-3", "f:1:5", "f:1:7", "f:1:9", "f:1:10", "f:1:11-14", "f:1:16",
            ])
    }

    @Test func aByteOrderMarkInsideALineIsABlank() {
        // As `cat a.cellkit b.cellkit` leaves it.
        #expect(ScriptTest.kinds("\u{FEFF}load A") == [.word("load"), .word("A")])
        let parsed = Script.parse("load A\n\u{FEFF}load B", file: "t")
        #expect(parsed.commands.map(\.name) == ["load", "load"])
        #expect(ScriptTest.kinds("x \"\u{FEFF}\"") == [.word("x"), .string("\u{FEFF}")])
    }

    @Test func unicodeBlanksSeparate() {
        #expect(
            ScriptTest.kinds("load\u{A0}A\u{3000}B") == [.word("load"), .word("A"), .word("B")])
    }

    @Test func theLexerNeverDropsInput() throws {
        let inputs = [
            #"row "unterminated"#, #"x "\q" 'open"#, "x a=.a..b", "x ]]] [[", "x \\y \u{7}",
            #"x "\u{zz"#,
        ]
        for input in inputs {
            let line = try #require(Lexer(file: "f", text: input).logicalLines().first)
            let characters = Array(input)
            var covered = Set<Int>()
            for token in line.tokens {
                let range = (token.span.location.column - 1)..<(token.span.endColumn - 1)
                #expect(String(characters[range]) == token.text, "\(input)")
                covered.formUnion(range)
            }
            let uncovered = characters.indices.filter { !covered.contains($0) }
            #expect(uncovered.allSatisfy { characters[$0] == " " }, "\(input)")
            #expect(!line.diagnostics.isEmpty || input.contains("]]]"), "\(input)")
        }
    }
}
