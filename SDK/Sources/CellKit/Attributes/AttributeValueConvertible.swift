/// A Swift type an inspectable attribute can have: it says its
/// ``AttributeType`` and converts to and from ``AttributeValue``.
///
/// `Int`, `Double`, `Bool`, `String`, ``Color``, `[Double]`, ``TextAlignment``,
/// ``LineBreakMode`` and ``BoxStyle`` conform (optionals do not: give an
/// optional property an attribute with its own getter and setter,
/// `InspectableAttribute(_:type:get:set:)`). Make an enumeration of your own
/// inspectable by conforming it to ``AttributeEnum``.
///
/// ```swift
/// enum Trend: String, CaseIterable, AttributeEnum { case up, down, flat }
/// Trend.attributeType   // up|down|flat
/// ```
public protocol AttributeValueConvertible: SendableMetatype {
    /// What values the attribute takes.
    static var attributeType: AttributeType { get }
    /// Reads a value already checked against ``attributeType``.
    init(attributeValue: AttributeValue) throws(ValueError)
    /// The value, for `describe` and for saving.
    var attributeValue: AttributeValue { get }
}

/// An enumeration usable as an inspectable attribute, by case name.
///
/// ```swift
/// enum Mood: String, CaseIterable, AttributeEnum { case calm, busy }
/// ```
public protocol AttributeEnum: AttributeValueConvertible, CaseIterable, RawRepresentable where RawValue == String {}

// MARK: - Default implementations

extension AttributeEnum {
    public static var attributeType: AttributeType { .enumeration(allCases.map(\.rawValue)) }

    public init(attributeValue: AttributeValue) throws(ValueError) {
        let name: String
        switch attributeValue {
        case .enumeration(let n), .string(let n): name = n
        default: throw ValueError("expected one of \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard
            let value = Self(rawValue: name)
                ?? Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() })
        else {
            throw ValueError("'\(name)' is not one of \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = value
    }

    public var attributeValue: AttributeValue { .enumeration(rawValue) }
}

// MARK: - Conformances

extension Int: AttributeValueConvertible {
    public static var attributeType: AttributeType { .int }
    public init(attributeValue: AttributeValue) throws(ValueError) {
        guard case .int(let v) = try Self.attributeType.convert(attributeValue) else {
            throw ValueError("expected an Int")
        }
        self = v
    }
    public var attributeValue: AttributeValue { .int(self) }
}

extension Double: AttributeValueConvertible {
    public static var attributeType: AttributeType { .double }
    public init(attributeValue: AttributeValue) throws(ValueError) {
        guard case .double(let v) = try Self.attributeType.convert(attributeValue) else {
            throw ValueError("expected a Double")
        }
        self = v
    }
    public var attributeValue: AttributeValue { .double(self) }
}

extension Bool: AttributeValueConvertible {
    public static var attributeType: AttributeType { .bool }
    public init(attributeValue: AttributeValue) throws(ValueError) {
        guard case .bool(let v) = try Self.attributeType.convert(attributeValue) else {
            throw ValueError("expected a Bool")
        }
        self = v
    }
    public var attributeValue: AttributeValue { .bool(self) }
}

extension String: AttributeValueConvertible {
    public static var attributeType: AttributeType { .string }
    public init(attributeValue: AttributeValue) throws(ValueError) {
        self = attributeValue.description
    }
    public var attributeValue: AttributeValue { .string(self) }
}

extension Color: AttributeValueConvertible {
    public static var attributeType: AttributeType { .color }
    public init(attributeValue: AttributeValue) throws(ValueError) {
        guard case .color(let v) = try Self.attributeType.convert(attributeValue) else {
            throw ValueError("expected a Color")
        }
        self = v
    }
    public var attributeValue: AttributeValue { .color(self) }
}

extension Array: AttributeValueConvertible where Element == Double {
    public static var attributeType: AttributeType { .numbers }
    public init(attributeValue: AttributeValue) throws(ValueError) {
        guard case .numbers(let v) = try Self.attributeType.convert(attributeValue) else {
            throw ValueError("expected a list of numbers")
        }
        self = v
    }
    public var attributeValue: AttributeValue { .numbers(self) }
}

extension TextAlignment: AttributeEnum {}
extension LineBreakMode: AttributeEnum {}

extension BoxStyle: AttributeValueConvertible {
    public static var attributeType: AttributeType { .enumeration(BoxStyle.all.map(\.name)) }
    public init(attributeValue: AttributeValue) throws(ValueError) {
        self = try BoxStyle(parsing: attributeValue.description)
    }
    public var attributeValue: AttributeValue { .enumeration(name) }
}
