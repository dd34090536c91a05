@_spi(Host) import CellKit
import DataBinding

/// A row's value for one of its cell's attributes, as the worker carries it
/// from a record (or a script's row) to the cell.
///
/// Text, the most of what data files hold, stays a `String` or `[String]`
/// all the way to a property of that type (``AttributeDescriptor/setter(of:)``):
/// no ``AttributeValue`` is made, copied or tested per row. (The SDK's enum
/// is resilient to the host: each copy of one, each test of its case, is a
/// call through its type's value witnesses, and those were most of the cost
/// of handing a row's values to its cell.) Anything else is a boxed
/// ``AttributeValue``, set the general way.
enum SlotValue: Sendable {
    case text(String)
    case texts([String])
    case value(Boxed)

    /// An ``AttributeValue`` in a class: copying a ``SlotValue`` is then a
    /// retain, never a value witness call.
    final class Boxed: Sendable {
        let value: AttributeValue
        init(_ value: AttributeValue) { self.value = value }
    }

    init(_ value: AttributeValue) {
        switch value {
        case .string(let text): self = .text(text)
        case .strings(let texts): self = .texts(texts)
        default: self = .value(Boxed(value))
        }
    }

    init(_ value: SourceRecordReader.TextValue) {
        switch value {
        case .text(let text): self = .text(text)
        case .texts(let texts): self = .texts(texts)
        }
    }

    /// The value as the SDK's enum: what an attribute without a typed setter is given.
    var attributeValue: AttributeValue {
        switch self {
        case .text(let text): .string(text)
        case .texts(let texts): .strings(texts)
        case .value(let boxed): boxed.value
        }
    }
}
