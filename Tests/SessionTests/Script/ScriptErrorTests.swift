@_spi(Host) import CellKit
import Testing

@testable import Session
@testable import SessionTestSupport
@testable import WorkerProtocol

/// One bad input and the diagnostic it must give.
struct ScriptErrorCase: Sendable, CustomTestStringConvertible {
    var input: String
    /// `line:column+length message`.
    var expected: String
    /// A note the diagnostic must have (a fix or a suggestion).
    var note: String

    init(_ input: String, _ expected: String, note: String) {
        self.input = input
        self.expected = expected
        self.note = note
    }

    var testDescription: String { input }
}

@Suite struct ScriptErrorTests {
    static let lexical: [ScriptErrorCase] = [
        .init(
            #"row TextCell text="Good morning"#, "1:19+1 unterminated string",
            note:
                #"add a closing '"' before the end of the line; a string cannot span lines (write \n for a line break)"#
        ),
        .init(
            #"row X text='abc"#, "1:12+1 unterminated string", note: #"use double quotes: "it's""#),
        .init(
            #"row X text="abc\"#, "1:12+1 unterminated string",
            note: #"a '\' inside quotes does not continue the line"#),
        .init(
            #"row X text="a\qb""#, #"1:14+2 unknown escape sequence '\q'"#,
            note: #"write \\ for a backslash"#),
        .init(
            #"row X text="\u{}""#, #"1:13+4 invalid unicode escape '\u{}'"#,
            note: #"write 1 to 8 hex digits in braces: \u{E9}, \u{1F600}"#),
        .init(
            #"row X text="\u{zz}""#, #"1:13+3 invalid unicode escape '\u{'"#, note: #"\u{1F600}"#),
        .init(
            #"row X text="\u1F600""#, #"1:13+2 invalid unicode escape '\u'"#, note: #"\u{1F600}"#),
        .init(
            #"row X text="\u{123456789}""#, #"1:13+13 invalid unicode escape '\u{123456789}'"#,
            note: "1 to 8 hex digits"),
        .init(
            #"row X text="\u{1F600""#, #"1:13+8 invalid unicode escape '\u{1F600'"#,
            note: "in braces"),
        .init(
            #"row X text="\u{D800}""#, #"1:13+8 '\u{D800}' is not a Unicode scalar value"#,
            note: "outside D800–DFFF"),
        .init(
            #"open C:\dir"#, #"1:8+1 unexpected '\' in unquoted text"#,
            note: #"quote the text: "C:\\dir""#),
        .init(
            "row X text=a\u{1B}b", "1:13+1 unexpected control character U+001B in unquoted text",
            note: #""a\u{1B}b""#),
        .init(
            "rows X from f a=.5", "1:18+1 invalid field reference '.5'",
            note: "to write a number, write 0.5"),
        .init(
            "rows X from f a=.a..b", "1:20+1 invalid field reference '.a..b'",
            note: "expected a field name after '.'"),
        .init(
            "rows X from f a=.items[x]", "1:23+1 invalid field reference '.items[x]'",
            note: "expected an index from 0, such as [0]"),
        .init(
            "rows X from f a=./logo.png", "1:18+1 invalid field reference './logo.png'",
            note: #"quote it: "./logo.png""#),
        .init(
            "rows X from f a=.a!", "1:19+1 invalid field reference '.a!'", note: "unexpected '!'"),
        .init(
            "rows X from f a=.a.", "1:20+1 invalid field reference '.a.'",
            note: "expected a field name after '.'"),
        .init(
            "row X \\", #"1:7+1 '\' continues the command, but the input ends here"#,
            note: #"remove the '\'"#),
    ]

    static let syntax: [ScriptErrorCase] = [
        .init(
            "row X text = hi", "1:12+1 stray '='", note: "write 'text=hi' without blanks around '='"
        ),
        .init(
            "row X text =hi", "1:12+1 stray '='", note: "write 'text=hi' without blanks around '='"),
        .init(
            "row X a=b=c", "1:10+1 stray '='",
            note: #"to put '=' in a value, quote the value, for example text="a=b""#),
        .init(
            "row X ==", "1:7+1 stray '='",
            note: "an attribute is written NAME=VALUE, without blanks around '='"),
        .init("row X a==b", "1:9+1 stray '='", note: "to put '=' in a value, quote the value"),
        .init("= x", "1:1+1 expected a command name", note: "type 'help' for the list"),
        .init(#""row" X"#, "1:1+5 expected a command name", note: "a line starts with a command"),
        .init("item C data=[1, 2", "1:13+1 unbalanced '['", note: "close the list with ']'"),
        .init("item C data=[[1, 2]", "1:13+1 unbalanced '['", note: "close the list with ']'"),
        .init("row X ]", "1:7+1 unbalanced ']'", note: "remove it"),
        .init("row X a=]", "1:9+1 unbalanced ']'", note: "remove it"),
        .init(
            "item C a=[1 2]", "1:13+1 expected ',' or ']' after a list element",
            note: "separate list elements with ','"),
        .init(
            "item C a=[,]", "1:11+1 expected a list element before ','",
            note: "remove the extra ','"),
        .init(
            "item C a=[1,,2]", "1:13+1 expected a list element before ','",
            note: "remove the extra ','"),
        .init(
            "row X [1]", "1:7+1 a list can only be the value of an attribute",
            note: "write NAME=[...]"),
        .init(
            "item C a=" + String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
            "1:42+1 lists are nested too deeply", note: "at most 32 deep"),
        .init(
            "row X text=", "1:12+1 missing value after 'text='",
            note: #"give a value, or write text="" for empty text"#),
        .init(
            "row X text= hi", "1:12+1 missing value after 'text='",
            note: "remove the blank after '='"),
        .init(
            #"row X text="a"b"#, #"1:15+1 missing blank between '"a"' and 'b'"#,
            note: "separate arguments with blanks"),
        .init(
            #"row X abc"def""#, #"1:10+5 missing blank between 'abc' and '"def"'"#,
            note: "quote all of it"),
        .init(
            #"row X "a"=b"#, "1:7+3 an attribute name cannot be quoted", note: "write the name bare"
        ),
        .init(
            "row X 1a=b", "1:7+2 '1a' is not a valid attribute name",
            note: "a name starts with a letter or '_'"),
        .init(
            "width=72", "1:1+5 'width=72' is not a command",
            note: "to change the session option, write 'set width=72'"),
        .init("text=hi", "1:1+4 'text=hi' is not a command", note: "such as 'row CELL text=hi'"),
    ]

    static let validation: [ScriptErrorCase] = [
        .init("rwo TextCell", "1:1+3 unknown command 'rwo'", note: "did you mean 'row'?"),
        .init("rendr", "1:1+5 unknown command 'rendr'", note: "did you mean 'render'?"),
        .init("Row X", "1:1+3 unknown command 'Row'", note: "did you mean 'row'?"),
        .init("desc X", "1:1+4 unknown command 'desc'", note: "did you mean 'describe'?"),
        .init("zzz", "1:1+3 unknown command 'zzz'", note: "type 'help' for the list of commands"),
        .init(
            "screen D widht=72", "1:10+5 unknown option 'widht' for 'screen'",
            note: "did you mean 'width'?"),
        .init(
            "set colour=never", "1:5+6 unknown option 'colour' for 'set'",
            note: "did you mean 'color'?"),
        .init(
            "render foo=1", "1:8+3 unknown option 'foo' for 'render'",
            note: "the options of 'render' are format, width"),
        .init("plugins x=1", "1:9+1 'plugins' takes no options", note: "usage: plugins"),
        .init(
            "screen D width=abc",
            "1:16+3 expected an integer from 1 to 10000 for 'width', found 'abc'",
            note: "for example width=72"),
        .init(
            "screen D width=0", "1:16+1 expected an integer from 1 to 10000 for 'width', found '0'",
            note: "for example width=72"),
        .init(
            "screen D width=7.5",
            "1:16+3 expected an integer from 1 to 10000 for 'width', found '7.5'",
            note: "for example width=72"),
        .init(
            "screen D border=rounde",
            "1:17+6 expected one of none, ascii, light, rounded, heavy, double for 'border', found 'rounde'",
            note: "did you mean 'rounded'?"),
        .init(
            "screen D separators=ture",
            "1:21+4 expected true or false for 'separators', found 'ture'",
            note: "did you mean 'true'?"),
        .init(
            "render D format=svgg",
            "1:17+4 expected one of plain, ansi, html, svg, json for 'format', found 'svgg'",
            note: "did you mean 'svg'?"),
        .init(
            "screen D width=.w",
            "1:16+2 expected an integer from 1 to 10000 for 'width', found a field reference",
            note: "field references (.name) bind data in 'rows' and 'items' only"),
        .init(
            "screen D width=[1]",
            "1:16+3 expected an integer from 1 to 10000 for 'width', found a list",
            note: "for example width=72"),
        .init(
            "screen D lsit", "1:10+4 expected list or grid, found 'lsit'",
            note: "did you mean 'list'?"),
        .init(
            "load \"\"", "1:6+2 expected a plugin name or path, found empty text",
            note: "usage: load NAME|PATH [allow-unsafe=true|false]"),
        .init("row", "1:4+1 'row' needs a cell name", note: "usage: row CELL [NAME=VALUE ...]"),
        .init(
            "item text=hi", "1:5+1 'item' needs a cell name",
            note: "usage: row CELL [NAME=VALUE ...]"),
        .init("describe", "1:9+1 'describe' needs a cell name", note: "usage: describe CELL"),
        .init(
            "rows X", "1:7+1 'rows' needs 'from FILE'",
            note:
                "usage: rows CELL from FILE [watch=true|false] [format=csv|tsv|json|jsonl|SOURCE] [table=TABLE] "
                + "[query=SELECT] [sort=[-].FIELD] [where=EXPR] [NAME=.FIELD|NAME=VALUE ...]"
        ),
        .init("rows X to f", "1:8+2 'rows' needs 'from FILE'", note: "usage: rows CELL from FILE"),
        .init(
            "rows X from", "1:12+1 expected a data file after 'from'",
            note: "usage: rows CELL from FILE"),
        .init("rows from f", "1:6+4 'rows' needs a cell name", note: "usage: rows CELL from FILE"),
        .init(
            "render to", "1:10+1 expected a file name after 'to'",
            note: "usage: render [SCREEN] [to FILE]"),
        .init("initial", "1:8+1 'initial' needs a screen name", note: "usage: initial SCREEN"),
        .init("plugins now", "1:9+3 unexpected argument 'now'", note: "usage: plugins"),
        .init("render A B", "1:10+1 unexpected argument 'B'", note: "usage: render [SCREEN]"),
        .init(
            "row TextCell text=hello big world", "1:25+3 unexpected argument 'big'",
            note: #"to give text with blanks, quote it: text="hello big world""#),
        .init(
            "row X #note", "1:7+5 unexpected argument '#note'",
            note: "a comment starts with '#' and a blank: '# note'"),
        .init(
            "set width 80", "1:5+5 unexpected argument 'width'",
            note: "an option is written NAME=VALUE: width=80"),
        .init(
            "load A allow-unsafe", "1:8+12 unexpected argument 'allow-unsafe'",
            note: "allow-unsafe=true"),
        .init(
            #"screen "Morning report""#, "1:8+16 'Morning report' is not a valid screen name",
            note: #"put the text to show in title="Morning report""#),
        .init(
            "screen D list columns=3",
            "1:15+7 option 'columns' is for grid screens, and this one is a list",
            note: "write 'grid' instead of 'list', or remove columns=3"),
        .init(
            "screen D grid separators=true",
            "1:15+10 option 'separators' is for list screens, and this one is a grid",
            note: "remove separators=true"),
        .init(
            "row X a=1 a=2", "1:11+1 'a' is given twice",
            note: "remove one of them; the first is at 1:7"),
        .init(
            "screen D width=1 width=2", "1:18+5 'width' is given twice",
            note: "the first is at 1:10"),
        .init(
            "row X name=.name", "1:12+5 a field reference needs a data file",
            note: "to set name= from each record of a file, write 'rows CELL from FILE name=.name'"),
        .init(
            "item X data=[1, .x]", "1:13+7 a field reference needs a data file",
            note: "'item' sets fixed values"),
        .init("help rwo", "1:6+3 no help for 'rwo'", note: "did you mean 'row'?"),
        .init("help sytnax", "1:6+6 no help for 'sytnax'", note: "did you mean 'syntax'?"),
    ]

    @Test(arguments: lexical + syntax)
    func parseError(_ c: ScriptErrorCase) throws {
        let errors = ScriptTest.parseErrors(c.input)
        try #require(errors.count == 1, "\(errors)")
        #expect(ScriptTest.brief(errors[0]) == c.expected)
        #expect(errors[0].notes.contains { $0.contains(c.note) }, "\(errors[0].notes)")
        #expect(errors[0].sourceLine == c.input)
        #expect(errors[0].location.file == "t")
    }

    @Test(arguments: validation)
    func validationError(_ c: ScriptErrorCase) throws {
        #expect(ScriptTest.parseErrors(c.input) == [])
        let errors = ScriptTest.validationErrors(c.input)
        try #require(errors.count == 1, "\(errors)")
        #expect(ScriptTest.brief(errors[0]) == c.expected)
        #expect(errors[0].notes.contains { $0.contains(c.note) }, "\(errors[0].notes)")
        #expect(errors[0].sourceLine == c.input)
    }

    @Test func renderedLikeACompiler() throws {
        let errors = Script.check(
            "load BasicCells\nrow TextCell text=\"Good morning", file: "dashboard.cellkit")
        #expect(
            errors.map { $0.rendered() } == [
                """
                dashboard.cellkit:2:19: error: unterminated string
                  row TextCell text="Good morning
                                    ^
                  add a closing '"' before the end of the line; a string cannot span lines (write \\n for a line break)
                """
            ])
        let option = Script.check("screen Dashboard widht=72", file: "<stdin>")
        #expect(
            option.map { $0.rendered() } == [
                """
                <stdin>:1:18: error: unknown option 'widht' for 'screen'
                  screen Dashboard widht=72
                                   ^~~~~
                  did you mean 'width'?
                """
            ])
    }

    @Test func everyErrorOfALineIsReportedInOrder() {
        let errors = ScriptTest.validationErrors("screen D widht=72 border=rund columns=x")
        #expect(
            errors.map(ScriptTest.brief) == [
                "1:10+5 unknown option 'widht' for 'screen'",
                "1:26+4 expected one of none, ascii, light, rounded, heavy, double for 'border', found 'rund'",
                "1:39+1 expected an integer from 1 to 1000 for 'columns', found 'x'",
            ])
        // Lexical errors that leave token boundaries alone are all reported.
        let lexical = ScriptTest.parseErrors(#"row X a="\q" b="\u{}""#)
        #expect(
            lexical.map(ScriptTest.brief) == [
                #"1:10+2 unknown escape sequence '\q'"#,
                #"1:17+4 invalid unicode escape '\u{}'"#,
            ])
    }

    @Test func everyErrorOfAFileIsReported() {
        let text = """
            load BasicCells
            rwo TextCell
            screen D width=abc
            row TextCell text="open
            # fine
            render to
            """
        #expect(
            Script.check(text, file: "f").map(ScriptTest.brief) == [
                "2:1+3 unknown command 'rwo'",
                "3:16+3 expected an integer from 1 to 10000 for 'width', found 'abc'",
                "4:19+1 unterminated string",
                "6:10+1 expected a file name after 'to'",
            ])
    }

    @Test func unknownCellAttributesForTheInterpreter() throws {
        let command = try #require(ScriptTest.command(#"row ProfileCell nmae="Ada Lovelace""#))
        let attribute = command.attributes[0]
        let diagnostic = command.unknownAttribute(
            attribute, of: "ProfileCell", known: ["name", "role", "accent"])
        #expect(
            diagnostic.rendered() == """
                t:1:17: error: ProfileCell has no attribute 'nmae'
                  row ProfileCell nmae="Ada Lovelace"
                                  ^~~~
                  did you mean 'name'?
                """)
        let far = command.unknownAttribute(attribute, of: "ProfileCell", known: ["role", "accent"])
        #expect(far.notes == ["its attributes are role, accent"])
    }
}
