@_spi(Host) import CellKit
import CellKitSupport

/// A JSON array of records, laid out in any way (one a line,
/// pretty-printed, all on one line): what a file whose name says no other
/// format holds. Its records are read as JSON Lines' are
/// (``JSONChunkReader``, ``JSONRecords``); only the layout differs
/// (``JSONArrayLayout``).
package struct JSONArrayFormat: RecordFormat {
    package init() {}

    package var name: String { "json" }
    package var fileEndings: [String] { ["json"] }

    package func layout() -> any RecordLayout { JSONArrayLayout() }

    package func parse(
        _ bytes: [UInt8], path: String, positions: Bool, place: ChunkPlace?, firstRecord: Int, recordErrorLimit: Int
    ) throws(DataTable.OpenError) -> DataTable {
        try JSONRecords.parse(bytes, path: path, positions: positions, place: place)
    }

    package func reader(for bound: [BoundAttribute], to use: ChunkUse) -> any ChunkReader {
        JSONChunkReader(format: self, lines: false, bound: bound, use: use)
    }

    package func largeRecord(
        _ record: RecordChunker.Failure.LargeRecord, head: [UInt8], text: String, place: ChunkPlace
    ) -> LargeRecordVerdict {
        let firstByte = head.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if record.record == 0 && record.offset == 0, let firstByte, firstByte != UInt8(ascii: "[") {
            // Not an array: no comma of its own cuts it.
            return .error(
                DataTable.dataError(
                    place.path, text, line: 1, column: 1, place: place,
                    "\(Path.basename(place.path)) is not a JSON array of records, and larger than \(byteCountDescription(record.limit)), the limit for one record",
                    notes: [
                        "a file of one record per line is JSON Lines: name it .jsonl, or add format=jsonl to `rows`"
                    ]))
        }
        return JSONRecords.largeRecord(head: head, text: text, place: place)
    }
}

/// How a JSON array is cut into chunks: just after the comma after a
/// record (``JSONCutScanner``), wherever it is, so a one-line array is cut
/// mid-line. A chunk after the first is `[` + its records, and the last
/// comma of any chunk but the last is made a `]`: each is an array the
/// parser reads alone. Chunks may be guessed: a break between records looks
/// like `}`, `,`, `{` with only whitespace between them, and objects after
/// it as far as the bytes read go (``JSONCutScanner/startsRecords(at:in:)``).
final class JSONArrayLayout: RecordLayout {
    func scanner(from start: RecordChunker.ChunkStart, recordLimit: Int) -> any RecordCutScanner {
        JSONCutScanner(
            isLines: false, atFileStart: start.offset == 0, offset: start.offset, lineStart: start.lineStart,
            recordLimit: recordLimit)
    }

    func head(ofChunk index: Int, in chunker: RecordChunker) -> (bytes: [UInt8], lineBreaks: Int) {
        (index > 0 ? [UInt8(ascii: "[")] : [], 0)
    }

    func prefix(ofChunk index: Int) -> Int { index > 0 ? 1 : 0 }

    func finish(_ text: inout [UInt8], chunk index: Int, isLast: Bool) {
        // The cut is just after a record's comma: the comma closes the array.
        if !isLast, text.last == UInt8(ascii: ",") { text[text.count - 1] = UInt8(ascii: "]") }
    }

    var guessesChunks: Bool { true }

    func breakBefore(brace: Int, in bytes: [UInt8]) -> Int? {
        func skippingWhitespace(from index: Int) -> Int {
            var i = index
            while i >= 0, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i -= 1 }
            return i
        }
        let comma = skippingWhitespace(from: brace - 1)
        guard comma >= 0, bytes[comma] == UInt8(ascii: ",") else { return nil }
        let close = skippingWhitespace(from: comma - 1)
        guard close >= 0, bytes[close] == UInt8(ascii: "}"), JSONCutScanner.startsRecords(at: brace, in: bytes) else {
            return nil
        }
        return comma + 1
    }

    /// From the first value inside the array's `[` to the end of the last before its `]`.
    func recordExtent(in chunker: RecordChunker) throws(RecordChunker.Failure) -> Range<Int>? {
        let space = RecordChunker.whiteSpace
        guard let open = try chunker.firstByte(from: try chunker.textStart(), notIn: space),
            try chunker.bytes(open..<open + 1) == [UInt8(ascii: "[")],
            let first = try chunker.firstByte(from: open + 1, notIn: space)
        else { return nil }
        var end = try chunker.endOfLastByte(notIn: space, from: first)
        if end > first, try chunker.bytes(end - 1..<end) == [UInt8(ascii: "]")] {
            end = try chunker.endOfLastByte(notIn: space, from: first, before: end - 1)
        }
        return first < end ? first..<end : nil
    }
}
