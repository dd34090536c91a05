@_spi(Host) import CellKit
import CellKitSupport
import PluginHost

// MARK: - rows CELL from FILE

extension Interpreter {
    /// How many errors in one data file are reported before the rest are counted.
    static let maximumDataErrors = 10

    func rows(_ c: ValidatedCommand) throws(ConsoleError) {
        let index = try currentScreenIndex(c)
        guard let cellArgument = c.arguments["cell"], let fileArgument = c.arguments["file"] else { return }
        let item = try resolve(cellArgument.text, kinds: Self.rowKinds, c, at: cellArgument.span)

        // The mappings: attr=.field, attr=[.a, 2, .b], or attr=value for every row.
        var mappings: [Binding.Mapping] = []
        var bound: [BoundAttribute] = []
        var errors: [Diagnostic] = []
        for attribute in c.attributes {
            guard let descriptor = descriptor(attribute, of: item, c, errors: &errors) else { continue }
            switch attribute.value {
            case .field(let path):
                mappings.append(.field(attribute: attribute.name, path: path))
                bound.append(BoundAttribute(attribute: attribute, descriptor: descriptor, source: .field(path)))
            case .list(let elements) where attribute.value.containsField:
                let strings = descriptor.type == .strings
                guard descriptor.type == .numbers || strings else {
                    errors.append(
                        c.command.diagnostic(
                            "\(attribute.name)=: a list is not \(descriptor.type.articleName)", at: attribute.valueSpan,
                            notes: [
                                "lists are for [Double] and [String] attributes; \(item.name).\(attribute.name) is \(descriptor.type.articleName)"
                            ]))
                    continue
                }
                var elementsOK = true
                for (i, element) in elements.enumerated() {
                    switch element {
                    case .field: continue
                    case .text where strings: continue
                    case .text(let text) where Double(text.trimmedForNumber)?.isFinite == true: continue
                    case .list where strings:
                        let span =
                            attribute.elementSpans.indices.contains(i) ? attribute.elementSpans[i] : attribute.valueSpan
                        errors.append(
                            c.command.diagnostic(
                                "\(attribute.name)=: a list inside a list is not text", at: span,
                                notes: ["each element is text or a field reference: [.id, .name, \"n/a\"]"]))
                        elementsOK = false
                    default:
                        let span =
                            attribute.elementSpans.indices.contains(i) ? attribute.elementSpans[i] : attribute.valueSpan
                        errors.append(
                            c.command.diagnostic(
                                "\(attribute.name)=: '\(element)' is not a number", at: span,
                                notes: ["each element is a number or a field reference: [.min, 0.5, .max]"]))
                        elementsOK = false
                    }
                }
                guard elementsOK else { continue }
                mappings.append(.list(attribute: attribute.name, elements: elements))
                bound.append(BoundAttribute(attribute: attribute, descriptor: descriptor, source: .list(elements)))
            case .text(let text) where text.contains("{."):
                // A template: text made of each record's fields.
                do {
                    if let template = try TextTemplate.parse(text) {
                        mappings.append(.template(attribute: attribute.name, text: text))
                        bound.append(
                            BoundAttribute(attribute: attribute, descriptor: descriptor, source: .template(template)))
                    }
                } catch {
                    errors.append(
                        c.command.diagnostic(
                            "\(attribute.name)=: \(error.message)", at: attribute.templateSpan(at: error.offset),
                            notes: [error.fix]))
                }
            default:
                do {
                    let value = try value(of: attribute, as: descriptor.type)
                    mappings.append(.constant(AttributeSetting(name: attribute.name, value: value)))
                } catch {
                    errors.append(error.diagnostic(c, attribute, descriptor: descriptor, owner: item.name))
                }
            }
        }
        if !errors.isEmpty { throw ConsoleError(.script, errors) }

        let path = dataOverride ?? resolvePath(fileArgument.text)
        let table = try DataTable.read(path, c, at: fileArgument.span, maximumBytes: limits.dataFileBytes)

        // A field that no record has is a mistake in the script, not in the data.
        let replaced =
            dataOverride.map {
                ["(\(Path.basename($0)) is read instead of \(Path.basename(fileArgument.text)): --data)"]
            } ?? []
        for binding in bound {
            for (fieldPath, span) in binding.fieldPaths {
                if let problem = table.missingEverywhere(fieldPath) {
                    errors.append(c.command.diagnostic(problem.message, at: span, notes: problem.notes + replaced))
                }
            }
        }
        if !errors.isEmpty { throw ConsoleError(.script, errors) }

        // Every record is checked now; the rows keep only where they come from.
        var dataErrors: [Diagnostic] = []
        var moreErrors = 0
        for record in 0..<table.count {
            for binding in bound {
                do {
                    _ = try table.value(record: record, for: binding, cell: item.name)
                } catch {
                    if dataErrors.count < Self.maximumDataErrors {
                        dataErrors.append(error)
                    } else {
                        moreErrors += 1
                    }
                }
            }
        }
        if !dataErrors.isEmpty {
            if moreErrors > 0 {
                dataErrors[dataErrors.count - 1].notes.append(
                    "\(moreErrors) more error\(moreErrors == 1 ? "" : "s") in \(table.path) not shown")
            }
            throw ConsoleError(.script, dataErrors)
        }
        guard let identity = DataFileIdentity(of: path) else {
            throw ConsoleError(.io, c.command.diagnostic("\(path) went away while it was read", at: fileArgument.span))
        }
        let binding = Binding(
            cell: CellReference(written: cellArgument.text, qualified: item.qualifiedName), file: fileArgument.text,
            path: canonicalFilePath(path), mappings: mappings, count: table.count, identity: identity)
        let section = session.screens[index].currentSectionIndex()
        session.screens[index].sections[section].rows.append(.bound(binding))
    }
}

/// An attribute of `rows` that takes its value from each record.
struct BoundAttribute {
    enum Source {
        /// `attr=.field`
        case field(FieldPath)
        /// `attr=[.a, 2, .b]`: numbers and fields.
        case list([Command.Value])
        /// `attr="{.name} ({.title})"`: text and fields.
        case template(TextTemplate)
    }

    let attribute: Command.Attribute
    let descriptor: AttributeInfo
    let source: Source

    /// Every field reference, with where it is in the script.
    var fieldPaths: [(FieldPath, SourceSpan)] {
        switch source {
        case .field(let path):
            return [(path, attribute.valueSpan)]
        case .list(let elements):
            return elements.enumerated().compactMap { i, element in
                guard case .field(let path) = element else { return nil }
                let span = attribute.elementSpans.indices.contains(i) ? attribute.elementSpans[i] : attribute.valueSpan
                return (path, span)
            }
        case .template(let template):
            return template.fields.map { ($0.path, attribute.templateSpan(at: $0.offset)) }
        }
    }

    /// `temperature=.temp`, as the script wrote it, for notes.
    var written: String { "\(attribute.name)=\(Script.format(attribute.value))" }
}

/// The records of a data file, JSON (an array) or CSV (a header row, then
/// one record per line), with positions for errors.
///
/// Missing values — a JSON `null`, an empty CSV field for an attribute that
/// is not a String — leave the attribute at its default.
struct DataTable {
    enum Storage {
        case json(JSONDocument, [JSONValue])
        case csv(CSVTable, CSVDelimiter)
    }

    let path: String
    let storage: Storage
    let text: String

    var count: Int {
        switch storage {
        case .json(_, let records): records.count
        case .csv(let table, _): table.records.count
        }
    }

    /// Whether `path` names a CSV (or, with `.tsv`, tab-separated) file.
    static func isCSV(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".csv") || lower.hasSuffix(".tsv")
    }

    /// Reads and parses a data file: a regular file of at most `maximumBytes`
    /// (a device such as `/dev/zero`, a FIFO or a directory is refused before
    /// anything is read; docs/limits.md).
    static func read(
        _ path: String, _ c: ValidatedCommand, at span: SourceSpan,
        maximumBytes: Int = InputLimits.defaultDataFileBytes
    ) throws(ConsoleError) -> DataTable {
        do {
            return try open(path, maximumBytes: maximumBytes)
        } catch {
            switch error {
            case .io(let message): throw ConsoleError(.io, c.command.diagnostic(message, at: span))
            case .data(let diagnostic): throw ConsoleError(.script, diagnostic)
            }
        }
    }

    /// Why a data file could not be read as records.
    enum OpenError: Error {
        /// It could not be read.
        case io(String)
        /// It is not a valid JSON array or CSV table.
        case data(Diagnostic)
    }

    /// Reads and parses the data file at `path`.
    static func open(_ path: String, maximumBytes: Int = InputLimits.defaultDataFileBytes) throws(OpenError)
        -> DataTable
    {
        let text: String
        do {
            text = try readLimitedTextFile(path, maximumBytes: maximumBytes, what: "data file")
        } catch {
            throw .io(error.description)
        }
        if isCSV(path) {
            let delimiter: CSVDelimiter = path.lowercased().hasSuffix(".tsv") ? .tab : .comma
            do {
                return DataTable(
                    path: path, storage: .csv(try CSVParser(delimiter: delimiter).parse(text), delimiter), text: text)
            } catch {
                throw .data(
                    dataError(
                        path, text, line: error.position.line, column: error.position.column, error.message,
                        notes: error.fix.map { [$0] } ?? []))
            }
        }
        let document: JSONDocument
        do {
            document = try JSONParser().parseDocument(text)
        } catch {
            throw .data(
                dataError(
                    path, text, line: error.position.line, column: error.position.column, error.message,
                    notes: (error.fix.map { [$0] } ?? [])
                        + (path.lowercased().hasSuffix(".json") ? [] : ["(read as JSON: CSV files are named .csv)"])))
        }
        guard case .array(let records) = document.value else {
            throw .data(
                dataError(
                    path, text, line: document.position(of: JSONPath())?.line ?? 1,
                    column: document.position(of: JSONPath())?.column ?? 1,
                    "a data file holds an array of records, not \(document.value.kindDescription)",
                    notes: [
                        "write [{\"name\": \"Ada\"}, ...], one object per row, or use a .csv file with a header row"
                    ]))
        }
        return DataTable(path: path, storage: .json(document, records), text: text)
    }

    // MARK: - Checks against every record

    /// A problem with a field reference that is the script's, not the data's:
    /// a CSV column that is not in the header, a JSON member no record has.
    func missingEverywhere(_ fieldPath: FieldPath) -> (message: String, notes: [String])? {
        let file = Path.basename(path)
        switch storage {
        case .csv(let table, _):
            guard fieldPath.components.count == 1, case .key(let key) = fieldPath.components[0] else {
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
        case .json(_, let records):
            guard case .key(let key)? = fieldPath.components.first, !records.isEmpty else { return nil }
            var keys: [String] = []
            for record in records {
                guard case .object(let object) = record else { continue }
                if object.index(forKey: key) != nil { return nil }
                for k in object.keys where !keys.contains(k) { keys.append(k) }
            }
            guard !keys.isEmpty else { return nil }  // no objects at all: each record reports itself
            return (
                "no record of \(file) has a field '\(key)'",
                [Suggestions.didYouMean(key, in: keys) ?? "the records' fields are " + keys.joined(separator: ", ")]
            )
        }
    }

    // MARK: - Values

    /// The value of a bound attribute in record `record`, as the attribute's
    /// type; `nil` for a missing value (the attribute keeps its default).
    func value(record: Int, for binding: BoundAttribute, cell: String) throws(Diagnostic) -> AttributeValue? {
        let type = binding.descriptor.type
        let owner = "\(cell).\(binding.attribute.name)"
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
            case .json(let value, let jsonPath):
                return try convert(value, at: jsonPath, to: type, owner: owner, record: record, fieldPath, binding)
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
                            "\(owner): record \(record + 1) has no value for \(fieldPath)",
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
                    case .json(let value, let jsonPath):
                        guard let number = value.doubleValue else {
                            let position = position(of: jsonPath)
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
            return .numbers(numbers)
        }
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
        case .json(let value, let jsonPath):
            guard let text = value.scalarText else {
                let position = position(of: jsonPath)
                throw dataError(
                    line: position.line, column: position.column, length: 1, message(value.kindDescription),
                    notes: [sourceNote(record, fieldPath, binding, type: binding.descriptor.type)])
            }
            return text
        }
    }

    /// A field of a record: CSV text, or a JSON value.
    enum Field {
        case missing
        /// A CSV field: its text, its line, which field of the line it is.
        case text(String, line: Int, field: Int)
        case json(JSONValue, JSONPath)
    }

    private func lookup(record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute) throws(Diagnostic) -> Field {
        switch storage {
        case .csv(let table, _):
            let row = table.records[record]
            // Checked against the header when the command ran.
            guard case .key(let key)? = fieldPath.components.first, let index = table.header.firstIndex(of: key) else {
                return .missing
            }
            let text = index < row.fields.count ? row.fields[index] : ""
            return .text(text, line: row.line, field: index)
        case .json(_, let records):
            var jsonPath = JSONPath([.index(record)])
            var value = records[record]
            for component in fieldPath.components {
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
                    jsonPath = jsonPath.appending(.key(key))
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
                    jsonPath = jsonPath.appending(.index(i))
                    value = elements[i]
                }
            }
            return value == .null ? .missing : .json(value, jsonPath)
        }
    }

    private func convert(
        _ value: JSONValue, at jsonPath: JSONPath, to type: AttributeType, owner: String, record: Int,
        _ fieldPath: FieldPath, _ binding: BoundAttribute
    ) throws(Diagnostic) -> AttributeValue {
        // Positions and notes are made only for an error: finding a position walks the document.
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
                return try type.convert(Self.attributeValue(value))
            } catch {
                throw dataError(
                    line: position.line, column: position.column, length: tokenLength(at: position),
                    "\(owner): \(error.message)", notes: (error.fix.map { [$0] } ?? []) + [note])
            }
        }
    }

    /// A JSON scalar as an attribute value, before conversion to the attribute's type.
    static func attributeValue(_ value: JSONValue) -> AttributeValue {
        switch value {
        case .null: .string("")
        case .bool(let b): .bool(b)
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        case .string(let s): .string(s)
        case .array, .object: .string("")
        }
    }

    /// "WeatherCell.temperature is an Int; record 2, field .temp, from temperature=.temp".
    private func sourceNote(_ record: Int, _ fieldPath: FieldPath, _ binding: BoundAttribute, type: AttributeType)
        -> String
    {
        "record \(record + 1), field \(fieldPath), for \(binding.written): \(binding.attribute.name) is \(type.articleName)"
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
        return inner.components.isEmpty ? "record \(record + 1)" : "record \(record + 1)'s \(inner)"
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
        guard let line = Self.line(position.line, of: text) else { return 1 }
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
        guard case .csv(_, let delimiter) = storage, let source = Self.line(line, of: text) else { return (1, 1) }
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

    static func line(_ number: Int, of text: String) -> String? {
        var current = 1
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == number { return String(line.hasSuffix("\r") ? line.dropLast() : line) }
            current += 1
        }
        return nil
    }

    private func dataError(line: Int, column: Int, length: Int, _ message: String, notes: [String]) -> Diagnostic {
        var diagnostic = Self.dataError(path, text, line: line, column: column, message, notes: notes)
        diagnostic.length = max(1, length)
        return diagnostic
    }

    static func dataError(_ path: String, _ text: String, line: Int, column: Int, _ message: String, notes: [String])
        -> Diagnostic
    {
        Diagnostic(
            message: message, location: SourceLocation(file: path, line: line, column: column),
            sourceLine: Self.line(line, of: text), notes: notes)
    }
}

extension JSONValue {
    /// A string, number or Boolean as text (`null` as empty text); `nil` for an array or an object.
    var scalarText: String? {
        switch self {
        case .null: ""
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .double(let d): AttributeValue.double(d).description
        case .string(let s): s
        case .array, .object: nil
        }
    }
}

extension Command.Attribute {
    /// The span of the character `offset` characters into a text value (after
    /// its opening quote, when it was quoted), for errors in templates.
    func templateSpan(at offset: Int) -> SourceSpan {
        guard case .text(let text) = value else { return valueSpan }
        let quoted = valueSpan.length >= text.count + 2
        var location = valueSpan.location
        location.column += (quoted ? 1 : 0) + offset
        return SourceSpan(location, length: 1)
    }
}
