import Testing

@_spi(Host) @testable import CellKit

@Suite("Nib errors")
struct NibErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var source: String
        /// `line:col: message` of the first diagnostic.
        var error: String
        /// A note of that diagnostic (exact).
        var note: String?
        /// The caret's length.
        var length: Int = 1
        var testDescription: String { source.debugDescription }
    }

    static let cases: [Case] = [
        // Braces.
        Case(
            source: "ab\n{a", error: "2:1: unclosed '{'",
            note: "close it with '}' on the same line, or write '{{' for a literal '{'",
            length: 2),
        Case(source: "{a {b}", error: "1:1: unclosed '{'", length: 3),
        Case(
            source: "{# note", error: "1:1: unclosed '{'",
            note: "close the comment with '}' on the same line (a comment cannot hold '}')",
            length: 7),
        Case(source: "a } b", error: "1:3: stray '}'", note: "write '}}' for a literal '}'"),
        Case(source: "}}}", error: "1:3: stray '}'"),
        Case(
            source: "{}", error: "1:1: empty outlet name",
            note:
                "put an outlet name inside the braces, e.g. '{title}', or write '{{}}' for literal braces",
            length: 2),
        Case(source: "{   }", error: "1:1: empty outlet name", length: 5),
        Case(
            source: "{ :bold}", error: "1:1: empty outlet name",
            note: "put the outlet's name before ':', e.g. '{title:bold}'", length: 8),
        // Outlet names.
        Case(
            source: "{1abc}", error: "1:2: bad outlet name '1abc'",
            note:
                "an outlet name starts with a letter or '_' and goes on with letters, digits or '_' (ASCII), like a Swift property name",
            length: 4),
        Case(source: "x {first-name}", error: "1:4: bad outlet name 'first-name'", length: 10),
        Case(source: "{café}", error: "1:2: bad outlet name 'café'", length: 4),
        Case(source: "{@}", error: "1:2: bad outlet name '@'"),
        Case(
            source: "{name bold}", error: "1:7: unexpected 'bold' after outlet name 'name'",
            note: "modifiers follow a ':', e.g. '{name:bold}'", length: 4),
        Case(
            source: "{a}\n{a}", error: "2:2: outlet 'a' appears twice",
            note: "'a' is first used at T.nib:1:2; an outlet is one label, drawn in one place"),
        Case(
            source: "{title} {title:bold}", error: "1:10: outlet 'title' appears twice",
            length: 5),
        // Characters.
        Case(
            source: "x\ty", error: "1:2: tab character in a nib",
            note: "use spaces: a tab has no fixed width in a terminal"),
        Case(source: "\t{a}\t", error: "1:1: tab character in a nib"),
        Case(source: "a\u{1B}[1mb", error: "1:2: control character U+001B in a nib"),
        Case(source: "a\rb", error: "1:2: control character U+000D in a nib"),
        Case(source: "a\u{7F}", error: "1:2: control character U+007F in a nib"),
        Case(source: "a\u{85}", error: "1:2: control character U+0085 in a nib"),
        // Columns count characters (grapheme clusters).
        Case(
            source: "╭─ {name:bol}", error: "1:10: unknown modifier 'bol' on outlet 'name'",
            length: 3),
        Case(source: "👩‍💻 é {a:bol}", error: "1:8: unknown modifier 'bol' on outlet 'a'", length: 3),
        Case(
            source: "{a}\r\n{b:bol}", error: "2:4: unknown modifier 'bol' on outlet 'b'", length: 3),
        // Unknown modifiers and suggestions.
        Case(
            source: "{name:bol}", error: "1:7: unknown modifier 'bol' on outlet 'name'",
            note: "did you mean 'bold'?", length: 3),
        Case(
            source: "{a:widht=3}", error: "1:4: unknown modifier 'widht' on outlet 'a'",
            note: "did you mean 'width=3'?", length: 5),
        Case(
            source: "{a:strikthrough}", error: "1:4: unknown modifier 'strikthrough' on outlet 'a'",
            note: "did you mean 'strikethrough'?", length: 12),
        Case(
            source: "{a:Bold}", error: "1:4: unknown modifier 'Bold' on outlet 'a'",
            note: "did you mean 'bold'?", length: 4),
        Case(
            source: "{a:centre}", error: "1:4: unknown modifier 'centre' on outlet 'a'",
            note: "did you mean 'center'?", length: 6),
        Case(
            source: "{a:colour=red}", error: "1:4: unknown modifier 'colour' on outlet 'a'",
            note: "did you mean 'fg=red'?", length: 6),
        Case(
            source: "{a:background=#000000}",
            error: "1:4: unknown modifier 'background' on outlet 'a'",
            note: "did you mean 'bg=#000000'?", length: 10),
        Case(
            source: "{a:red}", error: "1:4: unknown modifier 'red' on outlet 'a'",
            note: "did you mean 'fg=red'?", length: 3),
        Case(
            source: "{a:12}", error: "1:4: unknown modifier '12' on outlet 'a'",
            note: "did you mean 'width=12'?", length: 2),
        Case(
            source: "{a:tail}", error: "1:4: unknown modifier 'tail' on outlet 'a'",
            note: "did you mean 'truncate=tail'?", length: 4),
        Case(
            source: "{a:align=right}", error: "1:4: unknown modifier 'align' on outlet 'a'",
            note: "did you mean 'right'?", length: 5),
        Case(
            source: "{a:default=n/a}", error: "1:4: unknown modifier 'default' on outlet 'a'",
            note: "did you mean 'placeholder=n/a'?", length: 7),
        Case(
            source: "{a:xyzzy}", error: "1:4: unknown modifier 'xyzzy' on outlet 'a'",
            note:
                "outlet 'a' takes: bold, dim, italic, underline, reverse, strikethrough, fg=, bg=, left, center, right, width=, min=, max=, truncate=, clip, wrap, placeholder=, collapse, stretch",
            length: 5),
        Case(
            source: "{~─:blod}", error: "1:5: unknown modifier 'blod' on a spring",
            note: "did you mean 'bold'?", length: 4),
        // Modifier shapes.
        Case(
            source: "{a:truncate}", error: "1:4: 'truncate' needs a value",
            note: "write 'truncate=tail'", length: 8),
        Case(source: "{a:fg}", error: "1:4: 'fg' needs a value", note: "write 'fg=red'", length: 2),
        Case(
            source: "{a:width=}", error: "1:4: 'width' needs a value", note: "write 'width=12'",
            length: 6),
        Case(source: "{a:placeholder}", error: "1:4: 'placeholder' needs a value", length: 11),
        Case(
            source: "{a:bold=1}", error: "1:4: 'bold' takes no value", note: "write 'bold'",
            length: 6),
        Case(source: "{a:wrap=yes}", error: "1:4: 'wrap' takes no value", length: 8),
        Case(
            source: "{a:}", error: "1:3: nothing after ':'",
            note: "remove the ':' or add modifiers after it, e.g. ':bold'"),
        Case(source: "{a:bold,}", error: "1:8: empty modifier", note: "remove the extra ','"),
        Case(source: "{a:,bold}", error: "1:4: empty modifier"),
        Case(
            source: "{a:bold dim}", error: "1:4: missing ',' between modifiers",
            note: "separate modifiers with ',', e.g. 'bold,dim'", length: 8),
        Case(source: "{a:=3}", error: "1:4: missing modifier name before '='", length: 2),
        // Contradictions and repeats.
        Case(
            source: "{a:left,right}", error: "1:9: 'right' contradicts 'left'",
            note: "an outlet has one alignment: keep one of left, center, right", length: 5),
        Case(source: "{a:center,center}", error: "1:11: 'center' is given twice", length: 6),
        Case(
            source: "{a:wrap,truncate=head}", error: "1:9: 'truncate=head' contradicts 'wrap'",
            note:
                "a wrapped outlet shows all its text on more rows, a truncated one cuts it to one row: keep one",
            length: 13),
        Case(source: "{a:clip,wrap}", error: "1:9: 'wrap' contradicts 'clip'", length: 4),
        Case(
            source: "{a:truncate=tail,clip}", error: "1:18: 'clip' contradicts 'truncate=tail'",
            note: "'clip' is truncation without an ellipsis: keep one", length: 4),
        Case(
            source: "{a:min=5,max=3}", error: "1:10: min=5 is greater than max=3",
            note: "make min at most max, or use width=N for a fixed width", length: 5),
        Case(source: "{a:max=3,min=5}", error: "1:10: min=5 is greater than max=3", length: 5),
        Case(
            source: "{a:width=4,min=2}", error: "1:12: 'min=2' contradicts 'width=4'",
            note: "width=N fixes the width; for a flexible width use min and max without width",
            length: 5),
        Case(source: "{a:max=9,width=4}", error: "1:10: 'width=4' contradicts 'max=9'", length: 7),
        Case(
            source: "{a:bold,dim,bold}", error: "1:13: 'bold' is given twice", note: "remove one",
            length: 4),
        Case(
            source: "{a:fg=red,fg=blue}", error: "1:11: 'fg' is given twice",
            note: "outlet 'a' has one foreground colour: keep one", length: 7),
        Case(source: "{a:width=3,width=3}", error: "1:12: 'width' is given twice", length: 7),
        Case(
            source: #"{a:placeholder=x,placeholder="y"}"#,
            error: "1:18: 'placeholder' is given twice", length: 15),
        // Numbers.
        Case(
            source: "{a:width=x}", error: "1:10: 'x' is not a number",
            note: "width takes a whole number of columns from 1 to 4096, e.g. width=12"),
        Case(
            source: "{a:min=-1}", error: "1:8: '-1' is not a number",
            note: "min takes a whole number of columns from 0 to 4096, e.g. min=12", length: 2),
        Case(source: "{a:max=1.5}", error: "1:8: '1.5' is not a number", length: 3),
        Case(source: "{a:width=0}", error: "1:10: width=0 is out of range"),
        Case(source: "{a:max=0}", error: "1:8: max=0 is out of range"),
        Case(source: "{a:max=4097}", error: "1:8: max=4097 is out of range", length: 4),
        Case(
            source: "{a:min=99999999999999999999999}",
            error: "1:8: min=99999999999999999999999 is out of range", length: 23),
        // Colours.
        Case(
            source: "{a:fg=rde}", error: "1:7: unknown colour 'rde'", note: "did you mean 'red'?",
            length: 3),
        Case(
            source: "{a:fg=grey}", error: "1:7: unknown colour 'grey'",
            note: "did you mean 'bright-black'?", length: 4),
        Case(
            source: "{a:fg=brightred}", error: "1:7: unknown colour 'brightred'",
            note: "did you mean 'bright-red'?", length: 9),
        Case(
            source: "{a:bg=light_blue}", error: "1:7: unknown colour 'light_blue'",
            note: "did you mean 'bright-blue'?", length: 10),
        Case(
            source: "{a:fg=Red}", error: "1:7: unknown colour 'Red'", note: "did you mean 'red'?",
            length: 3),
        Case(
            source: "{a:fg=chartreuse}", error: "1:7: unknown colour 'chartreuse'",
            note:
                "a colour is a name (black, red, green, yellow, blue, magenta, cyan, white, bright-black … bright-white, default), a palette number 0–255, or #rrggbb",
            length: 10),
        Case(
            source: "{a:fg=256}", error: "1:7: palette colour 256 is out of range",
            note: "the palette has colours 0 to 255", length: 3),
        Case(
            source: "{a:bg=#abc}", error: "1:7: '#abc' is not a colour",
            note: "did you mean '#aabbcc'?", length: 4),
        Case(
            source: "{a:bg=#12345g}", error: "1:7: '#12345g' is not a colour",
            note: "write # and six hex digits, e.g. #1e1e2e", length: 7),
        // Springs.
        Case(
            source: "{~0}", error: "1:3: spring weight 0 is out of range",
            note: "a weight is a whole number from 1 to 999 (1 when not written)"),
        Case(source: "{~1000─}", error: "1:3: spring weight 1000 is out of range", length: 4),
        Case(
            source: "{~─:right}", error: "1:5: 'right' does not apply to a spring",
            note:
                "a spring takes styles and colours only: bold, dim, italic, underline, reverse, strikethrough, fg=, bg=",
            length: 5),
        Case(source: #"{~a"b"}"#, error: #"1:4: '"' in an unquoted spring fill"#),
        Case(source: #"{~"-" x}"#, error: "1:7: unexpected 'x' after the spring's fill"),
        // Quoted text.
        Case(source: #"{"x":wrap}"#, error: "1:6: 'wrap' does not apply to quoted text", length: 4),
        Case(source: #"{"x" y}"#, error: "1:6: unexpected 'y' after quoted text"),
        Case(
            source: #"{a:placeholder="x}"#, error: "1:16: unterminated string",
            note: #"close it with '"' before the '}'; write \" for a quote inside it"#, length: 3),
        Case(
            source: #"{a:placeholder="\n"}"#,
            error: #"1:17: unknown escape '\n' in a quoted string"#,
            note: #"only \" (a quote) and \\ (a backslash) are escapes"#, length: 2),
        Case(
            source: #"{a:placeholder="x"y}"#, error: "1:19: unexpected 'y' after the quoted value"),
        Case(
            source: #"{a:placeholder=x"y"}"#, error: #"1:17: '"' in an unquoted value"#,
            note: #"quote the whole value, e.g. placeholder="say \"hi\"""#),
        // Wrap.
        Case(
            source: "{a:wrap} {b:wrap}", error: "1:11: second wrap outlet 'b' on one line",
            note:
                "only one outlet per line can wrap ('a' does): the line repeats once per wrapped row of that outlet"
        ),
        // Empty nibs.
        Case(
            source: "", error: "1:1: empty nib 'T'",
            note: "draw at least one line; a line holding only '{~}' is a blank row"),
        Case(source: "\n  \n\n", error: "1:1: empty nib 'T'"),
        Case(source: "{# just a comment}\n", error: "1:1: empty nib 'T'"),
    ]

    @Test(arguments: cases)
    func reports(_ c: Case) throws {
        let error = #expect(throws: NibParseError.self) {
            try NibTemplate.parse(c.source, name: "T")
        }
        let first = try #require(error?.diagnostics.first)
        let location = first.location
        #expect("\(location.line):\(location.column): \(first.message)" == c.error)
        #expect(location.file == "T.nib")
        #expect(first.severity == .error)
        #expect(first.length == c.length)
        if let note = c.note {
            #expect(first.notes.contains(note), "notes: \(first.notes)")
        }
        #expect(first.notes.isEmpty == false)
        #expect(first.sourceLine != nil)
    }

    @Test func collectsEveryProblemInSourceOrder() throws {
        let source = "{a:bol} }\n{b\nok {c} {c}\n\tx {1}"
        let error = #expect(throws: NibParseError.self) {
            try NibTemplate.parse(source, name: "Card", file: "res/Card.nib")
        }
        let headers = (error?.diagnostics ?? []).map {
            "\($0.location): \($0.message)"
        }
        #expect(
            headers == [
                "res/Card.nib:1:4: unknown modifier 'bol' on outlet 'a'",
                "res/Card.nib:1:9: stray '}'",
                "res/Card.nib:2:1: unclosed '{'",
                "res/Card.nib:3:9: outlet 'c' appears twice",
                "res/Card.nib:4:1: tab character in a nib",
                "res/Card.nib:4:5: bad outlet name '1'",
            ])
    }

    @Test func stopsAfterTheLimit() throws {
        let source = Array(repeating: "} }", count: 30).joined(separator: "\n")
        let error = #expect(throws: NibParseError.self) {
            try NibTemplate.parse(source, name: "T")
        }
        #expect(error?.diagnostics.count == NibParseError.limit)
    }

    @Test func rendersLikeACompiler() throws {
        let error = #expect(throws: NibParseError.self) {
            try NibTemplate.parse("╭─ {name:bol} ─╮", name: "Card")
        }
        #expect(
            error?.description == """
                Card.nib:1:10: error: unknown modifier 'bol' on outlet 'name'
                  ╭─ {name:bol} ─╮
                           ^~~
                  did you mean 'bold'?
                """)
    }

    @Test func zeroWidthSpringFill() throws {
        // A zero-width space measures 0 columns, so it cannot fill a spring.
        #expect(TerminalWidth.of("\u{200B}") == 0)
        let error = #expect(throws: NibParseError.self) {
            try NibTemplate.parse("{~\u{200B}}", name: "T")
        }
        #expect(error?.first?.message == "the spring's fill has no width")
        #expect(error?.first?.location.column == 3)
    }

    @Test(arguments: [
        ("bold", "bold", 0), ("bol", "bold", 1), ("bodl", "bold", 1), ("", "ab", 2),
        ("kitten", "sitting", 3), ("ab", "ba", 1), ("abc", "", 3),
    ])
    func editDistance(_ a: String, _ b: String, _ expected: Int) {
        #expect(Suggestions.distance(a, b) == expected)
    }
}
