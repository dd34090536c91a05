import Testing

@_spi(Host) @testable import CellKit

@Suite("Nib grammar")
struct NibGrammarTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var source: String
        var lines: [String]
        var testDescription: String { source.debugDescription }
    }

    static let cases: [Case] = [
        // Literals and escapes.
        Case(source: "hello", lines: ["lit(hello)"]),
        Case(source: "{{x}}", lines: ["lit({x})"]),
        Case(source: "a {{ b }} c", lines: ["lit(a { b } c)"]),
        Case(source: "╭─┬─╮", lines: ["lit(╭─┬─╮)"]),
        Case(source: "#1 {a}", lines: ["lit(#1 ) out(a)"]),
        // Outlets.
        Case(source: "{name}", lines: ["out(name)"]),
        Case(source: "{_x9}", lines: ["out(_x9)"]),
        Case(source: "{Name_2}", lines: ["out(Name_2)"]),
        Case(source: "a{b}c", lines: ["lit(a) out(b) lit(c)"]),
        Case(
            source: "{a:bold,dim,italic,underline,reverse,strikethrough}",
            lines: ["out(a:bold,dim,italic,underline,reverse,strikethrough)"]),
        Case(source: "{a:fg=red}", lines: ["out(a:fg=red)"]),
        Case(source: "{a:fg=bright-magenta}", lines: ["out(a:fg=bright-magenta)"]),
        Case(source: "{a:fg=default,bg=black}", lines: ["out(a:fg=default,bg=black)"]),
        Case(source: "{a:fg=208}", lines: ["out(a:fg=208)"]),
        Case(source: "{a:fg=0,bg=255}", lines: ["out(a:fg=0,bg=255)"]),
        Case(source: "{a:bg=#1e1e2e}", lines: ["out(a:bg=#1e1e2e)"]),
        Case(source: "{a:bg=#1E1E2E}", lines: ["out(a:bg=#1e1e2e)"]),
        Case(source: "{a:left}", lines: ["out(a)"]),
        Case(source: "{a:center}", lines: ["out(a:center)"]),
        Case(source: "{a:right}", lines: ["out(a:right)"]),
        Case(source: "{a:width=12}", lines: ["out(a:width=12)"]),
        Case(source: "{a:min=0,max=4096}", lines: ["out(a:min=0,max=4096)"]),
        Case(source: "{a:min=3,max=3}", lines: ["out(a:min=3,max=3)"]),
        Case(source: "{a:truncate=tail}", lines: ["out(a)"]),
        Case(source: "{a:truncate=head}", lines: ["out(a:truncate=head)"]),
        Case(source: "{a:truncate=middle}", lines: ["out(a:truncate=middle)"]),
        Case(source: "{a:truncate=clip}", lines: ["out(a:clip)"]),
        Case(source: "{a:clip}", lines: ["out(a:clip)"]),
        Case(source: "{a:wrap}", lines: ["out(a:wrap)"]),
        Case(source: "{a:wrap,max=30,center}", lines: ["out(a:center,max=30,wrap)"]),
        Case(source: "{a:placeholder=—}", lines: ["out(a:placeholder=\"—\")"]),
        Case(source: "{a:placeholder=}", lines: ["out(a:placeholder=\"\")"]),
        Case(
            source: #"{a:placeholder="n/a, {none}"}"#,
            lines: [#"out(a:placeholder="n/a, {none}")"#]),
        Case(
            source: #"{a:placeholder="say \"hi\" \\o/"}"#,
            lines: [#"out(a:placeholder="say "hi" \o/")"#]),
        Case(source: "{ a : bold , fg = red }", lines: ["out(a:bold,fg=red)"]),
        Case(source: "{a:right,bold}{b}", lines: ["out(a:bold,right) out(b)"]),
        // Springs.
        Case(source: "{~}", lines: ["spr(1' ')"]),
        Case(source: "{~─}", lines: ["spr(1'─')"]),
        Case(source: "{~-=}", lines: ["spr(1'-=')"]),
        Case(source: "{~- }", lines: ["spr(1'- ')"]),
        Case(source: "{~2}", lines: ["spr(2' ')"]),
        Case(source: "{~12─}", lines: ["spr(12'─')"]),
        Case(source: "{~999}", lines: ["spr(999' ')"]),
        Case(source: #"{~"12"}"#, lines: ["spr(1'12')"]),
        Case(source: #"{~3":"}"#, lines: ["spr(3':')"]),
        Case(source: #"{~"{}"}"#, lines: ["spr(1'{}')"]),
        Case(source: "{~─:dim,fg=blue}", lines: ["spr(1'─':dim,fg=blue)"]),
        Case(source: "{~:bg=blue}", lines: ["spr(1' ':bg=blue)"]),
        Case(source: "{ ~}", lines: ["spr(1' ')"]),
        // Styled (quoted) literals.
        Case(source: #"{"╭─":dim}"#, lines: ["lit(╭─:dim)"]),
        Case(source: #"{"{x}"}"#, lines: ["lit({x})"]),
        Case(source: #"a{"b"}c"#, lines: ["lit(a) lit(b) lit(c)"]),
        Case(source: #"{"│ " : fg=cyan , bold}"#, lines: ["lit(│ :bold,fg=cyan)"]),
        // Comments.
        Case(source: "a{# note}b", lines: ["lit(ab)"]),
        Case(source: "{# header}\n{a}", lines: ["out(a)"]),
        Case(source: "{# one}\n  {# two}\n\n{a}\n", lines: ["out(a)"]),
        Case(source: "{a}{# x { y}", lines: ["out(a)"]),
        // Whitespace and blank lines.
        Case(source: "ab   ", lines: ["lit(ab)"]),
        Case(source: "ab   {#}", lines: ["lit(ab   )"]),
        Case(source: "   ab", lines: ["lit(   ab)"]),
        Case(source: "\n\n a\n\n\nb\n\n", lines: ["lit( a)", "", "", "lit(b)"]),
        Case(source: "{~}\na\n{~}", lines: ["spr(1' ')", "lit(a)", "spr(1' ')"]),
        Case(source: "a\r\nb\r\n", lines: ["lit(a)", "lit(b)"]),
        Case(source: "\u{FEFF}a", lines: ["lit(a)"]),
        // The brief's example.
        Case(
            source: "╭─ {name:bold} {~─} {role:dim,right} ─╮\n│ {bio:wrap} {~} │\n╰{~─}╯",
            lines: [
                "lit(╭─ ) out(name:bold) lit( ) spr(1'─') lit( ) out(role:dim,right) lit( ─╮)",
                "lit(│ ) out(bio:wrap) lit( ) spr(1' ') lit( │)",
                "lit(╰) spr(1'─') lit(╯)",
            ]),
    ]

    @Test(arguments: cases)
    func parses(_ c: Case) throws {
        let template = try NibTemplate.parse(c.source, name: "T")
        #expect(NibDescribe.template(template) == c.lines)
    }

    @Test func exampleOutletsAndMinimumWidth() throws {
        let template = try NibTemplate.parse(NibLayoutTests.example, name: "ProfileCell")
        #expect(template.name == "ProfileCell")
        #expect(template.file == "ProfileCell.nib")
        #expect(template.outletNames == ["name", "role", "bio"])
        #expect(template.outlets.map(\.index) == [0, 1, 2])
        #expect(template.minimumWidth == 8)
        #expect(template.lines.map(\.minimumWidth) == [8, 5, 2])
        #expect(template.lines.map(\.wrapSegment) == [nil, 1, nil])
        #expect(template.lines.map(\.hasSprings) == [true, true, true])
        #expect(template.lines.map(\.sourceLine) == [1, 2, 3])
        let role = try #require(template.outlet(named: "role"))
        #expect(role.location == SourceLocation(file: "ProfileCell.nib", line: 1, column: 22))
        #expect(role.style == NibStyle(flags: .dim))
        #expect(role.alignment == .right)
    }

    @Test func outletOrderIsFirstAppearanceAcrossLines() throws {
        let template = try NibTemplate.parse("{c} {a}\n{b:wrap}\n{d}{e}", name: "T")
        #expect(template.outletNames == ["c", "a", "b", "d", "e"])
        #expect(template.outlets.map(\.location.line) == [1, 1, 2, 3, 3])
        #expect(template.outlets.map(\.location.column) == [2, 6, 2, 2, 5])
    }

    @Test(arguments: [
        ("abc", 3), ("{a:width=5}", 5), ("{a:min=4}x", 5), ("{a:max=9}", 0), ("{~}{~─}", 0),
        ("ab\n{a:width=7}{b:min=2}", 9), ("{{}}", 2), (#"{"xy":dim}{~}"#, 2), ("{a:wrap}", 0),
        ("{a:wrap,min=6} │", 8),
    ])
    func minimumWidth(_ source: String, _ expected: Int) throws {
        #expect(try NibTemplate.parse(source, name: "T").minimumWidth == expected)
    }

    @Test func fileNameDefaultsToNameDotNib() throws {
        #expect(try NibTemplate.parse("x", name: "Card").file == "Card.nib")
        #expect(
            try NibTemplate.parse("x", name: "Card", file: "res/Card.nib").file == "res/Card.nib")
    }

    @Test func coloursParseToTheirCases() throws {
        let t = try NibTemplate.parse(
            "{a:fg=bright-white,bg=#0a0B0c}{b:fg=7,bg=default}", name: "T")
        #expect(t.outlets[0].style.foreground == .named("bright-white"))
        #expect(t.outlets[0].style.background == .rgb(10, 11, 12))
        #expect(t.outlets[1].style.foreground == .palette(7))
        #expect(t.outlets[1].style.background == .default)
        #expect(NibColor.named("bright-white").paletteIndex == 15)
        #expect(NibColor.named("red").paletteIndex == 1)
        #expect(NibColor.rgb(1, 2, 3).paletteIndex == nil)
        #expect(NibColor.names.count == 16)
    }

    @Test(arguments: [
        ("│ x ─╮", "│   ─╮", true),
        ("| a + b |", "|   +   |", true),
        ("Name: ", "      ", false),
        ("╰", "╰", true),
        ("é─", " ─", true),
    ])
    func continuationText(_ text: String, _ expected: String, _ repeats: Bool) throws {
        let t = try NibTemplate.parse(text + "{~}", name: "T")
        guard case .literal(let literal) = t.lines[0].segments[0] else {
            Issue.record("not a literal")
            return
        }
        #expect(literal.continuationText == expected)
        #expect(literal.repeatsOnContinuation == repeats)
        #expect(TerminalWidth.of(literal.continuationText) == literal.width)
    }

    @Test func templatesAreValuesThatCompare() throws {
        let a = try NibTemplate.parse("{a:bold} {~}", name: "T")
        let b = try NibTemplate.parse("{a:bold} {~}", name: "T")
        let c = try NibTemplate.parse("{a:dim} {~}", name: "T")
        #expect(a == b)
        #expect(a != c)
        #expect(Set([a, b, c]).count == 2)
    }

    @Test func diagnosticAtOutletPointsIntoTheNib() throws {
        let t = try NibTemplate.parse("{# header}\n╭─ {name} {~─} {role} ─╮", name: "Card")
        let role = try #require(t.outlet(named: "role"))
        let d = t.diagnostic(at: role, message: "CardView has no outlet 'role'", notes: ["x"])
        #expect(
            d.rendered() == """
                Card.nib:2:17: error: CardView has no outlet 'role'
                  ╭─ {name} {~─} {role} ─╮
                                  ^~~~
                  x
                """)
    }
}
