@_spi(Host) import CellKit
import CellKitSupport
import TestSupport
import Testing

/// A JSON number bound to text is written as the SDK writes a `Double`
/// (`AttributeValue.double`): a decimal the quick JSON check reads as its
/// own shortest text (`JSONNumberText.shortestDecimal`) is written the same.
@Suite struct NumberTextTests {
    @Test func aDecimalTakenAsWrittenIsWhatTheSDKWritesOfItsValue() {
        var generator = SeededGenerator(seed: 26)
        var taken = 0
        for _ in 0..<100_000 {
            let integerDigits = Int.random(in: 1...17, using: &generator)
            var integer = (0..<integerDigits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            if integer.first == "0" { integer = Bool.random(using: &generator) ? "0" : "1" + integer.dropFirst() }
            let zeros = String(repeating: "0", count: Int.random(in: 0...6, using: &generator))
            let digits = (0..<Int.random(in: 0...17, using: &generator)).map { _ in
                String(Int.random(in: 0...9, using: &generator))
            }.joined()
            let trailing = String(repeating: "0", count: Int.random(in: 0...3, using: &generator))
            let sign = Bool.random(using: &generator) ? "-" : ""
            var written = "\(sign)\(integer).\(zeros)\(digits)\(trailing)"
            if written.hasSuffix(".") { written += "0" }
            let bytes = Array(written.utf8)
            guard let text = bytes.withUnsafeBufferPointer(JSONNumberText.shortestDecimal) else { continue }
            taken += 1
            #expect(text == AttributeValue.double(Double(written)!).description, "\(written)")
        }
        #expect(taken > 20_000)  // the sweep reached the decimals taken as written
        for (written, text) in [("3.50", "3.5"), ("-2.0", "-2"), ("-0.0", "0"), ("0.0001", "0.0001")] {
            #expect(Array(written.utf8).withUnsafeBufferPointer(JSONNumberText.shortestDecimal) == text)
        }
        for written in ["0.00001", "1e5", "12", "1234567890123456.5", "0.1234567890123456"] {
            #expect(Array(written.utf8).withUnsafeBufferPointer(JSONNumberText.shortestDecimal) == nil)
        }
    }
}
