import TestSupport
import Testing

@testable import CellKitSupport

/// The cut scans and the JSON record check skip text eight bytes at a time (`ByteSearch`): they find
/// the byte a byte-at-a-time loop finds, wherever the run starts and ends
/// (across word boundaries, in the last few bytes, at the buffer's end).
@Suite struct ByteSearchTests {
    /// Up to 39 bytes, mostly text (`x`), with a byte of `alphabet` about one time in `oneIn`.
    static func text(with alphabet: [UInt8], oneIn: Int, using generator: inout SeededGenerator) -> [UInt8] {
        (0..<Int.random(in: 0..<40, using: &generator)).map { _ in
            Int.random(in: 0..<oneIn, using: &generator) == 0
                ? alphabet.randomElement(using: &generator)! : UInt8(ascii: "x")
        }
    }

    @Test func findsTheFirstOfItsBytesAsALoopDoes() {
        var generator = SeededGenerator(seed: 26)
        let alphabet: [UInt8] = [0x0A, 0x0D, 0x22, 0x5C, 0x2C, 0x20, 0x80, 0xFF, 0x00] + Array("ab1".utf8)
        for _ in 0..<20_000 {
            let bytes = Self.text(with: alphabet, oneIn: 6, using: &generator)
            let count = bytes.count
            let from = Int.random(in: 0...count, using: &generator)
            let to = Int.random(in: from...count, using: &generator)
            bytes.withUnsafeBufferPointer { buffer in
                let three = ByteSearch.first(of: 0x0A, 0x0D, 0x22, in: buffer, from: from, to: to)
                let expected3 = (from..<to).first { [0x0A, 0x0D, 0x22].contains(bytes[$0]) } ?? to
                #expect(three == expected3, "\(bytes) \(from)..<\(to)")
                let two = ByteSearch.first(of: 0x22, 0x5C, in: buffer, from: from, to: to)
                let expected2 = (from..<to).first { [0x22, 0x5C].contains(bytes[$0]) } ?? to
                #expect(two == expected2, "\(bytes) \(from)..<\(to)")
            }
        }
    }

    /// A JSON string's plain run ends where a loop says: at the first quote,
    /// backslash or control character (every one of 0x00–0x1F, next to bytes
    /// of 0x20 and 0x7F–0xFF, whose borrows must not hide it), with the
    /// bytes before it told apart as ASCII or not.
    @Test func findsTheEndOfAStringRunAsALoopDoes() {
        var generator = SeededGenerator(seed: 30)
        let alphabet: [UInt8] = [0x22, 0x5C, 0x20, 0x21, 0x7F, 0x80, 0xC3, 0xFF] + Array(0x00...0x1F)
        for _ in 0..<20_000 {
            let bytes = Self.text(with: alphabet, oneIn: 5, using: &generator)
            let count = bytes.count
            let from = Int.random(in: 0...count, using: &generator)
            let end = (from..<count).first { bytes[$0] == 0x22 || bytes[$0] == 0x5C || bytes[$0] < 0x20 } ?? count
            let nonASCII = bytes[from..<end].contains { $0 >= 0x80 }
            bytes.withUnsafeBufferPointer { buffer in
                let run = ByteSearch.stringRunEnd(in: buffer, from: from)
                #expect(run.end == end && run.nonASCII == nonASCII, "\(bytes) from \(from)")
            }
        }
    }
}
