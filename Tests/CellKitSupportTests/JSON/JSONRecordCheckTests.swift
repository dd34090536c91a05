import TestSupport
import Testing

@testable import CellKitSupport

/// The check pass's quick look at JSON records (`JSONRecordCheck`): a count
/// only for what the parser reads without an error into as many objects,
/// each with a scalar value for every key asked for; `nil` for anything else.
@Suite("JSON record check")
struct JSONRecordCheckTests {
    /// What the parser says of `bytes`: the number of records when it reads
    /// an array of objects with every key of `keys` scalar; `nil` otherwise.
    static func parsed(_ bytes: [UInt8], keys: [String]) -> Int? {
        guard case .array(let records)? = try? JSONParser().parse(bytes) else { return nil }
        for record in records {
            guard case .object(let object) = record else { return nil }
            for key in keys {
                guard let index = object.index(forKey: key) else { return nil }
                switch object[index].value {
                case .array, .object: return nil
                default: continue
                }
            }
        }
        return records.count
    }

    /// `bytes` as they are, with a byte changed to one of `noise`, or cut short: a third of the time each.
    static func damaged(_ bytes: [UInt8], noise: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        switch Int.random(in: 0..<3, using: &generator) {
        case 0 where !bytes.isEmpty:
            bytes[Int.random(in: 0..<bytes.count, using: &generator)] = noise.randomElement(using: &generator)!
        case 1:
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
        default:
            break
        }
        return bytes
    }

    @Test func countsRecordsWithEveryKey() {
        let text = """
            [
            {"id": 1, "name": "Gateway 網關 0", "value": 0.0, "status": "ok"},
            {"id": -2, "name": "Auth \\"🔐\\" \\u00e9 \\ud83d\\ude00", "value": 9.25e-3, "status": null, "extra": true},
            {"status": "down", "value": 1E+2, "name": "", "id": 0}
            ]

            """
        #expect(JSONRecordCheck.scalarMembers(Array(text.utf8), keys: ["id", "name", "value", "status"]) == 3)
        #expect(JSONRecordCheck.scalarMembers(Array("[]".utf8), keys: ["id"]) == 0)
        #expect(JSONRecordCheck.scalarMembers(Array(" [\n]\n".utf8), keys: ["id"]) == 0)
        #expect(JSONRecordCheck.scalarMembers(Array(#"[{}]"#.utf8), keys: []) == 1)
        // Keys of one length are told apart by their bytes; keys asked for twice are refused.
        let sameLength = #"[{"ab": 1, "id": 2, "xy": 3}, {"id": 4, "ab": 5}]"#
        #expect(JSONRecordCheck.scalarMembers(Array(sameLength.utf8), keys: ["id", "ab"]) == 2)
        #expect(
            JSONRecordCheck.scalarTexts(Array(sameLength.utf8), keys: ["ab", "id"])
                == [["1", "2"], ["5", "4"]])
        #expect(JSONRecordCheck.scalarMembers(Array(sameLength.utf8), keys: ["id", "xy"]) == nil)
        #expect(JSONRecordCheck.scalarMembers(Array(sameLength.utf8), keys: ["id", "id"]) == nil)
        #expect(JSONRecordCheck.scalarTexts(Array(sameLength.utf8), keys: ["ab", "id", "ab"]) == nil)
        // A key longer than any asked for.
        #expect(JSONRecordCheck.scalarMembers(Array(#"[{"identifier": 1, "id": 2}]"#.utf8), keys: ["id"]) == 1)
    }

    /// Each text's bytes (`String`'s `==` equates canonically equivalent
    /// texts, `é` and `e\u{301}`: the quick texts must be the parser's byte for byte).
    static func bytes(_ texts: [[String]]?) -> [[[UInt8]]]? {
        texts?.map { $0.map { Array($0.utf8) } }
    }

    /// Issue 32: a string asked for with escapes is read by the check, its
    /// escapes made into the characters the parser makes of them, byte for
    /// byte: every escape JSON has, a surrogate pair (either case of hex),
    /// `\u0000`, a combining accent after a letter (not made into `é`), an
    /// escape first, last, or next to raw UTF-8; one not asked for is skipped.
    @Test func escapedStringsAreReadAsTheParserReadsThem() {
        let cases: [(json: String, text: String)] = [
            (#""a\"b""#, "a\"b"),
            (#""\\srv\\1""#, #"\srv\1"#),
            (#""\/\b\f\n\r\t""#, "/\u{8}\u{C}\n\r\t"),
            (#""\u00e9\u00C9 \u6771\u4eac""#, "éÉ 東京"),
            (#""\ud83d\ude80\uD83C\uDDEF\uD83C\uDDF5""#, "🚀🇯🇵"),
            (#""\uDBFF\uDFFF\uFFFF\u0000""#, "\u{10FFFF}\u{FFFF}\u{0}"),
            (#""e\u0301""#, "e\u{301}"),
            (#""網關 \"🔐\" Gateway""#, "網關 \"🔐\" Gateway"),
            (#""\u0041""#, "A"),
            (#""\\""#, "\\"),
        ]
        for (json, text) in cases {
            let records = #"[{"id": 1, "name": \#(json)}, {"name": "x\ty", "id": 2}]"#
            let texts = JSONRecordCheck.scalarTexts(Array(records.utf8), keys: ["name", "id"])
            #expect(
                Self.bytes(texts) == [[Array(text.utf8), Array("1".utf8)], [Array("x\ty".utf8), Array("2".utf8)]],
                "\(json)")
            #expect(
                Self.bytes(texts) == Self.bytes(Self.parsedTexts(Array(records.utf8), keys: ["name", "id"])), "\(json)")
            let lines = #"{"name": \#(json)}"# + "\n"
            #expect(
                Self.bytes(JSONRecordCheck.scalarTexts(Array(lines.utf8), keys: ["name"], lines: true)) == [
                    [Array(text.utf8)]
                ])
        }
        // A value not asked for is skipped whatever its escapes; a key with one is the parser's.
        let text =
            #"[{"note": "a\"b\ud83d\ude80", "id": 1, "name": "Ada 網關"}, {"id": 2, "note": "c", "name": "Grace"}]"#
        #expect(
            JSONRecordCheck.scalarTexts(Array(text.utf8), keys: ["id", "name"]) == [["1", "Ada 網關"], ["2", "Grace"]])
        #expect(JSONRecordCheck.scalarTexts(Array(text.utf8), keys: ["note"]) == [["a\"b🚀"], ["c"]])
        #expect(JSONRecordCheck.scalarTexts(Array(#"[{"n\u0061me": "x"}]"#.utf8), keys: ["name"]) == nil)
    }

    /// An escape the parser refuses — a surrogate not in a pair, an unknown
    /// escape, `\u` without four hex digits — is left to the parser (`nil`),
    /// which says what it is and where, in a value asked for or not.
    @Test func escapesTheParserRefusesAreLeftToIt() {
        let refused: [(json: String, error: String)] = [
            (#""\ud800""#, "is half of a surrogate pair"),
            (#""\udc00\ud800""#, "is half of a surrogate pair"),
            (#""\ud83d\u0041""#, "is half of a surrogate pair"),
            (#""\ud83dx""#, "is half of a surrogate pair"),
            (#""\ud83d\ud83d""#, "is half of a surrogate pair"),
            (#""\ude80\ud83d""#, "is half of a surrogate pair"),
            (#""\x""#, #"invalid escape '\x'"#),
            (#""\u12""#, "must be followed by four hex digits"),
            (#""\u12G4""#, "must be followed by four hex digits"),
            (#""\U00e9""#, #"invalid escape '\U'"#),
        ]
        for (json, message) in refused {
            for key in ["name", "note"] {
                let records = "[{\"id\": 1, \"\(key)\": \"ok\"},\n {\"id\": 2, \"\(key)\": \(json)}]"
                #expect(JSONRecordCheck.scalarTexts(Array(records.utf8), keys: ["name", "id"]) == nil, "\(json)")
                #expect(JSONRecordCheck.scalarMembers(Array(records.utf8), keys: ["id"]) == nil, "\(json)")
                #expect(throws: (any Error).self) { try JSONParser().parse(Array(records.utf8)) }
                do {
                    _ = try JSONParser().parse(Array(records.utf8))
                } catch {
                    #expect("\(error)".contains(message), "\(json): \(error)")
                    #expect("\(error)".contains("2:"), "\(json): the error is on line 2: \(error)")
                }
            }
        }
    }

    @Test func refusesWhatItDoesNotCount() {
        let refused = [
            #"[{"id": 1}, {"name": "x"}]"#,  // a record without the key
            #"[{"id": [1]}]"#,  // not a scalar
            #"[{"id": 1, "tags": {"a": 1}}]"#,  // nested (read by the parser)
            #"[{"id": 1, "id": 2}]"#,  // a duplicate key
            #"[{"id": 1, "x": 2, "id": 3}]"#,  // a key asked for, again after another
            #"[{"x": 1, "id": 2, "x": 3}]"#,  // a key not asked for, again after one that is
            #"[{"id": 1,}]"#,  // a trailing comma
            #"[{"id": 1}, ]"#,
            #"[{"id": 01}]"#,  // a leading zero
            #"[{"id": 1.}]"#,
            #"[{"id": 1e400}]"#,  // out of range
            #"[{"id": "\ud800"}]"#,  // an unpaired surrogate
            #"[{"id": "\x"}]"#,  // an invalid escape
            #"[{"id": tru}]"#,
            #"[{"id": nullx}]"#,
            #"[{"id": 1}] x"#,
            #"[{"id": 1}"#,
            #"[{"i\u0064": 1}]"#,  // an escaped key: the parser's, not this check's
            #"[1]"#,
            #"{"id": 1}"#,
        ]
        for text in refused {
            #expect(JSONRecordCheck.scalarMembers(Array(text.utf8), keys: ["id"]) == nil, "\(text)")
        }
        // Ill-formed UTF-8 in a value, a control character in a string.
        #expect(
            JSONRecordCheck.scalarMembers(
                Array(#"[{"id": "a"#.utf8) + [0xC3, 0x28] + Array(#""}]"#.utf8), keys: ["id"]) == nil)
        #expect(JSONRecordCheck.scalarMembers(Array("[{\"id\": \"a\tb\"}]".utf8), keys: ["id"]) == nil)
    }

    /// Random records, each mutated at a random byte or cut short: whenever
    /// the check gives a count, the parser reads the same records.
    @Test func neverCountsWhatTheParserRefuses() {
        var generator = SeededGenerator(seed: 18)
        let pieces: [String] = [
            "1", "-0", "2.5", "1e5", "3E-07", "\"x\"", "\"é\"", "\"\\n\"", "\"\\u00e9\"", "true", "false", "null",
            "[]", "{}", "\"\\ud83d\\ude00\"", #""a\"b\\c\/""#, #""e\u0301\u00e9""#, #""\ud800""#, #""\uDBFF\uDFFF""#,
        ]
        let noise: [UInt8] = Array(#"{}[],:"\ 0123456789eE+-.tfnul"#.utf8) + [0x0A, 0x09, 0x00, 0x80, 0xC3, 0xFF]
        var counted = 0
        for _ in 0..<20_000 {
            let records = Int.random(in: 0..<4, using: &generator)
            var text = "[\n"
            for r in 0..<records {
                var members: [String] = []
                for key in ["id", "name", "value"] where Int.random(in: 0..<8, using: &generator) > 0 {
                    members.append("\"\(key)\": \(pieces.randomElement(using: &generator)!)")
                }
                members.shuffle(using: &generator)
                text += "{" + members.joined(separator: ", ") + "}" + (r < records - 1 ? ",\n" : "\n")
            }
            text += "]\n"
            let bytes = Self.damaged(Array(text.utf8), noise: noise, using: &generator)
            let keys = Array(["id", "name", "value"].prefix(Int.random(in: 0...3, using: &generator)))
            let check = JSONRecordCheck.scalarMembers(bytes, keys: keys)
            if let check {
                counted += 1
                #expect(Self.parsed(bytes, keys: keys) == check, "\(String(decoding: bytes, as: UTF8.self))")
            }
            if let texts = JSONRecordCheck.scalarTexts(bytes, keys: keys) {
                #expect(
                    Self.bytes(texts) == Self.bytes(Self.parsedTexts(bytes, keys: keys)),
                    "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(counted > 1000)  // the sweep reached the counting path
    }

    /// The texts of `keys` in each record, as the parser that keeps numbers'
    /// text reads them (as data files are read); `nil` when it does not read
    /// an array of objects with every key scalar.
    static func parsedTexts(_ bytes: [UInt8], keys: [String]) -> [[String]]? {
        guard case .array(let records)? = try? JSONParser(keepsNumberText: true).parse(bytes) else { return nil }
        return records.map { record in
            keys.map { key in
                switch record[key] {
                case .bool(let b)?: b ? "true" : "false"
                case .int(let i)?: String(i)
                case .number(let text)?: text
                case .string(let s)?: s
                default: ""
                }
            }
        }
    }

    /// Issue 33, item 13: a number's text is as the file writes it, as a CSV
    /// field's is (`4134.0` was `4134`, `1e3` was `1000`), read quickly or
    /// parsed; bound to a number, it is still the number it says.
    @Test func aNumbersTextIsAsTheFileWritesIt() throws {
        let written = [
            "4134.0", "1e3", "-0.50", "1E+2", "0.1", "12345678901234567890", "-9223372036854775809", "-0", "7",
            "2.50e-3", "100.000",
        ]
        let text = "[" + written.map { #"{"n": \#($0)}"# }.joined(separator: ", ") + "]"
        #expect(JSONRecordCheck.scalarTexts(Array(text.utf8), keys: ["n"]) == written.map { [$0] })
        #expect(Self.parsedTexts(Array(text.utf8), keys: ["n"]) == written.map { [$0] })
        let lines = written.map { #"{"n": \#($0)}"# }.joined(separator: "\n")
        #expect(JSONRecordCheck.scalarTexts(Array(lines.utf8), keys: ["n"], lines: true) == written.map { [$0] })
        let values = try #require(try JSONParser(keepsNumberText: true).parse(text).arrayValue).map { $0["n"] }
        #expect(values.map { $0?.doubleValue } == written.map { Double($0) })
        #expect(values[0] == .number("4134.0") && values[8] == .int(7) && values[7] == .number("-0"))
        #expect(
            try JSONValue.array(values.compactMap { $0 }).serialized() == "[" + written.joined(separator: ",") + "]")
        // Without keeping the text, numbers are what they were.
        #expect(try JSONParser().parse("[4134.0, -0, 1e3]") == [.double(4134), .int(0), .double(1000)])
    }

    /// JSON Lines are checked as they are, not as the array
    /// `JSONCutScanner.arrayOfLines` makes of them, with the same answer:
    /// random lines of records (blank lines, a record over two lines, two
    /// on one line, a byte changed, a cut anywhere) counted, and their
    /// texts read, only as the array of them is.
    @Test func jsonLinesAreCheckedAsTheArrayOfTheirLines() {
        var generator = SeededGenerator(seed: 26)
        let pieces: [String] = ["1", "-0", "2.50", "1e5", "\"x\"", "\"é\"", "\"\\n\"", "true", "null", "[]", "{}"]
        let noise: [UInt8] = Array(#"{}[],:"\ 0123456789eE+-.tfnul"#.utf8) + [0x0A, 0x0D, 0x09, 0x80, 0xFF]
        var counted = 0
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0..<4, using: &generator) {
                var members: [String] = []
                for key in ["id", "name"] where Int.random(in: 0..<8, using: &generator) > 0 {
                    members.append("\"\(key)\": \(pieces.randomElement(using: &generator)!)")
                }
                members.shuffle(using: &generator)
                let separator = [", ", ",\n "].randomElement(using: &generator)!
                text += "{" + members.joined(separator: separator) + "}"
                text += ["\n", "\n", "\r\n", " \n\n", " ", "\t\n"].randomElement(using: &generator)!
            }
            let bytes = Self.damaged(Array(text.utf8), noise: noise, using: &generator)
            let keys = Array(["id", "name"].prefix(Int.random(in: 0...2, using: &generator)))
            let array = JSONCutScanner.arrayOfLines(bytes)
            let check = JSONRecordCheck.scalarMembers(bytes, keys: keys, lines: true)
            #expect(
                check == nil || check == Self.parsed(array, keys: keys), "\(String(decoding: bytes, as: UTF8.self))")
            if check != nil { counted += 1 }
            let texts = JSONRecordCheck.scalarTexts(bytes, keys: keys, lines: true)
            if let texts {
                #expect(texts == JSONRecordCheck.scalarTexts(array, keys: keys))
            }
        }
        #expect(counted > 1000)  // the sweep reached the counting path
    }
}
