import CellKitSupport

/// How a CSV file is cut into chunks: after the line break that ends a
/// record (never inside quotes, never between the CR and the LF of a CRLF:
/// ``CSVCutScanner``), and each chunk after the first starts with the
/// file's header line, so that it is a CSV table the parser reads alone.
final class CSVLayout: RecordLayout {
    /// The header line (with its line break) and the line breaks in it,
    /// once a chunk after the first needed it.
    private var header: (bytes: [UInt8], lineBreaks: Int)?
    /// Where a record starts near a place (a part of the file read alone).
    private let breaks: CSVRecordBreak

    init(delimiter: CSVDelimiter) {
        breaks = CSVRecordBreak(delimiter: delimiter)
    }

    /// The first line after the header that starts outside quotes
    /// (``CSVRecordBreak``); the file's end when the header has no line
    /// break after it (no records).
    func recordBreak(atOrAfter offset: Int, in chunker: RecordChunker) throws(RecordChunker.Failure) -> Int {
        let headerEnd = try head(ofChunk: 1, in: chunker).bytes.count
        guard headerEnd > 0 else { return chunker.size }
        return try breaks.recordBreak(atOrAfter: offset, in: chunker, headerEnd: headerEnd)
    }

    /// From the first line after the header that is not blank to the last byte that ends no line.
    func recordExtent(in chunker: RecordChunker) throws(RecordChunker.Failure) -> Range<Int>? {
        let headerEnd = try head(ofChunk: 1, in: chunker).bytes.count
        guard headerEnd > 0, let first = try chunker.firstByte(from: headerEnd, notIn: [0x0A, 0x0D]) else {
            return nil
        }
        return first..<(try chunker.endOfLastByte(notIn: [0x0A, 0x0D], from: first))
    }

    func scanner(from start: RecordChunker.ChunkStart, recordLimit: Int) -> any RecordCutScanner {
        CSVCutScanner(recordLimit: recordLimit, atFileStart: start.offset == 0, origin: start.offset)
    }

    func head(ofChunk index: Int, in chunker: RecordChunker) throws(RecordChunker.Failure)
        -> (bytes: [UInt8], lineBreaks: Int)
    {
        guard index > 0 else { return ([], 0) }
        if let header { return header }
        let found = try Self.header(of: chunker)
        header = found
        return found
    }

    /// The file's header line, found by a scan from its start. Ending in a
    /// lone CR, it would make a CRLF (one line break) with the LF of a blank
    /// line a later chunk starts with: it ends in an LF in the chunks instead.
    private static func header(of chunker: RecordChunker) throws(RecordChunker.Failure)
        -> (bytes: [UInt8], lineBreaks: Int)
    {
        var scanner = CSVCutScanner(recordLimit: chunker.recordLimit, atFileStart: true)
        var offset = 0
        var blockSize = 4_096
        while offset < chunker.size {
            let block = try chunker.bytes(offset..<offset + blockSize)
            block.withUnsafeBufferPointer { _ = scanner.scan($0) }
            offset += block.count
            if let end = scanner.headerEnd {
                var header = try chunker.bytes(0..<end)
                if header.last == 0x0D { header[header.count - 1] = 0x0A }
                return (header, RecordChunker.lineBreaks(in: header))
            }
            blockSize *= 2
        }
        return ([], 0)
    }
}
