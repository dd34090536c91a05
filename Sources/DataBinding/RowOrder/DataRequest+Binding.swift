@_spi(Host) import CellKit
import WorkerProtocol

extension DataRequest {
    /// The request for the plugin's source of `binding`: its file, its
    /// options, `fields`, and its `sort=` and `where=` typed (the session
    /// passes them on as the options `sort`, a key a line, and `where`, as
    /// written, to a source that declares them).
    package init(_ binding: Binding, fields: [String]) throws(RowFilter.ParseError) {
        let options = Dictionary((binding.source?.options ?? []).map { ($0.name, $0.value) }) { _, last in last }
        self.init(path: binding.path, options: options, fields: fields)
        if let text = options["sort"] {
            order = try text.split(separator: "\n").map { line throws(RowFilter.ParseError) in
                let key = try RowOrder.parseKey(String(line))
                return DataSortKey(key.field.topLevelKey ?? key.field.description, descending: key.descending)
            }
        }
        if let text = options["where"] { filter = try RowFilter.parse(text).dataFilter }
    }
}

extension RowFilter {
    /// The filter as a data source is given it: fields by name, literals typed.
    package var dataFilter: DataFilter {
        switch self {
        case .compare(let a, let op, let b):
            .compare(a.dataOperand, op, b.dataOperand)
        case .and(let a, let b): .and(a.dataFilter, b.dataFilter)
        case .or(let a, let b): .or(a.dataFilter, b.dataFilter)
        case .not(let a): .not(a.dataFilter)
        }
    }
}

extension RowOperand {
    var dataOperand: DataOperand {
        switch self {
        case .field(let path, _): return .field(path.topLevelKey ?? path.description)
        case .literal(.value(let text, let number?)):
            return .value(Int64(text).map { .integer($0) } ?? .real(number))
        case .literal(.value(let text, nil)): return .value(.text(text))
        case .literal: return .value(.null)
        }
    }
}

extension RowOrder {
    /// The keys as the option `sort` passes them to a data source: one a line.
    package var optionText: String {
        keys.map(\.written).joined(separator: "\n")
    }
}
