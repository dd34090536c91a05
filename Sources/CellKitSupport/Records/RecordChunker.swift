import Glibc

/// Cuts a data file into chunks of whole records, about `targetBytes`
/// each, that the format's parser reads on its own: what reads a file of
/// any size holds one chunk at a time, and what it keeps per chunk (where
/// it starts) is a few words.
///
/// Where a chunk may end, and what its text holds besides the file's bytes,
/// is the format's ``RecordLayout``: a CSV chunk after the first starts
/// with the file's header line, a JSON chunk is an array (`[` + its
/// records, the last comma made a `]`), a chunk of JSON Lines is its lines
/// as they are. A chunk's lines are the file's lines, moved by
/// ``RecordChunk/lineOffset``; on its first line, columns are moved too
/// (``RecordChunk/lineStart``, ``RecordChunk/prefix``), so positions in
/// errors carry over.
///
/// ```swift
/// let chunker = try RecordChunker(path: "services.csv", layout: CSVLayout())
/// while let chunk = try chunker.chunk(index) {
///     let table = try CSVParser().parse(chunk.text)  // chunk.count records
/// }
/// ```
///
/// The cut is made by the layout's scan, which knows only quotes, brackets,
/// commas and line breaks (``JSONCutScanner``, ``CSVCutScanner``); the
/// parser of each chunk does the checking, and its errors are the file's.
/// No limit applies to the file's size: a record larger than `recordLimit`
/// (a quote or a bracket left open makes the rest of the file one record)
/// is an error (``Failure/recordTooLarge``), so a chunk is at most about
/// `targetBytes + recordLimit`.
///
/// Reads are `pread` calls: a file that shrinks while it is read gives an
/// error, never a fault (a memory map would fault).
package final class RecordChunker {
    /// Why the file could not be read.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        package var description: String
        /// A record larger than the limit: where it starts, for the error's position.
        package var recordTooLarge: LargeRecord?

        /// A record past ``RecordChunker/recordLimit``.
        package struct LargeRecord: Equatable, Sendable {
            /// Its number, from 0.
            package var record: Int
            /// Where it starts: the offset of its first byte in the file, its line, and where that line starts.
            package var offset: Int
            package var line: Int
            package var lineStart: Int
            /// The limit it passed.
            package var limit: Int
        }

        /// A part of the file that does not end between two records
        /// (``RecordChunker/limit(from:to:)``): where it ends.
        package var cutInsideRecord: Int?

        init(description: String, recordTooLarge: LargeRecord? = nil, cutInsideRecord: Int? = nil) {
            self.description = description
            self.recordTooLarge = recordTooLarge
            self.cutInsideRecord = cutInsideRecord
        }
    }

    /// The largest record, in bytes, unless the caller says otherwise: 16 MiB.
    package static let defaultRecordLimit = 16 << 20
    /// How long a chunk is, about, unless the caller says otherwise: 256 KiB.
    ///
    /// A chunk is what a worker parses ahead and keeps while it draws its
    /// rows, and what `show` parses before it can draw a row in it: a chunk
    /// of 256 KiB holds about 7,000 short records (about 2 MB once parsed).
    /// Against 1 MiB (docs/performance.md, "Chunks of 256 KiB"): a
    /// million-record render the same to 3% faster and 10–13 MiB smaller,
    /// `show`'s first search 1.6–2 times as fast and a jump 3–5 times.
    package static let defaultTargetBytes = 256 << 10

    package let path: String
    /// Where chunks may end in the file, and what their texts hold.
    package let layout: any RecordLayout
    /// The file's size when it was opened.
    package let size: Int
    /// Where reading ends: the file's size, or the end of the part of it
    /// this chunker reads (``limit(from:to:)``).
    package internal(set) var end: Int
    /// 1 when the first chunk read starts after the file's start (a part of
    /// it): the layout makes each chunk as it makes a later chunk of the file.
    var layoutChunkOffset = 0
    /// A place the scan checks it passes between two records (a part's own
    /// end, when it reads a record past it: ``limit(from:to:through:)``).
    var checkedBreak: Int?
    /// The largest record accepted, in bytes.
    package let recordLimit: Int

    let descriptor: Int32
    let targetBytes: Int
    /// The last block a cut read, and where it is in the file: the chunk the
    /// cut ends is then taken from it, not read from the file again.
    private var lastBlock: (offset: Int, bytes: [UInt8]) = (0, [])
    /// Where each chunk found so far starts.
    var starts: [ChunkStart] = [ChunkStart(offset: 0, record: 0, line: 1, lineStart: 0)]
    /// The number of records, once the scan has reached the end.
    package internal(set) var totalRecords: Int?

    /// Where a chunk starts: its offset in the file, its first record, its
    /// first line and where that line starts. Four words per chunk: what a
    /// reader keeps of a file it has cut, and what it can hand to another
    /// reader of the same file (``chunkStarts``, ``adopt(_:)``).
    package struct ChunkStart: Equatable, Sendable {
        package var offset: Int
        package var record: Int
        package var line: Int
        package var lineStart: Int

        package init(offset: Int, record: Int, line: Int, lineStart: Int) {
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
    package var chunkStarts: [ChunkStart]? {
        totalRecords == nil ? nil : starts
    }

    /// Takes the chunk starts another reader of this file found
    /// (``chunkStarts``: the session's check pass hands them to the workers
    /// that draw the rows), so no chunk is looked for by a scan: finding the
    /// chunk that holds a record is a binary search. Starts closer together
    /// than about three quarters of this chunker's size are joined (the check
    /// reads smaller chunks than drawing does).
    ///
    /// Starts of a part of the file (``limit(from:to:)``: from a start
    /// after the file's, or to an end before it) make this chunker read
    /// that part alone.
    ///
    /// Returns `false`, changing nothing, when this chunker has cut a chunk
    /// already or `starts` cannot be this file's: past its end, or not in
    /// order. Wrong starts that pass these checks give chunks
    /// the parser counts otherwise than `starts` say, which readers report
    /// (the file is the one the starts were found in: its identity is checked).
    package func adopt(_ given: [ChunkStart]) throws(Failure) -> Bool {
        guard starts.count == 1, totalRecords == nil, let first = given.first, let end = given.last, given.count >= 2,
            first.offset > 0 || first == ChunkStart(offset: 0, record: 0, line: 1, lineStart: 0), end.offset <= size
        else { return false }
        for (a, b) in zip(given, given.dropFirst()) {
            guard a.offset < b.offset, a.record <= b.record, a.line <= b.line, b.lineStart <= b.offset,
                b.lineStart >= a.lineStart
            else { return false }
        }
        if first.offset > 0 || end.offset < size {
            guard limit(from: first, to: end.offset) else { return false }
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
    ///
    /// The starts of a file smaller than 32 such chunks are joined to chunks
    /// of a thirty-second of it (``joinedBytes(span:targetBytes:)``), so that
    /// the blocks of a render it shares (sixteen a worker) can start where a
    /// chunk starts there too.
    package static func joined(_ starts: [ChunkStart], targetBytes: Int = defaultTargetBytes) -> [ChunkStart] {
        guard let first = starts.first, let end = starts.last, starts.count >= 2 else { return starts }
        let target = joinedBytes(span: end.offset - first.offset, targetBytes: targetBytes)
        var kept = [first]
        for start in starts.dropFirst().dropLast() where start.offset - kept[kept.count - 1].offset >= target * 3 / 4 {
            kept.append(start)
        }
        kept.append(end)
        return kept
    }

    /// How long the chunks of ``joined(_:targetBytes:)`` are for starts that
    /// span `span` bytes: `targetBytes`, or for a smaller file a thirty-second
    /// of it, not under ``smallestJoinedBytes``.
    ///
    /// (Without this, a file of fewer than 32 chunks had fewer chunks than
    /// the 32 blocks two workers share it in: its blocks started inside
    /// chunks, and both workers parsed every chunk.)
    package static func joinedBytes(span: Int, targetBytes: Int = defaultTargetBytes) -> Int {
        let target = max(64, targetBytes)
        return min(target, max(min(target, smallestJoinedBytes), span / 32))
    }

    /// The smallest chunks a small file's starts are joined to: the chunks a
    /// check reads it in are half as long (``checkBytes(fileSize:)``).
    package static let smallestJoinedBytes = 64 << 10

    /// How long the chunks are that a check of a file of `fileSize` bytes
    /// reads it in, and records the starts of (what drawing joins): half of
    /// what ``joinedBytes(span:targetBytes:)`` joins them to, so that they
    /// can be joined to it.
    package static func checkBytes(fileSize: Int) -> Int {
        joinedBytes(span: fileSize) / 2
    }

    /// Opens `path`, a regular file of any size; chunks are about
    /// `targetBytes` long, and no record may be longer than `recordLimit`.
    package init(
        path: String, layout: any RecordLayout, targetBytes: Int = RecordChunker.defaultTargetBytes,
        recordLimit: Int = RecordChunker.defaultRecordLimit
    ) throws(Failure) {
        self.path = path
        self.layout = layout
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
        end = size
    }

    deinit {
        close(descriptor)
    }

    /// One chunk of whole records.
    package struct RecordChunk {
        /// The number of the chunk's first record (0 is the file's first).
        package let firstRecord: Int
        /// How many records the scan counted in it.
        package let count: Int
        /// Where it starts and ends in the file.
        package let range: Range<Int>
        /// The chunk's records as the layout makes them (its head, then the
        /// file's bytes, finished: ``RecordLayout``): what the format reads.
        package let text: [UInt8]
        /// Line `n` of `text` is line `n + lineOffset` of the file.
        package let lineOffset: Int
        /// Where the file's line that `range` starts on starts (a JSON
        /// chunk's first line may start before the chunk: column `c` of the
        /// text's first line is then the column of byte
        /// `range.lowerBound + (c's byte offset - prefix)` of that line).
        package let lineStart: Int
        /// The characters the format's parser's text has before the file's on
        /// its first line: `[` (1) or none (``RecordLayout/prefix(ofChunk:)``).
        package let prefix: Int
        /// Whether this is the file's last chunk.
        package let isLast: Bool
        /// Which chunk of the file it is, from 0.
        package let index: Int
    }

    /// How many chunks have been read (``chunk(_:)``), for tests of what readers read.
    package internal(set) var chunksRead = 0

    /// Chunk number `index`, or `nil` past the last one.
    package func chunk(_ index: Int) throws(Failure) -> RecordChunk? {
        while starts.count <= index {
            let last = starts[starts.count - 1]
            guard last.offset < self.end else { return nil }
            starts.append(try cut(from: last))
        }
        let start = starts[index]
        guard start.offset < self.end || (index == 0) else { return nil }
        let end: Start
        if index + 1 < starts.count {
            end = starts[index + 1]
        } else {
            end = try cut(from: start)
            starts.append(end)
        }
        let isLast = end.offset >= self.end
        let layoutIndex = index + layoutChunkOffset
        chunksRead += 1
        // What the text has before the file's bytes (a later CSV chunk repeats the header line, a later JSON
        // chunk of an array starts with a `[`), then the bytes, read after it (no copy of the chunk to make it).
        let head = try layout.head(ofChunk: layoutIndex, in: self)
        var text: [UInt8]
        let block = lastBlock
        if block.offset <= start.offset && end.offset <= block.offset + block.bytes.count {
            text = head.bytes
            text.append(contentsOf: block.bytes[start.offset - block.offset..<end.offset - block.offset])
            lastBlock = (0, [])  // (not kept: a block can be as large as a record may be)
        } else {
            text = try read(start.offset..<end.offset, after: head.bytes)
        }
        layout.finish(&text, chunk: layoutIndex, isLast: end.offset >= size)
        return RecordChunk(
            firstRecord: start.record, count: end.record - start.record, range: start.offset..<end.offset,
            text: text, lineOffset: start.line - 1 - head.lineBreaks, lineStart: start.lineStart,
            prefix: layout.prefix(ofChunk: layoutIndex), isLast: isLast, index: index)
    }

    /// The characters the parser text of chunk `index` has before the file's
    /// bytes on its first line (``RecordChunk/prefix``).
    package func textPrefix(ofChunk index: Int) -> Int {
        layout.prefix(ofChunk: index + layoutChunkOffset)
    }

    /// The chunk holding record `record`, or `nil` if the file has fewer records.
    package func chunk(holding record: Int) throws(Failure) -> RecordChunk? {
        guard let index = try index(holding: record), let chunk = try chunk(index),
            record < chunk.firstRecord + chunk.count
        else { return nil }
        return chunk
    }

    /// The number of the chunk that holds record `record` if the file has
    /// that many records (scanning on as far as it), without reading it.
    package func index(holding record: Int) throws(Failure) -> Int? {
        // Find the last known start at or before `record`, scanning on when needed.
        while totalRecords == nil, starts[starts.count - 1].record <= record {
            let last = starts[starts.count - 1]
            guard last.offset < end else { break }
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
    package func bytes(_ range: Range<Int>) throws(Failure) -> [UInt8] {
        try read(max(0, range.lowerBound)..<min(size, range.upperBound))
    }

    // MARK: - Scanning

    /// Where the chunk after the one at `start` starts (the end of the file
    /// when it is the last), found by the layout's scan. `start` is before
    /// the end, or the start of an empty file.
    private func cut(from start: Start) throws(Failure) -> Start {
        var scanner = layout.scanner(from: start, recordLimit: recordLimit)
        var offset = start.offset
        var lastCut: RecordCut?
        var blockSize = targetBytes
        /// Where a chunk (or a record) starts that the scan found at `cut`.
        func at(_ cut: RecordCut) -> Start {
            Start(
                offset: cut.end, record: start.record + cut.records, line: start.line + cut.lines,
                lineStart: cut.lineStart)
        }
        /// A record past the limit (one that ended, or the one still open), as an error.
        func oversized(_ cut: RecordCut) -> Failure {
            let record = at(cut)
            return tooLarge(
                .init(
                    record: record.record, offset: record.offset, line: record.line, lineStart: record.lineStart,
                    limit: recordLimit))
        }
        while offset < end {
            var blockEnd = min(end, offset + blockSize)
            if let checkedBreak, offset < checkedBreak { blockEnd = min(blockEnd, checkedBreak) }
            let block = try read(offset..<blockEnd)
            lastBlock = (offset, block)
            block.withUnsafeBufferPointer { bytes in
                if let cut = scanner.scan(bytes, base: offset) { lastCut = cut }
            }
            offset += block.count
            if offset == checkedBreak, !scanner.isBetweenRecords(next: try read(offset..<offset + 1).first) {
                throw insideRecord(offset)
            }
            if let cut = scanner.oversized { throw oversized(cut) }
            if offset - scanner.recordStart.end > recordLimit { throw oversized(scanner.recordStart) }
            if let lastCut, lastCut.end - start.offset >= targetBytes / 2, offset < end { return at(lastCut) }
            blockSize = min(blockSize * 2, max(targetBytes, recordLimit))
        }
        // A part of the file must end where a record does (``limit(from:to:)``).
        if end < size, !scanner.isBetweenRecords(next: try read(end..<end + 1).first) { throw insideRecord(end) }
        // The rest of the file (or of the part read) is the last chunk.
        let last = scanner.finish(at: end)
        if let cut = scanner.oversized { throw oversized(cut) }
        totalRecords = start.record + last.records
        return at(last)
    }

    /// A part of the file that should end at `offset` and does not: a record goes on past it.
    private func insideRecord(_ offset: Int) -> Failure {
        Failure(description: "\(path): the part read ends at byte \(offset), inside a record", cutInsideRecord: offset)
    }

    private func tooLarge(_ record: Failure.LargeRecord) -> Failure {
        Failure(
            description:
                "\(path): record \(record.record + 1), from line \(record.line), is larger than \(byteCountDescription(record.limit)), the limit for one record",
            recordTooLarge: record)
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
