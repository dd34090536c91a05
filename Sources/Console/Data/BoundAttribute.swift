@_spi(Host) import CellKit
import CellKitSupport

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
