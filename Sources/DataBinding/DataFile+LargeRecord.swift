@_spi(Host) import CellKit
import CellKitSupport

extension DataFile {
    /// The error of a chunk that could not be read: a record larger than the
    /// limit is an error at its start in the file; any other, a message.
    static func openError(_ failure: RecordChunker.Failure, _ chunker: RecordChunker) -> DataTable.OpenError {
        guard let record = failure.recordTooLarge else { return .io(failure.description) }
        return .data(largeRecordError(record, chunker))
    }

    /// "record 3 is larger than 16 MiB, the limit for one record", at the
    /// record's start; or, when the start of the record does not parse, the
    /// parser's error there (a bracket or a quote left open makes the rest of
    /// the file one record: the mistake is where the parse fails, not its size).
    private static func largeRecordError(_ record: RecordChunker.Failure.LargeRecord, _ chunker: RecordChunker)
        -> Diagnostic
    {
        let path = chunker.path
        var head = (try? chunker.bytes(record.offset..<(record.offset + min(record.limit, 1 << 20)))) ?? []
        // Cut where a character ends, not inside one.
        while let last = head.last, last >= 0x80 { head.removeLast() }
        let place = ChunkPlace(
            path: path, lineOffset: record.line - 1, lineStart: record.lineStart, bodyStart: record.offset, prefix: 0)
        let text = String(decoding: head, as: UTF8.self)
        let firstByte = head.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        var notes: [String] = []
        switch chunker.format {
        case .json where record.record == 0 && record.offset == 0 && firstByte != nil && firstByte != UInt8(ascii: "["):
            // Not an array: no comma of its own cuts it.
            return DataTable.dataError(
                path, text, line: 1, column: 1, place: place,
                "\(Path.basename(path)) is not a JSON array of records, and larger than \(byteCountDescription(record.limit)), the limit for one record",
                notes: [
                    "a file of one record per line is JSON Lines: name it .jsonl, or add format=jsonl to `rows`"
                ])
        case .json, .jsonLines:
            // The start of the record, parsed alone: an error before the end of what was read is the file's.
            // (A record of an array is parsed as it is; JSON Lines' next line would be a second value.)
            do {
                _ = try JSONParser().parse(head)
            } catch {
                // Not an error of the cut itself: the input ending inside a string or a container
                // (at the start of what is open), or near the end (a number or a literal cut short).
                let cutShort =
                    error.message == "unterminated string" || error.message.hasPrefix("unexpected end of input")
                    || error.position.offset >= head.count - 64
                if !cutShort {
                    return DataTable.parseError(path, text, error, place: place, notes: [])
                }
            }
            notes = [
                "a bracket or a quote left open makes the rest of the file one record: check the brackets and quotes of the record that starts here"
            ]
        case .csv:
            notes = [
                "a quote left open makes the rest of the file one field: check the quotes of the record that starts here"
            ]
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
