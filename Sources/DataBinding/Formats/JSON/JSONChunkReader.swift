@_spi(Host) import CellKit
import CellKitSupport
import WorkerProtocol

/// How the chunks of a binding of JSON (an array, or JSON Lines) are read.
///
/// When every bound attribute is text made of top-level members (``keys``),
/// a chunk whose records all have them, each a scalar, is checked and
/// counted by `JSONRecordCheck` without a parse (no DOM, no `String` of the
/// chunk), their texts kept for drawing (``keepsTexts``); any other chunk
/// is parsed in full. A check that keeps nothing guesses its chunks, so that
/// the reads ahead check any chunks side by side (``RecordChunker/guessedChunk(_:check:)``).
struct JSONChunkReader: ChunkReader {
    /// The format, which parses a chunk in full.
    let format: any RecordFormat
    /// Whether the records are JSON Lines: a chunk's text is its lines, not an array.
    let lines: Bool
    /// The members every record must have with a scalar value, when that is
    /// all the reading needs; `nil` to parse every chunk.
    let keys: [String]?
    /// Whether a checked chunk keeps its records' values of ``keys`` as
    /// text (drawing; a number as it is written), or only counts them (a check).
    let keepsTexts: Bool

    init(format: any RecordFormat, lines: Bool, keys: [String]?, keepsTexts: Bool) {
        self.format = format
        self.lines = lines
        self.keys = keys
        self.keepsTexts = keepsTexts
    }

    /// The reader of a binding's chunks: its bound attributes' keys when
    /// each is text made of top-level members (a check of no attribute
    /// checks that each record is an object; drawing needs a key).
    init(format: any RecordFormat, lines: Bool, bound: [BoundAttribute], use: ChunkUse) {
        var keys: [String]? = []
        for attribute in bound {
            guard let textKeys = attribute.textKeys else {
                keys = nil
                break
            }
            for key in textKeys where !keys!.contains(key) { keys!.append(key) }
        }
        let drawing = use == .draw
        self.init(format: format, lines: lines, keys: drawing && keys == [] ? nil : keys, keepsTexts: drawing)
    }

    var checksLittle: Bool { keys != nil }

    var guessesChunks: Bool { keys != nil && !keepsTexts }

    func table(of chunk: RecordChunker.RecordChunk, path: String, place: ChunkPlace, positions: Bool)
        -> Result<DataTable, DataTable.OpenError>
    {
        if let keys {
            // Every record has the keys, scalar: checked and counted (and their texts kept), not parsed.
            // Any other chunk is parsed below.
            let texts = keepsTexts ? JSONRecordCheck.scalarTexts(chunk.text, keys: keys, lines: lines) : nil
            let count =
                keepsTexts ? texts?.count : JSONRecordCheck.scalarMembers(chunk.text, keys: keys, lines: lines)
            if let count, count == chunk.count {
                return .success(checkedTable(count: count, texts: texts ?? [], path: path, place: place))
            }
        }
        return Result { () throws(DataTable.OpenError) in
            try format.parse(
                chunk.text, path: path, positions: positions, place: place, firstRecord: chunk.firstRecord,
                recordErrorLimit: 0)
        }
    }

    func checkGuess(_ text: [UInt8]) -> RecordChunker.CheckedChunk? {
        JSONRecordCheck.scalarMembersAndLines(text, keys: keys ?? [], lines: lines)
    }

    func checkedTable(count: Int, path: String, place: ChunkPlace) -> DataTable {
        checkedTable(count: count, texts: [], path: path, place: place)
    }

    private func checkedTable(count: Int, texts: [[String]], path: String, place: ChunkPlace) -> DataTable {
        DataTable(
            path: path, records: JSONCheckedRecords(count: count, keys: keys ?? [], texts: texts), text: "",
            positioned: false, place: place)
    }
}

/// The records of a JSON chunk that `JSONRecordCheck` checked and counted
/// without parsing them: each has a scalar value for every key of ``keys``,
/// and those values' texts, when they were kept, are its texts (a list per
/// record, in the order of the keys: ``columns``).
struct JSONCheckedRecords: ValuelessRecords {
    let count: Int
    let keys: [String]
    let texts: [[String]]

    func keepingOnlyTheCount() -> any ChunkRecords { CountedRecords(count: count) }

    var columns: [String]? { keys }

    func texts(ofRecord record: Int) -> [String] { texts[record] }

    func forEachTexts(_ body: ([String]) -> Void) {
        for record in texts { body(record) }
    }

    /// Every record has the checked keys.
    func gather(_ presence: inout FieldPresence, of fieldPath: FieldPath) {
        guard case .key(let key)? = fieldPath.components.first else { return }
        if count > 0 && keys.contains(key) && fieldPath.components.count == 1 {
            presence.sawRecords = true
            presence.found = true
        }
    }

    /// The check counted only records whose bound text it can make.
    func alwaysFits(_ binding: BoundAttribute) -> Bool { true }
}
