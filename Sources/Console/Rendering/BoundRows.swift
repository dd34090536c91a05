@_spi(Host) import CellKit
import CellKitSupport

/// The rows of a ``Binding``, read from its data file when they are drawn
/// (in the worker): the file is read again, checked to be the one `rows`
/// checked, and each row's attributes are made from its record.
///
/// A file that changed between `rows` and the drawing is an error that says
/// so, never a crash or rows from another file.
final class BoundRows {
    let binding: Binding
    /// The records: read where they lie (CSV), or parsed whole (JSON).
    private let source: Source
    private enum Source {
        case csv(CSVRecordReader)
        case json(DataTable)
    }
    /// Each mapping, in the order the script gave them.
    private let entries: [Entry]
    private enum Entry {
        case constant(AttributeSetting)
        case bound(BoundAttribute)
    }
    private let cellName: String

    /// Why the rows cannot be drawn.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Opens the binding's file; `types` are the cell's attribute types by name.
    init(_ binding: Binding, types: [String: AttributeType]) throws(Failure) {
        self.binding = binding
        cellName = binding.cell.written
        let now = DataFileIdentity(of: binding.path)
        guard now == binding.identity else {
            let was = "it had \(binding.identity.size) bytes"
            let what = now.map { "\(was), now \($0.size) and another modification time" } ?? "\(was), and it is gone"
            throw Failure(
                description:
                    "\(binding.file) changed since `rows` read it (\(what)); run `rows … from \(binding.file)` again")
        }
        if DataTable.isCSV(binding.path) {
            do {
                source = .csv(
                    try CSVRecordReader(
                        path: binding.path, delimiter: binding.path.lowercased().hasSuffix(".tsv") ? .tab : .comma))
            } catch {
                throw Failure(description: error.description)
            }
        } else {
            let table: DataTable
            do {
                table = try DataTable.open(binding.path)
            } catch {
                switch error {
                case .io(let message): throw Failure(description: message)
                case .data(let diagnostic): throw Failure(description: diagnostic.rendered())
                }
            }
            guard table.count == binding.count else {
                throw Failure(
                    description:
                        "\(binding.file) changed since `rows` read it (\(binding.count) records then, \(table.count) now); run `rows … from \(binding.file)` again"
                )
            }
            source = .json(table)
        }
        var entries: [Entry] = []
        let nowhere = SourceSpan(SourceLocation(file: binding.file, line: 1, column: 1), length: 0)
        for mapping in binding.mappings {
            switch mapping {
            case .constant(let setting):
                entries.append(.constant(setting))
            case .template(let name, let text):
                guard let type = types[name], let template = try? TextTemplate.parse(text) else { continue }
                entries.append(
                    .bound(
                        BoundAttribute(
                            attribute: Command.Attribute(
                                name: name, value: .text(text), nameSpan: nowhere, valueSpan: nowhere,
                                elementSpans: []),
                            descriptor: AttributeInfo(name: name, type: type), source: .template(template))))
            case .field(let name, let path):
                guard let type = types[name] else { continue }
                entries.append(
                    .bound(
                        BoundAttribute(
                            attribute: Command.Attribute(
                                name: name, value: .field(path), nameSpan: nowhere, valueSpan: nowhere,
                                elementSpans: []),
                            descriptor: AttributeInfo(name: name, type: type), source: .field(path))))
            case .list(let name, let elements):
                guard let type = types[name] else { continue }
                entries.append(
                    .bound(
                        BoundAttribute(
                            attribute: Command.Attribute(
                                name: name, value: .list(elements), nameSpan: nowhere, valueSpan: nowhere,
                                elementSpans: []),
                            descriptor: AttributeInfo(name: name, type: type), source: .list(elements))))
            }
        }
        self.entries = entries
    }

    /// How many rows there are (as `rows` counted them).
    var count: Int { binding.count }

    /// The attributes of record `record`, in the order of the mappings (a
    /// missing value leaves its attribute at its default).
    func settings(record: Int) throws(Failure) -> [AttributeSetting] {
        var fields: [String] = []
        var header: [String] = []
        if case .csv(let reader) = source {
            do {
                fields = try reader.fields(ofRecord: record)
            } catch {
                throw Failure(description: error.description)
            }
            header = reader.header
        }
        var settings: [AttributeSetting] = []
        settings.reserveCapacity(entries.count)
        for entry in entries {
            switch entry {
            case .constant(let setting):
                settings.append(setting)
            case .bound(let attribute):
                let value: AttributeValue?
                switch source {
                case .json(let table):
                    do {
                        value = try table.value(record: record, for: attribute, cell: cellName)
                    } catch {
                        throw Failure(description: error.rendered())
                    }
                case .csv:
                    value = try csvValue(attribute, fields: fields, header: header, record: record)
                }
                if let value { settings.append(AttributeSetting(name: attribute.attribute.name, value: value)) }
            }
        }
        return settings
    }

    /// A bound attribute's value from a CSV record's fields (checked when
    /// `rows` ran: an error here means the file changed since).
    private func csvValue(_ attribute: BoundAttribute, fields: [String], header: [String], record: Int)
        throws(Failure) -> AttributeValue?
    {
        func field(_ path: FieldPath) -> String {
            guard case .key(let key)? = path.components.first, let column = header.firstIndex(of: key),
                column < fields.count
            else { return "" }
            return fields[column]
        }
        func changed(_ what: String) -> Failure {
            Failure(
                description:
                    "\(binding.file), record \(record + 1): \(what); the file changed since `rows` read it: run it again"
            )
        }
        let type = attribute.descriptor.type
        switch attribute.source {
        case .field(let path):
            let text = field(path)
            if text.isEmpty && type != .string { return nil }
            do {
                return try type.parse(text)
            } catch {
                throw changed("\(cellName).\(attribute.attribute.name): \(error.message)")
            }
        case .template(let template):
            let text = template.parts.map { part in
                switch part {
                case .text(let text): text
                case .field(let path, _): field(path)
                }
            }.joined()
            if type == .string { return .string(text) }
            do {
                return try type.parse(text)
            } catch {
                throw changed("\(cellName).\(attribute.attribute.name): \(error.message)")
            }
        case .list(let elements) where type == .strings:
            return .strings(
                elements.compactMap { element in
                    switch element {
                    case .text(let literal): literal
                    case .field(let path): field(path)
                    case .list: nil
                    }
                })
        case .list(let elements):
            var numbers: [Double] = []
            for element in elements {
                let text: String
                switch element {
                case .text(let literal): text = literal
                case .field(let path): text = field(path)
                case .list: continue
                }
                guard let number = Double(text.trimmedForNumber), number.isFinite else {
                    throw changed("'\(text)' is not a number")
                }
                numbers.append(number)
            }
            return .numbers(numbers)
        }
    }
}

extension AttributeInfo {
    /// An attribute known only by name and type (in the worker, from the registry).
    init(name: String, type: AttributeType) {
        self.init(name: name, type: type, defaultValue: nil, summary: nil)
    }
}
