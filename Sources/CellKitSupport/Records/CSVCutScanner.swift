/// A byte-at-a-time state machine that counts the records and lines of a
/// CSV file and says where a chunk may end (``RecordChunker``, through the
/// CSV format's layout).
///
/// Lines are counted as the parsers count them: a CRLF, a lone LF or a lone
/// CR ends one. A record ends at a CR or an LF outside quotes; after a CR
/// the cut waits for the next byte, so that a CRLF is never cut in two (it
/// may be in the next block).
package struct CSVCutScanner {
    var records = 0
    var lines = 0
    /// Whether the last byte scanned was a CR (its line is counted; an LF next is part of the same break).
    private var afterCR = false
    var inQuotes = false
    var recordStarted = false
    /// Where the header line ends (with its line break), once the scan from the file's start has passed it.
    package var headerEnd: Int?
    private var consumed = 0
    /// A record ended at the CR just scanned: where the chunk may end is
    /// after the LF that may follow, or before whatever else comes.
    private var recordEndAfterCR = false
    /// The largest record accepted, in bytes.
    let recordLimit: Int
    /// Where the record being scanned starts (bytes after the scan's start), and the records and lines before it.
    private(set) var startOfRecord = (offset: 0, records: 0, lines: 0)
    /// Where the first record larger than `recordLimit` starts, once one has ended.
    private(set) var oversizedRecord: (offset: Int, records: Int, lines: Int)?

    /// Whether the scan begins at the file's start, where a byte order mark
    /// is no record's (the parsers skip it: a blank line after it is blank).
    private var atFileStart: Bool
    /// Whether it began there: its first record is the header, no record of the file's.
    private let countsHeader: Bool
    /// Where in the file the scan begins.
    private let origin: Int

    /// A scan from `origin` in the file (its start, with `atFileStart`, or
    /// where a record starts).
    package init(recordLimit: Int, atFileStart: Bool = false, origin: Int = 0) {
        self.recordLimit = recordLimit
        self.atFileStart = atFileStart
        countsHeader = atFileStart
        self.origin = origin
    }

    /// Takes `bytes`: the last place in them where a chunk may end (just
    /// before `end`), with the records and lines counted up to it.
    package mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (end: Int, records: Int, lines: Int)? {
        var last: (end: Int, records: Int, lines: Int)?
        var i = 0
        let count = bytes.count
        if atFileStart {
            // (The first block holds the whole mark: a block is at least 64 bytes, or the whole file.)
            atFileStart = false
            if UTF8Validation.startsWithByteOrderMark(bytes) {
                consumed = 3
                i = 3
            }
        }
        while i < count {
            if !afterCR {
                // A run of bytes that are no line break and no quote: counted, and a record's.
                let next = ByteSearch.first(of: 0x0A, 0x0D, UInt8(ascii: "\""), in: bytes, from: i, to: count)
                if next > i {
                    consumed += next - i
                    if !inQuotes { recordStarted = true }
                    i = next
                    if i == count { break }
                }
            }
            let byte = bytes[i]
            if afterCR {
                afterCR = false
                if byte == 0x0A {
                    // The LF of a CRLF: the CR ended the line (and the record, if any).
                    consumed += 1
                    if recordEndAfterCR, let end = recordEnd(at: i + 1) { last = end }
                    i += 1
                    continue
                }
                if recordEndAfterCR, let end = recordEnd(at: i) { last = end }
            }
            consumed += 1
            if byte == 0x0A || byte == 0x0D { lines += 1 }
            afterCR = byte == 0x0D
            // Inside quotes only the closing quote matters.
            if (!inQuotes || byte == UInt8(ascii: "\"")) && csv(byte) {
                if byte == 0x0D {
                    recordEndAfterCR = true
                } else if let end = recordEnd(at: i + 1) {
                    last = end
                }
            }
            i += 1
        }
        return last
    }

    /// Whether `byte` ends a record (a CR or an LF outside quotes, after a record's bytes).
    @inline(__always)
    private mutating func csv(_ byte: UInt8) -> Bool {
        if byte == UInt8(ascii: "\"") {
            inQuotes.toggle()
            recordStarted = true
            return false
        }
        if inQuotes { return false }
        if byte == 0x0A || byte == 0x0D {
            guard recordStarted else { return false }
            recordStarted = false
            records += 1
            return true
        }
        recordStarted = true
        return false
    }

    /// A record's line break ended just before `end` (in the block being
    /// scanned; `consumed` bytes in all): the header ends there if it was
    /// the first record, and a chunk may end there after the second.
    private mutating func recordEnd(at end: Int) -> (end: Int, records: Int, lines: Int)? {
        recordEndAfterCR = false
        if records == 1 && headerEnd == nil { headerEnd = consumed }
        if consumed - startOfRecord.offset > recordLimit && oversizedRecord == nil { oversizedRecord = startOfRecord }
        startOfRecord = (consumed, records, lines)
        return records > 1 ? (end, records, lines) : nil
    }

    /// The end of the file: a last record without a line break counts.
    package mutating func finish() {
        if consumed - startOfRecord.offset > recordLimit && oversizedRecord == nil { oversizedRecord = startOfRecord }
        if recordStarted && !inQuotes {
            records += 1
            recordStarted = false
        } else if inQuotes {
            records += 1
        }
    }
}

extension CSVCutScanner: RecordCutScanner {
    package mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, base: Int) -> RecordCut? {
        scan(bytes).map { cut in place(end: base + cut.end, records: cut.records, lines: cut.lines) }
    }

    package var recordStart: RecordCut {
        place(end: origin + startOfRecord.offset, records: startOfRecord.records, lines: startOfRecord.lines)
    }

    package var oversized: RecordCut? {
        oversizedRecord.map { place(end: origin + $0.offset, records: $0.records, lines: $0.lines) }
    }

    package mutating func finish(at size: Int) -> RecordCut {
        finish()
        return place(end: size, records: records, lines: lines)
    }

    /// Outside quotes, no byte of a record since its line break, and not
    /// between the CR and the LF of a CRLF.
    package func isBetweenRecords(next: UInt8?) -> Bool {
        !inQuotes && !recordStarted && !(afterCR && next == 0x0A)
    }

    /// A place in the file where a line starts, with the records before it
    /// (not the header) and the line breaks.
    private func place(end: Int, records: Int, lines: Int) -> RecordCut {
        RecordCut(end: end, records: countsHeader ? max(0, records - 1) : records, lines: lines, lineStart: end)
    }
}
