/// Reading a part of a file alone (`cellkit render --shard K/N`,
/// docs/batch.md "What a part reads"): from a place between two records to
/// another, found by a look at the bytes near where each part would start
/// (``recordBreak(atOrAfter:)``), so that a part reads its share of the
/// file and a little around it, never the file from its start.
///
/// A break found so is a guess until the part before it has read up to it:
/// the cut of that part's last chunk checks that its end is between two
/// records (``RecordCutScanner/isBetweenRecords(next:)``), else it fails
/// (``Failure/cutInsideRecord``). Part 0 starts at the file's start; each
/// part that succeeds proves where the next one starts.
///
/// ```swift
/// let chunker = try RecordChunker(path: "orders.csv", layout: layout)
/// let start = try chunker.recordBreak(atOrAfter: chunker.size / 2)
/// chunker.limit(from: .init(offset: start, record: 0, line: 1, lineStart: start), to: chunker.size)
/// while let chunk = try chunker.chunk(index) { … }  // the second half's records
/// ```
extension RecordChunker {
    /// Makes this chunker read only the bytes from `start` (between two
    /// records, or the file's start) to `end` (between two records, or the
    /// file's end): its chunks are that part's, numbered from 0, records
    /// numbered from `start.record`. A chunk that starts after the file's
    /// start is made as the layout makes a later chunk (a CSV header before
    /// it, a `[`). `false`, changing nothing, once a chunk has been cut or
    /// for a part that is not in the file.
    ///
    /// With `through`, the part is read to `end` past its own end (a record
    /// after it: the row a part's last separator looks at), and the scan
    /// checks that `through` is between two records as it passes it.
    @discardableResult
    package func limit(from start: ChunkStart, to end: Int, through: Int? = nil) -> Bool {
        guard starts.count == 1, totalRecords == nil, chunksRead == 0, start.offset >= 0, start.offset < end,
            end <= size
        else { return false }
        starts = [start]
        self.end = end
        layoutChunkOffset = start.offset > 0 ? 1 : 0
        checkedBreak = through.flatMap { (start.offset..<end).contains($0) ? $0 : nil }
        return true
    }

    /// Where the record that starts at `offset` ends (the next one starts),
    /// found by the layout's scan, a byte at a time; the file's size for the last.
    package func endOfRecord(startingAt offset: Int) throws(Failure) -> Int {
        var scanner = layout.scanner(
            from: ChunkStart(offset: offset, record: 0, line: 1, lineStart: offset), recordLimit: .max)
        var at = offset
        while at < size {
            let block = try read(at..<min(size, at + (16 << 10)))
            var i = 0
            while i < block.count {
                block.withUnsafeBufferPointer {
                    _ = scanner.scan(UnsafeBufferPointer(rebasing: $0[i..<i + 1]), base: at + i)
                }
                i += 1
                if scanner.recordStart.end > offset { return scanner.recordStart.end }
            }
            at += block.count
            if at - offset > recordLimit { return size }
        }
        return size
    }

    /// Where the record that starts at `offset` (a place between two
    /// records) is in the file: its number, its line and where that line
    /// starts, found by a scan of every byte before it. For the places of
    /// errors in a part read alone, which numbers its records and lines from
    /// its own start.
    package func exactStart(at offset: Int) throws(Failure) -> ChunkStart {
        let fileStart = ChunkStart(offset: 0, record: 0, line: 1, lineStart: 0)
        guard offset > 0 else { return fileStart }
        var scanner = layout.scanner(from: fileStart, recordLimit: .max)
        var at = 0
        while at < offset {
            let block = try read(at..<min(offset, at + (1 << 20)))
            block.withUnsafeBufferPointer { _ = scanner.scan($0, base: at) }
            at += block.count
        }
        let cut = scanner.finish(at: offset)
        return ChunkStart(offset: offset, record: cut.records, line: 1 + cut.lines, lineStart: cut.lineStart)
    }

    /// The first place between two records at or after `offset` as the
    /// bytes near it say (the layout's ``RecordLayout/recordBreak(atOrAfter:in:)``),
    /// or the file's size. The same offset gives the same place in every
    /// process, and a later offset never gives an earlier place.
    package func recordBreak(atOrAfter offset: Int) throws(Failure) -> Int {
        guard offset > 0 else { return 0 }
        guard offset < size else { return size }
        return min(size, try layout.recordBreak(atOrAfter: offset, in: self))
    }

    /// From the first byte of the file's first record to the last byte of
    /// its last (``RecordLayout/recordExtent(in:)``); `nil` when it has none.
    /// A part that starts after the first record has records before it.
    package func recordExtent() throws(Failure) -> Range<Int>? {
        try layout.recordExtent(in: self)
    }

    /// The bytes JSON takes for white space: a space, a tab, an LF, a CR.
    package static let whiteSpace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]

    /// Where the file's text starts: after a byte order mark, if it has one.
    package func textStart() throws(Failure) -> Int {
        UTF8Validation.startsWithByteOrderMark(try read(0..<min(size, 3))) ? 3 : 0
    }

    /// The offset of the first byte at or after `offset` that is not one of
    /// `skipped`; `nil` when there is none.
    package func firstByte(from offset: Int, notIn skipped: [UInt8]) throws(Failure) -> Int? {
        var at = offset
        var length = 4_096
        while at < size {
            let block = try read(at..<min(size, at + length))
            if let found = block.firstIndex(where: { !skipped.contains($0) }) { return at + found }
            at += block.count
            length = min(length * 4, 1 << 20)
        }
        return nil
    }

    /// The offset just after the last byte before `before` (by default the
    /// file's end) that is not one of `skipped`, at or after `lowest`;
    /// `lowest` when there is none.
    package func endOfLastByte(notIn skipped: [UInt8], from lowest: Int = 0, before: Int? = nil) throws(Failure)
        -> Int
    {
        var end = min(size, before ?? size)
        var length = 4_096
        while end > lowest {
            let start = max(lowest, end - length)
            let block = try read(start..<end)
            if let found = block.lastIndex(where: { !skipped.contains($0) }) { return start + found + 1 }
            end = start
            length = min(length * 4, 1 << 20)
        }
        return lowest
    }
}
