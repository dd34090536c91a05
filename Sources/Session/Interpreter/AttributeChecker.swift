@_spi(Host) import CellKit
import DataBinding
import PluginDiscovery
import WorkerProtocol

/// Checks a command's `name=value` attributes against a cell's attributes:
/// names (with a suggestion), types (with the expected type), duplicates,
/// outlets the cell fills itself. `row` and `rows … from` both use it.
enum AttributeChecker {
    /// Checks `name=value` attributes against the cell's attributes: names
    /// (with a suggestion), types (with the expected type), duplicates.
    static func settings(for attributes: [Command.Attribute], of item: CatalogItem, _ c: ValidatedCommand)
        throws(ConsoleError)
        -> [AttributeSetting]
    {
        var result: [AttributeSetting] = []
        var errors: [Diagnostic] = []
        for attribute in attributes {
            guard let descriptor = descriptor(attribute, of: item, c, errors: &errors) else { continue }
            do {
                result.append(
                    AttributeSetting(name: attribute.name, value: try value(of: attribute, as: descriptor.type)))
            } catch {
                errors.append(error.diagnostic(c, attribute, descriptor: descriptor, owner: item.name))
            }
        }
        if !errors.isEmpty { throw ConsoleError(.script, errors) }
        return result
    }

    /// The descriptor of an attribute, or a diagnostic in `errors` (unknown name, given twice).
    static func descriptor(
        _ attribute: Command.Attribute, of item: CatalogItem, _ c: ValidatedCommand, errors: inout [Diagnostic]
    ) -> AttributeInfo? {
        let known = item.info.attributes
        guard let descriptor = known.first(where: { $0.name == attribute.name }) else {
            if item.info.codeOnlyOutlets.contains(attribute.name) {
                errors.append(
                    c.command.diagnostic(
                        "\(item.name)'s outlet '\(attribute.name)' is filled by the cell, not by scripts",
                        at: attribute.nameSpan,
                        notes: ["set one of its attributes: " + known.map(\.name).joined(separator: ", ")]))
                return nil
            }
            errors.append(c.command.unknownAttribute(attribute, of: item.name, known: known.map(\.name)))
            return nil
        }
        if let first = c.attributes.first(where: { $0.name == attribute.name }), first.nameSpan != attribute.nameSpan {
            errors.append(
                c.command.diagnostic(
                    "'\(attribute.name)' is given twice", at: attribute.nameSpan, notes: ["keep one of them"]))
            return nil
        }
        return descriptor
    }

    /// A script value read as an attribute type.
    static func value(of attribute: Command.Attribute, as type: AttributeType) throws(AttributeValueError)
        -> AttributeValue
    {
        switch attribute.value {
        case .text(let text):
            do {
                return try type.parse(text)
            } catch {
                throw AttributeValueError(error: error, elementIndex: nil)
            }
        case .list(let elements) where type == .strings:
            var strings: [String] = []
            for (i, element) in elements.enumerated() {
                guard let text = element.text else {
                    throw AttributeValueError(
                        error: ValueError(
                            "a list inside a list is not text", fix: "write text like [ID, \"Full name\"]"),
                        elementIndex: i)
                }
                strings.append(text)
            }
            return .strings(strings)
        case .list(let elements):
            guard type == .numbers else {
                throw AttributeValueError(
                    error: ValueError(
                        "a list is not \(type.articleName)", fix: "lists are for [Double] and [String] attributes"),
                    elementIndex: nil)
            }
            var numbers: [Double] = []
            for (i, element) in elements.enumerated() {
                guard let text = element.text, let number = Double(text.trimmedForNumber), number.isFinite else {
                    throw AttributeValueError(
                        error: ValueError("'\(element)' is not a number", fix: "write numbers like [1, 2.5, 3]"),
                        elementIndex: i)
                }
                numbers.append(number)
            }
            return .numbers(numbers)
        case .field:
            throw AttributeValueError(
                error: ValueError(
                    "a field reference needs a data file",
                    fix: "use \(CommandHint.quoted(.rows, "CELL", "from", "FILE", "\(attribute.name)=.field"))"),
                elementIndex: nil)
        }
    }
}

/// A value that did not fit its attribute's type (and where, in a list).
struct AttributeValueError: Error {
    var error: ValueError
    var elementIndex: Int?

    func diagnostic(
        _ c: ValidatedCommand, _ attribute: Command.Attribute, descriptor: AttributeInfo, owner: String
    )
        -> Diagnostic
    {
        let span =
            elementIndex.flatMap { attribute.elementSpans.indices.contains($0) ? attribute.elementSpans[$0] : nil }
            ?? attribute.valueSpan
        var notes = ["\(owner).\(attribute.name) is \(descriptor.type.articleName)"]
        if let fix = error.fix { notes.insert(fix, at: 0) }
        return c.command.diagnostic("\(attribute.name)=: \(error.message)", at: span, notes: notes)
    }
}
