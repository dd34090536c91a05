/// How the records of one format lie in a file: what ``RecordChunker`` asks
/// of a format to cut a file between records (its byte scan), and to make
/// each chunk input the format's parser reads alone. Each format cellkit
/// reads has one, in its folder (DataBinding's `Formats/`); the byte loops
/// they run are here (``CSVCutScanner``, ``JSONCutScanner``).
///
/// A chunker has a layout of its own (it may keep what it learns of the
/// file: a CSV header), used by one thread at a time, as the chunker is.
/// A layout that guesses chunks (``guessesChunks``) changes nothing when it
/// is asked for a head, a prefix, a finished text or a break: guesses ask
/// on any thread.
///
/// ```swift
/// let chunker = try RecordChunker(path: "services.csv", layout: CSVLayout())
/// let chunk = try chunker.chunk(1)  // the header line, then the records of chunk 1
/// ```
package protocol RecordLayout: AnyObject {
    /// A scan of the file from `start`: its start, or where a chunk starts.
    func scanner(from start: RecordChunker.ChunkStart, recordLimit: Int) -> any RecordCutScanner

    /// The bytes chunk `index`'s text has before the file's (a CSV header,
    /// a `[`), and how many line breaks they hold.
    func head(ofChunk index: Int, in chunker: RecordChunker) throws(RecordChunker.Failure)
        -> (bytes: [UInt8], lineBreaks: Int)

    /// How many characters the text that the format's parser reads has
    /// before the file's on its first line (a `[`: 1): errors move their
    /// columns back by as many (``ChunkPlace``).
    func prefix(ofChunk index: Int) -> Int

    /// Makes the text of chunk `index` (its head, then its bytes) what the
    /// format reads: a JSON array's last comma made a `]`, say.
    func finish(_ text: inout [UInt8], chunk index: Int, isLast: Bool)

    /// Whether a chunk may be guessed: found by a look for a break between
    /// records near where it would start (``breakBefore(brace:in:)``), then
    /// proven by the check of the chunk before it (``RecordChunker/guessedChunk(_:check:)``).
    var guessesChunks: Bool { get }

    /// Where a chunk could start before the `{` at `brace` in `bytes`, when
    /// what comes before it looks like the end of a record; `nil` otherwise.
    func breakBefore(brace: Int, in bytes: [UInt8]) -> Int?

    /// The first place between two records at or after `offset` (`0 <
    /// offset < chunker.size`) as the bytes near it say, or the file's
    /// size: where a part of the file read alone starts (``RecordChunker/recordBreak(atOrAfter:)``).
    /// A function of the file's bytes only, and never earlier for a later
    /// offset: every process that reads a part finds the same places.
    func recordBreak(atOrAfter offset: Int, in chunker: RecordChunker) throws(RecordChunker.Failure) -> Int

    /// From the first byte of the file's first record to the last byte of
    /// its last, found by reading near its start and its end; `nil` when it
    /// has no record.
    func recordExtent(in chunker: RecordChunker) throws(RecordChunker.Failure) -> Range<Int>?
}

extension RecordLayout {
    /// Nothing before the file's bytes.
    package func head(ofChunk index: Int, in chunker: RecordChunker) throws(RecordChunker.Failure)
        -> (bytes: [UInt8], lineBreaks: Int)
    { ([], 0) }

    /// No characters before the file's.
    package func prefix(ofChunk index: Int) -> Int { 0 }

    /// The text as it is.
    package func finish(_ text: inout [UInt8], chunk index: Int, isLast: Bool) {}

    /// Chunks are cut exactly.
    package var guessesChunks: Bool { false }

    /// No guess.
    package func breakBefore(brace: Int, in bytes: [UInt8]) -> Int? { nil }

    /// The first break ``breakBefore(brace:in:)`` sees, looked for as far
    /// as a record may be long (``RecordChunker/guessedBreak(near:lookingAtMost:)``).
    package func recordBreak(atOrAfter offset: Int, in chunker: RecordChunker) throws(RecordChunker.Failure) -> Int {
        try chunker.guessedBreak(near: offset, lookingAtMost: chunker.recordLimit) ?? chunker.size
    }
}

/// The byte loop of a ``RecordLayout``: where in a file a chunk may end,
/// and what comes before that place since the scan began.
package protocol RecordCutScanner {
    /// Scans `bytes`, which start at `base` in the file: the last place in
    /// them where a chunk may end, if any.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, base: Int) -> RecordCut?
    /// Where the record being scanned starts.
    var recordStart: RecordCut { get }
    /// Where the first record larger than the limit starts, once one has ended.
    var oversized: RecordCut? { get }
    /// The end of the file, at `size`: where the last chunk ends, with
    /// every record and line break before it (a last record with nothing
    /// after it counts).
    mutating func finish(at size: Int) -> RecordCut
    /// Whether the bytes scanned end between two records (or the scan has
    /// not begun), given the byte after them (`nil` at the file's end): a
    /// part of a file read alone must end so (``RecordChunker/limit(from:to:)``).
    func isBetweenRecords(next: UInt8?) -> Bool
}

/// A place in a file where a chunk may end (or a record starts), and what
/// comes before it since the scan began.
package struct RecordCut: Sendable, Equatable {
    /// The offset of the first byte after it, in the file.
    package var end: Int
    /// The records that end before it (a CSV header is none).
    package var records: Int
    /// The line breaks before it, as the parsers count them.
    package var lines: Int
    /// The offset of the start of the line `end` is on.
    package var lineStart: Int

    package init(end: Int, records: Int, lines: Int, lineStart: Int) {
        self.end = end
        self.records = records
        self.lines = lines
        self.lineStart = lineStart
    }
}
