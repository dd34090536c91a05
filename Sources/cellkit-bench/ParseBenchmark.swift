import CellKitSupport
import Glibc

/// Parsing data files in memory, in MB/s (10^6 bytes a second): issue 7's
/// records (`ServiceRecords`) as CSV or JSON, each parser run `runs` times
/// over the same bytes (median reported), each run checked to have read
/// every record.
///
/// - `csv`: `CSVParser.parse` (the check pass: every record, with line and
///   column for errors) and `CSVRecordReader` reading every record of the
///   file in order (what draws bound rows).
/// - `json`: `JSONParser.parse` (values only) and `parseDocument` (values and
///   the position of each, for errors found after parsing).
enum ParseBenchmark {
    static func run(format: String, records: Int, runs: Int = 5) throws {
        var result = ResultLine()
        result.add("scenario", "parse-" + format)
        result.add("records", records)
        switch format {
        case "csv":
            let bytes = ServiceRecords.csv(records)
            result.add("bytes", bytes.count)
            let parse = try timed(runs, bytes: bytes.count) {
                let table = try CSVParser().parse(bytes)
                try Check.that(table.records.count == records, "CSVParser read \(table.records.count) records")
            }
            result.add("parseMBps", parse)
            let directory = try ServiceRecords.temporaryDirectory()
            let path = directory + "/services.csv"
            defer {
                unlink(path)
                rmdir(directory)
            }
            try ServiceRecords.write(bytes, to: path)
            let last = ServiceRecords.fields(records).id
            let reader = try timed(runs, bytes: bytes.count) {
                let reader = try CSVRecordReader(path: path)
                var fields: [String] = []
                for i in 0..<records { fields = try reader.fields(ofRecord: i) }
                try Check.that(fields.first == last, "CSVRecordReader's last record is \(fields)")
            }
            result.add("readerMBps", reader)
        case "json":
            let bytes = ServiceRecords.json(records)
            result.add("bytes", bytes.count)
            let parse = try timed(runs, bytes: bytes.count) {
                let value = try JSONParser().parse(bytes)
                let count = value.arrayValue?.count ?? -1
                try Check.that(count == records, "JSONParser read \(count) records")
            }
            result.add("parseMBps", parse)
            let document = try timed(runs, bytes: bytes.count) {
                let document = try JSONParser().parseDocument(bytes)
                let count = document.value.arrayValue?.count ?? -1
                try Check.that(count == records, "JSONParser.parseDocument read \(count) records")
            }
            result.add("documentMBps", document)
        default:
            throw BenchError("the data format is csv or json")
        }
        result.add("peakKiB", Measure.peakMemoryKiB())
        result.print()
    }

    /// The median MB/s of `runs` runs of `body` over `bytes` bytes.
    private static func timed(_ runs: Int, bytes: Int, _ body: () throws -> Void) throws -> Int {
        var samples: [Double] = []
        for _ in 0..<max(1, runs) {
            samples.append(try Measure.seconds(body))
        }
        return Int(Double(bytes) / Measure.median(samples) / 1e6)
    }
}
