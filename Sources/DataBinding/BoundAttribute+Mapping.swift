@_spi(Host) import CellKit
import WorkerProtocol

extension Binding.Mapping {
    /// The attribute the mapping sets.
    package var attribute: String {
        switch self {
        case .field(let attribute, _), .list(let attribute, _), .template(let attribute, _): attribute
        case .constant(let setting): setting.name
        }
    }
}

extension BoundAttribute {
    /// A mapping of a binding as a bound attribute of type `type` (in the
    /// worker, where the script's positions are not known); `nil` for a
    /// constant.
    package convenience init?(_ mapping: Binding.Mapping, type: AttributeType) {
        let value: Command.Value
        let source: Source
        switch mapping {
        case .constant:
            return nil
        case .field(_, let path):
            value = .field(path)
            source = .field(path)
        case .list(_, let elements):
            value = .list(elements)
            source = .list(elements)
        case .template(_, let text):
            guard let template = try? TextTemplate.parse(text) else { return nil }
            value = .text(text)
            source = .template(template)
        }
        let nowhere = SourceSpan(SourceLocation(file: "", line: 1, column: 1), length: 0)
        self.init(
            attribute: Command.Attribute(
                name: mapping.attribute, value: value, nameSpan: nowhere, valueSpan: nowhere, elementSpans: []),
            descriptor: AttributeInfo(name: mapping.attribute, type: type), source: source)
    }
}

extension AttributeInfo {
    /// An attribute known only by name and type (in the worker, from the registry).
    package init(name: String, type: AttributeType) {
        self.init(name: name, type: type, defaultValue: nil, summary: nil)
    }
}
