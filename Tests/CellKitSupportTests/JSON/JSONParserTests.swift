import TestSupport
import Testing

@testable import CellKitSupport

@Suite("JSON parser: valid documents")
struct JSONParserTests {
    @Test(arguments: JSONCorpus.documents)
    func roundTripsThroughBothFormats(_ text: String) throws {
        let value = try JSONValue(parsing: text)
        for format in [JSONFormat.compact, .pretty] {
            let written = try value.serialized(format)
            let reread = try JSONValue(parsing: written)
            #expect(reread == value, "\(format): \(written)")
            // Writing again gives the same text: the output is stable, key order included.
            #expect(try reread.serialized(format) == written)
        }
    }

    @Test func parsesFromBytesAndFromStringsAlike() throws {
        for text in JSONCorpus.documents {
            #expect(try JSONValue(parsing: Array(text.utf8)) == JSONValue(parsing: text))
            // A collection that is not contiguous is copied first.
            #expect(try JSONParser().parse(text.utf8.reversed().reversed()) == JSONValue(parsing: text))
        }
    }

    @Test func scalars() throws {
        #expect(try JSONValue(parsing: "null") == .null)
        #expect(try JSONValue(parsing: " true ") == .bool(true))
        #expect(try JSONValue(parsing: "\"x\"") == .string("x"))
        #expect(try JSONValue(parsing: "\"\\uD83D\\uDE00\"") == .string("😀"))
        #expect(try JSONValue(parsing: "\"\\u00e9\"") == .string("é"))
        #expect(try JSONValue(parsing: "\"a\\/b\"") == .string("a/b"))
        #expect(try JSONValue(parsing: "\"\\u0000\"") == .string("\u{0}"))
    }

    @Test func integersStayExactAndOtherNumbersAreDoubles() throws {
        #expect(try JSONValue(parsing: "42") == .int(42))
        #expect(try JSONValue(parsing: "-0") == .int(0))
        #expect(try JSONValue(parsing: "9223372036854775807") == .int(Int.max))
        #expect(try JSONValue(parsing: "-9223372036854775808") == .int(Int.min))
        #expect(try JSONValue(parsing: "9223372036854775808") == .double(9.223372036854775808e18))
        #expect(try JSONValue(parsing: "-9223372036854775809") == .double(-9.223372036854775809e18))
        #expect(try JSONValue(parsing: "1.0") == .double(1))
        #expect(try JSONValue(parsing: "1e2") == .double(100))
        #expect(try JSONValue(parsing: "-0.0") == .double(-0.0))
        #expect(try JSONValue(parsing: "1e-400") == .double(0))
        #expect(try JSONValue(parsing: "0.1") == .double(0.1))
        #expect(try JSONValue(parsing: "1.0") != JSONValue(parsing: "1"))
    }

    /// Records repeat their keys: a key written plainly as the key in the same place of the
    /// object before is taken from that object. It must read exactly as a key read afresh:
    /// in another order, a prefix, with escapes, a duplicate, and where it is positioned.
    @Test func keysRepeatedFromTheObjectBeforeReadAsWritten() throws {
        let value = try JSONValue(
            parsing: #"[{"id":1,"name":"x"},{"id":2,"name":"y"},{"name":"z","id":3},{"i":4},{"id":5}]"#)
        let keys = value.arrayValue?.map { $0.objectValue?.keys ?? [] }
        #expect(keys == [["id", "name"], ["id", "name"], ["name", "id"], ["i"], ["id"]])
        // `a"b` is written `a\"b`; the same bytes unescaped end the key at `a`.
        #expect(throws: PositionedError.self) { try JSONValue(parsing: #"[{"a\"b": 1}, {"a"b": 2}]"#) }
        let escaped = try JSONValue(parsing: #"[{"a\"b": 1}, {"a\"b": 2}]"#)
        #expect(escaped.arrayValue?[1].objectValue?.keys == [#"a"b"#])
        let duplicate = try #require(throws: PositionedError.self) {
            try JSONValue(parsing: #"[{"id":1,"name":"x"},{"id":2,"id":3}]"#)
        }
        #expect(duplicate.message == "duplicate key 'id' (first at 1:23)")
        let document = try JSONParser().parseDocument("[{\"id\": 1},\n {\"id\": 2}]")
        #expect(document.keyPosition(of: [1, "id"]) == TextPosition(line: 2, column: 3, offset: 14))
    }

    /// Short decimals (`24990.75`) are computed without `strtod`; every one must be the
    /// `Double` the standard library reads from the same text, to the bit (the sign of
    /// zero included), and longer ones (16, 17 digits) take the general path.
    @Test func decimalsAreReadToTheBit() throws {
        var generator = SeededGenerator(seed: 7)
        var texts = ["-0.0", "0.0", "0.5", "-0.000000000000001", "999999999999999.9", "1234567890.12345"]
        for _ in 0..<20_000 {
            let whole =
                Int.random(in: 0..<10, using: &generator) == 0 ? 0 : Int.random(in: 0...99_999_999, using: &generator)
            let fractionDigits = Int.random(in: 1...9, using: &generator)
            let fraction = (0..<fractionDigits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            let sign = Bool.random(using: &generator) ? "-" : ""
            texts.append("\(sign)\(whole).\(fraction)")
        }
        for text in texts {
            let parsed = try JSONValue(parsing: text)
            let expected = try #require(Double(text))
            guard case .double(let value) = parsed else {
                Issue.record("\(text) parsed as \(parsed)")
                continue
            }
            #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) != \(expected)")
        }
    }

    @Test func objectsKeepTheirKeyOrder() throws {
        let value = try JSONValue(parsing: #"{"z": 1, "a": 2, "m": {"y": 0, "b": 1}}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
        #expect(value["m"]?.objectValue?.keys == ["y", "b"])
        #expect(try value.serialized() == #"{"z":1,"a":2,"m":{"y":0,"b":1}}"#)
    }

    @Test func aByteOrderMarkAtTheStartIsSkipped() throws {
        #expect(try JSONValue(parsing: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [1])
        // Columns do not count it.
        let error = try #require(throws: PositionedError.self) { try JSONValue(parsing: "\u{FEFF}[1,]") }
        #expect(error.position == TextPosition(line: 1, column: 4, offset: 6))
    }

    @Test func nestingUpToTheLimitParses() throws {
        let limit = JSONParser.defaultMaximumDepth
        let arrays = try JSONValue(parsing: JSONCorpus.nestedArrays(depth: limit))
        let objects = try JSONValue(parsing: JSONCorpus.nestedObjects(depth: limit))
        var depth = 0
        var value = arrays
        while case .array(let elements) = value {
            depth += 1
            value = elements[0]
        }
        #expect(depth == limit)
        #expect(try JSONValue(parsing: arrays.serialized(.pretty)) == arrays)
        #expect(try JSONValue(parsing: objects.serialized()) == objects)
        #expect(throws: PositionedError.self) {
            try JSONValue(parsing: JSONCorpus.nestedArrays(depth: limit + 1))
        }
    }

    @Test func theDepthLimitCanBeChanged() throws {
        let parser = JSONParser(maximumDepth: 3)
        #expect(try parser.parse("[[[1]]]") == [[[1]]])
        let error = try #require(throws: PositionedError.self) { try parser.parse("[[[[1]]]]") }
        #expect(error.description.hasPrefix("1:4: nesting is deeper than 3 levels"))
        // Far deeper than any stack would allow recursion: still just an error.
        #expect(throws: PositionedError.self) {
            try JSONValue(parsing: String(repeating: "[", count: 1_000_000))
        }
    }

    @Test func accessors() throws {
        let value = try JSONValue(
            parsing: #"{"n": 2.0, "i": 3, "s": "x", "b": true, "a": [1], "z": null}"#)
        #expect(value["n"]?.intValue == 2)
        #expect(value["n"]?.doubleValue == 2)
        #expect(value["i"]?.doubleValue == 3)
        #expect(value["s"]?.stringValue == "x")
        #expect(value["s"]?.intValue == nil)
        #expect(value["b"]?.boolValue == true)
        #expect(value["a"]?[0] == 1)
        #expect(value["a"]?[1] == nil)
        #expect(value["z"]?.isNull == true)
        #expect(value["missing"] == nil)
        #expect(value[["a", 0]] == 1)
        #expect(value[["a", "x"]] == nil)
        #expect(value["a"]?.arrayValue == [1])
        #expect(value.objectValue?.count == 6)
        #expect(
            [JSONValue.null, true, 1, 1.5, "s", [], [:]].map(\.kindDescription) == [
                "null", "a Boolean", "a number", "a number", "a string", "an array", "an object",
            ])
    }
}
