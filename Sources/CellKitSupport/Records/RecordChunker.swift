import Glibc

/// Cuts a data file (a CSV table, or a JSON array of records) into chunks of
/// whole records, about `targetBytes` each, that the ordinary parsers read
/// on their own: what reads a large file holds one chunk at a time, and
/// what it keeps per chunk (where it starts) is a few words.
///
/// A chunk's ``RecordChunk/text`` is valid input for `CSVParser` or
/// `JSONParser` by itself: a CSV chunk after the first starts with the
/// file's header line (ended by an LF if it ended by a lone CR), and a JSON
/// chunk after the first is wrapped as
/// `[` + its records + `]`. Its lines are the file's lines, moved by
/// ``RecordChunk/lineOffset``, so positions in errors carry over.
///
/// ```swift
/// let chunker = try RecordChunker(path: "services.csv", format: .csv(.comma))
/// while let chunk = try chunker.chunk(after: previous) {
///     let table = try CSVParser().parse(chunk.text)  // chunk.count records
/// }
/// ```
///
/// The cut is made by a scan that knows only quotes, brackets and line
/// breaks; the parser of each chunk does the checking. A chunk that does not
/// parse, or whose record count differs from the scan's, means the file is
/// not what the scan assumed: the caller then reads the whole file as one
/// (``RecordChunker/whole``), which gives the parser's exact error.
///
/// Reads are `pread` calls: a file that shrinks while it is read gives an
/// error, never a fault (a memory map would fault).
public final class RecordChunker {
    /// What the file holds.
    public enum Format: Sendable, Equatable {
        /// A header line, then one record per line; fields split by the delimiter.
        case csv(CSVDelimiter)
        /// An array of values, one per record.
        case json
    }

    /// Why the file could not be read.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    public let path: String
    public let format: Format
    /// The file's size when it was opened.
    public let size: Int

    private let descriptor: Int32
    private let targetBytes: Int
    /// The CSV header line (with its line break), which later chunks repeat.
    private var header: [UInt8] = []
    private var headerLines = 0
    /// Where each chunk found so far starts: its offset, first record and first line.
    private var starts: [(offset: Int, record: Int, line: Int)] = [(0, 0, 1)]
    /// The number of records, once the scan has reached the end.
    public private(set) var totalRecords: Int?

    /// Opens `path`, a regular file; chunks are about `targetBytes` long.
    public init(path: String, format: Format, targetBytes: Int = 1 << 20) throws(Failure) {
        self.path = path
        self.format = format
        self.targetBytes = max(64, targetBytes)
        let fd = SystemCall.retrying { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { throw Failure(description: "\(path): \(String(cString: strerror(errno)))") }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw Failure(description: "\(path) is not a regular file")
        }
        descriptor = fd
        size = Int(status.st_size)
    }

    deinit {
        close(descriptor)
    }

    /// One chunk of whole records.
    public struct RecordChunk {
        /// The number of the chunk's first record (0 is the file's first).
        public let firstRecord: Int
        /// How many records the scan counted in it.
        public let count: Int
        /// Where it starts and ends in the file.
        public let range: Range<Int>
        /// Parser input: the chunk's records, as described in ``RecordChunker``.
        public let text: [UInt8]
        /// Line `n` of `text` is line `n + lineOffset` of the file.
        public let lineOffset: Int
        /// Whether this is the file's last chunk.
        public let isLast: Bool
        /// Which chunk of the file it is, from 0.
        public let index: Int
    }

    /// Chunk number `index`, or `nil` past the last one.
    public func chunk(_ index: Int) throws(Failure) -> RecordChunk? {
        while starts.count <= index {
            let last = starts[starts.count - 1]
            guard last.offset < size else { return nil }
            starts.append(try cut(from: last))
        }
        let start = starts[index]
        guard start.offset < size || (index == 0) else { return nil }
        let end: (offset: Int, record: Int, line: Int)
        if index + 1 < starts.count {
            end = starts[index + 1]
        } else {
            end = try cut(from: start)
            starts.append(end)
        }
        let isLast = end.offset >= size
        let body = try read(start.offset..<end.offset)
        var text: [UInt8] = []
        var lineOffset = 0
        switch format {
        case .csv:
            if index > 0 {
                text = header
                lineOffset = start.line - headerLines - 1
            }
            text += body
        case .json:
            if index > 0 {
                text = [UInt8(ascii: "["), 0x0A]
                lineOffset = start.line - 2
            }
            text += body
            if !isLast {
                // The cut is just after a record's comma and line break: the comma goes.
                if let comma = text.lastIndex(of: UInt8(ascii: ",")) { text[comma] = 0x20 }
                text.append(UInt8(ascii: "]"))
            }
        }
        return RecordChunk(
            firstRecord: start.record, count: end.record - start.record, range: start.offset..<end.offset, text: text,
            lineOffset: lineOffset, isLast: isLast, index: index)
    }

    /// The chunk holding record `record`, or `nil` if the file has fewer records.
    public func chunk(holding record: Int) throws(Failure) -> RecordChunk? {
        guard let index = try index(holding: record), let chunk = try chunk(index),
            record < chunk.firstRecord + chunk.count
        else { return nil }
        return chunk
    }

    /// The number of the chunk that holds record `record` if the file has
    /// that many records (scanning on as far as it), without reading it.
    public func index(holding record: Int) throws(Failure) -> Int? {
        // Find the last known start at or before `record`, scanning on when needed.
        while totalRecords == nil, starts[starts.count - 1].record <= record {
            let last = starts[starts.count - 1]
            guard last.offset < size else { break }
            starts.append(try cut(from: last))
        }
        if let totalRecords, record >= totalRecords { return nil }
        var lo = 0
        var hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid].record <= record { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The whole file as one chunk (for a file the scan misjudged).
    public func whole() throws(Failure) -> RecordChunk {
        RecordChunk(
            firstRecord: 0, count: totalRecords ?? 0, range: 0..<size, text: try read(0..<size), lineOffset: 0,
            isLast: true, index: 0)
    }

    // MARK: - Scanning

    /// Where the chunk after the one at `start` starts (the end of the file
    /// when it is the last). `start` is before the end, or the start of an
    /// empty file.
    private func cut(from start: (offset: Int, record: Int, line: Int)) throws(Failure)
        -> (offset: Int, record: Int, line: Int)
    {
        var scanner = Scanner(format: format, atFileStart: start.offset == 0)
        var offset = start.offset
        var lastCut: (offset: Int, records: Int, lines: Int)?
        var blockSize = targetBytes
        while offset < size {
            let block = try read(offset..<min(size, offset + blockSize))
            block.withUnsafeBufferPointer { bytes in
                if let cut = scanner.scan(bytes) { lastCut = (offset + cut.end, cut.records, cut.lines) }
            }
            offset += block.count
            if start.offset == 0 && header.isEmpty, case .csv = format, let end = scanner.headerEnd {
                header = try read(0..<end)
                // Ending in a lone CR, it would make a CRLF (one line break) with the LF of a
                // blank line a later chunk starts with: it ends in an LF in the chunks instead.
                if header.last == 0x0D { header[header.count - 1] = 0x0A }
                headerLines = Self.lineBreaks(in: header)
            }
            if let lastCut, lastCut.offset - start.offset >= targetBytes / 2 || offset >= size {
                if offset >= size {
                    break
                }
                return (
                    lastCut.offset, start.record + recordsBefore(lastCut.records, start), start.line + lastCut.lines
                )
            }
            blockSize *= 2
        }
        // The rest of the file is the last chunk.
        scanner.finish()
        let total = start.record + recordsBefore(scanner.records, start)
        totalRecords = total
        return (size, total, start.line + scanner.lines)
    }

    /// The records a scan counted, less the CSV header when the scan began at the file's start.
    private func recordsBefore(_ counted: Int, _ start: (offset: Int, record: Int, line: Int)) -> Int {
        if start.offset == 0, case .csv = format { return max(0, counted - 1) }
        return counted
    }

    /// The line breaks in `bytes` as the parsers count them: a CRLF, a lone
    /// LF or a lone CR (old Mac files) each ends a line.
    static func lineBreaks(in bytes: [UInt8]) -> Int {
        var count = 0
        var afterCR = false
        for byte in bytes {
            if byte == 0x0D || (byte == 0x0A && !afterCR) { count += 1 }
            afterCR = byte == 0x0D
        }
        return count
    }

    /// A byte-at-a-time state machine that counts records and lines and
    /// says where a chunk may end.
    ///
    /// Lines are counted as the parsers count them: a CRLF, a lone LF or a
    /// lone CR ends one. A CSV record ends at a CR or an LF outside quotes;
    /// after a CR the cut waits for the next byte, so that a CRLF is never
    /// cut in two (it may be in the next block).
    struct Scanner {
        let isCSV: Bool
        var records = 0
        var lines = 0
        /// Whether the last byte scanned was a CR (its line is counted; an LF next is part of the same break).
        private var afterCR = false
        // CSV
        var inQuotes = false
        var recordStarted = false
        var headerEnd: Int?
        private var consumed = 0
        /// A record ended at the CR just scanned: where the chunk may end is
        /// after the LF that may follow, or before whatever else comes.
        private var recordEndAfterCR = false
        // JSON
        var depth = 0
        var inString = false
        var escaped = false
        var expectingValue = false
        var afterComma = false
        /// Whether the top-level value is an array (of records).
        var inArray = false

        init(format: Format, atFileStart: Bool) {
            if case .csv = format { isCSV = true } else { isCSV = false }
            if !atFileStart && !isCSV {
                // A JSON chunk after the first starts inside the array, before a record.
                depth = 1
                expectingValue = true
                inArray = true
            }
        }

        /// Takes `bytes`: the last place in them where a chunk may end (just
        /// before `end`), with the records and lines counted up to it.
        mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (end: Int, records: Int, lines: Int)? {
            var last: (end: Int, records: Int, lines: Int)?
            var i = 0
            let count = bytes.count
            if isCSV {
                while i < count {
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
            while i < count {
                let byte = bytes[i]
                if byte == 0x0D || (byte == 0x0A && !afterCR) { lines += 1 }
                afterCR = byte == 0x0D
                // Inside a string (most of a record's bytes) only a quote or a backslash matters.
                if inString && !escaped && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                    i += 1
                    continue
                }
                if json(byte) { last = (i + 1, records, lines) }
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
            return records > 1 ? (end, records, lines) : nil
        }

        @inline(__always)
        private mutating func json(_ byte: UInt8) -> Bool {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                return false
            }
            switch byte {
            case 0x20, 0x09, 0x0D:
                return false
            case 0x0A:
                defer { afterComma = false }
                return afterComma && depth == 1
            case UInt8(ascii: "\""):
                startValue()
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                startValue()
                depth += 1
                // Records are the elements of a top-level array (anything
                // else is left to the parser of the whole file to refuse).
                if depth == 1 && byte == UInt8(ascii: "[") {
                    expectingValue = true
                    inArray = true
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 1 && inArray {
                    expectingValue = true
                    afterComma = true
                    return false
                }
            default:
                startValue()
            }
            afterComma = false
            return false
        }

        @inline(__always)
        private mutating func startValue() {
            if depth == 1 && expectingValue {
                records += 1
                expectingValue = false
            }
        }

        /// The end of the file: a last CSV record without a line break counts.
        mutating func finish() {
            if isCSV && recordStarted && !inQuotes {
                records += 1
                recordStarted = false
            } else if isCSV && inQuotes {
                records += 1
            }
        }
    }

    // MARK: - Reading

    /// The bytes of `range`, read with `pread`.
    private func read(_ range: Range<Int>) throws(Failure) -> [UInt8] {
        let count = range.count
        guard count > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        var failure: Int32 = 0
        buffer.withUnsafeMutableBytes { raw in
            while filled < count {
                let n = SystemCall.retrying {
                    pread(descriptor, raw.baseAddress! + filled, count - filled, off_t(range.lowerBound + filled))
                }
                guard n > 0 else {
                    failure = n == 0 ? -1 : errno
                    return
                }
                filled += n
            }
        }
        guard failure == 0 else {
            throw Failure(
                description: failure == -1
                    ? "\(path) is shorter than it was: it changed while it was read"
                    : "\(path): \(String(cString: strerror(failure)))")
        }
        return buffer
    }
}
