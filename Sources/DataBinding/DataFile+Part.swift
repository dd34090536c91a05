import CellKitSupport

/// A part of a data file read alone (`cellkit render --shard K/N`): where
/// parts start, where the records are, and the true place of a part's start
/// for its errors (``RecordChunker`` "Reading a part of a file alone").
extension DataFile {
    /// The file's size when it was opened.
    package var size: Int { chunker.size }

    /// The first place between two records at or after `offset`, as the
    /// bytes near it say; the file's size when none is.
    package func recordBreak(atOrAfter offset: Int) throws(DataTable.OpenError) -> Int {
        try reading { () throws(RecordChunker.Failure) in try chunker.recordBreak(atOrAfter: offset) }
    }

    /// From the first byte of the first record to the last byte of the last; `nil` without records.
    package func recordExtent() throws(DataTable.OpenError) -> Range<Int>? {
        try reading { () throws(RecordChunker.Failure) in try chunker.recordExtent() }
    }

    /// Where the record at `offset` (between two records) is in the whole
    /// file: its number and line, from a scan of every byte before it.
    package func exactStart(at offset: Int) throws(DataTable.OpenError) -> RecordChunker.ChunkStart {
        try reading { () throws(RecordChunker.Failure) in try chunker.exactStart(at: offset) }
    }

    /// Where the record that starts at `offset` ends: the next one's start, or the file's end.
    package func endOfRecord(startingAt offset: Int) throws(DataTable.OpenError) -> Int {
        try reading { () throws(RecordChunker.Failure) in try chunker.endOfRecord(startingAt: offset) }
    }

    /// What `body` finds in the file; a read that fails is an I/O error.
    private func reading<T>(_ body: () throws(RecordChunker.Failure) -> T) throws(DataTable.OpenError) -> T {
        do {
            return try body()
        } catch {
            throw .io(error.description)
        }
    }
}
