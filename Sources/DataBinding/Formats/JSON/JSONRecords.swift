@_spi(Host) import CellKit
import CellKitSupport
import WorkerProtocol

/// The records of a JSON chunk, parsed: the elements of its array (a JSON
/// array's, or the one JSON Lines make: ``JSONCutScanner/arrayOfLines(_:)``),
/// with the document that knows where each value is, when the parse kept
/// positions. Errors name a value by its path in the record ("record 3's
/// .address") at its place in the file.
struct JSONRecords: ChunkRecords {
    let document: JSONDocument
    let records: [JSONValue]

    var count: Int { records.count }

    func keepingOnlyTheCount() -> any ChunkRecords { CountedRecords(count: count) }

    /// Parses `bytes`, a JSON array of records (the file's, or a chunk's at
    /// `place`); without `positions`, without the position of each value (a
    /// third faster: for records already checked, or checked again with
    /// positions for their errors).
    static func parse(_ bytes: [UInt8], path: String, positions: Bool, place: ChunkPlace?)
        throws(DataTable.OpenError) -> DataTable
    {
        // One validating pass makes the text; ill-formed UTF-8 is the parser's error, with its place.
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DataTable.notUTF8(bytes, path: path, place: place) { bytes throws(PositionedError) in
                _ = try JSONParser().parse(bytes)
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
            let named = [JSONArrayFormat() as any RecordFormat, JSONLinesFormat()].contains { $0.claims(path) }
            throw .data(
                DataTable.parseError(
                    path, text, error, place: place,
                    notes: named ? [] : ["(read as JSON: CSV files are named .csv)"]))
        }
        guard case .array(let records) = document.value else {
            let position = document.position(of: JSONPath())
            throw .data(
                DataTable.dataError(
                    path, text, line: position?.line ?? 1, column: position?.column ?? 1, place: place,
                    "a data file holds an array of records, not \(document.value.kindDescription)",
                    notes: [
                        "write [{\"name\": \"Ada\"}, ...], one object per row; or one record per line, in a file named .jsonl (or with format=jsonl); or use a .csv file with a header row"
                    ]))
        }
        return DataTable(
            path: path, records: JSONRecords(document: document, records: records), text: text,
            positioned: positions, place: place)
    }

    /// What is wrong with a record of JSON larger than the limit, whose
    /// start is `head`: the start parsed alone, an error before the end of
    /// what was read is the file's; else a bracket or a quote left open.
    static func largeRecord(head: [UInt8], text: String, place: ChunkPlace) -> LargeRecordVerdict {
        // (A record of an array is parsed as it is; JSON Lines' next line would be a second value.)
        do {
            _ = try JSONParser().parse(head)
        } catch {
            // Not an error of the cut itself: the input ending inside a string or a container
            // (at the start of what is open), or near the end (a number or a literal cut short).
            let cutShort =
                error.message == "unterminated string" || error.message.hasPrefix("unexpected end of input")
                || error.position.offset >= head.count - 64
            if !cutShort {
                return .error(DataTable.parseError(place.path, text, error, place: place, notes: []))
            }
        }
        return .tooLarge(notes: [
            "a bracket or a quote left open makes the rest of the file one record: check the brackets and quotes of the record that starts here"
        ])
    }

    // MARK: Values

    func value(record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute, owner: String, in table: DataTable)
        throws(Diagnostic) -> AttributeValue?
    {
        guard let (value, path) = try lookup(record: record, fieldPath, for: binding, in: table) else { return nil }
        let type = binding.descriptor.type
        // Positions and notes are made only for an error: finding a position walks the document.
        var jsonPath: JSONPath { path.jsonPath }
        var position: (line: Int, column: Int) { self.position(of: jsonPath) }
        var note: String { table.sourceNote(record, fieldPath, binding, type: type) }
        switch value {
        case .array(let elements):
            guard type == .numbers else {
                throw table.dataError(
                    line: position.line, column: position.column, length: 1,
                    "\(owner): expected \(type.articleName), got an array", notes: [note])
            }
            var numbers: [Double] = []
            for (i, element) in elements.enumerated() {
                guard let number = element.doubleValue else {
                    let at = self.position(of: jsonPath.appending(.index(i)))
                    throw table.dataError(
                        line: at.line, column: at.column, length: tokenLength(at: at, in: table),
                        "\(owner): element \(i) is \(element.kindDescription), not a number",
                        notes: ["write numbers like [1, 2.5, 3]", note])
                }
                numbers.append(number)
            }
            return .numbers(numbers)
        case .object:
            throw table.dataError(
                line: position.line, column: position.column, length: 1,
                "\(owner): expected \(type.articleName), got an object", notes: [note])
        default:
            do {
                return try type.convert(Self.attributeValue(value, as: type))
            } catch {
                throw table.dataError(
                    line: position.line, column: position.column, length: tokenLength(at: position, in: table),
                    "\(owner): \(error.message)", notes: (error.fix.map { [$0] } ?? []) + [note])
            }
        }
    }

    func fieldText(
        record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute, in table: DataTable,
        message: (String) -> String
    ) throws(Diagnostic) -> String {
        guard let (value, path) = try lookup(record: record, fieldPath, for: binding, in: table) else { return "" }
        guard let text = value.scalarText else {
            let position = position(of: path.jsonPath)
            throw table.dataError(
                line: position.line, column: position.column, length: 1, message(value.kindDescription),
                notes: [table.sourceNote(record, fieldPath, binding, type: binding.descriptor.type)])
        }
        return text
    }

    func number(record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute, owner: String, in table: DataTable)
        throws(Diagnostic) -> Double
    {
        guard let (value, path) = try lookup(record: record, fieldPath, for: binding, in: table) else {
            throw table.noValue(record: record, fieldPath, for: binding, owner: owner)
        }
        guard let number = value.doubleValue else {
            let position = position(of: path.jsonPath)
            throw table.dataError(
                line: position.line, column: position.column, length: tokenLength(at: position, in: table),
                "\(owner): expected a number, got \(value.kindDescription)",
                notes: [table.sourceNote(record, fieldPath, binding, type: binding.descriptor.type)])
        }
        return number
    }

    func position(ofRecord record: Int, in table: DataTable) -> (line: Int, column: Int) {
        position(of: JSONPath([.index(record)]))
    }

    /// A JSON scalar as an attribute value, before conversion to `type`: a
    /// number kept as written is its text for a text attribute (`4134.0`
    /// draws `4134.0`, as a CSV field does), its value for any other.
    static func attributeValue(_ value: JSONValue, as type: AttributeType) -> AttributeValue {
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

    /// Field `fieldPath` of record `record` and where it is; `nil` for a
    /// `null`. A path that leads nowhere (a member the record lacks, an
    /// index past an array's end) is an error there.
    private func lookup(record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute, in table: DataTable)
        throws(Diagnostic) -> (JSONValue, ValuePath)?
    {
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
                    throw table.dataError(
                        line: position.line, column: position.column, length: tokenLength(at: position, in: table),
                        "\(describe(jsonPath, record: record, in: table)) \(what)", notes: notes)
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
                    throw table.dataError(
                        line: position.line, column: position.column, length: tokenLength(at: position, in: table),
                        "\(describe(jsonPath, record: record, in: table)) \(what)",
                        notes: ["from \(binding.written)"])
                }
                value = elements[i]
            }
        }
        return value == .null
            ? nil : (value, ValuePath(record: record, fieldPath: fieldPath, depth: fieldPath.components.count))
    }

    /// "record 3" or "record 3's .address".
    private func describe(_ jsonPath: JSONPath, record: Int, in table: DataTable) -> String {
        let inner = FieldPath(
            jsonPath.components.dropFirst().map { component -> FieldPath.Component in
                switch component {
                case .key(let key): .key(key)
                case .index(let i): .index(i)
                }
            })
        let number = table.recordBase + record + 1
        return inner.components.isEmpty ? "record \(number)" : "record \(number)'s \(inner)"
    }

    // MARK: Positions

    private func position(of jsonPath: JSONPath) -> (line: Int, column: Int) {
        guard let position = document.position(of: jsonPath) else { return (1, 1) }
        return (position.line, position.column)
    }

    /// How many columns the JSON scalar at `position` covers (a string with
    /// its quotes, a number, `true`...), for the caret line; 1 for an array or
    /// an object.
    private func tokenLength(at position: (line: Int, column: Int), in table: DataTable) -> Int {
        guard let line = table.line(position.line) else { return 1 }
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

    // MARK: Text, the quick way

    func text(ofRecord record: Int, key: String, hint: Int) -> String? {
        guard case .object(let object) = records[record] else { return nil }
        if hint < object.count, object[hint].key == key { return object[hint].value.scalarText }
        // A record without it is an error, said the general way.
        guard let index = object.index(forKey: key) else { return nil }
        return object[index].value.scalarText
    }

    func hint(forKey key: String) -> Int {
        guard case .object(let object)? = records.first else { return 0 }
        return object.index(forKey: key) ?? 0
    }

    // MARK: The check

    func gather(_ presence: inout FieldPresence, of fieldPath: FieldPath) {
        guard case .key(let key)? = fieldPath.components.first else { return }
        presence.sawRecords = presence.sawRecords || !records.isEmpty
        for record in records {
            guard case .object(let object) = record else { continue }
            if object.index(forKey: key) != nil {
                presence.found = true
                return
            }
            presence.noteKeys(object.keys)
        }
    }

    func alwaysFits(_ binding: BoundAttribute) -> Bool { false }

    /// Text from top-level members that are there and not arrays or objects cannot fail.
    func fits(_ binding: BoundAttribute, record: Int) -> Bool? {
        binding.textKeys.map { hasScalarMembers(record: record, $0) }
    }

    /// Whether record `record` is an object with every key of `keys`, none
    /// of them an array or an object (values text can be made of).
    private func hasScalarMembers(record: Int, _ keys: [String]) -> Bool {
        guard case .object(let object) = records[record] else { return false }
        for key in keys {
            guard let index = object.index(forKey: key) else { return false }
            switch object[index].value {
            case .array, .object: return false
            default: continue
            }
        }
        return true
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

/// Where a value is in a JSON data file: record `record`, then the first
/// `depth` components of `fieldPath`. Made into a `JSONPath` only when an
/// error needs its position (reading a value allocates no path).
struct ValuePath {
    let record: Int
    let fieldPath: FieldPath
    let depth: Int

    var jsonPath: JSONPath {
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

// MARK: - Sorted and filtered rows

extension JSONRecords {
    /// The value at `fieldPath`; nothing where the path leads nowhere.
    func rowValue(record: Int, _ fieldPath: FieldPath) -> RowValue {
        var value = records[record]
        for component in fieldPath.components {
            switch component {
            case .key(let key):
                guard let member = value[key] else { return .null }
                value = member
            case .index(let index):
                guard let element = value[index] else { return .null }
                value = element
            }
        }
        switch value {
        case .null: return .null
        case .bool(let bool): return .value(text: bool ? "true" : "false", number: nil)
        case .int(let int): return .value(text: String(int), number: Double(int))
        case .double(let double): return .value(text: double.description, number: double)
        case .number(let text): return .value(text: text, number: value.doubleValue)
        case .string(let text): return RowValue(text)
        case .array, .object: return .nested(value.kindDescription)
        }
    }

    /// Each record is written on a line of its own: JSON Lines.
    var derivedFormat: String { JSONLinesFormat().name }

    func derivedHeader() -> [UInt8] { [] }

    func appendDerived(record: Int, to bytes: inout [UInt8]) {
        // A parsed value always serializes (no number in JSON is infinite).
        bytes += (try? records[record].serializedBytes(.compact)) ?? Array("null".utf8)
        bytes.append(0x0A)
    }
}
