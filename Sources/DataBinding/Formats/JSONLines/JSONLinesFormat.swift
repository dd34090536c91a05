import CellKitSupport

/// JSON Lines (`.jsonl`, `.ndjson`, `format=jsonl`): one JSON value a
/// record, each on its own line(s). Its records are read as a JSON array's
/// are (the JSON folder's ``JSONChunkReader`` and ``JSONRecords``, given the
/// chunk as an array: ``JSONCutScanner/arrayOfLines(_:)``); only the layout
/// differs (``JSONLinesLayout``).
package struct JSONLinesFormat: RecordFormat {
    package init() {}

    package var name: String { "jsonl" }
    package var otherNames: [String] { ["ndjson"] }
    package var fileEndings: [String] { ["jsonl", "ndjson"] }

    package func layout() -> any RecordLayout { JSONLinesLayout() }

    package func parse(
        _ bytes: [UInt8], path: String, positions: Bool, place: ChunkPlace?, firstRecord: Int, recordErrorLimit: Int
    ) throws(DataTable.OpenError) -> DataTable {
        try JSONRecords.parse(JSONCutScanner.arrayOfLines(bytes), path: path, positions: positions, place: place)
    }

    package func reader(for bound: [BoundAttribute], to use: ChunkUse) -> any ChunkReader {
        JSONChunkReader(format: self, lines: true, bound: bound, use: use)
    }

    package func largeRecord(
        _ record: RecordChunker.Failure.LargeRecord, head: [UInt8], text: String, place: ChunkPlace
    ) -> LargeRecordVerdict {
        JSONRecords.largeRecord(head: head, text: text, place: place)
    }
}

/// How JSON Lines are cut into chunks: just after the LF that ends a
/// record's line (``JSONCutScanner``). A chunk's text is its lines as they
/// are (a byte order mark at the file's start dropped: it is no column), the
/// quick pass reads them so; the parser reads them as an array, with a `[`
/// before them. Chunks may be guessed: a break between records is a line
/// break before a `{`.
final class JSONLinesLayout: RecordLayout {
    func scanner(from start: RecordChunker.ChunkStart, recordLimit: Int) -> any RecordCutScanner {
        JSONCutScanner(
            isLines: true, atFileStart: start.offset == 0, offset: start.offset, lineStart: start.lineStart,
            recordLimit: recordLimit)
    }

    func prefix(ofChunk index: Int) -> Int { 1 }

    func finish(_ text: inout [UInt8], chunk index: Int, isLast: Bool) {
        if index == 0 && UTF8Validation.startsWithByteOrderMark(text) { text.removeFirst(3) }
    }

    var guessesChunks: Bool { true }

    func breakBefore(brace: Int, in bytes: [UInt8]) -> Int? {
        brace > 0 && bytes[brace - 1] == 0x0A ? brace : nil
    }

    /// Just after the first LF at or after `offset - 1`: no string holds a
    /// line break, so every LF ends a record's line (or a blank one).
    func recordBreak(atOrAfter offset: Int, in chunker: RecordChunker) throws(RecordChunker.Failure) -> Int {
        var at = offset - 1
        while at < chunker.size {
            let block = try chunker.bytes(at..<min(chunker.size, at + (64 << 10)))
            if let lineFeed = block.firstIndex(of: 0x0A) { return at + lineFeed + 1 }
            at += block.count
        }
        return chunker.size
    }

    /// From the first byte that is not white space (after a byte order mark) to the last.
    func recordExtent(in chunker: RecordChunker) throws(RecordChunker.Failure) -> Range<Int>? {
        let space = RecordChunker.whiteSpace
        guard let first = try chunker.firstByte(from: try chunker.textStart(), notIn: space) else { return nil }
        return first..<(try chunker.endOfLastByte(notIn: space, from: first))
    }
}
