@_spi(Host) import CellKit
import CellKitTesting
import Testing

/// The SDK's data-source contract as a plugin author meets it: a source
/// registered by the one `register`, its batches' shape, and the testing
/// kit's probe (docs/writing-a-data-source.md).
@Suite struct DataSourceTests {
    /// A source of `count` records `n, "row n"`, whatever the file; `values=N` gives each record only N values
    /// (an option of the request, not shared state: the tests run in parallel).
    final class Counting: DataSource {
        static let format = DataFormat(
            name: "counting", summary: "numbers", fileExtensions: ["count"],
            options: [DataOption("count"), DataOption("values")])
        let total: Int
        let fields: [String]
        let valuesPerRecord: Int?

        init(_ request: DataRequest) throws(DataSourceError) {
            guard let text = request.option("count"), let total = Int(text) else {
                throw DataSourceError("count= is missing", fix: "add count=N")
            }
            for field in request.fields where field != "n" && field != "label" {
                throw DataSourceError("no field '\(field)'", fix: "its fields are n, label", field: field)
            }
            self.total = total
            fields = request.fields
            valuesPerRecord = request.option("values").flatMap { Int($0) }
        }

        func count() throws(DataSourceError) -> Int { total }

        func read(from record: Int, into batch: inout DataBatch) throws(DataSourceError) {
            var n = record
            while batch.count < batch.capacity && n < total {
                for field in fields.prefix(valuesPerRecord ?? fields.count) {
                    batch.append(field == "n" ? .integer(Int64(n)) : .text("row \(n)"))
                }
                batch.endRecord(at: DataPlace(n + 1))
                n += 1
            }
        }
    }

    @Test func theProbeReadsEveryRecordInBatches() throws {
        let records = try DataSourceProbe.read(
            Counting.self, path: "x.count", options: ["count": "10"], fields: ["label", "n"], batchSize: 3)
        #expect(records.count == 10)
        #expect(records[7] == [.text("row 7"), .integer(7)])
    }

    @Test func theProbeSaysWhenARecordHasTooFewValues() throws {
        #expect(throws: DataSourceProbe.Failure.self) {
            try DataSourceProbe.read(
                Counting.self, path: "x", options: ["count": "2", "values": "1"], fields: ["n", "label"])
        }
    }

    @Test func aSourceErrorSaysWhatWhereAndTheFix() throws {
        let error = try #require(throws: DataSourceError.self) {
            _ = try Counting(DataRequest(path: "x", options: ["count": "3"], fields: ["nmae"]))
        }
        #expect(error.field == "nmae")
        #expect(error.description == "no field 'nmae'; its fields are n, label")
    }

    @Test func aBatchKeepsEachRecordsShapeAndPlace() {
        var batch = DataBatch(fieldCount: 2, capacity: 4)
        batch.append(.text("a"))
        batch.append(.null)
        batch.endRecord(at: DataPlace(10))
        batch.append(.integer(1))
        batch.endRecord(at: DataPlace(11))  // one value short: padded, and noted
        #expect(batch.count == 2)
        #expect(batch[1, 0] == .integer(1) && batch[1, 1] == .null)
        #expect(batch.places == [DataPlace(10), DataPlace(11)])
        #expect(batch.misshapen?.record == 1 && batch.misshapen?.values == 1)
        batch.removeAll()
        #expect(batch.count == 0 && batch.misshapen == nil)
    }

    @Test func textAppendedAsBytesIsTheSameValueAsTextAppendedAsAString() {
        var batch = DataBatch(fieldCount: 3, capacity: 2)
        for text in ["東京 🚀 \"quoted\"", "", "a much longer name than fits in a small string"] {
            Array(text.utf8).withUnsafeBufferPointer { batch.appendText($0) }
        }
        batch.endRecord(at: DataPlace(1))
        Array("ok".utf8).withUnsafeBufferPointer { batch.appendText($0) }
        [0x61, 0xFF, 0x62].withUnsafeBufferPointer { batch.appendText($0) }  // invalid UTF-8: repaired
        batch.append(.real(0.5))
        batch.endRecord(at: DataPlace(2))
        #expect(batch[0, 0] == .text("東京 🚀 \"quoted\"") && batch[0, 1] == .text(""))
        #expect(batch[0, 2] == .text("a much longer name than fits in a small string"))
        #expect(batch[1, 0] == .text("ok") && batch[1, 1] == .text("a\u{FFFD}b") && batch[1, 2] == .real(0.5))
        // The host's text of each value, as `DataValue.text` gives it.
        for record in 0..<2 {
            for field in 0..<3 {
                #expect(batch.text(record: record, field: field) == batch[record, field].text)
                #expect(!batch.isNull(record: record, field: field))
            }
        }
        batch.removeAll()
        batch.append(.null)
        batch.append(.list([.integer(1)]))
        Array("after".utf8).withUnsafeBufferPointer { batch.appendText($0) }
        batch.endRecord(at: DataPlace(3))
        #expect(batch.isNull(record: 0, field: 0) && batch.text(record: 0, field: 0) == "")
        #expect(batch[0, 1] == .list([.integer(1)]) && batch.text(record: 0, field: 1) == nil)
        #expect(batch[0, 2] == .text("after"))
    }

    @Test func valuesAreTextAsAFileWouldWriteThem() {
        #expect(DataValue.integer(-3).text == "-3")
        #expect(DataValue.real(3).text == "3.0")
        #expect(DataValue.real(0.1).text == "0.1")
        #expect(DataValue.number("4134.0").text == "4134.0")
        #expect(DataValue.boolean(false).text == "false")
        #expect(DataValue.null.text == "")
        #expect(DataValue.blob(count: 4).text == nil && DataValue.list([]).text == nil)
        #expect(DataValue.blob(count: 1).kindDescription == "a blob of 1 byte")
    }

    @Test func equalRangesCoverTheRecordsOnce() throws {
        let source = try Counting(DataRequest(path: "x", options: ["count": "10"], fields: []))
        for parts in 1...12 {
            let ranges = try source.split(0..<10, parts: parts)
            #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == 10)
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && !$0.isEmpty })
            #expect(ranges.count == min(parts, 10))
        }
        #expect(source.describe(DataPlace(4)) == "record 4")
    }

    @Test func aSourceRegistersUnderItsFormatsName() throws {
        let registrar = PluginRegistrar(imagePath: nil)
        try registrar.register(Counting.self)
        let registration = try #require(registrar.registrations.first)
        #expect(registration.kind == .dataSource)
        #expect(registration.name == "counting")
        #expect(registration.dataFormat?.fileExtensions == ["count"])
        #expect(registration.dataSource == Counting.self)
        #expect(throws: CellKitError.self) { try registrar.register(Counting.self) }  // the name is taken
    }

    @Test func aFormatWhoseNameIsNotANameIsRefused() {
        final class Dotted: DataSource {
            static let format = DataFormat(name: "my format", fileExtensions: [".db"])
            init(_ request: DataRequest) throws(DataSourceError) {}
            func count() throws(DataSourceError) -> Int { 0 }
            func read(from record: Int, into batch: inout DataBatch) throws(DataSourceError) {}
        }
        final class DotEnding: DataSource {
            static let format = DataFormat(name: "ok", fileExtensions: [".db"])
            init(_ request: DataRequest) throws(DataSourceError) {}
            func count() throws(DataSourceError) -> Int { 0 }
            func read(from record: Int, into batch: inout DataBatch) throws(DataSourceError) {}
        }
        let registrar = PluginRegistrar(imagePath: nil)
        let name = #expect(throws: CellKitError.self) { try registrar.register(Dotted.self) }
        #expect(name?.message.contains("'my format', which is not a name") == true)
        let ending = #expect(throws: CellKitError.self) { try registrar.register(DotEnding.self) }
        #expect(ending?.fix?.contains("without the dot") == true)
        #expect(registrar.registrations.isEmpty)
    }
}
