import CellKitSupport

/// A data file read a chunk of records at a time: `rows` checks every
/// record in one pass over the chunks, and drawing reads the chunk that
/// holds a row when the row is drawn. Memory holds one chunk (about 1 MiB
/// of the file, parsed) and where each chunk starts, whatever the file's
/// size (docs/design.md, "The data path").
///
/// A file the chunk scan cannot cut (a JSON array on one line) or that does
/// not parse is read whole, as one table: its errors are then exactly the
/// parser's, with their positions in the file.
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
        let chunk: RecordChunker.RecordChunk?
        do {
            chunk = try chunker.chunk(index)
        } catch {
            throw .io(error.description)
        }
        guard let chunk else { return nil }
        return try table(of: chunk, positions: positions ?? self.positions)
    }

    /// Whether JSON chunks are read with the positions of their values.
    var keepsPositions: Bool { positions }

    /// The table holding record `record` (from 0), or `nil` when the file
    /// has fewer records.
    func table(holding record: Int) throws(DataTable.OpenError) -> DataTable? {
        if let whole { return record < whole.count ? whole : nil }
        if let current, current.holds(record) { return current }
        let chunk: RecordChunker.RecordChunk?
        do {
            chunk = try chunker.chunk(holding: record)
        } catch {
            throw .io(error.description)
        }
        guard let chunk else { return nil }
        let table = try table(of: chunk)
        return table.holds(record) ? table : nil
    }

    /// Parses a chunk; a chunk that does not parse as the scan said sends
    /// the reading to the whole file.
    private func table(of chunk: RecordChunker.RecordChunk, positions: Bool? = nil) throws(DataTable.OpenError)
        -> DataTable
    {
        // One validating pass makes the text (ill-formed UTF-8: the whole file's reader says where).
        if let text = String(validating: chunk.text, as: UTF8.self),
            var table = try? DataTable.parse(path, text: text, positions: positions ?? self.positions),
            table.count == chunk.count
        {
            table.recordBase = chunk.firstRecord
            table.lineOffset = chunk.lineOffset
            current = table
            return table
        }
        let table = try DataTable.open(path, maximumBytes: maximumBytes)
        whole = table
        current = table
        return table
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
