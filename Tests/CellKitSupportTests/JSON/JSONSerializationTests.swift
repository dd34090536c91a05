import TestSupport
import Testing

@testable import CellKitSupport

@Suite("JSON serializer")
struct JSONSerializationTests {
    @Test func compactAndPrettyLayouts() throws {
        let value: JSONValue = [
            "id": 7, "tags": ["a", "b"], "none": [:], "empty": [], "nested": ["x": [1, ["y": .null]]],
        ]
        #expect(
            try value.serialized()
                == #"{"id":7,"tags":["a","b"],"none":{},"empty":[],"nested":{"x":[1,{"y":null}]}}"#)
        #expect(
            try value.serialized(.pretty) == """
                {
                  "id": 7,
                  "tags": [
                    "a",
                    "b"
                  ],
                  "none": {},
                  "empty": [],
                  "nested": {
                    "x": [
                      1,
                      {
                        "y": null
                      }
                    ]
                  }
                }
                """)
        #expect(try JSONValue.int(1).serialized(.pretty) == "1")
    }

    @Test(arguments: [
        (JSONValue.int(0), "0"), (.int(-42), "-42"), (.int(Int.max), "9223372036854775807"),
        (.int(Int.min), "-9223372036854775808"), (.double(1), "1.0"), (.double(-0.0), "-0.0"),
        (.double(0.1), "0.1"), (.double(1e-5), "1e-05"), (.double(1e16), "1e+16"),
        (.double(123_456.789), "123456.789"),
        (.double(.greatestFiniteMagnitude), "1.7976931348623157e+308"),
        (.double(.leastNonzeroMagnitude), "5e-324"), (.bool(true), "true"), (.null, "null"),
    ])
    func numbersAndScalars(_ value: JSONValue, _ expected: String) throws {
        #expect(try value.serialized() == expected)
        #expect(try JSONValue(parsing: expected) == value)
    }

    @Test func doublesRoundTripExactly() throws {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<2000 {
            let double = Double(bitPattern: generator.next())
            guard double.isFinite else { continue }
            let reread = try JSONValue(parsing: JSONValue.double(double).serialized())
            #expect(reread == .double(double))
            #expect(reread.doubleValue?.bitPattern == double.bitPattern)
        }
    }

    @Test func stringsEscapeOnlyWhatTheyMust() throws {
        let text = "\"\\/\u{8}\u{C}\n\r\t\u{0}\u{1F}\u{7F} é 中 😀 \u{2028}"
        #expect(
            try JSONValue.string(text).serialized()
                == #""\"\\/\b\f\n\r\t\u0000\u001F"# + "\u{7F} é 中 😀 \u{2028}\"")
        #expect(try JSONValue(parsing: JSONValue.string(text).serialized()) == .string(text))
        #expect(try JSONValue.object(["a\"b": 1]).serialized() == #"{"a\"b":1}"#)
    }

    /// The C1 controls (U+0080 to U+009F; U+009B is a one-byte CSI) are
    /// escaped, so that JSON shown on a terminal cannot drive it; U+00A0 and
    /// on are not controls (issue 21, item 18).
    @Test func c1ControlsAreEscaped() throws {
        let text = "a\u{80}b\u{9B}31m\u{9F}\u{A0}\u{85}"
        #expect(try JSONValue.string(text).serialized() == #""a\u0080b\u009B31m\u009F"# + "\u{A0}" + #"\u0085""#)
        #expect(try JSONValue(parsing: JSONValue.string(text).serialized()) == .string(text))
        #expect(try JSONValue.object(["\u{9B}": 1]).serialized() == #"{"\u009B":1}"#)
    }

    @Test func nonFiniteNumbersAreRefusedWithTheirPath() throws {
        let value: JSONValue = ["rows": [["t": 1.5], ["t": .double(.nan)]]]
        let error = try #require(throws: JSONSerializationError.self) { try value.serialized() }
        #expect(error.path == ["rows", 1, "t"])
        #expect(
            error.description
                == "$.rows[1].t: NaN cannot be written as JSON; write null or a string instead")
        let infinity = try #require(throws: JSONSerializationError.self) {
            try JSONValue.array([.double(-.infinity)]).serialized(.pretty)
        }
        #expect(
            infinity.description == "$[0]: -inf cannot be written as JSON; write null or a string instead"
        )
        // description, for debugging, still shows them.
        #expect(value.description == #"{"rows":[{"t":1.5},{"t":nan}]}"#)
    }

    @Test func bytesAreTheUTF8OfTheText() throws {
        let value: JSONValue = ["é": "😀"]
        #expect(try value.serializedBytes() == Array(value.serialized().utf8))
    }
}
