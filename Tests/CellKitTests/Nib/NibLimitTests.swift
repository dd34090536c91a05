import Testing

@_spi(Host) @testable import CellKit

/// A nib line 1 MB wide is an error at its line, found without taking the
/// line apart (docs/limits.md).
@Suite struct NibLimitTests {
    @Test func aLineOneMegabyteWideIsAnError() throws {
        let source = "{name}\n{a} " + String(repeating: "─", count: 350_000) + " {~}\n"
        let start = ContinuousClock.now
        let error = try #require(throws: NibParseError.self) { try NibTemplate.parse(source, name: "Wide") }
        #expect(ContinuousClock.now - start < .seconds(5))
        let first = try #require(error.diagnostics.first)
        #expect(first.location.line == 2 && first.location.column == 1)
        #expect(first.message == "line 2 is longer than 65536 bytes, the limit for a nib line")
        #expect(first.rendered().utf8.count < 1000, "the message does not quote the whole line")
    }

    @Test func aLineJustUnderTheLimitParses() throws {
        let literal = String(repeating: "x", count: NibParser.maximumLineBytes - 4)
        let template = try NibTemplate.parse("{a}" + literal, name: "Long")
        #expect(template.minimumWidth == literal.count)
    }
}
