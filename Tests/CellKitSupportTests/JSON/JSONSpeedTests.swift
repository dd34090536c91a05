import Testing

@testable import CellKitSupport

/// Measures, without asserting a time: the figures show in the test output.
///
/// Measured on this machine (2 cores, Swift 6.3.1), a 1 MB array of 8 988 objects of six
/// members, best of ten:
/// - release (`-O`, whole module): parse 11.8 ms, parseDocument 25 ms, pretty serialize
///   7.7 ms; Foundation's `JSONSerialization.jsonObject` on the same bytes: 47 ms;
/// - debug (what `swift test` runs, beside other tests): parse 0.2 to 0.5 s, parseDocument
///   0.3 to 0.75 s, serialize 0.3 to 0.8 s.
@Suite("JSON speed")
struct JSONSpeedTests {
    static func megabyteOfRecords() -> String {
        var text = "[\n"
        var index = 0
        while text.utf8.count < 1_000_000 {
            if index > 0 {
                text += ",\n"
            }
            text +=
                #"  {"id": \#(index), "name": "Row \#(index) — café", "score": \#(Double(index) * 1.25), "#
            text += #""tags": ["a", "b\n"], "ok": true, "note": null}"#
            index += 1
        }
        return text + "\n]"
    }

    @Test func parsingAMegabyte() throws {
        let text = Self.megabyteOfRecords()
        let clock = ContinuousClock()
        var value = JSONValue.null
        let parse = try clock.measure { value = try JSONValue(parsing: text) }
        var document: JSONDocument?
        let locate = try clock.measure { document = try JSONParser().parseDocument(text) }
        var written = ""
        let write = try clock.measure { written = try value.serialized(.pretty) }
        let count = value.arrayValue?.count ?? 0
        print(
            "JSON speed: \(text.utf8.count) bytes, \(count) records: parse \(parse), "
                + "parseDocument \(locate), serialize (pretty) \(write)")
        #expect(count > 8000)
        #expect(document?.value == value)
        #expect(try JSONValue(parsing: written) == value)
    }
}
