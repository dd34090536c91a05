import CellKitSupport
import Dispatch

/// A data file read a chunk of records at a time: `rows` checks every
/// record in one pass over the chunks, and drawing reads the chunk that
/// holds a row when the row is drawn. Memory holds one chunk (about 1 MiB
/// of the file, parsed) and where each chunk starts, whatever the file's
/// size or layout (docs/design.md, "The data path"). No file is read whole:
/// a chunk's errors are the parser's, moved to their line and column in
/// the file (``ChunkPlace``), and a record larger than the record limit is
/// an error at its start.
///
/// Reading in order, the next chunks are cut and parsed on other threads
/// while the caller works on this one (``ReadAhead``): the check pass and a
/// render each use both cores.
package final class DataFile {
    package let path: String
    /// What the file holds: from `format=`, or its name.
    package let format: RecordChunker.Format
    private let chunker: RecordChunker
    /// Whether JSON values keep their positions (for errors: the check pass).
    private let positions: Bool
    /// The table last read, kept for the rows after it.
    private var current: DataTable?

    /// How many bytes of the file a chunk holds, about.
    package static let chunkBytes = RecordChunker.defaultTargetBytes

    /// Opens the data file at `path` (a regular file of any size) without
    /// reading its records; `format` overrides what its name says. No record
    /// may be larger than `recordLimit` bytes (docs/limits.md).
    ///
    /// Without `positions`, JSON chunks are parsed without the position of
    /// each value: for drawing records `rows` checked. ``readAhead`` chunks
    /// after the one asked for are read on other threads.
    package init(
        _ path: String, format: RecordChunker.Format? = nil,
        recordLimit: Int = RecordChunker.defaultRecordLimit, chunkBytes: Int = DataFile.chunkBytes,
        positions: Bool = true, readAhead: Int = 1, starts: [RecordChunker.ChunkStart]? = nil
    ) throws(DataTable.OpenError) {
        self.path = path
        self.format = format ?? RecordChunker.Format(path: path)
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
                path: path, format: self.format, targetBytes: chunkBytes, recordLimit: recordLimit)
            if let starts, try chunker.adopt(starts), let adopted = chunker.chunkStarts {
                chunkRecords = adopted.map(\.record)
            }
        } catch {
            throw .io(error.description)
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
    /// chunk of the file. Used only when the chunk starts were given.
    package var plan: [Range<Int>]? {
        didSet { plan = plan?.filter { !$0.isEmpty } }
    }

    /// The chunk read after chunk `index`: the next one, or with a
    /// ``plan``, the next one that holds a planned record; `nil` when
    /// there is none.
    private func successor(of index: Int) -> Int? {
        guard let plan, let chunkRecords, index + 1 < chunkRecords.count else { return index + 1 }
        let next = chunkRecords[index + 1]  // the first record after chunk `index`
        guard let range = plan.first(where: { $0.upperBound > next }) else { return nil }
        let record = max(range.lowerBound, next)
        guard record < chunkRecords[chunkRecords.count - 1] else { return nil }
        // The last chunk whose first record is at or before `record`.
        var lo = index + 1
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

    /// Whether JSON chunks are read with the positions of their values.
    package var keepsPositions: Bool { positions }

    /// How each chunk is read: the settings below, set before the first read
    /// and handed to the threads that read ahead.
    fileprivate struct Reading: Sendable {
        var countsOnly = false
        var scalarKeys: [String]?
        var keepsScalarTexts = false
        var recordErrorLimit = 0
    }
    private var reading = Reading()

    /// Whether CSV chunks are only checked and counted, their fields not
    /// kept (set before the first read): for a check that needs no field's
    /// value, when every bound attribute is text made of fields. A chunk then
    /// has its header and its count, no records.
    package var countsOnly: Bool {
        get { reading.countsOnly }
        set { reading.countsOnly = newValue }
    }

    /// The keys each record of a JSON file must have with a scalar value,
    /// when that is all the check needs (set before the first read): a chunk
    /// whose records all have them is then checked and counted by
    /// `JSONRecordCheck`, without a parse (a table with its count, no
    /// records, ``DataTable/checkedKeys``); any other chunk is parsed in full.
    package var scalarKeys: [String]? {
        get { reading.scalarKeys }
        set { reading.scalarKeys = newValue }
    }

    /// How many CSV records with more or fewer fields than the header a
    /// chunk reports (``DataTable/recordErrors``) before it counts the rest,
    /// going on past them (set before the first read): the check pass shows
    /// them all at once. With 0, the first is the chunk's error.
    package var recordErrorLimit: Int {
        get { reading.recordErrorLimit }
        set { reading.recordErrorLimit = newValue }
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

    /// With ``scalarKeys``, for drawing: whether a checked chunk keeps its
    /// records' values of those keys as text (``DataTable/keyTexts``, a
    /// number as it is written); `false` to count them only (the check pass).
    package var keepsScalarTexts: Bool {
        get { reading.keepsScalarTexts }
        set { reading.keepsScalarTexts = newValue }
    }

    /// The table holding record `record` (from 0), or `nil` when the file
    /// has fewer records.
    package func table(holding record: Int) throws(DataTable.OpenError) -> DataTable? {
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
            throw Self.openError(error, chunker)
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
    private static func read(
        _ chunker: RecordChunker, chunk index: Int, path: String, positions: Bool, reading: Reading
    ) -> Result<Outcome, DataTable.OpenError> {
        let found: RecordChunker.RecordChunk?
        do {
            found = try chunker.chunk(index)
        } catch {
            return .failure(openError(error, chunker))
        }
        guard let chunk = found else { return .success(.end) }
        return parse(
            chunk, format: chunker.format, path: path, positions: positions, reading: reading)
    }

    /// Parses a chunk (on any thread: it touches nothing else). Its errors
    /// are the parser's, at their place in the file.
    private static func parse(
        _ chunk: RecordChunker.RecordChunk, format: RecordChunker.Format, path: String, positions: Bool,
        reading: Reading
    ) -> Result<Outcome, DataTable.OpenError> {
        let place = ChunkPlace(
            path: path, lineOffset: chunk.lineOffset, lineStart: chunk.lineStart, bodyStart: chunk.range.lowerBound,
            prefix: chunk.prefix)
        if reading.countsOnly, case .csv(let delimiter) = format,
            let (header, count) = try? CSVParser(delimiter: delimiter, firstRecord: chunk.firstRecord + 1)
                .countRecords(chunk.text)
        {
            // The scanner checks the UTF-8 itself: no String of the chunk, no field kept.
            guard count == chunk.count else { return .failure(miscounted(chunk, path: path, parsed: count)) }
            var table = DataTable(
                path: path, storage: .csv(CSVTable(header: header, records: []), delimiter), text: "")
            table.countedRecords = count
            table.recordBase = chunk.firstRecord
            table.place = place
            return .success(.table(table, isLast: chunk.isLast))
        }
        if let scalarKeys = reading.scalarKeys, format == .json || format == .jsonLines {
            // Every record has the keys, scalar: checked and counted (and their texts kept), not parsed (no DOM,
            // no String of the chunk). Any other chunk is parsed below.
            // JSON Lines are read as they are, not as the array `text` makes of them.
            let bytes = chunk.lines ?? chunk.text
            let lines = chunk.lines != nil
            let keepsTexts = reading.keepsScalarTexts
            let texts = keepsTexts ? JSONRecordCheck.scalarTexts(bytes, keys: scalarKeys, lines: lines) : nil
            let count =
                keepsTexts ? texts?.count : JSONRecordCheck.scalarMembers(bytes, keys: scalarKeys, lines: lines)
            if let count, count == chunk.count {
                let table = DataTable.checkedJSON(
                    path: path, count: count, keys: scalarKeys, texts: texts ?? [], recordBase: chunk.firstRecord,
                    place: place)
                return .success(.table(table, isLast: chunk.isLast))
            }
        }
        // One validating pass makes the text; ill-formed UTF-8 is the parser's error, with its place.
        let bytes = chunk.text
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let error: PositionedError?
            switch format {
            case .csv(let delimiter):
                do {
                    _ = try CSVParser(delimiter: delimiter, firstRecord: chunk.firstRecord + 1).parse(bytes)
                    error = nil
                } catch let e { error = e }
            case .json, .jsonLines:
                do {
                    _ = try JSONParser().parse(bytes)
                    error = nil
                } catch let e { error = e }
            }
            guard let error else { return .failure(.io("\(path) is not UTF-8")) }
            return .failure(
                .data(
                    DataTable.parseError(
                        path, String(decoding: bytes, as: UTF8.self), error, place: place, notes: [])))
        }
        do {
            var table = try DataTable.parse(
                path, text: text, format: format, positions: positions, place: place, firstRecord: chunk.firstRecord,
                recordErrorLimit: reading.recordErrorLimit)
            guard table.count == chunk.count else {
                return .failure(miscounted(chunk, path: path, parsed: table.count))
            }
            table.recordBase = chunk.firstRecord
            return .success(.table(table, isLast: chunk.isLast))
        } catch {
            return .failure(error)
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
            return try confirmed(Self.guess(chunk: index, of: chunker, keys: scalarKeys ?? []), index: index)
        }
        return try readExactly(index, positions: positions)
    }

    /// Chunk `index`, cut exactly, read now on this thread.
    private func readExactly(_ index: Int, positions: Bool) throws(DataTable.OpenError) -> Outcome {
        waitForCuts()
        // Read on demand, for the caller who waits on it: nothing is made of it (see `prepare`).
        return try Self.read(
            chunker, chunk: index, path: path, positions: positions, reading: reading
        ).get()
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
    /// read, and given up at the first guess that fails): for a check of
    /// JSON by `JSONRecordCheck` alone (``scalarKeys``, nothing made), which
    /// then reads each byte once, on every core, where an exact cut reads
    /// them all first on one (``RecordChunker``'s guesses say why a guess
    /// confirmed in order is right). Never with chunk starts given or a plan.
    private var guessing: Bool?
    /// How many chunks were read by a guess, confirmed (for tests).
    package private(set) var guessedChunks = 0

    private var guessesChunks: Bool {
        if let guessing { return guessing }
        let guesses =
            scalarKeys != nil && !keepsScalarTexts && prepare == nil && chunkRecords == nil && plan == nil
            && !positions && chunker.guessesChunks
        guessing = guesses
        return guesses
    }

    /// Chunk `index` of the file, guessed and checked (on any thread).
    private static func guess(chunk index: Int, of chunker: RecordChunker, keys: [String])
        -> RecordChunker.GuessedChunk?
    {
        chunker.guessedChunk(index) { text, isLines in
            JSONRecordCheck.scalarMembersAndLines(text, keys: keys, lines: isLines)
        }
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
        let table = DataTable.checkedJSON(
            path: path, count: guess.count, keys: scalarKeys ?? [], recordBase: start.record, place: place)
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
        private let reading: Reading
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
            index: Int, positions: Bool, reading: Reading, prepare: (@Sendable (DataTable) -> (any Sendable)?)?,
            guesses: Bool
        ) {
            self.guesses = guesses
            self.index = index
            self.positions = positions
            self.reading = reading
            self.prepare = prepare
            cut.enter()
            done.enter()
        }

        package func run(_ chunker: RecordChunker, path: String, after previous: DispatchGroup?) {
            if guesses {
                // A guess uses nothing of the chunker's that an exact cut changes: no need to wait.
                cut.leave()
                outcome = .success(
                    .guessed(DataFile.guess(chunk: index, of: chunker, keys: reading.scalarKeys ?? [])))
                done.leave()
                return
            }
            previous?.wait()
            let chunk: Result<RecordChunker.RecordChunk?, DataTable.OpenError>
            do {
                chunk = .success(try chunker.chunk(index))
            } catch {
                chunk = .failure(DataFile.openError(error, chunker))
            }
            cut.leave()
            outcome = DataFile.made(
                chunk.flatMap { chunk in
                    chunk.map {
                        DataFile.parse(
                            $0, format: chunker.format, path: path, positions: positions, reading: reading)
                    } ?? .success(.end)
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
                index: next, positions: positions, reading: reading, prepare: prepare,
                guesses: !positions && guessesChunks)
            let job = Handoff(chunker: chunker, path: path, read: read, previous: aheads.last?.cut)
            aheads.append(read)
            DispatchQueue.global().async { job.read.run(job.chunker, path: job.path, after: job.previous) }
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
    /// time, as ``ReadAhead`` says), the path, the result's box, and the
    /// read before it.
    private struct Handoff: @unchecked Sendable {
        package let chunker: RecordChunker
        package let path: String
        package let read: ReadAhead
        package let previous: DispatchGroup?
    }
}

extension DataTable {
    /// Whether record `record` of the file is in this table.
    package func holds(_ record: Int) -> Bool {
        record >= recordBase && record < recordBase + count
    }
}
