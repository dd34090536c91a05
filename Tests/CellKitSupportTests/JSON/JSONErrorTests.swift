import Testing

@testable import CellKitSupport

/// Every parse error, with its exact position, message and fix.
@Suite("JSON parser: errors")
struct JSONErrorTests {
    /// (input, `line:column: message; fix`), one row an error, unwrapped so that each reads
    /// as the user sees it.
    // swift-format-ignore
    static let textCases: [(String, String)] = [
    ("", "1:1: the input is empty; expected a JSON value; write a value, such as {} or []"),
    ("  \n ", "2:2: the input is empty; expected a JSON value; write a value, such as {} or []"),
    ("[1, 2,]", "1:7: unexpected ']' after ','; JSON does not allow a trailing comma: remove the ',' at 1:6"),
    ("{\"a\": 1,}", "1:9: unexpected '}' after ','; JSON does not allow a trailing comma: remove the ',' at 1:8"),
    ("{\"a\": 1,\n}", "2:1: unexpected '}' after ','; JSON does not allow a trailing comma: remove the ',' at 1:8"),
    ("{\"a\" 1}", "1:6: expected ':' after key 'a', found '1'; write \"a\": value"),
    ("{\"a\" = 1}", "1:6: expected ':' after key 'a', found '='; use ':' between a key and its value"),
    ("{\"a\"", "1:5: expected ':' after key 'a', found the end of the input; write \"a\": value"),
    ("{\"name\": }", "1:10: expected a value for key 'name', found '}'; write a value, or null"),
    ("[01]", "1:2: numbers cannot start with 0; remove the leading zeros, or write the value as a string in double quotes"),
    ("[-012]", "1:2: numbers cannot start with 0; remove the leading zeros, or write the value as a string in double quotes"),
    ("[1.]", "1:4: expected a digit after '.'; write 1.0 or 1"),
    ("[1.e5]", "1:4: expected a digit after '.'; write 1.0 or 1"),
    ("[.5]", "1:2: expected a value or ']', found '.'; write a digit before the '.': 0.5"),
    ("[+1]", "1:2: expected a value or ']', found '+'; remove the '+': JSON numbers have no plus sign"),
    ("[-]", "1:3: expected a digit after '-'"),
    ("[-Infinity]", "1:3: expected a digit after '-'; JSON has no infinity; write null, or the value as a string"),
    ("[1e]", "1:4: expected a digit in the exponent; write an exponent as 1e6 or 1.5E-3"),
    ("[1e+]", "1:5: expected a digit in the exponent; write an exponent as 1e6 or 1.5E-3"),
    ("[1e999]", "1:2: the number 1e999 is out of range; numbers go up to about 1.8e308; write a larger one as a string"),
    ("[-1e999]", "1:2: the number -1e999 is out of range; numbers go up to about 1.8e308; write a larger one as a string"),
    ("\"abc", "1:1: unterminated string; close it with '\"'"),
    ("[\"abc\n\"]", "1:2: unterminated string: the line ends before its closing '\"'; close it with '\"'; write a line break inside a string as \\n"),
    ("{\n  \"a\": \"x\ty\"\n}", "2:10: a tab (U+0009) cannot appear in a string as it is; write it as \\t"),
    ("[\"\u{01}\"]", "1:3: U+0001 cannot appear in a string as it is; write it as \\u0001"),
    ("[\"\\x\"]", "1:3: invalid escape '\\x'; the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX; write a backslash itself as \\\\"),
    ("[\"\\u12\"]", "1:3: invalid escape: '\\u' must be followed by four hex digits; write a character as \\u00E9, or a backslash as \\\\"),
    ("[\"\\u12G4\"]", "1:3: invalid escape: '\\u' must be followed by four hex digits; write a character as \\u00E9, or a backslash as \\\\"),
    ("[\"\\uD83D\"]", "1:3: invalid escape: \\uD83D is half of a surrogate pair; write a character beyond U+FFFF as a pair, high then low: \\uD83D\\uDE00"),
    ("[\"\\uDE00\"]", "1:3: invalid escape: \\uDE00 is half of a surrogate pair; write a character beyond U+FFFF as a pair, high then low: \\uD83D\\uDE00"),
    ("[\"\\uD83D\\u0041\"]", "1:3: invalid escape: \\uD83D is half of a surrogate pair; write a character beyond U+FFFF as a pair, high then low: \\uD83D\\uDE00"),
    ("[\"abc\\", "1:2: unterminated string; close it with '\"'"),
    ("[tru]", "1:2: 'tru' is not a JSON value; did you mean true?"),
    ("[True]", "1:2: 'True' is not a JSON value; JSON literals are lowercase: write true"),
    ("[NULL]", "1:2: 'NULL' is not a JSON value; JSON literals are lowercase: write null"),
    ("[NaN]", "1:2: 'NaN' is not a JSON value; JSON has no NaN; write null, or the value as a string"),
    ("[Infinity]", "1:2: 'Infinity' is not a JSON value; JSON has no Infinity; write null, or the value as a string"),
    ("[undefined]", "1:2: 'undefined' is not a JSON value; JSON has no undefined; write null, or the value as a string"),
    ("[yes]", "1:2: 'yes' is not a JSON value; write a string in double quotes: \"yes\""),
    ("{'a': 1}", "1:2: expected a string key or '}', found a single quote ('); keys are written in double quotes, not single quotes"),
    ("['a']", "1:2: expected a value or ']', found a single quote ('); strings are written in double quotes, not single quotes"),
    ("{a: 1}", "1:2: expected a string key or '}', found 'a'; keys are strings in double quotes: \"a\""),
    ("{\"a\": 1, b: 2}", "1:10: expected a string key, found 'b'; keys are strings in double quotes: \"b\""),
    ("[1 2]", "1:4: expected ',' or ']' after an array element, found '2'; a missing ',' before it?"),
    ("{\"a\": 1 \"b\": 2}", "1:9: expected ',' or '}' after the value of key 'a', found '\"'; a missing ',' before it?"),
    ("{\"k\": [1, 2}", "1:12: expected ',' or ']' after an array element, found '}'; the array opened at 1:7 is closed with ']'"),
    ("[{\"a\": 1]", "1:9: expected ',' or '}' after the value of key 'a', found ']'; the object opened at 1:2 is closed with '}'"),
    ("[1] x", "1:5: unexpected 'x' after the JSON value; a document holds one value; to hold several, put them in an array: [a, b]"),
    ("[1]]", "1:4: unexpected ']' after the JSON value; remove it, or find the bracket it was meant to close"),
    ("{}}", "1:3: unexpected '}' after the JSON value; remove it, or find the bracket it was meant to close"),
    ("1 2", "1:3: unexpected '2' after the JSON value; a document holds one value; to hold several, put them in an array: [a, b]"),
    ("// c\n1", "1:1: expected a JSON value, found '/'; JSON has no comments; remove it"),
    ("# c\n1", "1:1: expected a JSON value, found '#'; JSON has no comments; remove it"),
    ("[1, // c\n2]", "1:5: expected a value after ',', found '/'; JSON has no comments; remove it"),
    ("{\"a\": 1, \"a\": 2}", "1:10: duplicate key 'a' (first at 1:2); keys in an object must be unique: remove or rename one"),
    ("{\n  \"id\": 1,\n  \"name\": \"x\",\n  \"id\": 2\n}", "4:3: duplicate key 'id' (first at 2:3); keys in an object must be unique: remove or rename one"),
    ("[", "1:2: unexpected end of input inside the array opened at 1:1; close it with ']'"),
    ("[1", "1:3: unexpected end of input inside the array opened at 1:1; close it with ']'"),
    ("[1,", "1:4: unexpected end of input inside the array opened at 1:1; write another element, or remove the last ','; then close the array with ']'"),
    ("{", "1:2: unexpected end of input inside the object opened at 1:1; close it with '}'"),
    ("{\"a\"", "1:5: expected ':' after key 'a', found the end of the input; write \"a\": value"),
    ("{\"a\":", "1:6: unexpected end of input inside the object opened at 1:1; write the value of 'a', then close the object with '}'"),
    ("{\"a\": 1", "1:8: unexpected end of input inside the object opened at 1:1; close it with '}'"),
    ("{\"a\": [1, {\"b\": ", "1:17: unexpected end of input inside the object opened at 1:11; write the value of 'b', then close the object with '}'"),
    ("[\"é\", 1, é]", "1:10: expected a value after ',', found 'é' (U+00E9)"),
    ("[\"日本語\", x]", "1:9: 'x' is not a JSON value; write a string in double quotes: \"x\""),
    ("[1, 2:3]", "1:6: expected ',' or ']' after an array element, found ':'; an array holds values; for key: value pairs, use an object {...}"),
    ("[\u{7F}]", "1:2: expected a value or ']', found U+007F"),
    ("{\"a\":1}\0", "1:8: unexpected U+0000 after the JSON value; a document holds one value; to hold several, put them in an array: [a, b]"),
  ]

    /// (input bytes, `line:column: message; fix`): encodings and invalid UTF-8.
    // swift-format-ignore
    static let byteCases: [([UInt8], String)] = [
    ([254, 255, 0, 91], "1:1: the input is UTF-16 or UTF-32 (it starts with a byte order mark); JSON is read as UTF-8; save the file as UTF-8"),
    ([255, 254, 91, 0], "1:1: the input is UTF-16 or UTF-32 (it starts with a byte order mark); JSON is read as UTF-8; save the file as UTF-8"),
    ([91, 34, 97, 255, 34, 93], "1:4: invalid UTF-8: byte 0xFF; save the file as UTF-8"),
    ([91, 34, 195, 169, 195, 34, 93], "1:4: invalid UTF-8: byte 0xC3; save the file as UTF-8"),
    ([91, 195, 40, 93], "1:2: invalid UTF-8: byte 0xC3; save the file as UTF-8"),
    ([91, 34, 92, 233, 34, 93], "1:4: invalid UTF-8: byte 0xE9; save the file as UTF-8"),
    ([91, 34, 237, 160, 128, 34, 93], "1:3: invalid UTF-8: byte 0xED; save the file as UTF-8"),
    ([91, 192, 175, 93], "1:2: invalid UTF-8: byte 0xC0; save the file as UTF-8"),
    // The first problem in a string wins: a sequence cut short by the closing quote, an
    // invalid byte before a control character, a backslash or the end of the input.
    ([91, 34, 97, 227, 34, 93], "1:4: invalid UTF-8: byte 0xE3; save the file as UTF-8"),
    ([91, 34, 255, 10, 34, 93], "1:3: invalid UTF-8: byte 0xFF; save the file as UTF-8"),
    ([91, 34, 255, 92, 110, 34, 93], "1:3: invalid UTF-8: byte 0xFF; save the file as UTF-8"),
    ([91, 34, 97, 227, 129], "1:4: invalid UTF-8: byte 0xE3; save the file as UTF-8"),
  ]

    @Test func everyTextErrorHasItsPositionMessageAndFix() {
        for (input, expected) in Self.textCases {
            #expect(throws: PositionedError.self, "\(input.debugDescription)") { try JSONValue(parsing: input) }
            do {
                _ = try JSONValue(parsing: input)
            } catch {
                #expect(error.description == expected, "\(input.debugDescription)")
            }
        }
    }

    @Test func everyByteErrorHasItsPositionMessageAndFix() {
        for (input, expected) in Self.byteCases {
            do {
                _ = try JSONValue(parsing: input)
                Issue.record("\(input) parsed")
            } catch {
                #expect(error.description == expected, "\(input)")
            }
        }
    }

    @Test func anErrorHasItsPartsApart() throws {
        let error = try #require(throws: PositionedError.self) {
            try JSONValue(parsing: "{\n  \"a\": 1,\n}")
        }
        #expect(error.line == 3)
        #expect(error.column == 1)
        #expect(error.position.offset == 12)
        #expect(error.message == "unexpected '}' after ','")
        #expect(error.fix == "JSON does not allow a trailing comma: remove the ',' at 2:9")
        let reported: PositionedError = error
        #expect(reported.description == "3:1: unexpected '}' after ','; \(error.fix ?? "")")
    }

    @Test func lineBreaksMayBeLFOrCRLFOrCR() throws {
        for newline in ["\n", "\r\n", "\r"] {
            let text = "[\(newline)1,\(newline)2,\(newline)]"
            let error = try #require(throws: PositionedError.self) { try JSONValue(parsing: text) }
            #expect(error.position.line == 4, "\(newline.debugDescription)")
            #expect(error.position.column == 1)
        }
    }

    @Test func columnsCountCharactersNotBytes() throws {
        // "e" + U+0301 is one Character; the flag is one Character of 8 bytes.
        let error = try #require(throws: PositionedError.self) {
            try JSONValue(parsing: "[\"e\u{301}🇫🇷\", x]")
        }
        #expect(error.position.column == 8)
        #expect(error.position.offset == 16)
    }

    @Test func aDuplicateKeyIsFoundAtAnyDepth() throws {
        let text = """
            [
              {"id": 1},
              {"id": 2, "tags": {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "a": 0}}
            ]
            """
        let error = try #require(throws: PositionedError.self) { try JSONValue(parsing: text) }
        #expect(error.description.hasPrefix("3:94: duplicate key 'a' (first at 3:22)"))
        // The same through parseDocument, which records positions as it goes.
        let again = try #require(throws: PositionedError.self) { try JSONParser().parseDocument(text) }
        #expect(again == error)
    }
}
