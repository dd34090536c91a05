import CellKitSupport
import Dispatch

/// A data file read a chunk of records at a time: `rows` checks every
/// record in one pass over the chunks, and drawing reads the chunk that
/// holds a row when the row is drawn. Memory holds one chunk (about 256 KiB
/// of the file, parsed) and where each chunk starts, whatever the file's
/// size or layout (docs/design.md, "The data path"). No file is read whole:
/// a chunk's errors are the parser's, moved to their line and column in
/// the file (``ChunkPlace``), and a record larger than the record limit is
/// an error at its start.
///
/// What is done differently for each format is its ``RecordFormat``'s: the
/// cut (its layout), and how a chunk is read for what the caller does with
/// it (``reader``).
///
/// Reading in order, the next chunks are cut and parsed on other threads
/// while the caller works on this one (``ReadAhead``): the check pass and a
/// render each use both cores.
package final class DataFile {
    package let path: String
    /// What the file holds: from `format=`, or its name.
    package let format: any RecordFormat
    let chunker: RecordChunker
    /// Whether JSON values keep their positions (for errors: the check pass).
    private let positions: Bool
    /// The table last read, kept for the rows after it.
    private var current: DataTable?

    /// How many bytes of the file a chunk holds, about.
    package static let chunkBytes = RecordChunker.defaultTargetBytes

    /// How many bytes a chunk of the check of the file at `path` holds:
    /// half of ``chunkBytes``, or less for a small file
    /// (``RecordChunker/checkBytes(fileSize:)``). A file that cannot be
    /// looked at gets the half (opening it says what is wrong).
    package static func checkChunkBytes(_ path: String) -> Int {
        guard let info = try? fileInfo(path) else { return chunkBytes / 2 }
        return RecordChunker.checkBytes(fileSize: info.size)
    }

    /// Opens the data file at `path` (a regular file of any size) without
    /// reading its records; `format` overrides what its name says. No record
    /// may be larger than `recordLimit` bytes (docs/limits.md).
    ///
    /// Without `positions`, chunks are parsed without the position of each
    /// value (where the format can): for drawing records `rows` checked.
    /// ``readAhead`` chunks after the one asked for are read on other threads.
    package init(
        _ path: String, format: (any RecordFormat)? = nil,
        recordLimit: Int = RecordChunker.defaultRecordLimit, chunkBytes: Int = DataFile.chunkBytes,
        positions: Bool = true, readAhead: Int = 1, starts: [RecordChunker.ChunkStart]? = nil,
        part: (start: RecordChunker.ChunkStart, end: Int, through: Int?)? = nil
    ) throws(DataTable.OpenError) {
        self.path = path
        let format = format ?? RecordFormats.format(forPath: path)
        self.format = format
        reader = format.reader(for: [], to: .draw)
        self.positions = positions
        self.readAhead = max(0, readAhead)
        do {
            // Only that it is a regular file (a FIFO or /dev/zero never ends): its size is not limited.
            try checkLimitedFile(path, maximumBytes: .max, what: "data file")
        } catch {
            throw .io(error.description)
        }
        do {
            chunker = try RecordChunker(
                path: path, layout: format.layout(), targetBytes: chunkBytes, recordLimit: recordLimit)
            if let starts, try chunker.adopt(starts), let adopted = chunker.chunkStarts {
                chunkRecords = adopted.map(\.record)
            }
        } catch {
            throw .io(error.description)
        }
        if let part, !chunker.limit(from: part.start, to: part.end, through: part.through) {
            throw .io(
                "\(path): bytes \(part.start.offset) to \(part.end) are not a part of it (it has \(chunker.size))")
        }
    }

    /// Where the file's chunks start and where it ends, once every chunk
    /// has been read (after the check pass): what the workers that draw its
    /// rows are given, so that none of them scans the file (``init``'s
    /// `starts`). `nil` before the last chunk was read.
    package var chunkStarts: [RecordChunker.ChunkStart]? {
        waitForCuts()
        return chunker.chunkStarts
    }

    /// How many chunks have been read from the file, read ahead or not (for tests).
    package var chunksRead: Int {
        waitForCuts()
        return chunker.chunksRead
    }

    /// The first record of each chunk, then the number of records, when the
    /// chunk starts were given (``init``'s `starts`): which chunk holds a
    /// record, without the chunker (which threads reading ahead may be using).
    private var chunkRecords: [Int]?

    /// The records the caller will read, in order (a worker that draws some
    /// blocks of a table's rows reads those and skips the rest): reading
    /// ahead goes to the next chunk that holds one of them, not the next
    /// chunk of the file. Each range is read forward, but the ranges may
    /// come in any order (a backward search in `show` reads its blocks from
    /// the end). Used only when the chunk starts were given.
    package var plan: [Range<Int>]? {
        didSet {
            plan = plan?.filter { !$0.isEmpty }
            planned = 0
        }
    }

    /// The range of ``plan`` being read: the one that holds the last record asked for.
    private var planned = 0

    /// Moves ``planned`` to the first range from it on that holds `record` (a
    /// record outside them leaves it where it is).
    private func follow(_ record: Int) {
        guard let plan, planned < plan.count, !plan[planned].contains(record),
            let next = plan[planned...].firstIndex(where: { $0.contains(record) })
        else { return }
        planned = next
    }

    /// The chunk read after chunk `index`: the next one, or with a
    /// ``plan``, the one that holds the next planned record outside it (in
    /// the plan's order, from the range being read); `nil` when there is none.
    private func successor(of index: Int) -> Int? {
        guard let plan, let chunkRecords, index + 1 < chunkRecords.count else { return index + 1 }
        let chunk = chunkRecords[index]..<chunkRecords[index + 1]
        var record: Int?
        for (at, range) in plan[min(planned, plan.count)...].enumerated() {
            // The range being read goes on from inside this chunk; the ones after it are read from their start.
            let from = at == 0 ? max(range.lowerBound, chunk.lowerBound) : range.lowerBound
            if !chunk.contains(from) {
                record = from
                break
            }
            if range.upperBound > chunk.upperBound {
                record = chunk.upperBound
                break
            }
        }
        guard let record, record < chunkRecords[chunkRecords.count - 1] else { return nil }
        // The last chunk whose first record is at or before `record`.
        var lo = 0
        var hi = chunkRecords.count - 2
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if chunkRecords[mid] <= record { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The records of chunk `index` as a table, or `nil` past the last chunk.
    ///
    /// `positions` overrides the file's choice for this chunk: the check
    /// pass reads JSON without positions, and again with them only for a
    /// chunk that has an error to report.
    package func table(chunk index: Int, positions: Bool? = nil) throws(DataTable.OpenError) -> DataTable? {
        let positions = positions ?? self.positions
        return try use(try take(index, positions: positions), index: index, positions: positions)
    }

    /// Whether chunks are read with the positions of their values.
    package var keepsPositions: Bool { positions }

    /// How each chunk is read (set before the first read, and handed to
    /// the threads that read ahead): the format's way for what the caller
    /// does with it (``read(_:to:)``). By default, parsed in full.
    package var reader: any ChunkReader

    /// Reads the chunks the quickest way `use` allows for `bound`, the
    /// bound attributes (set before the first read): a check of CSV text
    /// made of fields only counts the records, one of JSON checks them
    /// without a parse; drawing JSON reads the members' texts without a DOM.
    package func read(_ bound: [BoundAttribute], to use: ChunkUse) {
        reader = format.reader(for: bound, to: use)
    }

    /// What is made of each chunk's table on the thread that reads it
    /// ahead (set before the first read): a worker makes the values of the
    /// rows it will draw while it draws the chunk before (``DataTable/made``).
    /// A chunk read on demand (the first, or a jump of `show` that needs a
    /// screenful of its rows) is not: its caller waits, and reads its rows
    /// one at a time. When `prepare` makes something, the table lets its
    /// records go there and then, keeping their count (``DataTable/keepingOnlyTheCount()``):
    /// the reader reads every row from what was made.
    package var prepare: (@Sendable (DataTable) -> (any Sendable)?)?

    /// The table holding record `record` (from 0), or `nil` when the file
    /// has fewer records.
    package func table(holding record: Int) throws(DataTable.OpenError) -> DataTable? {
        follow(record)
        if let current, current.holds(record) { return current }
        if let next = aheads.first, next.positions == positions {
            next.wait()
            if case .success(.table(let table, _)) = next.outcome, table.holds(record) {
                return try use(take(next), index: next.index, positions: positions)
            }
        }
        waitForCuts()
        let index: Int?
        do {
            index = try chunker.index(holding: record)
        } catch {
            throw openError(error)
        }
        guard let index else { return nil }
        let table = try use(try take(index, positions: positions), index: index, positions: positions)
        return table.map { $0.holds(record) ? $0 : nil } ?? nil
    }

    // MARK: - Reading a chunk

    /// What reading a chunk found.
    private enum Outcome {
        /// Its records, and whether it is the file's last chunk.
        case table(DataTable, isLast: Bool)
        /// There is no such chunk.
        case end
        /// A chunk read by a guess (``RecordChunker/guessedChunk(_:check:)``),
        /// to be confirmed in order; `nil` when the guess failed.
        case guessed(RecordChunker.GuessedChunk?)
    }

    /// Reads and parses chunk `index`.
    private func read(_ index: Int, positions: Bool) -> Result<Outcome, DataTable.OpenError> {
        let found: RecordChunker.RecordChunk?
        do {
            found = try chunker.chunk(index)
        } catch {
            return .failure(openError(error))
        }
        guard let chunk = found else { return .success(.end) }
        return Self.parse(chunk, path: path, positions: positions, reader: reader)
    }

    /// Reads a chunk's records as `reader` does (on any thread: it touches
    /// nothing else). Its errors are the parser's, at their place in the file.
    private static func parse(
        _ chunk: RecordChunker.RecordChunk, path: String, positions: Bool, reader: any ChunkReader
    ) -> Result<Outcome, DataTable.OpenError> {
        let place = ChunkPlace(
            path: path, lineOffset: chunk.lineOffset, lineStart: chunk.lineStart, bodyStart: chunk.range.lowerBound,
            prefix: chunk.prefix)
        return reader.table(of: chunk, path: path, place: place, positions: positions).flatMap { table in
            guard table.count == chunk.count else {
                return .failure(miscounted(chunk, path: path, parsed: table.count))
            }
            var table = table
            table.recordBase = chunk.firstRecord
            return .success(.table(table, isLast: chunk.isLast))
        }
    }

    /// A chunk whose records the parser counted otherwise than the scan (a
    /// fault of the scan: the fuzz harness `record-chunker` looks for one).
    private static func miscounted(_ chunk: RecordChunker.RecordChunk, path: String, parsed: Int)
        -> DataTable.OpenError
    {
        .io(
            "\(path): the records of bytes \(chunk.range.lowerBound)..<\(chunk.range.upperBound) were counted as \(chunk.count) and parsed as \(parsed); this is a bug in cellkit, please report it with the file"
        )
    }

    /// Chunk `index`: from the threads reading ahead when they read that
    /// one, else read now. Reads ahead of the chunks after this one are kept
    /// (the check pass reads a chunk again, with positions, then goes on).
    private func take(_ index: Int, positions: Bool) throws(DataTable.OpenError) -> Outcome {
        if let next = aheads.first {
            if next.index == index && next.positions == positions {
                next.wait()
                return try take(next)
            }
            if next.index != successor(of: index) { dropReadsAhead() }
        }
        if !positions && guessesChunks {
            return try confirmed(Self.guess(chunk: index, of: chunker, reader: reader), index: index)
        }
        return try readExactly(index, positions: positions)
    }

    /// Chunk `index`, cut exactly, read now on this thread.
    private func readExactly(_ index: Int, positions: Bool) throws(DataTable.OpenError) -> Outcome {
        waitForCuts()
        // Read on demand, for the caller who waits on it: nothing is made of it (see `prepare`).
        return try read(index, positions: positions).get()
    }

    /// `outcome`, its table with what `prepare` makes of it.
    private static func made(
        _ outcome: Result<Outcome, DataTable.OpenError>, by prepare: (@Sendable (DataTable) -> (any Sendable)?)?
    ) -> Result<Outcome, DataTable.OpenError> {
        guard let prepare, case .success(.table(var table, let isLast)) = outcome else { return outcome }
        table.made = prepare(table)
        // Freed here, in the cache of the thread that just made them, not later by the drawing thread.
        if table.made != nil { table = table.keepingOnlyTheCount() }
        return .success(.table(table, isLast: isLast))
    }

    private func take(_ read: ReadAhead) throws(DataTable.OpenError) -> Outcome {
        aheads.removeFirst()
        let outcome = try read.outcome.get()
        guard case .guessed(let guess) = outcome else { return outcome }
        return try confirmed(guess, index: read.index)
    }

    // MARK: - Guessing chunks

    /// Whether the chunks of this file are guessed (decided at the first
    /// read, and given up at the first guess that fails): for a check that
    /// keeps nothing (``ChunkReader/guessesChunks``: JSON checked by
    /// `JSONRecordCheck` alone, nothing made), which then reads each byte
    /// once, on every core, where an exact cut reads them all first on one
    /// (``RecordChunker``'s guesses say why a guess confirmed in order is
    /// right). Never with chunk starts given or a plan.
    private var guessing: Bool?
    /// How many chunks were read by a guess, confirmed (for tests).
    package private(set) var guessedChunks = 0

    private var guessesChunks: Bool {
        if let guessing { return guessing }
        let guesses =
            reader.guessesChunks && prepare == nil && chunkRecords == nil && plan == nil && !positions
            && chunker.guessesChunks
        guessing = guesses
        return guesses
    }

    /// Chunk `index` of the file, guessed and checked (on any thread).
    private static func guess(chunk index: Int, of chunker: RecordChunker, reader: any ChunkReader)
        -> RecordChunker.GuessedChunk?
    {
        chunker.guessedChunk(index, check: reader.checkGuess)
    }

    /// A guessed chunk, confirmed as chunk `index`, as a table of its count;
    /// or, when the guess failed or was not of that chunk, chunk `index` cut
    /// and read exactly, and no guess after it.
    private func confirmed(_ guess: RecordChunker.GuessedChunk?, index: Int) throws(DataTable.OpenError) -> Outcome {
        guard let guess, let start = chunker.confirm(guess, index: index) else {
            guessing = false
            dropReadsAhead()
            return try readExactly(index, positions: false)
        }
        guessedChunks += 1
        let place = ChunkPlace(
            path: path, lineOffset: start.line - 1, lineStart: start.lineStart, bodyStart: start.offset,
            prefix: chunker.textPrefix(ofChunk: index))
        var table = reader.checkedTable(count: guess.count, path: path, place: place)
        table.recordBase = start.record
        return .table(table, isLast: guess.isLast)
    }

    /// Makes `outcome` (chunk `index`) the current table, and reads ahead.
    private func use(_ outcome: Outcome, index: Int, positions: Bool) throws(DataTable.OpenError) -> DataTable? {
        switch outcome {
        case .end, .guessed:  // (a guess is confirmed, or read exactly, before it is used)
            return nil
        case .table(let table, let isLast):
            current = table
            if !isLast { readAhead(after: index, positions: positions) }
            return table
        }
    }

    // MARK: - Reading ahead

    /// How many chunks to read ahead (set before the first read). One keeps
    /// a caller that works on each chunk busy; a caller with little to do
    /// per record (the check of a CSV file whose bound fields are all text)
    /// waits on the parse, and two parses side by side keep both cores busy.
    /// Two for a caller that is busy itself is slower: three threads on two
    /// cores.
    package var readAhead: Int
    /// The chunks being read on other threads, in order, each the
    /// ``successor(of:)`` of the one before.
    private var aheads: [ReadAhead] = []

    /// A chunk read on another thread: first its bytes, then its parse.
    ///
    /// Only one thread at a time uses the chunker: a read ahead cuts its
    /// chunk after the read before it has cut its own (``cut``), and the
    /// owning ``DataFile`` uses the chunker only after every read ahead has
    /// (``waitForCuts()``). Parses run side by side.
    private final class ReadAhead: @unchecked Sendable {
        package let index: Int
        package let positions: Bool
        private let reader: any ChunkReader
        package let prepare: (@Sendable (DataTable) -> (any Sendable)?)?
        /// Whether the chunk is guessed (``DataFile/guessing``), not cut after the one before.
        package let guesses: Bool
        /// Set by the reading thread before it leaves ``done``; read only after ``wait()``.
        package private(set) var outcome: Result<Outcome, DataTable.OpenError> = .success(.end)
        /// Left when the chunk's bytes are read (the chunker is free again).
        package let cut = DispatchGroup()
        /// Left when the chunk is parsed.
        private let done = DispatchGroup()

        fileprivate init(
            index: Int, positions: Bool, reader: any ChunkReader, prepare: (@Sendable (DataTable) -> (any Sendable)?)?,
            guesses: Bool
        ) {
            self.guesses = guesses
            self.index = index
            self.positions = positions
            self.reader = reader
            self.prepare = prepare
            cut.enter()
            done.enter()
        }

        package func run(
            _ chunker: RecordChunker, format: any RecordFormat, path: String, after previous: DispatchGroup?
        ) {
            if guesses {
                // A guess uses nothing of the chunker's that an exact cut changes: no need to wait.
                cut.leave()
                outcome = .success(.guessed(DataFile.guess(chunk: index, of: chunker, reader: reader)))
                done.leave()
                return
            }
            previous?.wait()
            let chunk: Result<RecordChunker.RecordChunk?, DataTable.OpenError>
            do {
                chunk = .success(try chunker.chunk(index))
            } catch {
                chunk = .failure(DataFile.openError(error, chunker, format: format))
            }
            cut.leave()
            outcome = DataFile.made(
                chunk.flatMap { chunk in
                    chunk.map { DataFile.parse($0, path: path, positions: positions, reader: reader) } ?? .success(.end)
                }, by: prepare)
            done.leave()
        }

        /// Waits until the chunk is read and parsed (at once, when it was).
        package func wait() { done.wait() }
    }

    /// Reads ahead the chunks after chunk `index`, up to ``readAhead``.
    private func readAhead(after index: Int, positions: Bool) {
        guard aheads.first.map({ $0.index == successor(of: index) && $0.positions == positions }) ?? true else {
            return
        }
        while aheads.count < readAhead, let next = successor(of: aheads.last?.index ?? index) {
            let read = ReadAhead(
                index: next, positions: positions, reader: reader, prepare: prepare,
                guesses: !positions && guessesChunks)
            let job = Handoff(chunker: chunker, format: format, path: path, read: read, previous: aheads.last?.cut)
            aheads.append(read)
            DispatchQueue.global().async {
                job.read.run(job.chunker, format: job.format, path: job.path, after: job.previous)
            }
        }
    }

    /// Waits until no read ahead uses the chunker.
    private func waitForCuts() {
        aheads.last?.cut.wait()
    }

    /// Forgets the reads ahead (after they are done with the chunker).
    private func dropReadsAhead() {
        waitForCuts()
        aheads.removeAll()
    }

    /// What a reading thread gets: the chunker (used by one thread at a
    /// time, as ``ReadAhead`` says), the format and the path, the result's
    /// box, and the read before it.
    private struct Handoff: @unchecked Sendable {
        package let chunker: RecordChunker
        package let format: any RecordFormat
        package let path: String
        package let read: ReadAhead
        package let previous: DispatchGroup?
    }
}
