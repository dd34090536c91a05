@_spi(Host) import CellKit
import CellKitSupport
import WorkerProtocol

/// An attribute of `rows` that takes its value from each record. (A class:
/// the check pass hands it to every record, and a reference costs less to
/// pass than its fields.)
package final class BoundAttribute {
    package enum Source {
        /// `attr=.field`
        case field(FieldPath)
        /// `attr=[.a, 2, .b]`: numbers and fields.
        case list([Command.Value])
        /// `attr="{.name} ({.title})"`: text and fields.
        case template(TextTemplate)
    }

    package let attribute: Command.Attribute
    package let descriptor: AttributeInfo
    package let source: Source

    package init(attribute: Command.Attribute, descriptor: AttributeInfo, source: Source) {
        self.attribute = attribute
        self.descriptor = descriptor
        self.source = source
    }

    /// Every field reference, with where it is in the script.
    package var fieldPaths: [(FieldPath, SourceSpan)] {
        switch source {
        case .field(let path):
            return [(path, attribute.valueSpan)]
        case .list(let elements):
            return elements.enumerated().compactMap { i, element in
                guard case .field(let path) = element else { return nil }
                return (path, attribute.elementSpan(i))
            }
        case .template(let template):
            return template.fields.map { ($0.path, attribute.templateSpan(at: $0.offset)) }
        }
    }

    /// Whether every CSV record gives it a value without fail: text made
    /// of fields, for a String or [String] attribute (a CSV field is always
    /// text, and the parser has checked that every record has every column).
    /// The check pass skips it for CSV files.
    package var cannotFailOnCSV: Bool {
        switch source {
        case .field: descriptor.type == .string
        case .template: descriptor.type == .string
        case .list(let elements):
            descriptor.type == .strings && !elements.contains { if case .list = $0 { true } else { false } }
        }
    }

    /// The keys of an attribute that is text made of top-level fields (a
    /// String from a template, a [String] from a list), or `nil`. (A String
    /// from one field is not: a JSON value is converted to it as to any
    /// type.) A JSON record gives it a value without fail when it has each
    /// key, with a value that is not an array or an object: the check pass
    /// looks at just that, and asks for the value (and its error) only when
    /// it is not so.
    package private(set) lazy var textKeys: [String]? = {
        guard cannotFailOnCSV else { return nil }
        if case .field = source { return nil }
        var keys: [String] = []
        for (path, _) in fieldPaths {
            guard let key = path.topLevelKey else { return nil }
            keys.append(key)
        }
        return keys
    }()

    /// `temperature=.temp`, as the script wrote it, for notes.
    package var written: String { "\(attribute.name)=\(Script.format(attribute.value))" }
}
