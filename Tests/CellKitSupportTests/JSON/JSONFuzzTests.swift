import TestSupport
import Testing

@testable import CellKitSupport

/// Sweeps of broken input: the parser may only return a value or throw a `PositionedError`
/// whose position lies inside the input. A trap would end the test process.
@Suite("JSON parser: fuzz sweeps")
struct JSONFuzzTests {
    /// Parses `bytes`; checks that an error's position is sane and that a value survives a
    /// round trip.
    static func check(_ bytes: [UInt8]) {
        do {
            let value = try JSONValue(parsing: bytes)
            let written = try value.serialized()
            #expect(try JSONValue(parsing: written) == value)
        } catch let error as PositionedError {
            #expect(error.position.line >= 1)
            #expect(error.position.column >= 1)
            #expect(error.position.offset >= 0 && error.position.offset <= bytes.count)
            #expect(!error.message.isEmpty)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func everyTruncationOfEveryValidDocument() {
        for text in JSONCorpus.documents {
            let bytes = Array(text.utf8)
            for end in 0...bytes.count {
                Self.check(Array(bytes[..<end]))
            }
        }
    }

    @Test func randomByteStrings() {
        var generator = SeededGenerator(seed: 1)
        for _ in 0..<20_000 {
            let count = Int.random(in: 0..<24, using: &generator)
            Self.check((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
    }

    @Test func randomStringsOfJSONPunctuation() {
        // Bytes the grammar cares about, so the sweep gets deep into the parser.
        let alphabet = Array("[]{}\",:.-+eE0123456789tfnrul\\ \n\tx/".utf8) + [0x00, 0xC3, 0xA9, 0xFF]
        var generator = SeededGenerator(seed: 2)
        for _ in 0..<50_000 {
            let count = Int.random(in: 0..<32, using: &generator)
            Self.check((0..<count).map { _ in alphabet.randomElement(using: &generator)! })
        }
    }

    @Test func randomMutationsOfValidDocuments() {
        var generator = SeededGenerator(seed: 3)
        let documents = JSONCorpus.documents.map { Array($0.utf8) }.filter { !$0.isEmpty }
        for _ in 0..<20_000 {
            var bytes = documents.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: index)
                default: bytes.insert(bytes[index], at: index)
                }
                if bytes.isEmpty {
                    break
                }
            }
            Self.check(bytes)
        }
    }

    @Test func parseDocumentAgreesWithParse() {
        var generator = SeededGenerator(seed: 4)
        let documents = JSONCorpus.documents.map { Array($0.utf8) }.filter { !$0.isEmpty }
        for _ in 0..<5_000 {
            var bytes = documents.randomElement(using: &generator)!
            bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                in: 0...127, using: &generator)
            let plain = Result { try JSONValue(parsing: bytes) }
            let located = Result { try JSONParser().parseDocument(bytes).value }
            switch (plain, located) {
            case (.success(let one), .success(let other)):
                #expect(one == other)
            case (.failure(let one), .failure(let other)):
                #expect(one as? PositionedError == other as? PositionedError)
            default:
                Issue.record("parse and parseDocument disagree on \(bytes)")
            }
        }
    }
}
