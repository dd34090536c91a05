import Testing

@testable import CellKitSupport

@Suite("JSON documents: source positions")
struct JSONDocumentTests {
    static let records = """
        [
          {"name": "Ada", "age": "36"},
          {
            "name": "Grace",
            "tags": ["navy", "cobol"]
          },
          {"名前": "Hedy", "age": 85}
        ]
        """

    @Test func everyRecordAndMemberHasItsPosition() throws {
        let document = try JSONParser().parseDocument(Self.records)
        #expect(document.value == (try JSONValue(parsing: Self.records)))
        #expect(document.position(of: []) == TextPosition(line: 1, column: 1, offset: 0))
        #expect(document.position(of: [0])?.description == "2:3")
        #expect(document.position(of: [0, "name"])?.description == "2:12")
        #expect(document.keyPosition(of: [0, "name"])?.description == "2:4")
        #expect(document.position(of: [0, "age"])?.description == "2:26")
        #expect(document.keyPosition(of: [0, "age"])?.description == "2:19")
        #expect(document.position(of: [1])?.description == "3:3")
        #expect(document.keyPosition(of: [1, "tags"])?.description == "5:5")
        #expect(document.position(of: [1, "tags", 1])?.description == "5:22")
        // Columns count Characters: 名前 is two.
        #expect(document.keyPosition(of: [2, "age"])?.description == "7:18")
        #expect(document.position(of: [2, "age"])?.description == "7:25")
    }

    @Test func offsetsPointAtTheValue() throws {
        let text = Self.records
        let document = try JSONParser().parseDocument(text)
        let bytes = Array(text.utf8)
        for path: JSONPath in [
            [0, "age"], [1, "name"], [1, "tags", 0], [1, "tags", 1], [2, "age"],
        ] {
            let offset = try #require(document.position(of: path)).offset
            let value = try #require(document.value[path])
            let written = try value.serialized()
            #expect(Array(bytes[offset..<offset + written.utf8.count]) == Array(written.utf8))
        }
    }

    @Test func pathsThatLeadNowhereHaveNoPosition() throws {
        let document = try JSONParser().parseDocument(Self.records)
        #expect(document.position(of: [9]) == nil)
        #expect(document.position(of: [-1]) == nil)
        #expect(document.position(of: [0, "missing"]) == nil)
        #expect(document.position(of: ["name"]) == nil)
        #expect(document.position(of: [0, "name", 0]) == nil)
        #expect(document.keyPosition(of: [0]) == nil)
        #expect(document.keyPosition(of: []) == nil)
        #expect(document.keyPosition(of: [0, "missing"]) == nil)
    }

    @Test func aScalarDocumentAndEmptyContainers() throws {
        let scalar = try JSONParser().parseDocument("  \n  42")
        #expect(scalar.position(of: [])?.description == "2:3")
        let empty = try JSONParser().parseDocument("[[], {}]")
        #expect(empty.position(of: [1])?.description == "1:6")
        #expect(empty.position(of: [1, "x"]) == nil)
    }

    @Test func aLargeObjectUsesItsIndex() throws {
        let members = (0..<50).map { "\"k\($0)\": \($0)" }.joined(separator: ",\n")
        let document = try JSONParser().parseDocument("{\n" + members + "\n}")
        #expect(document.position(of: ["k49"])?.description == "51:8")
        #expect(document.keyPosition(of: ["k0"])?.description == "2:1")
    }

    @Test func pathsDescribeThemselves() {
        #expect(JSONPath().description == "$")
        #expect(JSONPath([3, "name"]).description == "$[3].name")
        #expect(
            JSONPath(["two words", "_ok9", "9no", "quote\""]).description
                == #"$["two words"]._ok9["9no"]["quote\""]"#)
        #expect(JSONPath([1]).appending("x") == [1, "x"])
    }
}
