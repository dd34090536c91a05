import CellKit
import CellKitSupport
import DataBinding
import Glibc

/// Parsing data files in memory, in MB/s (10^6 bytes a second): issue 7's
/// records (`ServiceRecords`) as CSV or JSON, each parser run `runs` times
/// over the same bytes (median reported), each run checked to have read
/// every record.
///
/// - `csv`: `CSVParser.parse` of the whole text, and the file read as the
///   data path reads it: cut into ~256 KiB chunks (`RecordChunker`), each
///   parsed on its own (`chunkedMBps`).
/// - `json`: `JSONParser.parse` (values only), `parseDocument` (values and
///   the position of each, for errors found after parsing), and the chunked
///   read with `parseDocument` per chunk, as the data path did before the
///   quick check; and the check pass's quick look at the whole text
///   (`JSONRecordCheck`: records validated, the four keys found scalar, no
///   value made: `checkMBps`), and the same keeping the keys' texts, as a
///   worker draws them (`textsMBps`).
/// - both: `cutMBps`, the structural scan alone that finds where chunks
///   start (`RecordChunker`, with the format's layout), from the file.
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
            let chunked = try chunked(bytes, named: "services.csv", CSVFormat.csv, records: records, runs: runs) {
                try CSVParser().parse($0).records.count
            }
            result.add("chunkedMBps", chunked)
            result.add("cutMBps", try cut(bytes, named: "services.csv", CSVFormat.csv, records: records, runs: runs))
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
            let chunked = try chunked(bytes, named: "services.json", JSONArrayFormat(), records: records, runs: runs) {
                try JSONParser().parseDocument($0).value.arrayValue?.count ?? 0
            }
            result.add("chunkedMBps", chunked)
            let keys = ["id", "name", "value", "status"]
            let check = try timed(runs, bytes: bytes.count) {
                let count = JSONRecordCheck.scalarMembers(bytes, keys: keys) ?? -1
                try Check.that(count == records, "JSONRecordCheck counted \(count) records")
            }
            result.add("checkMBps", check)
            let texts = try timed(runs, bytes: bytes.count) {
                let count = JSONRecordCheck.scalarTexts(bytes, keys: keys)?.count ?? -1
                try Check.that(count == records, "JSONRecordCheck read \(count) records")
            }
            result.add("textsMBps", texts)
            result.add(
                "cutMBps", try cut(bytes, named: "services.json", JSONArrayFormat(), records: records, runs: runs))
        default:
            throw BenchError("the data format is csv or json")
        }
        result.add("peakKiB", Measure.peakMemoryKiB())
        result.print()
    }

    /// `bytes` written to a temporary file and read chunk by chunk, each
    /// chunk parsed on its own by `parse` (with positions), which counts its
    /// records: the median MB/s.
    private static func chunked(
        _ bytes: [UInt8], named name: String, _ format: any RecordFormat, records: Int, runs: Int,
        parse: ([UInt8]) throws -> Int
    ) throws -> Int {
        try inTemporaryFile(bytes, named: name) { path in
            try timed(runs, bytes: bytes.count) {
                let chunker = try RecordChunker(path: path, layout: format.layout())
                var count = 0
                var index = 0
                while let chunk = try chunker.chunk(index) {
                    count += try parse(chunk.text)
                    index += 1
                }
                try Check.that(count == records, "the chunks held \(count) records")
            }
        }
    }

    /// `bytes` written to a temporary file and only cut into chunks (the
    /// structural scan, from the file, to its end): the median MB/s.
    private static func cut(
        _ bytes: [UInt8], named name: String, _ format: any RecordFormat, records: Int, runs: Int
    ) throws -> Int {
        try inTemporaryFile(bytes, named: name) { path in
            try timed(runs, bytes: bytes.count) {
                let chunker = try RecordChunker(path: path, layout: format.layout())
                _ = try chunker.index(holding: records)
                try Check.that(
                    chunker.totalRecords == records, "the scan counted \(chunker.totalRecords ?? -1) records")
            }
        }
    }

    /// `body` given the path of a temporary file holding `bytes`, removed afterwards.
    private static func inTemporaryFile(
        _ bytes: [UInt8], named name: String, _ body: (String) throws -> Int
    ) throws -> Int {
        let directory = try ServiceRecords.temporaryDirectory()
        let path = directory + "/" + name
        defer {
            unlink(path)
            rmdir(directory)
        }
        try ServiceRecords.write(bytes, to: path)
        return try body(path)
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
