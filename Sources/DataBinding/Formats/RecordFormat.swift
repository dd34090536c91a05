@_spi(Host) import CellKit
import CellKitSupport
import WorkerProtocol

/// A format of data file that cellkit reads itself (CSV, TSV, JSON, JSON
/// Lines): everything the engine does differently for it, in its own folder
/// of `Formats/`, listed once in ``RecordFormats``. Nothing outside a
/// format's folder asks which format a file is.
///
/// A format says how its files are cut into chunks of records
/// (``layout()``), parses a chunk into a ``DataTable`` whose records
/// (``ChunkRecords``) give each bound attribute its value with its place
/// for errors, and reads a binding's chunks the quickest way its use allows
/// (``reader(for:to:)``: CSV records counted without their fields, JSON
/// records checked and read as texts without a DOM, chunks guessed). Where
/// a file's chunks start is what a check found, carried to the workers
/// (``Binding/chunks``); a file's identity is its fingerprint
/// (``DataFileIdentity``).
///
/// ```swift
/// let format = RecordFormats.format(forPath: "services.csv")   // CSV
/// let file = try DataFile(path, format: format)
/// file.read(bound, to: .draw)
/// ```
package protocol RecordFormat: Sendable {
    /// The name `format=` takes, and the name a binding carries to the
    /// workers and a saved script writes (``Binding/format``).
    var name: String { get }
    /// Other names `format=` takes (`ndjson`).
    var otherNames: [String] { get }
    /// The endings of file names, in lower case without the dot, that say a
    /// file is in this format (`csv`).
    var fileEndings: [String] { get }

    /// A layout for one chunker of a file in this format: where its chunks
    /// may end, and what each chunk's text holds.
    func layout() -> any RecordLayout

    /// Parses `text`, records of the file at `path` (all of them, or a chunk
    /// of them at `place`, the first numbered `firstRecord`), in full, with
    /// errors at their place in the file.
    ///
    /// Without `positions`, values may be read without the position of each
    /// (for records already checked, or a check that reads a chunk again
    /// with them for its errors). With a `recordErrorLimit` above 0, records
    /// cut short or too long do not stop the parse (a CSV record with more
    /// or fewer fields than the header): the first `recordErrorLimit` are
    /// ``DataTable/recordErrors``, the rest counted.
    func parse(
        _ text: [UInt8], path: String, positions: Bool, place: ChunkPlace?, firstRecord: Int, recordErrorLimit: Int
    ) throws(DataTable.OpenError) -> DataTable

    /// How the chunks of a binding whose bound attributes are `bound` are
    /// read for `use`: the quickest way the use allows.
    func reader(for bound: [BoundAttribute], to use: ChunkUse) -> any ChunkReader

    /// What to say of a record larger than the limit, whose first bytes
    /// are `head` (`text`, at `place` in the file): a note on what to look
    /// for, or an error of its own in its place (a file that is not what the
    /// format reads: the parser's error where the record stops parsing).
    func largeRecord(_ record: RecordChunker.Failure.LargeRecord, head: [UInt8], text: String, place: ChunkPlace)
        -> LargeRecordVerdict
}

extension RecordFormat {
    package var otherNames: [String] { [] }

    /// Whether the file at `path` is named as a file in this format is.
    package func claims(_ path: String) -> Bool {
        let lower = path.lowercased()
        return fileEndings.contains { lower.hasSuffix("." + $0) }
    }
}

/// What a format says of a record larger than the limit.
package enum LargeRecordVerdict {
    /// The record is too large: notes on what to look for in it.
    case tooLarge(notes: [String])
    /// Another error says what is wrong.
    case error(Diagnostic)
}

/// What the chunks of a binding are read for.
package enum ChunkUse: Sendable, Equatable {
    /// The check of every record (`rows`): as little is kept as the check
    /// needs; up to `errorLimit` records cut short or too long are reported
    /// together, the rest counted (0: the first is the chunk's error).
    case check(errorLimit: Int)
    /// Drawing: the values of the bound attributes.
    case draw
}

/// How a format reads the chunks of one binding (``RecordFormat/reader(for:to:)``):
/// made once, used on the threads that read ahead.
package protocol ChunkReader: Sendable {
    /// The records of `chunk`, at `place` in the file at `path`, as a table
    /// (on any thread: it touches nothing else): parsed, or checked and
    /// counted when that is all the reading needs. A table that does not
    /// hold `chunk.count` records is a fault of the cut, which the caller
    /// reports.
    func table(of chunk: RecordChunker.RecordChunk, path: String, place: ChunkPlace, positions: Bool)
        -> Result<DataTable, DataTable.OpenError>

    /// Whether each record has little to check (text made of fields): the
    /// check then waits on the parse, and two chunks are parsed side by side.
    var checksLittle: Bool { get }

    /// Whether chunks may be guessed (a check that keeps nothing), by
    /// ``checkGuess(_:)``.
    var guessesChunks: Bool { get }

    /// The check of a guessed chunk's text (``RecordChunker/guessedChunk(_:check:)``):
    /// what it found when the text is whole records that check, or `nil`.
    func checkGuess(_ text: [UInt8]) -> RecordChunker.CheckedChunk?

    /// The table of a guessed chunk that its check proved: `count` records
    /// at `place` in the file at `path`, checked.
    func checkedTable(count: Int, path: String, place: ChunkPlace) -> DataTable
}

extension ChunkReader {
    package var checksLittle: Bool { false }
    package var guessesChunks: Bool { false }
    package func checkGuess(_ text: [UInt8]) -> RecordChunker.CheckedChunk? { nil }
    package func checkedTable(count: Int, path: String, place: ChunkPlace) -> DataTable {
        DataTable(path: path, records: CountedRecords(count: count), text: "", positioned: true, place: place)
    }
}

/// The records of one chunk as a format keeps them (a CSV table, a JSON
/// document, the texts of a quick pass): their count, each bound
/// attribute's value with its place for errors, and the quick ways to text.
///
/// Errors are made with the table's helpers (``DataTable/dataError(line:column:length:_:notes:)``),
/// which place them in the file.
package protocol ChunkRecords {
    /// How many records there are.
    var count: Int { get }

    /// These records without their values, their count kept: what a reader
    /// that made its rows' values holds on to (``DataTable/made``).
    func keepingOnlyTheCount() -> any ChunkRecords

    // MARK: Values, with their places

    /// The value of `fieldPath` of record `record` (from 0, in the chunk) as
    /// the type of `binding`'s attribute (`owner` names it in messages);
    /// `nil` for a missing value.
    func value(
        record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute, owner: String, in table: DataTable
    ) throws(Diagnostic) -> AttributeValue?

    /// The field `fieldPath` of record `record` as text (a template's, a
    /// [String] list's): empty for a missing value; a value that is no text
    /// is an error worded by `message` from what it is.
    func fieldText(
        record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute, in table: DataTable,
        message: (String) -> String
    ) throws(Diagnostic) -> String

    /// The field `fieldPath` of record `record` as a number (a [Double] list's).
    func number(record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute, owner: String, in table: DataTable)
        throws(Diagnostic) -> Double

    /// Where record `record` starts in the table's text: line and column.
    func position(ofRecord record: Int, in table: DataTable) -> (line: Int, column: Int)

    // MARK: Text, the quick way

    /// The names of the fields each record's ``texts(ofRecord:)`` holds, in
    /// order, when the records are kept as lists of texts (a CSV record's
    /// fields, the members a quick JSON pass kept); `nil` otherwise.
    var columns: [String]? { get }

    /// Record `record`'s texts, in the order of ``columns``.
    func texts(ofRecord record: Int) -> [String]

    /// Each record's texts, in order, in the order of ``columns``.
    func forEachTexts(_ body: ([String]) -> Void)

    /// The text of the top-level field `key` of record `record`, looked for
    /// first at `hint` (``hint(forKey:)``), when the records are not kept as
    /// texts; `nil` when it has none, or no text can be made of it (the
    /// general way says what is wrong).
    func text(ofRecord record: Int, key: String, hint: Int) -> String?

    /// Where the first record has the top-level field `key`: where others
    /// are looked for first.
    func hint(forKey key: String) -> Int

    // MARK: The check

    /// A field the records cannot have, known from this chunk alone (a
    /// column that the CSV header does not name): the script's mistake,
    /// with notes; `nil` when the chunk cannot tell.
    func missingField(_ fieldPath: FieldPath, in path: String) -> (message: String, notes: [String])?

    /// Notes in `presence` what these records say about `fieldPath`: whether
    /// one has it, and which fields they have (for a message when none does).
    func gather(_ presence: inout FieldPresence, of fieldPath: FieldPath)

    /// Whether `binding` gets a value from every record without fail: the
    /// check need not look at them.
    func alwaysFits(_ binding: BoundAttribute) -> Bool

    /// Whether `binding` gets a value from record `record` without fail
    /// (`true`), surely fails there (`false`: its error is made only when it
    /// is shown), or only its value can say (`nil`).
    func fits(_ binding: BoundAttribute, record: Int) -> Bool?

    // MARK: Sorted and filtered rows

    /// The value of `fieldPath` in record `record` as `where=` and `sort=`
    /// compare it (a record parsed in full; a path that leads nowhere is
    /// nothing).
    func rowValue(record: Int, _ fieldPath: FieldPath) -> RowValue

    /// The name of the format the records of a sorted or filtered binding
    /// are written in (``appendDerived(record:to:)``): one cellkit reads.
    var derivedFormat: String { get }

    /// What starts a file of such records (a CSV header line), or nothing.
    func derivedHeader() -> [UInt8]

    /// Appends record `record` (parsed in full) to `bytes` as a record of
    /// ``derivedFormat``, its line break included.
    func appendDerived(record: Int, to bytes: inout [UInt8])
}

extension ChunkRecords {
    package var columns: [String]? { nil }
    package func texts(ofRecord record: Int) -> [String] { [] }
    package func forEachTexts(_ body: ([String]) -> Void) {}
    package func text(ofRecord record: Int, key: String, hint: Int) -> String? { nil }
    package func hint(forKey key: String) -> Int { 0 }
    package func missingField(_ fieldPath: FieldPath, in path: String) -> (message: String, notes: [String])? { nil }
    package func gather(_ presence: inout FieldPresence, of fieldPath: FieldPath) {}
    package func fits(_ binding: BoundAttribute, record: Int) -> Bool? { nil }
    package func rowValue(record: Int, _ fieldPath: FieldPath) -> RowValue { .null }
    package var derivedFormat: String { "jsonl" }
    package func derivedHeader() -> [UInt8] { [] }
    package func appendDerived(record: Int, to bytes: inout [UInt8]) {}
}
