import Testing

@_spi(Host) @testable import CellKit

/// A diagnostic's text from input cannot drive the terminal: every part is
/// sanitized where the diagnostic is rendered, line breaks kept.
@Suite struct DiagnosticSafetyTests {
    @Test func everyPartIsMadeSafe() {
        let d = Diagnostic(
            message: "expected a Double, got '\u{1B}]0;PWNED\u{07}\u{1B}[2J'",
            location: SourceLocation(file: "\u{1B}[2Jdata.csv", line: 2, column: 3), length: 2,
            sourceLine: "x,\u{1B}]0;PWNED", notes: ["fields are a\u{1B}]52;c;SGVsbG8=\u{07}, b\u{9B}2J", "one\ntwo"])
        #expect(
            d.rendered() == """
                ␛[2Jdata.csv:2:3: error: expected a Double, got '␛]0;PWNED␇␛[2J'
                  x,␛]0;PWNED
                    ^~
                  fields are a␛]52;c;SGVsbG8=␇, b\u{FFFD}2J
                  one
                two
                """)
        #expect(!d.rendered().unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
    }
}
