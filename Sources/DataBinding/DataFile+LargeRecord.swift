@_spi(Host) import CellKit
import CellKitSupport

extension DataFile {
    /// The error of a chunk that could not be read: a record larger than the
    /// limit is an error at its start in the file; any other, a message.
    func openError(_ failure: RecordChunker.Failure) -> DataTable.OpenError {
        Self.openError(failure, chunker, format: format)
    }

    static func openError(_ failure: RecordChunker.Failure, _ chunker: RecordChunker, format: any RecordFormat)
        -> DataTable.OpenError
    {
        guard let record = failure.recordTooLarge else { return .io(failure.description) }
        return .data(largeRecordError(record, chunker, format: format))
    }

    /// "record 3 is larger than 16 MiB, the limit for one record", at the
    /// record's start; or, when the format finds another error there, that
    /// (a bracket or a quote left open makes the rest of the file one
    /// record: the mistake is where the parse fails, not its size).
    private static func largeRecordError(
        _ record: RecordChunker.Failure.LargeRecord, _ chunker: RecordChunker, format: any RecordFormat
    ) -> Diagnostic {
        let path = chunker.path
        var head = (try? chunker.bytes(record.offset..<(record.offset + min(record.limit, 1 << 20)))) ?? []
        // Cut where a character ends, not inside one.
        while let last = head.last, last >= 0x80 { head.removeLast() }
        let place = ChunkPlace(
            path: path, lineOffset: record.line - 1, lineStart: record.lineStart, bodyStart: record.offset, prefix: 0)
        let text = String(decoding: head, as: UTF8.self)
        let notes: [String]
        switch format.largeRecord(record, head: head, text: text, place: place) {
        case .error(let diagnostic): return diagnostic
        case .tooLarge(let what): notes = what
        }
        // Where the record's first character is, past the line breaks and spaces after the cut.
        var line = 1
        var column = 1
        for byte in head {
            if byte == 0x0A || byte == 0x0D {
                line += 1
                column = 1
            } else if byte == 0x20 || byte == 0x09 {
                column += 1
            } else {
                break
            }
        }
        return DataTable.dataError(
            path, text, line: line, column: column, place: place,
            "record \(record.record + 1) is larger than \(byteCountDescription(record.limit)), the limit for one record (docs/limits.md)",
            notes: notes)
    }
}
