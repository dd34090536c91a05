import Glibc

/// Cuts a data file (a CSV table, a JSON array of records, or JSON Lines)
/// into chunks of whole records, about `targetBytes` each, that the ordinary
/// parsers read on their own: what reads a file of any size holds one chunk
/// at a time, and what it keeps per chunk (where it starts) is a few words.
///
/// A chunk's ``RecordChunk/text`` is valid input for `CSVParser` or
/// `JSONParser` by itself: a CSV chunk after the first starts with the
/// file's header line (ended by an LF if it ended by a lone CR); a JSON
/// chunk is an array: the first chunk of an array is the file's bytes up to
/// the cut (its last comma made a `]`), a later one is `[` + its records
/// (its last comma made a `]`), and a chunk of JSON Lines is `[` + its lines,
/// a comma at the end of each record but the last, + `]`. Its lines are the
/// file's lines, moved by ``RecordChunk/lineOffset``; on a JSON chunk's first
/// line, columns are moved too (``RecordChunk/lineStart``), so positions in
/// errors carry over.
///
/// ```swift
/// let chunker = try RecordChunker(path: "services.csv", format: .csv(.comma))
/// while let chunk = try chunker.chunk(after: previous) {
///     let table = try CSVParser().parse(chunk.text)  // chunk.count records
/// }
/// ```
///
/// The cut is made by a scan that knows only quotes, brackets, commas and
/// line breaks (``JSONCutScanner``, ``CSVCutScanner``); the parser of each
/// chunk does the checking, and its errors are the file's. A JSON array is
/// cut after any comma between two of its records, a one-line array too. No
/// limit applies to the file's size: a record larger than `recordLimit` (a
/// quote or a bracket left open makes the rest of the file one record) is an
/// error (``Failure/recordTooLarge``), so a chunk is at most about
/// `targetBytes + recordLimit`.
///
/// Reads are `pread` calls: a file that shrinks while it is read gives an
/// error, never a fault (a memory map would fault).
public final class RecordChunker {
    /// What the file holds.
    public enum Format: Sendable, Equatable {
        /// A header line, then one record per line; fields split by the delimiter.
        case csv(CSVDelimiter)
        /// An array of values, one per record, laid out in any way.
        case json
        /// JSON Lines (`.jsonl`, `.ndjson`): one value per record, each on its own line(s).
        case jsonLines

        /// The format a file's name says: `.csv`, `.tsv`, `.jsonl` or
        /// `.ndjson`, else a JSON array.
        public init(path: String) {
            let lower = path.lowercased()
            if lower.hasSuffix(".tsv") {
                self = .csv(.tab)
            } else if lower.hasSuffix(".csv") {
                self = .csv(.comma)
            } else if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") {
                self = .jsonLines
            } else {
                self = .json
            }
        }

        /// The format written `csv`, `tsv`, `json` or `jsonl` (`format=` of `rows`).
        public init?(name: String) {
            switch name {
            case "csv": self = .csv(.comma)
            case "tsv": self = .csv(.tab)
            case "json": self = .json
            case "jsonl", "ndjson": self = .jsonLines
            default: return nil
            }
        }

        /// Its name, as `init(name:)` reads it.
        public var name: String {
            switch self {
            case .csv(.tab): "tsv"
            case .csv: "csv"
            case .json: "json"
            case .jsonLines: "jsonl"
            }
        }

        /// The names `init(name:)` reads.
        public static let names = ["csv", "tsv", "json", "jsonl"]
    }

    /// Why the file could not be read.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
        /// A record larger than the limit: where it starts, for the error's position.
        public var recordTooLarge: LargeRecord?

        /// A record past ``RecordChunker/recordLimit``.
        public struct LargeRecord: Equatable, Sendable {
            /// Its number, from 0.
            public var record: Int
            /// Where it starts: the offset of its first byte in the file, its line, and where that line starts.
            public var offset: Int
            public var line: Int
            public var lineStart: Int
            /// The limit it passed.
            public var limit: Int
        }

        init(description: String, recordTooLarge: LargeRecord? = nil) {
            self.description = description
            self.recordTooLarge = recordTooLarge
        }
    }

    /// The largest record, in bytes, unless the caller says otherwise: 16 MiB.
    public static let defaultRecordLimit = 16 << 20
    /// How long a chunk is, about, unless the caller says otherwise: 1 MiB.
    public static let defaultTargetBytes = 1 << 20

    public let path: String
    public let format: Format
    /// The file's size when it was opened.
    public let size: Int
    /// The largest record accepted, in bytes.
    public let recordLimit: Int

    let descriptor: Int32
    let targetBytes: Int
    /// The CSV header line (with its line break), which later chunks repeat.
    private var header: [UInt8] = []
    private var headerLines = 0
    /// The last block a cut read, and where it is in the file: the chunk the
    /// cut ends is then taken from it, not read from the file again.
    private var lastBlock: (offset: Int, bytes: [UInt8]) = (0, [])
    /// Where each chunk found so far starts.
    var starts: [ChunkStart] = [ChunkStart(offset: 0, record: 0, line: 1, lineStart: 0)]
    /// The number of records, once the scan has reached the end.
    public internal(set) var totalRecords: Int?

    /// Where a chunk starts: its offset in the file, its first record, its
    /// first line and where that line starts. Four words per chunk: what a
    /// reader keeps of a file it has cut, and what it can hand to another
    /// reader of the same file (``chunkStarts``, ``adopt(_:)``).
    public struct ChunkStart: Equatable, Sendable {
        public var offset: Int
        public var record: Int
        public var line: Int
        public var lineStart: Int

        public init(offset: Int, record: Int, line: Int, lineStart: Int) {
            self.offset = offset
            self.record = record
            self.line = line
            self.lineStart = lineStart
        }
    }
    private typealias Start = ChunkStart

    /// Where every chunk starts, then the end of the file (its offset is
    /// the file's size, its record the number of records), once the scan
    /// has reached the end; `nil` before.
    public var chunkStarts: [ChunkStart]? {
        totalRecords == nil ? nil : starts
    }

    /// Takes the chunk starts another reader of this file found
    /// (``chunkStarts``: the session's check pass hands them to the workers
    /// that draw the rows), so no chunk is looked for by a scan: finding the
    /// chunk that holds a record is a binary search. Starts closer together
    /// than about three quarters of this chunker's size are joined (the check
    /// reads smaller chunks than drawing does).
    ///
    /// Returns `false`, changing nothing, when this chunker has cut a chunk
    /// already or `starts` cannot be this file's: not from its start to its
    /// end, or not in order. Wrong starts that pass these checks give chunks
    /// the parser counts otherwise than `starts` say, which readers report
    /// (the file is the one the starts were found in: its identity is checked).
    public func adopt(_ given: [ChunkStart]) throws(Failure) -> Bool {
        guard starts.count == 1, totalRecords == nil, let first = given.first, let end = given.last, given.count >= 2,
            first == ChunkStart(offset: 0, record: 0, line: 1, lineStart: 0), end.offset == size
        else { return false }
        for (a, b) in zip(given, given.dropFirst()) {
            guard a.offset < b.offset, a.record <= b.record, a.line <= b.line, b.lineStart <= b.offset,
                b.lineStart >= a.lineStart
            else { return false }
        }
        if case .csv = format, size > 0 {
            _ = try cutCSV(from: first)  // for the header line, which later chunks repeat
        }
        starts = Self.joined(given, targetBytes: targetBytes)
        totalRecords = end.record
        return true
    }

    /// The chunk starts a chunker of chunks about `targetBytes` long keeps
    /// of `starts` (``adopt(_:)``): the first, the end, and between them each
    /// start at least three quarters of `targetBytes` after the one kept
    /// before it. A render shared by several workers starts its blocks
    /// where these chunks start, so no chunk is drawn by two workers.
    public static func joined(_ starts: [ChunkStart], targetBytes: Int = defaultTargetBytes) -> [ChunkStart] {
        guard let first = starts.first, let end = starts.last, starts.count >= 2 else { return starts }
        var kept = [first]
        for start in starts.dropFirst().dropLast()
        where start.offset - kept[kept.count - 1].offset >= max(64, targetBytes) * 3 / 4 {
            kept.append(start)
        }
        kept.append(end)
        return kept
    }

    /// Opens `path`, a regular file of any size; chunks are about
    /// `targetBytes` long, and no record may be longer than `recordLimit`.
    public init(
        path: String, format: Format, targetBytes: Int = RecordChunker.defaultTargetBytes,
        recordLimit: Int = RecordChunker.defaultRecordLimit
    ) throws(Failure) {
        self.path = path
        self.format = format
        self.targetBytes = max(64, targetBytes)
        self.recordLimit = max(1, recordLimit)
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
        /// Parser input: the chunk's records, as described in ``RecordChunker``
        /// (for JSON Lines, the array ``JSONCutScanner/arrayOfLines(_:)``
        /// makes of ``lines``, made each time it is asked for).
        public var text: [UInt8] { lines.map(JSONCutScanner.arrayOfLines) ?? parserText }
        /// The CSV or JSON parser's input.
        let parserText: [UInt8]
        /// JSON Lines: the chunk's lines as they are in the file (without a
        /// byte order mark); `nil` for the other formats.
        public let lines: [UInt8]?
        /// Line `n` of `text` is line `n + lineOffset` of the file.
        public let lineOffset: Int
        /// Where the file's line that `range` starts on starts (a JSON
        /// chunk's first line may start before the chunk: column `c` of the
        /// text's first line is then the column of byte
        /// `range.lowerBound + (c's byte offset - prefix)` of that line).
        public let lineStart: Int
        /// The bytes `text` has before the file's bytes on its first line: `[` (1) or none.
        public let prefix: Int
        /// Whether this is the file's last chunk.
        public let isLast: Bool
        /// Which chunk of the file it is, from 0.
        public let index: Int
    }

    /// How many chunks have been read (``chunk(_:)``), for tests of what readers read.
    public internal(set) var chunksRead = 0

    /// Chunk number `index`, or `nil` past the last one.
    public func chunk(_ index: Int) throws(Failure) -> RecordChunk? {
        while starts.count <= index {
            let last = starts[starts.count - 1]
            guard last.offset < size else { return nil }
            starts.append(try cut(from: last))
        }
        let start = starts[index]
        guard start.offset < size || (index == 0) else { return nil }
        let end: Start
        if index + 1 < starts.count {
            end = starts[index + 1]
        } else {
            end = try cut(from: start)
            starts.append(end)
        }
        let isLast = end.offset >= size
        chunksRead += 1
        // What the parser's text has before the file's bytes: a later CSV chunk repeats the header line, a later
        // JSON chunk of an array starts with a `[`. The bytes are read after it (no copy of the chunk to make it).
        let prefix = textPrefix(ofChunk: index)
        var lineOffset = start.line - 1
        var before: [UInt8] = []
        switch format {
        case .csv:
            lineOffset = 0
            if index > 0 {
                before = header
                lineOffset = start.line - headerLines - 1
            }
        case .json:
            if index > 0 { before = [UInt8(ascii: "[")] }
        case .jsonLines:
            break
        }
        var text: [UInt8]
        let block = lastBlock
        if block.offset <= start.offset && end.offset <= block.offset + block.bytes.count {
            text = before
            text.append(contentsOf: block.bytes[start.offset - block.offset..<end.offset - block.offset])
            lastBlock = (0, [])  // (not kept: a block can be as large as a record may be)
        } else {
            text = try read(start.offset..<end.offset, after: before)
        }
        var lines: [UInt8]?
        switch format {
        case .csv:
            break
        case .json:
            // The cut is just after a record's comma: the comma closes the array.
            if !isLast, text.last == UInt8(ascii: ",") { text[text.count - 1] = UInt8(ascii: "]") }
        case .jsonLines:
            // A byte order mark is not a column (as the parsers count), nor can it follow the `[`.
            lines = index == 0 && UTF8Validation.startsWithByteOrderMark(text) ? Array(text.dropFirst(3)) : text
            text = []
        }
        return RecordChunk(
            firstRecord: start.record, count: end.record - start.record, range: start.offset..<end.offset,
            parserText: text, lines: lines, lineOffset: lineOffset, lineStart: start.lineStart, prefix: prefix,
            isLast: isLast, index: index)
    }

    /// The characters the parser text of chunk `index` has before the file's
    /// bytes on its first line (``RecordChunk/prefix``): a later chunk of a
    /// JSON array, and every chunk of JSON Lines, start with a `[`.
    public func textPrefix(ofChunk index: Int) -> Int {
        switch format {
        case .csv: 0
        case .json: index > 0 ? 1 : 0
        case .jsonLines: 1
        }
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

    /// The bytes of `range` of the file (for an error's source line and column).
    public func bytes(_ range: Range<Int>) throws(Failure) -> [UInt8] {
        try read(max(0, range.lowerBound)..<min(size, range.upperBound))
    }

    // MARK: - Scanning

    /// Where the chunk after the one at `start` starts (the end of the file
    /// when it is the last). `start` is before the end, or the start of an
    /// empty file.
    private func cut(from start: Start) throws(Failure) -> Start {
        switch format {
        case .csv: return try cutCSV(from: start)
        case .json, .jsonLines: return try cutJSON(from: start)
        }
    }

    private func cutJSON(from start: Start) throws(Failure) -> Start {
        var scanner = JSONCutScanner(
            isLines: format == .jsonLines, atFileStart: start.offset == 0, offset: start.offset,
            lineStart: start.lineStart, recordLimit: recordLimit)
        var offset = start.offset
        if offset == 0 && format == .jsonLines {
            let head = try read(0..<min(size, 3))
            if UTF8Validation.startsWithByteOrderMark(head) { offset = 3 }  // not a record
        }
        var lastCut: JSONCutScanner.Cut?
        var blockSize = targetBytes
        /// A record past the limit (one that ended, or the one still open), as an error.
        func oversized(_ cut: JSONCutScanner.Cut) -> Failure {
            tooLarge(
                .init(
                    record: start.record + cut.records, offset: cut.end, line: start.line + cut.lines,
                    lineStart: cut.lineStart, limit: recordLimit))
        }
        while offset < size {
            let block = try read(offset..<min(size, offset + blockSize))
            lastBlock = (offset, block)
            block.withUnsafeBufferPointer { bytes in
                if let cut = scanner.scan(bytes, base: offset) { lastCut = cut }
            }
            offset += block.count
            if let cut = scanner.oversized { throw oversized(cut) }
            if offset - scanner.recordStart.end > recordLimit { throw oversized(scanner.recordStart) }
            if let lastCut, lastCut.end - start.offset >= targetBytes / 2, offset < size {
                return Start(
                    offset: lastCut.end, record: start.record + lastCut.records, line: start.line + lastCut.lines,
                    lineStart: lastCut.lineStart)
            }
            blockSize = min(blockSize * 2, max(targetBytes, recordLimit))
        }
        // The rest of the file is the last chunk.
        scanner.finish(at: size)
        if let cut = scanner.oversized { throw oversized(cut) }
        let total = start.record + scanner.records
        totalRecords = total
        return Start(offset: size, record: total, line: start.line + scanner.lines, lineStart: scanner.lineStart)
    }

    private func cutCSV(from start: Start) throws(Failure) -> Start {
        var scanner = CSVCutScanner(recordLimit: recordLimit, atFileStart: start.offset == 0)
        var offset = start.offset
        var lastCut: (offset: Int, records: Int, lines: Int)?
        var blockSize = targetBytes
        /// A record past the limit (one that ended, or the one still open), as an error.
        func oversized(_ record: (offset: Int, records: Int, lines: Int)) -> Failure {
            tooLarge(
                .init(
                    record: start.record + recordsBefore(record.records, start), offset: start.offset + record.offset,
                    line: start.line + record.lines, lineStart: start.offset + record.offset, limit: recordLimit))
        }
        while offset < size {
            let block = try read(offset..<min(size, offset + blockSize))
            lastBlock = (offset, block)
            block.withUnsafeBufferPointer { bytes in
                if let cut = scanner.scan(bytes) { lastCut = (offset + cut.end, cut.records, cut.lines) }
            }
            offset += block.count
            if start.offset == 0 && header.isEmpty, let end = scanner.headerEnd {
                header = try read(0..<end)
                // Ending in a lone CR, it would make a CRLF (one line break) with the LF of a
                // blank line a later chunk starts with: it ends in an LF in the chunks instead.
                if header.last == 0x0D { header[header.count - 1] = 0x0A }
                headerLines = Self.lineBreaks(in: header)
            }
            if let record = scanner.oversized { throw oversized(record) }
            if offset - (start.offset + scanner.recordStart.offset) > recordLimit {
                throw oversized(scanner.recordStart)
            }
            if let lastCut, lastCut.offset - start.offset >= targetBytes / 2, offset < size {
                return Start(
                    offset: lastCut.offset, record: start.record + recordsBefore(lastCut.records, start),
                    line: start.line + lastCut.lines, lineStart: lastCut.offset)
            }
            blockSize = min(blockSize * 2, max(targetBytes, recordLimit))
        }
        // The rest of the file is the last chunk.
        scanner.finish()
        if let record = scanner.oversized { throw oversized(record) }
        let total = start.record + recordsBefore(scanner.records, start)
        totalRecords = total
        return Start(offset: size, record: total, line: start.line + scanner.lines, lineStart: size)
    }

    private func tooLarge(_ record: Failure.LargeRecord) -> Failure {
        Failure(
            description:
                "\(path): record \(record.record + 1), from line \(record.line), is larger than \(byteCountDescription(record.limit)), the limit for one record",
            recordTooLarge: record)
    }

    /// The records a scan counted, less the CSV header when the scan began at the file's start.
    private func recordsBefore(_ counted: Int, _ start: Start) -> Int {
        if start.offset == 0, case .csv = format { return max(0, counted - 1) }
        return counted
    }

    /// The line breaks in `bytes` as the parsers count them: a CRLF, a lone
    /// LF or a lone CR (old Mac files) each ends a line.
    package static func lineBreaks(in bytes: [UInt8]) -> Int {
        var count = 0
        var afterCR = false
        for byte in bytes {
            if byte == 0x0D || (byte == 0x0A && !afterCR) { count += 1 }
            afterCR = byte == 0x0D
        }
        return count
    }

    // MARK: - Reading

    /// The bytes of `range`, read with `pread` (on any thread: it uses only
    /// the descriptor, which `pread` does not move), after `before`.
    func read(_ range: Range<Int>, after before: [UInt8] = []) throws(Failure) -> [UInt8] {
        let count = range.count
        guard count > 0 else { return before }
        var failure: Int32 = 0
        // (Not zeroed first: every byte is `before` or read into, or the buffer is dropped.)
        let buffer = [UInt8](unsafeUninitializedCapacity: before.count + count) { raw, initialized in
            _ = raw.initialize(fromContentsOf: before)
            var filled = 0
            while filled < count {
                let n = SystemCall.retrying {
                    pread(
                        descriptor, raw.baseAddress! + before.count + filled, count - filled,
                        off_t(range.lowerBound + filled))
                }
                guard n > 0 else {
                    failure = n == 0 ? -1 : errno
                    break
                }
                filled += n
            }
            initialized = before.count + filled
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
