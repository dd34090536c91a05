/// Guessing a file's chunks (a JSON file's: ``RecordLayout/guessesChunks``),
/// so that a check of every record reads each byte once, on every core.
///
/// The exact cut (``RecordChunker/chunk(_:)``) scans every byte for
/// structure before a chunk can be checked, and one chunk's cut must wait for
/// the cut before it. A guess needs neither: chunk `i` is taken to run from
/// the first place that looks like a break between two records at or after
/// `i × targetBytes` (``RecordLayout/breakBefore(brace:in:)``: `}`, `,`, `{`
/// with only whitespace between them in an array; a line break followed by
/// `{` in JSON Lines) to the first such place after `(i + 1) × targetBytes`. Any thread can read any chunk so found.
///
/// A guess is only a guess until the chunk before it is checked: a check
/// that reads that chunk from a record's start to its end, as whole records,
/// proves that the guessed end is where a record ends, so the next guessed
/// chunk starts at a record too; chunk 0 starts at the file's start. The
/// reader confirms the chunks in order (``confirm(_:index:)``), and reads
/// exactly from the first one whose check fails (a `{` inside a string, a
/// record that is not flat, a mistake in the file: the exact reading reports
/// the mistake where it is).
extension RecordChunker {
    /// A chunk read by a guess, and what its check found.
    package struct GuessedChunk: Sendable {
        /// Where it is in the file.
        package let range: Range<Int>
        /// Whether it ends at the end of the file.
        package let isLast: Bool
        /// The records the check counted.
        package let count: Int
        /// The line breaks in it, as the parsers count them.
        package let lineBreaks: Int
        /// Where the line after its last line break starts; `nil` without one.
        package let lastLineStart: Int?
    }

    /// What the check of a guessed chunk found in its text: its records,
    /// its line breaks (as the parsers count them), and the index of the
    /// last line break's last byte.
    package struct CheckedChunk: Sendable, Equatable {
        package let count: Int
        package let lineBreaks: Int
        package let lastLineBreak: Int?

        package init(count: Int, lineBreaks: Int, lastLineBreak: Int?) {
            self.count = count
            self.lineBreaks = lineBreaks
            self.lastLineBreak = lastLineBreak
        }
    }

    /// How far past where a chunk would start a guess looks for a place
    /// between two records: a few records, for files of small records.
    var guessWindow: Int { min(64 << 10, targetBytes / 2) }

    /// Whether chunks of this file may be guessed: a layout that guesses,
    /// and a record limit no guessed chunk can pass (the exact cut checks it).
    package var guessesChunks: Bool {
        layout.guessesChunks && recordLimit >= targetBytes + guessWindow && size > 0 && layoutChunkOffset == 0
            && end == size
    }

    /// Chunk `index` as a guess finds it, checked by `check` (given the
    /// chunk's text as ``chunk(_:)`` makes it: what it found when the text
    /// is whole records, or `nil`).
    /// `nil` when no guess is found near where the chunk would start or end,
    /// the chunk would be past the end, the check fails, or the file cannot
    /// be read: the exact reading then says what is wrong, if anything.
    ///
    /// It uses only what never changes after `init`: any thread may call it
    /// while another reads exactly.
    package func guessedChunk(_ index: Int, check: ([UInt8]) -> CheckedChunk?) -> GuessedChunk? {
        guard guessesChunks, index >= 0 else { return nil }
        do {
            let start = index == 0 ? 0 : try guessedBreak(near: index * targetBytes)
            guard let start, start < size,
                let end = try guessedBreak(near: (index + 1) * targetBytes), end > start
            else { return nil }
            let isLast = end == size
            // As ``chunk(_:)`` makes it: a later chunk of an array is `[` + its records, its last comma
            // made a `]` (a guess ends just after a comma); JSON Lines are checked as they are.
            var text = try read(start..<end, after: try layout.head(ofChunk: index, in: self).bytes)
            layout.finish(&text, chunk: index, isLast: isLast)
            guard let checked = check(text) else { return nil }
            // (Counted from the end, where the text's bytes are the file's.)
            return GuessedChunk(
                range: start..<end, isLast: isLast, count: checked.count, lineBreaks: checked.lineBreaks,
                lastLineStart: checked.lastLineBreak.map { end - (text.count - 1 - $0) })
        } catch {
            return nil
        }
    }

    /// Takes a guessed chunk as chunk `index`, when it starts where that
    /// chunk starts and chunk `index` is the next one to find: where it
    /// starts (its end is then known, the next chunk's start). `nil`,
    /// changing nothing, otherwise.
    package func confirm(_ guess: GuessedChunk, index: Int) -> ChunkStart? {
        guard totalRecords == nil, starts.count == index + 1, guess.range.lowerBound == starts[index].offset
        else { return nil }
        let start = starts[index]
        let end = ChunkStart(
            offset: guess.range.upperBound, record: start.record + guess.count, line: start.line + guess.lineBreaks,
            lineStart: guess.lastLineStart ?? start.lineStart)
        starts.append(end)
        if guess.isLast { totalRecords = end.record }
        chunksRead += 1
        return start
    }

    /// The offset just after the first place at or after `offset` (less a
    /// little whitespace) that looks like a break between two records
    /// (``RecordLayout/breakBefore(brace:in:)``); the file's size when
    /// `offset` is past it or no such place comes before the end; `nil` when
    /// none is within `limit` bytes (by default ``guessWindow``; a part of a
    /// file read alone looks as far as a record may be long:
    /// ``RecordLayout/recordBreak(atOrAfter:in:)``).
    func guessedBreak(near offset: Int, lookingAtMost limit: Int? = nil) throws(Failure) -> Int? {
        guard offset < size else { return size }
        let limit = limit ?? guessWindow
        // A few bytes before `offset` too, for the whitespace and `}`/`,` before a `{` at it. A
        // few KiB first, which hold a break in files of small records, then windows 16 times larger.
        let back = min(offset, 64)
        var length = min(4_096, limit)
        while true {
            let window = try read(offset - back..<min(size, offset + length))
            var from = back
            while let brace = window[from...].firstIndex(of: UInt8(ascii: "{")) {
                if let cut = layout.breakBefore(brace: brace, in: window) {
                    return offset - back + cut
                }
                from = brace + 1
            }
            if offset + length >= size { return size }
            if length >= limit { return nil }
            length = min(limit, length * 16)
        }
    }
}
