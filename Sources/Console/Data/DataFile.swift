import CellKitSupport
import Dispatch

/// A data file read a chunk of records at a time: `rows` checks every
/// record in one pass over the chunks, and drawing reads the chunk that
/// holds a row when the row is drawn. Memory holds one chunk (about 1 MiB
/// of the file, parsed) and where each chunk starts, whatever the file's
/// size (docs/design.md, "The data path").
///
/// A file the chunk scan cannot cut (a JSON array on one line) or that does
/// not parse is read whole, as one table: its errors are then exactly the
/// parser's, with their positions in the file.
///
/// Reading in order, the next chunk is cut and parsed on another thread
/// while the caller works on this one (``ReadAhead``): the check pass and a
/// render each use both cores.
final class DataFile {
    let path: String
    private let chunker: RecordChunker
    private let maximumBytes: Int
    /// Whether JSON values keep their positions (for errors: the check pass).
    private let positions: Bool
    /// The whole file, when it is read as one table.
    private var whole: DataTable?
    /// The table last read, kept for the rows after it.
    private var current: DataTable?

    /// How many bytes of the file a chunk holds, about.
    static let chunkBytes = 1 << 20

    /// Opens the data file at `path` (a regular file of at most
    /// `maximumBytes`; docs/limits.md) without reading its records.
    ///
    /// Without `positions`, JSON chunks are parsed without the position of
    /// each value: for drawing records `rows` checked.
    init(
        _ path: String, maximumBytes: Int = InputLimits.defaultDataFileBytes, chunkBytes: Int = DataFile.chunkBytes,
        positions: Bool = true
    ) throws(DataTable.OpenError) {
        self.path = path
        self.maximumBytes = maximumBytes
        self.positions = positions
        do {
            try checkLimitedFile(path, maximumBytes: maximumBytes, what: "data file")
        } catch {
            throw .io(error.description)
        }
        let format: RecordChunker.Format =
            DataTable.isCSV(path) ? .csv(path.lowercased().hasSuffix(".tsv") ? .tab : .comma) : .json
        do {
            chunker = try RecordChunker(path: path, format: format, targetBytes: chunkBytes)
        } catch {
            throw .io(error.description)
        }
    }

    /// Opens a data file for a command, its errors at `span`.
    static func open(
        _ path: String, _ c: ValidatedCommand, at span: SourceSpan, maximumBytes: Int
    ) throws(ConsoleError) -> DataFile {
        do {
            // JSON without positions: the check reads a chunk again with them only for its errors.
            return try DataFile(path, maximumBytes: maximumBytes, positions: false)
        } catch {
            throw error.consoleError(c, at: span)
        }
    }

    /// Whether the file is read as one table (``table(chunk:)`` then has one chunk).
    var isWhole: Bool { whole != nil }

    /// The records of chunk `index` as a table, or `nil` past the last chunk.
    /// The first call that finds the file cannot be cut returns the whole
    /// file (its ``DataTable/recordBase`` 0), and later calls return `nil`.
    ///
    /// `positions` overrides the file's choice for this chunk: the check
    /// pass reads JSON without positions, and again with them only for a
    /// chunk that has an error to report.
    func table(chunk index: Int, positions: Bool? = nil) throws(DataTable.OpenError) -> DataTable? {
        if whole != nil { return nil }
        let positions = positions ?? self.positions
        return try use(try take(index, positions: positions), index: index, positions: positions)
    }

    /// Whether JSON chunks are read with the positions of their values.
    var keepsPositions: Bool { positions }

    /// The table holding record `record` (from 0), or `nil` when the file
    /// has fewer records.
    func table(holding record: Int) throws(DataTable.OpenError) -> DataTable? {
        if let whole { return record < whole.count ? whole : nil }
        if let current, current.holds(record) { return current }
        // The chunker belongs to the thread reading ahead until it is done.
        ahead?.wait()
        if let ahead, ahead.positions == positions, case .success(.table(let table, _)) = ahead.outcome,
            table.holds(record)
        {
            return try use(take(ahead), index: ahead.index, positions: positions)
        }
        let index: Int?
        do {
            index = try chunker.index(holding: record)
        } catch {
            throw .io(error.description)
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
        /// It did not parse as the scan said: the file is read whole.
        case misjudged
    }

    /// Reads and parses chunk `index`. Touches nothing but the chunker: it
    /// runs on the thread reading ahead.
    private static func read(_ chunker: RecordChunker, chunk index: Int, path: String, positions: Bool)
        -> Result<Outcome, DataTable.OpenError>
    {
        let found: RecordChunker.RecordChunk?
        do {
            found = try chunker.chunk(index)
        } catch {
            return .failure(.io(error.description))
        }
        guard let chunk = found else { return .success(.end) }
        // One validating pass makes the text (ill-formed UTF-8: the whole file's reader says where).
        guard let text = String(validating: chunk.text, as: UTF8.self),
            var table = try? DataTable.parse(path, text: text, positions: positions), table.count == chunk.count
        else { return .success(.misjudged) }
        table.recordBase = chunk.firstRecord
        table.lineOffset = chunk.lineOffset
        return .success(.table(table, isLast: chunk.isLast))
    }

    /// Chunk `index`: from the thread reading ahead when it read that one,
    /// else read now. A read ahead of the chunk after this one is kept (the
    /// check pass reads a chunk again, with positions, then goes on).
    private func take(_ index: Int, positions: Bool) throws(DataTable.OpenError) -> Outcome {
        if let ahead {
            ahead.wait()
            if ahead.index == index && ahead.positions == positions { return try take(ahead) }
            if ahead.index != index + 1 { self.ahead = nil }
        }
        return try Self.read(chunker, chunk: index, path: path, positions: positions).get()
    }

    private func take(_ read: ReadAhead) throws(DataTable.OpenError) -> Outcome {
        ahead = nil
        return try read.outcome.get()
    }

    /// Makes `outcome` (chunk `index`) the current table, and starts reading
    /// the next chunk.
    private func use(_ outcome: Outcome, index: Int, positions: Bool) throws(DataTable.OpenError) -> DataTable? {
        switch outcome {
        case .end:
            return nil
        case .table(let table, let isLast):
            current = table
            if !isLast && ahead == nil { readAhead(index + 1, positions: positions) }
            return table
        case .misjudged:
            ahead?.wait()
            ahead = nil
            let table = try DataTable.open(path, maximumBytes: maximumBytes)
            whole = table
            current = table
            return table
        }
    }

    // MARK: - Reading ahead

    /// The chunk being read on another thread, if any.
    private var ahead: ReadAhead?

    /// A chunk read on another thread. The chunker is handed over: the
    /// owning ``DataFile`` touches it again only after ``wait()``, so one
    /// thread at a time uses it, the semaphore ordering their accesses.
    private final class ReadAhead: @unchecked Sendable {
        let index: Int
        let positions: Bool
        /// Set by the reading thread before it signals; read only after ``wait()``.
        private(set) var outcome: Result<Outcome, DataTable.OpenError> = .success(.end)
        private let done = DispatchSemaphore(value: 0)
        private var finished = false

        init(index: Int, positions: Bool) {
            self.index = index
            self.positions = positions
        }

        func run(_ read: () -> Result<Outcome, DataTable.OpenError>) {
            outcome = read()
            done.signal()
        }

        /// Waits until the chunk is read (at once, when it was).
        func wait() {
            guard !finished else { return }
            done.wait()
            finished = true
        }
    }

    private func readAhead(_ index: Int, positions: Bool) {
        let read = ReadAhead(index: index, positions: positions)
        ahead = read
        let job = Handoff(chunker: chunker, path: path, read: read)
        DispatchQueue.global().async {
            job.read.run {
                DataFile.read(job.chunker, chunk: job.read.index, path: job.path, positions: job.read.positions)
            }
        }
    }

    /// What the reading thread gets: the chunker (not used by the file until it waits), the path, the result's box.
    private struct Handoff: @unchecked Sendable {
        let chunker: RecordChunker
        let path: String
        let read: ReadAhead
    }
}

extension DataTable {
    /// Whether record `record` of the file is in this table.
    func holds(_ record: Int) -> Bool {
        record >= recordBase && record < recordBase + count
    }
}

extension DataTable.OpenError {
    /// The error of a command that read the file, at `span`.
    func consoleError(_ c: ValidatedCommand, at span: SourceSpan) -> ConsoleError {
        switch self {
        case .io(let message): ConsoleError(.io, c.command.diagnostic(message, at: span))
        case .data(let diagnostic): ConsoleError(.script, diagnostic)
        }
    }
}
