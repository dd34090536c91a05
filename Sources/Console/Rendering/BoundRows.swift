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
    private let table: DataTable
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
        var entries: [Entry] = []
        let nowhere = SourceSpan(SourceLocation(file: binding.file, line: 1, column: 1), length: 0)
        for mapping in binding.mappings {
            switch mapping {
            case .constant(let setting):
                entries.append(.constant(setting))
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

    var count: Int { table.count }

    /// The attributes of record `record`, in the order of the mappings (a
    /// missing value leaves its attribute at its default).
    func settings(record: Int) throws(Failure) -> [AttributeSetting] {
        var settings: [AttributeSetting] = []
        settings.reserveCapacity(entries.count)
        for entry in entries {
            switch entry {
            case .constant(let setting):
                settings.append(setting)
            case .bound(let attribute):
                do {
                    if let value = try table.value(record: record, for: attribute, cell: cellName) {
                        settings.append(AttributeSetting(name: attribute.attribute.name, value: value))
                    }
                } catch {
                    throw Failure(description: error.rendered())
                }
            }
        }
        return settings
    }
}

extension AttributeInfo {
    /// An attribute known only by name and type (in the worker, from the registry).
    init(name: String, type: AttributeType) {
        self.init(name: name, type: type, defaultValue: nil, summary: nil)
    }
}
