import CellKitSupport
import Foundation
import Testing

/// Records read where they lie: the same fields as the whole-file parser,
/// in order and out of it, whatever the chunk size, and clear errors for a
/// file that changed since it was checked.
@Suite struct CSVRecordReaderTests {
    func withFile(_ text: String, _ body: (String) throws -> Void) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try body(try directory.write(text, to: "data.csv"))
    }

    @Test func readsTheHeaderAndRecordsInOrder() throws {
        try withFile("id,name\n1,Ada\n2,\"Hopper, Grace\"\n") { path in
            let reader = try CSVRecordReader(path: path)
            #expect(reader.header == ["id", "name"])
            #expect(try reader.fields(ofRecord: 0) == ["1", "Ada"])
            #expect(try reader.fields(ofRecord: 1) == ["2", "Hopper, Grace"])
        }
    }

    @Test func quotedFieldsLineBreaksBlankLinesAndAByteOrderMark() throws {
        let text = "\u{FEFF}a,b\r\n\r\n\"x \"\"y\"\"\",\"two\nlines\"\r\n\n,\n\"\",last\n"
        try withFile(text) { path in
            let reader = try CSVRecordReader(path: path, chunkSize: 16)
            #expect(reader.header == ["a", "b"])
            #expect(try reader.fields(ofRecord: 0) == ["x \"y\"", "two\nlines"])
            #expect(try reader.fields(ofRecord: 1) == ["", ""])
            #expect(try reader.fields(ofRecord: 2) == ["", "last"])
        }
    }

    /// A sweep: random tables, read in order and at random, with chunks from
    /// 16 bytes to 64 KiB, give exactly what CSVParser gives.
    @Test(arguments: [16, 37, 1024, 65_536])
    func agreesWithTheParserInAnyOrder(chunkSize: Int) throws {
        var generator = SeededGenerator(seed: UInt64(chunkSize))
        let alphabet = Array("abc xyz,\"\n漢👩‍💻é")
        var lines = ["id,text,more"]
        for i in 0..<300 {
            let length = Int.random(in: 0..<12, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let quoted = "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            lines.append("\(i),\(quoted),\(i % 7 == 0 ? "" : "m\(i)")")
        }
        let text = lines.joined(separator: "\n") + "\n"
        let table = try CSVParser().parse(text)
        try withFile(text) { path in
            let reader = try CSVRecordReader(path: path, chunkSize: chunkSize)
            #expect(reader.header == table.header)
            for (i, record) in table.records.enumerated() {
                #expect(try reader.fields(ofRecord: i) == record.fields, "record \(i)")
            }
            for _ in 0..<200 {
                let i = Int.random(in: 0..<table.records.count, using: &generator)
                #expect(try reader.fields(ofRecord: i) == table.records[i].fields, "record \(i) out of order")
            }
        }
    }

    @Test func aFileThatChangedIsAnErrorNotACrash() throws {
        try withFile("id\n" + (1...50).map { "\($0)\n" }.joined()) { path in
            let reader = try CSVRecordReader(path: path, chunkSize: 16)
            #expect(try reader.fields(ofRecord: 0) == ["1"])
            truncate(path, 10)
            let error = #expect(throws: CSVRecordReader.Failure.self) { try reader.fields(ofRecord: 40) }
            #expect(error?.description.hasSuffix("is shorter than it was: it changed since it was checked") == true)
            #expect(throws: CSVRecordReader.Failure.self) { try reader.fields(ofRecord: 90) }
        }
    }

    @Test func onlyRegularFiles() throws {
        let error = #expect(throws: CSVRecordReader.Failure.self) { try CSVRecordReader(path: "/dev/zero") }
        #expect(error?.description == "/dev/zero is not a regular file")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(throws: CSVRecordReader.Failure.self) { try CSVRecordReader(path: directory.path) }
    }
}
