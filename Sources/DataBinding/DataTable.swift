@_spi(Host) import CellKit
import CellKitSupport
import WorkerProtocol

/// The records of a data file (all of them, or a chunk that ``DataFile``
/// read), as their format keeps them (``ChunkRecords``), with what places
/// their errors in the file: the text they were read from and where it lies.
///
/// Missing values — a JSON `null`, an empty CSV field for an attribute that
/// is not a String — leave the attribute at its default.
package struct DataTable {
    package let path: String
    /// The records, as their format keeps them.
    package private(set) var records: any ChunkRecords
    /// The text the records were read from: made from the bytes they were
    /// parsed from, when they were (a CSV chunk), only when an error asks
    /// for it.
    package var text: String {
        switch source {
        case .text(let text): text
        case .utf8(let bytes): String(decoding: bytes, as: UTF8.self)
        }
    }
    private let source: Source
    /// A table's text, or the UTF-8 its format parsed (and checked) as bytes.
    private enum Source {
        case text(String)
        case utf8([UInt8])
    }
    /// Whether the values know their positions in ``text``: a check that
    /// read a chunk without them reads it again with them for its errors.
    package let positioned: Bool
    /// The number of this table's first record in its file (a table may hold
    /// one chunk of a large file: ``DataFile``).
    package var recordBase = 0
    /// Where `text` lies in the file, when it is a chunk of it (``DataFile``):
    /// errors give the file's lines and columns.
    package var place: ChunkPlace?
    /// What the reader's ``DataFile/prepare`` made of this table, on the
    /// thread that read it (a worker: its rows' values).
    package var made: (any Sendable)?
    /// Errors of records that are not whole (a CSV record with more or fewer
    /// fields than the header), when the parse went on past them
    /// (``RecordFormat/parse(_:path:positions:place:firstRecord:recordErrorLimit:)``),
    /// and how many more there are: the table's values are not checked
    /// until they are fixed.
    package var recordErrors: [Diagnostic] = []
    package var moreRecordErrors = 0
    /// Where `text`'s lines start, once an error needs a source line.
    private let lines = LineCache()
    private final class LineCache {
        var index: SourceLines?
    }

    package init(path: String, records: any ChunkRecords, text: String, positioned: Bool, place: ChunkPlace?) {
        self.init(path: path, records: records, source: .text(text), positioned: positioned, place: place)
    }

    /// A table of records parsed from `utf8`, which their parser checked is
    /// well-formed: no `String` of it is made unless an error needs a line of
    /// it (a chunk's text was a validating pass and a copy of every byte).
    package init(path: String, records: any ChunkRecords, utf8: [UInt8], positioned: Bool, place: ChunkPlace?) {
        self.init(path: path, records: records, source: .utf8(utf8), positioned: positioned, place: place)
    }

    private init(path: String, records: any ChunkRecords, source: Source, positioned: Bool, place: ChunkPlace?) {
        self.path = path
        self.records = records
        self.source = source
        self.positioned = positioned
        self.place = place
    }

    /// This table without its records (their count kept): what a reader
    /// that made its rows' values (``made``) from them holds on to.
    package func keepingOnlyTheCount() -> DataTable {
        var table = self
        table.records = records.keepingOnlyTheCount()
        return table
    }

    package var count: Int { records.count }

    /// Why a data file could not be read as records.
    package enum OpenError: Error {
        /// It could not be read.
        case io(String)
        /// It is not what its format reads (a JSON array, a CSV table).
        case data(Diagnostic)
    }

    /// Parses `text`, the records of the data file at `path` (all of them,
    /// or a chunk that ``DataFile`` cut, at `place`), in `format` (by
    /// default, the one its name says): ``RecordFormat/parse(_:path:positions:place:firstRecord:recordErrorLimit:)``.
    package static func parse(
        _ path: String, text: String, format: (any RecordFormat)? = nil, positions: Bool = true,
        place: ChunkPlace? = nil, firstRecord: Int = 0, recordErrorLimit: Int = 0
    ) throws(OpenError) -> DataTable {
        try (format ?? RecordFormats.format(forPath: path)).parse(
            Array(text.utf8), path: path, positions: positions, place: place, firstRecord: firstRecord,
            recordErrorLimit: recordErrorLimit)
    }

    /// The error of a parser, at its place in the file (and so are the
    /// places its message and fix name: "first at 3:5").
    package static func parseError(
        _ path: String, _ text: String, _ error: PositionedError, place: ChunkPlace?, notes: [String]
    ) -> Diagnostic {
        func moved(_ words: String) -> String {
            guard let place else { return words }
            return words.replacing(/at (\d+):(\d+)/) { match in
                guard let line = Int(match.output.1), let column = Int(match.output.2) else {
                    return String(match.output.0)
                }
                return "at \(place.fileLine(line)):\(place.fileColumn(line: line, column: column))"
            }
        }
        return dataError(
            path, text, line: error.position.line, column: error.position.column, place: place, moved(error.message),
            notes: (error.fix.map { [moved($0)] } ?? []) + notes)
    }

    /// The parser's error in `bytes`, which are not UTF-8 (`parse` throws
    /// it), at its place in the file; a message when the parser finds none.
    package static func notUTF8(
        _ bytes: [UInt8], path: String, place: ChunkPlace?, parse: ([UInt8]) throws(PositionedError) -> Void
    ) -> OpenError {
        do {
            try parse(bytes)
        } catch {
            return .data(
                DataTable.parseError(path, String(decoding: bytes, as: UTF8.self), error, place: place, notes: []))
        }
        return .io("\(path) is not UTF-8")
    }

    // MARK: - Values

    /// The value of a bound attribute in record `record`, as the attribute's
    /// type; `nil` for a missing value (the attribute keeps its default).
    package func value(record: Int, for binding: BoundAttribute, cell: String) throws(Diagnostic) -> AttributeValue? {
        let type = binding.descriptor.type
        // Made only for an error: this runs for every bound value of every record.
        var owner: String { "\(cell).\(binding.attribute.name)" }
        switch binding.source {
        case .field(let fieldPath):
            return try records.value(record: record, fieldPath, for: binding, owner: owner, in: self)
        case .template(let template):
            let text = try template.text { path throws(Diagnostic) in
                try records.fieldText(record: record, path, for: binding, in: self) {
                    "\(owner): \(path) in the text is \($0), not text"
                }
            }
            if type == .string { return .string(text) }
            do {
                return try type.parse(text)
            } catch {
                let position = records.position(ofRecord: record, in: self)
                throw dataError(
                    line: position.line, column: position.column, length: 1, "\(owner): \(error.message)",
                    notes: (error.fix.map { [$0] } ?? []) + ["from \(binding.written): the text was '\(text)'"])
            }
        case .list(let elements) where type == .strings:
            var strings: [String] = []
            for element in elements {
                switch element {
                case .text(let text):
                    strings.append(text)
                case .field(let fieldPath):
                    strings.append(
                        try records.fieldText(record: record, fieldPath, for: binding, in: self) {
                            "\(owner): expected text, got \($0)"
                        })
                case .list:
                    continue  // refused when the command ran
                }
            }
            return .strings(strings)
        case .list(let elements):
            var numbers: [Double] = []
            for element in elements {
                switch element {
                case .text(let text):
                    numbers.append(Double(text.trimmedForNumber) ?? 0)
                case .field(let fieldPath):
                    numbers.append(try records.number(record: record, fieldPath, for: binding, owner: owner, in: self))
                case .list:
                    continue  // checked when the command ran
                }
            }
            return .numbers(numbers)
        }
    }

    /// "record 3 has no value for .low", for a [Double] list's field.
    package func noValue(record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute, owner: String) -> Diagnostic
    {
        let position = records.position(ofRecord: record, in: self)
        return dataError(
            line: position.line, column: position.column, length: 1,
            "\(owner): record \(recordBase + record + 1) has no value for \(fieldPath)",
            notes: ["every element of \(binding.written) must be a number"])
    }

    /// "WeatherCell.temperature is an Int; record 2, field .temp, from temperature=.temp".
    package func sourceNote(_ record: Int, _ fieldPath: FieldPath, _ binding: BoundAttribute, type: AttributeType)
        -> String
    {
        "record \(recordBase + record + 1), field \(fieldPath), for \(binding.written): \(binding.attribute.name) is \(type.articleName)"
    }

    // MARK: - Diagnostics

    package static func line(_ number: Int, of text: String) -> String? {
        SourceLines(text).line(number)
    }

    /// Line `number` of the table's text, found through an index of line
    /// starts made at the first error (a file with an error in every record
    /// must not cost a scan of the text per error).
    package func line(_ number: Int) -> String? {
        if lines.index == nil {
            switch source {
            case .text(let text): lines.index = SourceLines(text)
            case .utf8(let bytes): lines.index = SourceLines(utf8: bytes)
            }
        }
        return lines.index?.line(number)
    }

    /// An error at line `line`, column `column` of the table's text, its
    /// caret `length` columns wide.
    package func dataError(line: Int, column: Int, length: Int, _ message: String, notes: [String]) -> Diagnostic {
        var diagnostic = Self.diagnostic(path, sourceLine: self.line(line), line: line, column: column, place: place)
        diagnostic.message = message
        diagnostic.notes = notes
        diagnostic.length = max(1, length)
        return diagnostic
    }

    package static func dataError(
        _ path: String, _ text: String, line: Int, column: Int, place: ChunkPlace?, _ message: String,
        notes: [String]
    ) -> Diagnostic {
        var diagnostic = diagnostic(
            path, sourceLine: Self.line(line, of: text), line: line, column: column, place: place)
        diagnostic.message = message
        diagnostic.notes = notes
        return diagnostic
    }

    /// A diagnostic at line `line`, column `column` of a table's text (at
    /// `place` in the file): the file's line and column, and as much of the
    /// source line as can be shown (``SourceExcerpt``).
    private static func diagnostic(
        _ path: String, sourceLine: String?, line: Int, column: Int, place: ChunkPlace?
    ) -> Diagnostic {
        let place = place ?? ChunkPlace(path: path)
        var diagnostic = Diagnostic(
            message: "",
            location: SourceLocation(
                file: path, line: place.fileLine(line), column: place.fileColumn(line: line, column: column)))
        if let sourceLine {
            let moved = line == 1 && place.movesFirstLine
            let excerpt = SourceExcerpt(
                sourceLine, column: column, hidden: moved ? place.prefix : 0,
                continues: moved && place.lineStart < place.bodyStart)
            diagnostic.sourceLine = excerpt.text
            diagnostic.sourceColumn = excerpt.column
        }
        return diagnostic
    }
}

extension DataTable {
    /// Whether record `record` of the file is in this table.
    package func holds(_ record: Int) -> Bool {
        record >= recordBase && record < recordBase + count
    }
}

/// Whether any record of a file has a field, gathered a table (a chunk) at
/// a time (``ChunkRecords/gather(_:of:)``), with the fields the records do
/// have, for the message.
package struct FieldPresence {
    package var found = false
    package var sawRecords = false
    package private(set) var keys: [String] = []

    package init(found: Bool = false, sawRecords: Bool = false, keys: [String] = []) {
        self.found = found
        self.sawRecords = sawRecords
        self.keys = keys
    }

    /// Notes what the records of `table` say about `fieldPath`.
    package mutating func add(_ table: DataTable, _ fieldPath: FieldPath) {
        guard !found else { return }
        table.records.gather(&self, of: fieldPath)
    }

    /// Notes fields a record has (a few dozen names are enough for a suggestion).
    package mutating func noteKeys(_ names: some Sequence<String>) {
        for name in names where keys.count < 64 && !keys.contains(name) { keys.append(name) }
    }

    /// The script's mistake when no record has the field.
    package func missingEverywhere(_ fieldPath: FieldPath, in path: String) -> (message: String, notes: [String])? {
        guard !found, sawRecords, case .key(let key)? = fieldPath.components.first else { return nil }
        guard !keys.isEmpty else { return nil }  // no objects at all: each record reports itself
        return (
            "no record of \(Path.basename(path)) has a field '\(key)'",
            [Suggestions.didYouMean(key, in: keys) ?? "the records' fields are " + keys.joined(separator: ", ")]
        )
    }
}

extension Command.Attribute {
    /// Where element `index` of a list value is (the whole value when the
    /// element's own place is not known), for errors about one element.
    package func elementSpan(_ index: Int) -> SourceSpan {
        elementSpans.indices.contains(index) ? elementSpans[index] : valueSpan
    }

    /// The span of the character `offset` characters into a text value (after
    /// its opening quote, when it was quoted), for errors in templates.
    package func templateSpan(at offset: Int) -> SourceSpan {
        guard case .text(let text) = value else { return valueSpan }
        let quoted = valueSpan.length >= text.count + 2
        var location = valueSpan.location
        location.column += (quoted ? 1 : 0) + offset
        return SourceSpan(location, length: 1)
    }
}

/// The lines of a text, by number, from an index of where each starts. A
/// CRLF, a lone LF or a lone CR (old Mac files) ends a line, as the CSV and
/// JSON parsers count them.
package struct SourceLines {
    private let utf8: [UInt8]
    /// Where each line starts.
    private var starts: [Int] = [0]
    /// Where each line but the last ends (its line break).
    private var ends: [Int] = []

    package init(_ text: String) {
        self.init(utf8: Array(text.utf8))
    }

    /// The lines of UTF-8 `utf8`.
    package init(utf8: [UInt8]) {
        self.utf8 = utf8
        var i = 0
        while i < utf8.count {
            let byte = utf8[i]
            i += 1
            guard byte == 0x0A || byte == 0x0D else { continue }
            ends.append(i - 1)
            if byte == 0x0D && i < utf8.count && utf8[i] == 0x0A { i += 1 }
            starts.append(i)
        }
    }

    /// Line `number` (from 1), without its line break; `nil` past the end.
    package func line(_ number: Int) -> String? {
        guard number >= 1, number <= starts.count else { return nil }
        let end = number <= ends.count ? ends[number - 1] : utf8.count
        return String(decoding: utf8[starts[number - 1]..<end], as: UTF8.self)
    }
}
