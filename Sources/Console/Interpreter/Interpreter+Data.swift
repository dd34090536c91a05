import CellKit
import CellKitSupport
import PluginHost

// MARK: - rows CELL from FILE

extension Interpreter {
    func rows(_ c: ValidatedCommand) throws(ConsoleError) {
        let index = try currentScreenIndex(c)
        guard let cellArgument = c.arguments["cell"], let fileArgument = c.arguments["file"] else { return }
        let item = try resolve(cellArgument.text, kinds: Self.rowKinds, c, at: cellArgument.span)

        // The mappings: attr=.field, or attr=value for every row.
        var mappings: [Binding.Mapping] = []
        var errors: [Diagnostic] = []
        var descriptors: [String: AttributeDescriptor] = [:]
        for attribute in c.attributes {
            guard let descriptor = descriptor(attribute, of: item, c, errors: &errors) else { continue }
            descriptors[attribute.name] = descriptor
            if case .field(let path) = attribute.value {
                mappings.append(.field(attribute: attribute.name, path: path))
            } else {
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
        let table = try DataTable.read(path, c, at: fileArgument.span)
        var records: [[AttributeSetting]] = []
        records.reserveCapacity(table.count)
        for record in 0..<table.count {
            var settings: [AttributeSetting] = []
            for mapping in mappings {
                switch mapping {
                case .constant(let setting):
                    settings.append(setting)
                case .field(let name, let fieldPath):
                    guard let descriptor = descriptors[name] else { continue }
                    settings.append(
                        AttributeSetting(name: name, value: try table.value(
                            record: record, path: fieldPath, as: descriptor, cell: item.name, attribute: name)))
                }
            }
            records.append(settings)
        }
        let binding = Binding(
            cell: CellReference(written: cellArgument.text, qualified: item.qualifiedName), file: fileArgument.text,
            mappings: mappings, records: records)
        let section = session.screens[index].currentSectionIndex()
        session.screens[index].sections[section].rows.append(.bound(binding))
    }
}

/// The records of a data file, JSON (an array of objects) or CSV (a header
/// row, then one record per line), with positions for errors.
struct DataTable {
    enum Storage {
        case json(JSONDocument, [JSONValue])
        case csv(CSVTable)
    }

    let path: String
    let storage: Storage
    let text: String

    var count: Int {
        switch storage {
        case .json(_, let records): records.count
        case .csv(let table): table.records.count
        }
    }

    static func read(_ path: String, _ c: ValidatedCommand, at span: SourceSpan) throws(ConsoleError) -> DataTable {
        let text: String
        do {
            text = try readTextFile(path)
        } catch {
            throw ConsoleError(.io, c.command.diagnostic(error.description, at: span))
        }
        let isCSV = path.lowercased().hasSuffix(".csv") || path.lowercased().hasSuffix(".tsv")
        if isCSV {
            do {
                let delimiter: CSVDelimiter = path.lowercased().hasSuffix(".tsv") ? .tab : .comma
                return DataTable(path: path, storage: .csv(try CSVParser(delimiter: delimiter).parse(text)), text: text)
            } catch {
                throw dataError(path, text, line: error.position.line, column: error.position.column, error.message,
                    notes: error.fix.map { [$0] } ?? [])
            }
        }
        let document: JSONDocument
        do {
            document = try JSONParser().parseDocument(text)
        } catch {
            throw dataError(path, text, line: error.position.line, column: error.position.column, error.message,
                notes: (error.fix.map { [$0] } ?? []) + (path.hasSuffix(".json") ? [] : ["(read as JSON; name CSV files .csv)"]))
        }
        guard case .array(let records) = document.value else {
            throw dataError(path, text, line: 1, column: 1, "a data file must hold an array of objects",
                notes: ["write [{\"name\": \"Ada\"}, ...], or use a .csv file with a header row"])
        }
        for (i, record) in records.enumerated() {
            guard case .object = record else {
                let position = document.position(of: JSONPath([.index(i)]))
                throw dataError(path, text, line: position?.line ?? 1, column: position?.column ?? 1,
                    "record \(i + 1) is not an object", notes: ["each element of the array is one row: {\"field\": value, ...}"])
            }
        }
        return DataTable(path: path, storage: .json(document, records), text: text)
    }

    /// The value of `path` in record `record`, as the attribute's type.
    func value(record: Int, path fieldPath: FieldPath, as descriptor: AttributeDescriptor, cell: String, attribute: String)
        throws(ConsoleError) -> AttributeValue
    {
        switch storage {
        case .csv(let table):
            let row = table.records[record]
            guard case .key(let key)? = fieldPath.components.first, fieldPath.components.count == 1 else {
                throw Self.dataError(path, text, line: row.line, column: 1,
                    "\(fieldPath) is not a CSV column", notes: ["CSV fields are columns: .name"])
            }
            guard let index = table.header.firstIndex(of: key) else {
                throw Self.dataError(path, text, line: 1, column: 1, "the CSV header has no column '\(key)'",
                    notes: [Suggestions.didYouMean(key, in: table.header) ?? "columns: \(table.header.joined(separator: ", "))"])
            }
            let field = index < row.fields.count ? row.fields[index] : ""
            do {
                return try descriptor.type.parse(field)
            } catch {
                throw Self.dataError(path, text, line: row.line, column: column(ofField: index, inLine: row.line),
                    "\(cell).\(attribute): \(error.message)", notes: (error.fix.map { [$0] } ?? []) + ["the value comes from column '\(key)'"])
            }
        case .json(let document, let records):
            var jsonPath = JSONPath([.index(record)])
            var value = records[record]
            for component in fieldPath.components {
                switch component {
                case .key(let key):
                    jsonPath = JSONPath(jsonPath.components + [.key(key)])
                    guard case .object(let object) = value, let index = object.index(forKey: key) else {
                        let position = document.position(of: JSONPath(Array(jsonPath.components.dropLast())))
                        let keys: [String] = if case .object(let object) = value { object.keys } else { [] }
                        throw Self.dataError(path, text, line: position?.line ?? 1, column: position?.column ?? 1,
                            "record \(record + 1) has no field '\(key)' (for \(cell).\(attribute))",
                            notes: [Suggestions.didYouMean(key, in: keys) ?? "its fields are: \(keys.joined(separator: ", "))"])
                    }
                    value = object[index].value
                case .index(let i):
                    jsonPath = JSONPath(jsonPath.components + [.index(i)])
                    guard case .array(let elements) = value, elements.indices.contains(i) else {
                        let position = document.position(of: JSONPath(Array(jsonPath.components.dropLast())))
                        throw Self.dataError(path, text, line: position?.line ?? 1, column: position?.column ?? 1,
                            "record \(record + 1) has no element [\(i)] (for \(cell).\(attribute))", notes: [])
                    }
                    value = elements[i]
                }
            }
            do {
                return try descriptor.type.convert(Self.attributeValue(value))
            } catch {
                let position = document.position(of: jsonPath)
                throw Self.dataError(path, text, line: position?.line ?? 1, column: position?.column ?? 1,
                    "\(cell).\(attribute): \(error.message)", notes: (error.fix.map { [$0] } ?? []) + ["\(cell).\(attribute) is \(descriptor.type.articleName)"])
            }
        }
    }

    static func attributeValue(_ value: JSONValue) -> AttributeValue {
        switch value {
        case .null: .string("")
        case .bool(let b): .bool(b)
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        case .string(let s): .string(s)
        case .array(let elements):
            .numbers(elements.compactMap { element -> Double? in
                switch element {
                case .int(let i): Double(i)
                case .double(let d): d
                default: nil
                }
            })
        case .object: .string(value.description)
        }
    }

    /// The column (in characters) where field `index` of a CSV line starts.
    private func column(ofField index: Int, inLine line: Int) -> Int {
        let source = Self.line(line, of: text) ?? ""
        var field = 0
        var inQuotes = false
        var column = 1
        for character in source {
            if field == index { return column }
            if character == "\"" { inQuotes.toggle() } else if character == "," && !inQuotes { field += 1 }
            column += 1
        }
        return column
    }

    static func line(_ number: Int, of text: String) -> String? {
        var current = 1
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == number { return String(line.hasSuffix("\r") ? line.dropLast() : line) }
            current += 1
        }
        return nil
    }

    static func dataError(_ path: String, _ text: String, line: Int, column: Int, _ message: String, notes: [String])
        -> ConsoleError
    {
        ConsoleError(
            .script,
            Diagnostic(
                message: message, location: SourceLocation(file: path, line: line, column: column),
                sourceLine: Self.line(line, of: text), notes: notes))
    }
}
