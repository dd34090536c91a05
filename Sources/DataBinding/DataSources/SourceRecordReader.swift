@_spi(Host) import CellKit
import CellKitSupport
import WorkerProtocol

/// How the bound attributes of a binding are made from the records a
/// ``DataSource`` reads: which fields the source is asked for (each once,
/// in the order the mappings first use them), and, per attribute, which of
/// them it reads. Made once per binding; immutable, so the thread that reads
/// a batch ahead makes its values.
///
/// A value converts as a data file's does: text to a `String` as it is; a
/// number to an `Int` or a `Double` as a number, to text as the source
/// writes it; `null` (and empty text, for anything but a `String`) leaves the
/// attribute at its default; a blob, or a list where a list is not taken,
/// is an error naming the field.
///
/// ```swift
/// let reader = try SourceRecordReader(attributes, cell: "UserCell")
/// reader.fields                                   // ["name", "age"]: the request's fields
/// let age = try reader.value(of: 1, record: 0, in: batch)   // .int(36)
/// ```
package struct SourceRecordReader: @unchecked Sendable {
    // (@unchecked: `BoundAttribute` is a class that nothing changes after `rows` made it.)
    /// The fields the source is asked for, in the order a batch holds them.
    package let fields: [String]
    private let attributes: [BoundAttribute]
    /// Per attribute, the index in ``fields`` of each field it reads, in the order of its fields.
    private let indexes: [[Int]]
    /// Per attribute, whether its value is text made from the fields (a
    /// `String` attribute of a field or a template, a `[String]` of a list):
    /// ``textValue(of:record:in:)`` makes it.
    private let texts: [Bool]
    private let cell: String

    /// Why a value could not be made: what, and the field it came from.
    package struct ValueFailure: Error {
        package var message: String
        package var fix: String?
        /// The field, as the source names it.
        package var field: String
    }

    /// A field path a source cannot give: data sources give fields by name, not paths into them.
    package struct UnsupportedPath: Error {
        package var path: FieldPath
        /// The name of the attribute it is bound to.
        package var attributeName: String
    }

    /// The reader of `attributes` (the binding's bound attributes, in the
    /// order of its mappings), for a cell named `cell` (for messages).
    package init(_ attributes: [BoundAttribute], cell: String) throws(UnsupportedPath) {
        var fields: [String] = []
        var indexes: [[Int]] = []
        for attribute in attributes {
            var own: [Int] = []
            for (path, _) in attribute.fieldPaths {
                guard let name = path.topLevelKey else {
                    throw UnsupportedPath(path: path, attributeName: attribute.attribute.name)
                }
                if let index = fields.firstIndex(of: name) {
                    own.append(index)
                } else {
                    own.append(fields.count)
                    fields.append(name)
                }
            }
            indexes.append(own)
        }
        self.fields = fields
        self.attributes = attributes
        self.indexes = indexes
        texts = attributes.map { attribute in
            switch attribute.source {
            case .field, .template: attribute.descriptor.type == .string
            case .list: attribute.descriptor.type == .strings
            }
        }
        self.cell = cell
    }

    /// A value of text: what a `String` or a `[String]` attribute is given.
    package enum TextValue {
        case text(String)
        case texts([String])
    }

    /// How many bound attributes there are.
    package var count: Int { attributes.count }

    /// Whether bound attribute `index` is text made from the fields, which
    /// ``textValue(of:record:in:)`` makes.
    package func isText(_ index: Int) -> Bool { texts[index] }

    /// The value of bound attribute `index` in record `record` of `batch`;
    /// `nil` for a missing value (the attribute keeps its default).
    package func value(of index: Int, record: Int, in batch: DataBatch) throws(ValueFailure) -> AttributeValue? {
        if texts[index] {
            return switch try textValue(of: index, record: record, in: batch) {
            case .text(let text): .string(text)
            case .texts(let texts): .strings(texts)
            case nil: nil
            }
        }
        let attribute = attributes[index]
        let own = indexes[index]
        let type = attribute.descriptor.type
        switch attribute.source {
        case .field:
            return try convert(batch[record, own[0]], to: type, attribute: index, field: own[0])
        case .template:
            let out = try template(of: index, record: record, in: batch)
            do {
                return try type.parse(out)
            } catch {
                throw ValueFailure(
                    message: "\(cell).\(attribute.attribute.name): \(error.message)",
                    fix: "from \(attribute.written): the text was '\(out)'", field: fields[own.first ?? 0])
            }
        case .list(let elements):
            var i = 0
            var numbers: [Double] = []
            for element in elements {
                switch element {
                case .text(let literal): numbers.append(Double(literal.trimmedForNumber) ?? 0)
                case .field:
                    let value = batch[record, own[i]]
                    guard let number = Self.number(value) else {
                        throw failure(index, own[i], "expected a number, got \(Self.shown(value))")
                    }
                    numbers.append(number)
                    i += 1
                case .list: continue  // refused when the command ran
                }
            }
            return .numbers(numbers)
        }
    }

    /// The value of bound attribute `index` (one ``isText(_:)`` says is
    /// text) in record `record` of `batch`, as ``value(of:record:in:)``
    /// gives it, made from the batch's texts with no ``AttributeValue``
    /// between; `nil` for a missing value.
    package func textValue(of index: Int, record: Int, in batch: DataBatch) throws(ValueFailure) -> TextValue? {
        let own = indexes[index]
        switch attributes[index].source {
        case .field:
            if batch.isNull(record: record, field: own[0]) { return nil }
            guard let text = batch.text(record: record, field: own[0]) else {
                // A list or a blob: the error the conversion gives.
                _ = try convert(batch[record, own[0]], to: .string, attribute: index, field: own[0])
                return nil
            }
            return .text(text)
        case .template:
            return .text(try template(of: index, record: record, in: batch))
        case .list(let elements):
            var strings: [String] = []
            strings.reserveCapacity(elements.count)
            var i = 0
            for element in elements {
                switch element {
                case .text(let literal): strings.append(literal)
                case .field:
                    strings.append(try text(own[i], of: index, record: record, in: batch))
                    i += 1
                case .list: continue  // refused when the command ran
                }
            }
            return .texts(strings)
        }
    }

    /// The text of template attribute `index` in record `record` of `batch`.
    private func template(of index: Int, record: Int, in batch: DataBatch) throws(ValueFailure) -> String {
        guard case .template(let template) = attributes[index].source else { return "" }
        let own = indexes[index]
        var out = ""
        var i = 0
        for part in template.parts {
            switch part {
            case .text(let literal): out += literal
            case .field:
                out += try text(own[i], of: index, record: record, in: batch)
                i += 1
            }
        }
        return out
    }

    /// Field `field` of record `record` of `batch` as text, for attribute `index`.
    private func text(_ field: Int, of index: Int, record: Int, in batch: DataBatch) throws(ValueFailure) -> String {
        guard let text = batch.text(record: record, field: field) else {
            throw failure(index, field, "expected text, got \(batch[record, field].kindDescription)")
        }
        return text
    }

    /// A field's value as the attribute's type.
    private func convert(_ value: DataValue, to type: AttributeType, attribute index: Int, field: Int)
        throws(ValueFailure) -> AttributeValue?
    {
        do throws(ValueError) {
            switch value {
            case .null:
                return nil
            case .text(let text):
                if type == .string { return .string(text) }
                if text.isEmpty { return nil }
                return try type.parse(text)
            case .number(let text):
                if type == .string { return .string(text) }
                return try type.parse(text.trimmedForNumber)
            case .integer(let number):
                if type == .string { return .string(String(number)) }
                return try type.convert(Int(exactly: number).map { .int($0) } ?? .double(Double(number)))
            case .real(let number):
                if type == .string { return .string(number.description) }
                return try type.convert(.double(number))
            case .boolean(let flag):
                if type == .string { return .string(flag ? "true" : "false") }
                return try type.convert(.bool(flag))
            case .list(let elements):
                if type == .numbers {
                    var numbers: [Double] = []
                    for element in elements {
                        guard let number = Self.number(element) else {
                            throw ValueError(
                                "a list element is \(element.kindDescription), not a number",
                                fix: "write numbers like [1, 2.5, 3]")
                        }
                        numbers.append(number)
                    }
                    return .numbers(numbers)
                }
                if type == .strings {
                    var texts: [String] = []
                    for element in elements {
                        guard let text = element.text else {
                            throw ValueError("a list element is \(element.kindDescription), not text")
                        }
                        texts.append(text)
                    }
                    return .strings(texts)
                }
                throw ValueError("expected \(type.articleName), got a list")
            case .blob(let count):
                throw ValueError(
                    "\(fields[field]) holds a blob of \(count) byte\(count == 1 ? "" : "s"), which no attribute takes",
                    fix:
                        "bind a column of text or numbers, or convert it in a query: query=\"SELECT hex(\(fields[field])) …\""
                )
            }
        } catch {
            throw ValueFailure(
                message: "\(cell).\(attributes[index].attribute.name): \(error.message)",
                fix: (error.fix.map { $0 + "; " } ?? "")
                    + "\(attributes[index].attribute.name) is \(type.articleName), from \(attributes[index].written)",
                field: fields[field])
        }
    }

    private func failure(_ index: Int, _ field: Int, _ what: String) -> ValueFailure {
        ValueFailure(
            message: "\(cell).\(attributes[index].attribute.name): \(what)",
            fix: "from \(attributes[index].written)", field: fields[field])
    }

    /// A value as a number, when it is one (or text that reads as one).
    private static func number(_ value: DataValue) -> Double? {
        switch value {
        case .integer(let n): Double(n)
        case .real(let n): n.isFinite ? n : nil
        case .number(let text), .text(let text): Double(text.trimmedForNumber).flatMap { $0.isFinite ? $0 : nil }
        case .boolean, .null, .list, .blob: nil
        }
    }

    /// A value as a message quotes it: text in quotes, anything else by kind.
    private static func shown(_ value: DataValue) -> String {
        if case .text(let text) = value { return "'\(text)'" }
        return value.kindDescription
    }
}
