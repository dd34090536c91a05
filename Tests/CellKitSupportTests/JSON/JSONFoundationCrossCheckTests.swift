import Foundation
import TestSupport
import Testing

@testable import CellKitSupport

/// Checks the parser against Foundation's `JSONSerialization` on the same texts: both read
/// the same values from valid documents, and both refuse the invalid ones below.
@Suite("JSON parser: cross-checked with Foundation")
struct JSONFoundationCrossCheckTests {
    @Test(arguments: JSONCorpus.documents)
    func readsWhatFoundationReads(_ text: String) throws {
        let ours = try JSONValue(parsing: text)
        let theirs = try JSONSerialization.jsonObject(
            with: Data(text.utf8), options: [.fragmentsAllowed])
        #expect(Self.matches(ours, theirs), "\(ours) vs \(theirs)")
        // What we write, Foundation reads back to the same.
        let written = try ours.serialized(.pretty)
        let reread = try JSONSerialization.jsonObject(
            with: Data(written.utf8), options: [.fragmentsAllowed])
        #expect(Self.matches(ours, reread), "\(written)")
    }

    @Test func deepNestingMatchesFoundation() throws {
        for text in [JSONCorpus.nestedArrays(depth: 500), JSONCorpus.nestedObjects(depth: 500)] {
            let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8))
            #expect(Self.matches(try JSONValue(parsing: text), theirs))
        }
    }

    @Test func aGeneratedDocumentMatchesFoundation() throws {
        var generator = SeededGenerator(seed: 7)
        let value = JSONValue.array((0..<300).map { _ in Self.randomValue(depth: 4, &generator) })
        let text = try value.serialized()
        let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8))
        #expect(Self.matches(try JSONValue(parsing: text), theirs))
        #expect(try JSONValue(parsing: text) == value)
    }

    static let invalidDocuments = [
        "", " ", "[", "]", "{\"a\" 1}", "{a:1}", "[01]", "[1.]", "[.5]",
        "[+1]", "[-]", "[1e]", "\"abc", "\"a\nb\"", "[\"\\x\"]", "[\"\\u12\"]", "[tru]",
        "[True]", "[NaN]", "[Infinity]", "'a'", "[1 2]", "{\"a\":1 \"b\":2}", "[1]]", "{}}",
        "[1] x", "/* c */ 1", "[\"\t\"]",
    ]

    @Test(arguments: invalidDocuments)
    func refusesWhatFoundationRefuses(_ text: String) {
        #expect(throws: PositionedError.self) { try JSONValue(parsing: text) }
        #expect(throws: (any Error).self) {
            try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        }
    }

    /// Foundation is more lenient than RFC 8259 here; the parser is not.
    @Test(arguments: ["[1,]", "{\"a\":1,}"])
    func refusesTrailingCommasThatFoundationAccepts(_ text: String) throws {
        #expect(throws: PositionedError.self) { try JSONValue(parsing: text) }
        _ = try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// Whether `value` and Foundation's `object` are the same JSON.
    static func matches(_ value: JSONValue, _ object: Any) -> Bool {
        switch value {
        case .null:
            return object is NSNull
        case .bool(let bool):
            return (object as? Bool) == bool
        case .int(let int):
            guard let number = object as? NSNumber else { return false }
            return number.int64Value == Int64(int) && number.doubleValue == Double(int)
        case .number(let text):
            return matches(.double(Double(text) ?? .nan), object)
        case .double(let double):
            // Foundation on Linux reads long numbers as NSDecimalNumber, whose doubleValue can
            // be off by the last bit; its decimal text is exact.
            if let decimal = object as? NSDecimalNumber {
                return Double(decimal.stringValue) == double
            }
            guard let number = object as? NSNumber else { return false }
            return number.doubleValue == double
        case .string(let string):
            return (object as? String).map { Array($0.unicodeScalars) == Array(string.unicodeScalars) }
                ?? false
        case .array(let elements):
            guard let objects = object as? [Any], objects.count == elements.count else { return false }
            return zip(elements, objects).allSatisfy { matches($0, $1) }
        case .object(let members):
            guard let dictionary = object as? [String: Any], dictionary.count == members.count else {
                return false
            }
            return members.allSatisfy { member in
                dictionary[member.key].map { matches(member.value, $0) } ?? false
            }
        }
    }

    static func randomValue(depth: Int, _ generator: inout SeededGenerator) -> JSONValue {
        let pick = Int.random(in: 0..<(depth > 0 ? 8 : 6), using: &generator)
        switch pick {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .int(Int.random(in: -1_000_000...1_000_000, using: &generator))
        case 3: return .double(Double.random(in: -1e6...1e6, using: &generator))
        case 4, 5:
            let scalars = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in
                Character(
                    Unicode.Scalar(
                        [0x41, 0x0A, 0x22, 0x5C, 0xE9, 0x4E2D, 0x1F600, 0x01].randomElement(
                            using: &generator)!)!)
            }
            return .string(String(scalars))
        case 6:
            return .array(
                (0..<Int.random(in: 0..<5, using: &generator)).map { _ in
                    randomValue(depth: depth - 1, &generator)
                })
        default:
            var object = JSONObject()
            for index in 0..<Int.random(in: 0..<12, using: &generator) {
                object["key\(index)"] = randomValue(depth: depth - 1, &generator)
            }
            return .object(object)
        }
    }
}
