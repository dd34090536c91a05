@_spi(Host) import CellKit
import CellKitSupport
import WorkerProtocol

/// The records of a data file, JSON (an array) or CSV (a header row, then
/// one record per line), with positions for errors.
///
/// Missing values — a JSON `null`, an empty CSV field for an attribute that
/// is not a String — leave the attribute at its default.
package struct DataTable {
    package enum Storage {
        case json(JSONDocument, [JSONValue])
        case csv(CSVTable, CSVDelimiter)
    }

    package let path: String
    package private(set) var storage: Storage
    package let text: String
    /// The number of this table's first record in its file (a table may hold
    /// one chunk of a large file: ``DataFile``).
    package var recordBase = 0
    /// Where `text` lies in the file, when it is a chunk of it (``DataFile``):
    /// errors give the file's lines and columns.
    package var place: ChunkPlace?
    /// How many records a CSV table has when they were only counted, their
    /// fields not kept (``DataFile/countsOnly``); `nil` when they were kept.
    package var countedRecords: Int?
    /// The keys every record of a counted JSON table has, each with a
    /// scalar value (``DataFile/scalarKeys``).
    package var checkedKeys: [String] = []
    /// What the reader's ``DataFile/prepare`` made of this table, on the
    /// thread that read it (a worker: its rows' values).
    package var made: (any Sendable)?
    /// Errors of records that are not whole (a CSV record with more or fewer
    /// fields than the header), when the parse went on past them
    /// (``parse(_:text:format:positions:place:firstRecord:recordErrorLimit:)``),
    /// and how many more there are: the table's values are not checked
    /// until they are fixed.
    package var recordErrors: [Diagnostic] = []
    package var moreRecordErrors = 0
    /// Their values as text (`JSONValue.scalarText`), a list per record in
    /// the order of ``checkedKeys``, when kept for drawing (``DataFile/keepsScalarTexts``).
    package var keyTexts: [[String]] = []
    /// Where `text`'s lines start, once an error needs a source line.
    private let lines = LineCache()
    private final class LineCache {
        var index: SourceLines?
    }

    /// The records of a JSON chunk that `JSONRecordCheck` checked and
    /// counted, without parsing them: `count` records, each with a scalar
    /// value for every key of `keys`, and those values' texts when they
    /// were kept (`texts`, a list per record).
    package static func checkedJSON(
        path: String, count: Int, keys: [String], texts: [[String]] = [], recordBase: Int, place: ChunkPlace
    ) -> DataTable {
        var table = DataTable(path: path, storage: .json(JSONDocument(unpositioned: .array([])), []), text: "")
        table.countedRecords = count
        table.checkedKeys = keys
        table.keyTexts = texts
        table.recordBase = recordBase
        table.place = place
        return table
    }

    /// This table without its records (their count kept): what a reader
    /// that made its rows' values (``made``) from them holds on to.
    package func keepingOnlyTheCount() -> DataTable {
        var table = self
        table.countedRecords = count
        table.keyTexts = []
        switch storage {
        case .csv(let csv, let delimiter):
            table.storage = .csv(CSVTable(header: csv.header, records: []), delimiter)
        case .json:
            table.storage = .json(JSONDocument(unpositioned: .array([])), [])
        }
        return table
    }

    package var count: Int {
        switch storage {
        case .json(_, let records): countedRecords ?? records.count
        case .csv(let table, _): countedRecords ?? table.records.count
        }
    }

    /// Whether JSON record `record` is an object with every key of `keys`,
    /// none of them an array or an object (values text can be made of).
    package func hasScalarMembers(record: Int, _ keys: [String]) -> Bool {
        guard case .json(_, let records) = storage, case .object(let object) = records[record] else { return false }
        for key in keys {
            guard let index = object.index(forKey: key) else { return false }
            switch object[index].value {
            case .array, .object: return false
            default: continue
            }
        }
        return true
    }

    /// Why a data file could not be read as records.
    package enum OpenError: Error {
        /// It could not be read.
        case io(String)
        /// It is not a valid JSON array or CSV table.
        case data(Diagnostic)
    }

    /// Parses `text`, the records of the data file at `path` (all of them, or
    /// a chunk that ``DataFile`` cut, at `place`), in `format` (JSON Lines
    /// come as an array: ``RecordChunker``).
    ///
    /// Without `positions`, a JSON file is parsed without the position of
    /// each value (a third faster): for records already checked, whose
    /// errors (a file changed since) then point at the file's start.
    ///
    /// With a `recordErrorLimit` above 0, CSV records with more or fewer
    /// fields than the header do not stop the parse: the first
    /// `recordErrorLimit` are ``recordErrors``, the rest counted.
    package static func parse(
        _ path: String, text: String, format: RecordChunker.Format? = nil, positions: Bool = true,
        place: ChunkPlace? = nil, firstRecord: Int = 0, recordErrorLimit: Int = 0
    ) throws(OpenError) -> DataTable {
        let format = format ?? RecordChunker.Format(path: path)
        if case .csv(let delimiter) = format {
            do {
                var parser = CSVParser(delimiter: delimiter, firstRecord: firstRecord + 1)
                parser.fieldCountErrorLimit = recordErrorLimit
                let csv = try parser.parse(text)
                var table = DataTable(path: path, storage: .csv(csv, delimiter), text: text)
                table.place = place
                table.recordErrors = csv.fieldCountErrors.map { parseError(path, text, $0, place: place, notes: []) }
                table.moreRecordErrors = csv.moreFieldCountErrors
                return table
            } catch {
                throw .data(parseError(path, text, error, place: place, notes: []))
            }
        }
        let document: JSONDocument
        // Numbers keep their text: bound to text, one draws as the file writes it (`4134.0`, as from CSV).
        let parser = JSONParser(keepsNumberText: true)
        do {
            document =
                positions
                ? try parser.parseDocument(text) : JSONDocument(unpositioned: try parser.parse(text))
        } catch {
            let lower = path.lowercased()
            let named = lower.hasSuffix(".json") || lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson")
            throw .data(
                parseError(
                    path, text, error, place: place,
                    notes: named ? [] : ["(read as JSON: CSV files are named .csv)"]))
        }
        guard case .array(let records) = document.value else {
            let position = document.position(of: JSONPath())
            throw .data(
                dataError(
                    path, text, line: position?.line ?? 1, column: position?.column ?? 1, place: place,
                    "a data file holds an array of records, not \(document.value.kindDescription)",
                    notes: [
                        "write [{\"name\": \"Ada\"}, ...], one object per row; or one record per line, in a file named .jsonl (or with format=jsonl); or use a .csv file with a header row"
                    ]))
        }
        var table = DataTable(path: path, storage: .json(document, records), text: text)
        table.place = place
        return table
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

    // MARK: - Checks against every record

    /// A problem with a field reference that is the script's, not the data's:
    /// a CSV column that is not in the header, a JSON member no record has.
    package func missingEverywhere(_ fieldPath: FieldPath) -> (message: String, notes: [String])? {
        let file = Path.basename(path)
        switch storage {
        case .csv(let table, _):
            guard let key = fieldPath.topLevelKey else {
                return (
                    "\(fieldPath) is not a column of \(file)",
                    [
                        "a CSV record is a row of named columns: write ."
                            + (table.header.first.map { Lexer.isName($0) ? $0 : "\"\($0)\"" } ?? "name")
                    ]
                )
            }
            guard !table.header.contains(key) else { return nil }
            return (
                "\(file) has no column '\(key)'",
                [
                    Suggestions.didYouMean(key, in: table.header) ?? "its columns are "
                        + table.header.joined(separator: ", ")
                ]
            )
        case .json:
            var presence = FieldPresence()
            presence.add(self, fieldPath)
            return presence.missingEverywhere(fieldPath, in: path)
        }
    }

    /// Whether any record of a JSON file has a field, gathered a table (a
    /// chunk) at a time, with the fields the records do have, for the message.
    package struct FieldPresence {
        package private(set) var found = false
        package private(set) var sawRecords = false
        package private(set) var keys: [String] = []

        /// Notes what the records of `table` say about `fieldPath`.
        package mutating func add(_ table: DataTable, _ fieldPath: FieldPath) {
            guard !found, case .json(_, let records) = table.storage, case .key(let key)? = fieldPath.components.first
            else { return }
            if let counted = table.countedRecords {
                // Only checked: every record has the checked keys.
                if counted > 0 && table.checkedKeys.contains(key) && fieldPath.components.count == 1 {
                    sawRecords = true
                    found = true
                }
                return
            }
            sawRecords = sawRecords || !records.isEmpty
            for record in records {
                guard case .object(let object) = record else { continue }
                if object.index(forKey: key) != nil {
                    found = true
                    return
                }
                // A few dozen names are enough for a suggestion.
                for k in object.keys where keys.count < 64 && !keys.contains(k) { keys.append(k) }
            }
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

        package init(found: Bool = false, sawRecords: Bool = false, keys: [String] = []) {
            self.found = found
            self.sawRecords = sawRecords
            self.keys = keys
        }
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
            let field = try lookup(record: record, fieldPath, for: binding)
            switch field {
            case .missing:
                return nil
            case .text(let text, let line, let field):
                if text.isEmpty && type != .string { return nil }
                do {
                    return try type.parse(text)
                } catch {
                    let (column, length) = fieldSpan(field, line: line)
                    throw dataError(
                        line: line, column: column, length: length, "\(owner): \(error.message)",
                        notes: (error.fix.map { [$0] } ?? []) + [sourceNote(record, fieldPath, binding, type: type)])
                }
            case .json(let value, let path):
                return try convert(value, at: path, to: type, owner: owner, record: record, fieldPath, binding)
            }
        case .template(let template):
            let text = try template.text { path throws(Diagnostic) in
                try fieldText(record: record, path, for: binding) { "\(owner): \(path) in the text is \($0), not text" }
            }
            if type == .string { return .string(text) }
            do {
                return try type.parse(text)
            } catch {
                let position = recordPosition(record)
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
                        try fieldText(record: record, fieldPath, for: binding) { "\(owner): expected text, got \($0)" })
                case .list:
                    continue  // refused when the command ran
                }
            }
            return .strings(strings)
        case .list(let elements):
            return .numbers(try numbers(record: record, elements, for: binding, owner: owner))
        }
    }

    /// A `[Double]` list of numbers and fields of record `record`.
    private func numbers(record: Int, _ elements: [Command.Value], for binding: BoundAttribute, owner: String)
        throws(Diagnostic) -> [Double]
    {
        let type = binding.descriptor.type
        var numbers: [Double] = []
        for element in elements {
            switch element {
            case .text(let text):
                numbers.append(Double(text.trimmedForNumber) ?? 0)
            case .field(let fieldPath):
                let field = try lookup(record: record, fieldPath, for: binding)
                switch field {
                case .missing:
                    throw dataError(
                        line: recordPosition(record).line, column: recordPosition(record).column, length: 1,
                        "\(owner): record \(recordBase + record + 1) has no value for \(fieldPath)",
                        notes: ["every element of \(binding.written) must be a number"])
                case .text(let text, let line, let field):
                    guard let number = Double(text.trimmedForNumber), number.isFinite else {
                        let (column, length) = fieldSpan(field, line: line)
                        throw dataError(
                            line: line, column: column, length: length,
                            "\(owner): expected a number, got '\(text)'",
                            notes: [sourceNote(record, fieldPath, binding, type: type)])
                    }
                    numbers.append(number)
                case .json(let value, let path):
                    guard let number = value.doubleValue else {
                        let position = position(of: path.jsonPath)
                        throw dataError(
                            line: position.line, column: position.column, length: tokenLength(at: position),
                            "\(owner): expected a number, got \(value.kindDescription)",
                            notes: [sourceNote(record, fieldPath, binding, type: type)])
                    }
                    numbers.append(number)
                }
            case .list:
                continue  // checked when the command ran
            }
        }
        return numbers
    }

    /// A field of a record as text (a template's, a [String] list's): CSV
    /// text, a JSON scalar written out, empty for a missing value; an array or
    /// an object is an error, worded by `message` from what it is.
    private func fieldText(
        record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute, message: (String) -> String
    ) throws(Diagnostic) -> String {
        switch try lookup(record: record, fieldPath, for: binding) {
        case .missing: return ""
        case .text(let text, _, _): return text
        case .json(let value, let path):
            guard let text = value.scalarText else {
                let position = position(of: path.jsonPath)
                throw dataError(
                    line: position.line, column: position.column, length: 1, message(value.kindDescription),
                    notes: [sourceNote(record, fieldPath, binding, type: binding.descriptor.type)])
            }
            return text
        }
    }

    /// A field of a record: CSV text, or a JSON value.
    package enum Field {
        case missing
        /// A CSV field: its text, its line, which field of the line it is.
        case text(String, line: Int, field: Int)
        case json(JSONValue, ValuePath)
    }

    private func lookup(record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute) throws(Diagnostic) -> Field {
        switch storage {
        case .csv(let table, _):
            guard record < table.records.count else { return .missing }  // counted only: no fields
            let row = table.records[record]
            // Checked against the header when the command ran.
            guard case .key(let key)? = fieldPath.components.first, let index = table.header.firstIndex(of: key) else {
                return .missing
            }
            let text = index < row.fields.count ? row.fields[index] : ""
            return .text(text, line: row.line, field: index)
        case .json(_, let records):
            guard record < records.count else { return .missing }  // checked only: no records
            var value = records[record]
            for (depth, component) in fieldPath.components.enumerated() {
                // The path so far, made only for an error.
                var jsonPath: JSONPath { ValuePath(record: record, fieldPath: fieldPath, depth: depth).jsonPath }
                switch component {
                case .key(let key):
                    guard case .object(let object) = value, let index = object.index(forKey: key) else {
                        let position = position(of: jsonPath)
                        let what: String
                        var notes: [String] = []
                        if case .object(let object) = value {
                            what = "has no field '\(key)'"
                            notes.append(
                                Suggestions.didYouMean(key, in: object.keys)
                                    ?? (object.keys.isEmpty
                                        ? "it is empty" : "its fields are " + object.keys.joined(separator: ", ")))
                        } else {
                            what = "is \(value.kindDescription), not an object with a field '\(key)'"
                        }
                        notes.append(
                            "add it, or use null to leave \(binding.attribute.name) at its default (from \(binding.written))"
                        )
                        throw dataError(
                            line: position.line, column: position.column, length: tokenLength(at: position),
                            "\(describe(jsonPath, record: record)) \(what)", notes: notes)
                    }
                    value = object[index].value
                case .index(let i):
                    guard case .array(let elements) = value, elements.indices.contains(i) else {
                        let position = position(of: jsonPath)
                        let what: String =
                            if case .array(let elements) = value {
                                "has no element [\(i)]: it has \(elements.count)"
                            } else {
                                "is \(value.kindDescription), not an array"
                            }
                        throw dataError(
                            line: position.line, column: position.column, length: tokenLength(at: position),
                            "\(describe(jsonPath, record: record)) \(what)", notes: ["from \(binding.written)"])
                    }
                    value = elements[i]
                }
            }
            let path = ValuePath(record: record, fieldPath: fieldPath, depth: fieldPath.components.count)
            return value == .null ? .missing : .json(value, path)
        }
    }

    private func convert(
        _ value: JSONValue, at path: ValuePath, to type: AttributeType, owner: String, record: Int,
        _ fieldPath: FieldPath, _ binding: BoundAttribute
    ) throws(Diagnostic) -> AttributeValue {
        // Positions and notes are made only for an error: finding a position walks the document.
        var jsonPath: JSONPath { path.jsonPath }
        var position: (line: Int, column: Int) { self.position(of: jsonPath) }
        var note: String { sourceNote(record, fieldPath, binding, type: type) }
        switch value {
        case .array(let elements):
            guard type == .numbers else {
                throw dataError(
                    line: position.line, column: position.column, length: 1,
                    "\(owner): expected \(type.articleName), got an array", notes: [note])
            }
            var numbers: [Double] = []
            for (i, element) in elements.enumerated() {
                guard let number = element.doubleValue else {
                    let at = self.position(of: jsonPath.appending(.index(i)))
                    throw dataError(
                        line: at.line, column: at.column, length: tokenLength(at: at),
                        "\(owner): element \(i) is \(element.kindDescription), not a number",
                        notes: ["write numbers like [1, 2.5, 3]", note])
                }
                numbers.append(number)
            }
            return .numbers(numbers)
        case .object:
            throw dataError(
                line: position.line, column: position.column, length: 1,
                "\(owner): expected \(type.articleName), got an object", notes: [note])
        default:
            do {
                return try type.convert(Self.attributeValue(value, as: type))
            } catch {
                throw dataError(
                    line: position.line, column: position.column, length: tokenLength(at: position),
                    "\(owner): \(error.message)", notes: (error.fix.map { [$0] } ?? []) + [note])
            }
        }
    }

    /// A JSON scalar as an attribute value, before conversion to `type`: a
    /// number kept as written is its text for a text attribute (`4134.0`
    /// draws `4134.0`, as a CSV field does), its value for any other.
    package static func attributeValue(_ value: JSONValue, as type: AttributeType) -> AttributeValue {
        switch value {
        case .null: .string("")
        case .bool(let b): .bool(b)
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        case .number(let text) where type == .string || type == .strings: .string(text)
        case .number: value.doubleValue.map(AttributeValue.double) ?? .string("")
        case .string(let s): .string(s)
        case .array, .object: .string("")
        }
    }

    /// "WeatherCell.temperature is an Int; record 2, field .temp, from temperature=.temp".
    private func sourceNote(_ record: Int, _ fieldPath: FieldPath, _ binding: BoundAttribute, type: AttributeType)
        -> String
    {
        "record \(recordBase + record + 1), field \(fieldPath), for \(binding.written): \(binding.attribute.name) is \(type.articleName)"
    }

    /// "record 3" or "record 3's .address".
    private func describe(_ jsonPath: JSONPath, record: Int) -> String {
        let inner = FieldPath(
            jsonPath.components.dropFirst().map { component -> FieldPath.Component in
                switch component {
                case .key(let key): .key(key)
                case .index(let i): .index(i)
                }
            })
        return inner.components.isEmpty
            ? "record \(recordBase + record + 1)" : "record \(recordBase + record + 1)'s \(inner)"
    }

    // MARK: - Positions

    private func position(of jsonPath: JSONPath) -> (line: Int, column: Int) {
        guard case .json(let document, _) = storage, let position = document.position(of: jsonPath) else {
            return (1, 1)
        }
        return (position.line, position.column)
    }

    private func recordPosition(_ record: Int) -> (line: Int, column: Int) {
        switch storage {
        case .csv(let table, _): (table.records[record].line, 1)
        case .json: position(of: JSONPath([.index(record)]))
        }
    }

    /// How many columns the JSON scalar at `position` covers (a string with
    /// its quotes, a number, `true`...), for the caret line; 1 for an array or
    /// an object.
    private func tokenLength(at position: (line: Int, column: Int)) -> Int {
        guard let line = self.line(position.line) else { return 1 }
        let rest = line.dropFirst(position.column - 1)
        guard let first = rest.first else { return 1 }
        if first == "[" || first == "{" { return 1 }
        if first == "\"" {
            var escaped = false
            var length = 1
            for character in rest.dropFirst() {
                length += 1
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    return length
                }
            }
            return 1
        }
        let length = rest.prefix { !",]} \t\r".contains($0) }.count
        return max(1, length)
    }

    /// The column and width of field `index` on CSV line `line` (quotes
    /// included), for the caret line.
    private func fieldSpan(_ index: Int, line: Int) -> (column: Int, length: Int) {
        guard case .csv(_, let delimiter) = storage, let source = self.line(line) else { return (1, 1) }
        let separator: Character = delimiter == .tab ? "\t" : delimiter == .semicolon ? ";" : ","
        var field = 0
        var inQuotes = false
        var column = 1
        var start = 1
        for character in source {
            if character == "\"" {
                inQuotes.toggle()
            } else if character == separator && !inQuotes {
                if field == index { return (start, max(1, column - start)) }
                field += 1
                start = column + 1
            }
            column += 1
        }
        return field == index ? (start, max(1, column - start)) : (column, 1)
    }

    // MARK: - Diagnostics

    package static func line(_ number: Int, of text: String) -> String? {
        SourceLines(text).line(number)
    }

    /// Line `number` of the table's text, found through an index of line
    /// starts made at the first error (a file with an error in every record
    /// must not cost a scan of the text per error).
    private func line(_ number: Int) -> String? {
        if lines.index == nil { lines.index = SourceLines(text) }
        return lines.index?.line(number)
    }

    private func dataError(line: Int, column: Int, length: Int, _ message: String, notes: [String]) -> Diagnostic {
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

extension JSONValue {
    /// A string, number or Boolean as text (`null` as empty text); `nil` for an array or an object.
    /// A number kept as written (a data file's) is its text.
    package var scalarText: String? {
        switch self {
        case .null: ""
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .double(let d): AttributeValue.double(d).description
        case .number(let text): text
        case .string(let s): s
        case .array, .object: nil
        }
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
        utf8 = Array(text.utf8)
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

/// Where a value is in a JSON data file: record `record`, then the first
/// `depth` components of `fieldPath`. Made into a `JSONPath` only when an
/// error needs its position (reading a value allocates no path).
package struct ValuePath {
    package let record: Int
    package let fieldPath: FieldPath
    package let depth: Int

    package var jsonPath: JSONPath {
        JSONPath(
            [.index(record)]
                + fieldPath.components.prefix(depth).map { component -> JSONPath.Component in
                    switch component {
                    case .key(let key): .key(key)
                    case .index(let i): .index(i)
                    }
                })
    }
}
