import Synchronization

/// A Swift type an inspectable attribute can have: it says its
/// ``AttributeType`` and converts to and from ``AttributeValue``.
///
/// `Int`, `Double`, `Bool`, `String`, ``Color``, `[Double]`, `[String]`, ``TextAlignment``,
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
    /// The case names, computed once per type (it used to be rebuilt, through
    /// key paths, on every set).
    public static var attributeType: AttributeType { AttributeEnumTypes.type(of: Self.self) }

    /// Reads a case by name (as ``AttributeValue/enumeration(_:)`` or
    /// ``AttributeValue/string(_:)``), ignoring case when no name matches exactly.
    ///
    /// - Throws: a ``ValueError`` naming the cases when the name is not one of them.
    public init(attributeValue: AttributeValue) throws(ValueError) {
        let name: String
        switch attributeValue {
        case .enumeration(let n), .string(let n): name = n
        default: throw ValueError("expected one of \(Self.caseNames.joined(separator: ", "))")
        }
        guard
            let value = Self(rawValue: name)
                ?? Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() })
        else {
            throw ValueError("'\(name)' is not one of \(Self.caseNames.joined(separator: ", "))")
        }
        self = value
    }

    /// The case, by name: ``AttributeValue/enumeration(_:)`` of its raw value.
    public var attributeValue: AttributeValue { .enumeration(rawValue) }

    static var caseNames: [String] {
        if case .enumeration(let names) = attributeType { return names }
        return allCases.map { $0.rawValue }
    }
}

/// The ``AttributeType`` of each ``AttributeEnum`` type, computed once: a
/// protocol extension cannot have a stored static property per conforming type.
enum AttributeEnumTypes {
    private static let cache = Mutex<[ObjectIdentifier: AttributeType]>([:])

    static func type<E: AttributeEnum>(of enumType: E.Type) -> AttributeType {
        let key = ObjectIdentifier(enumType)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        let type = AttributeType.enumeration(enumType.allCases.map { $0.rawValue })
        cache.withLock { $0[key] = type }
        return type
    }
}

// MARK: - Conformances

extension Int: AttributeValueConvertible {
    /// ``AttributeType/int``.
    public static var attributeType: AttributeType { .int }
    /// Reads an ``AttributeValue/int(_:)``, or a value that converts to one
    /// (a whole ``AttributeValue/double(_:)``, digits in a string).
    public init(attributeValue: AttributeValue) throws(ValueError) {
        guard case .int(let v) = try Self.attributeType.convert(attributeValue) else {
            throw ValueError("expected an Int")
        }
        self = v
    }
    /// ``AttributeValue/int(_:)`` of the number.
    public var attributeValue: AttributeValue { .int(self) }
}

extension Double: AttributeValueConvertible {
    /// ``AttributeType/double``.
    public static var attributeType: AttributeType { .double }
    /// Reads an ``AttributeValue/double(_:)``, or a value that converts to one
    /// (an ``AttributeValue/int(_:)``, a number in a string).
    public init(attributeValue: AttributeValue) throws(ValueError) {
        guard case .double(let v) = try Self.attributeType.convert(attributeValue) else {
            throw ValueError("expected a Double")
        }
        self = v
    }
    /// ``AttributeValue/double(_:)`` of the number.
    public var attributeValue: AttributeValue { .double(self) }
}

extension Bool: AttributeValueConvertible {
    /// ``AttributeType/bool``.
    public static var attributeType: AttributeType { .bool }
    /// Reads an ``AttributeValue/bool(_:)``, or the text `true` or `false`.
    public init(attributeValue: AttributeValue) throws(ValueError) {
        guard case .bool(let v) = try Self.attributeType.convert(attributeValue) else {
            throw ValueError("expected a Bool")
        }
        self = v
    }
    /// ``AttributeValue/bool(_:)`` of the value.
    public var attributeValue: AttributeValue { .bool(self) }
}

extension String: AttributeValueConvertible {
    /// ``AttributeType/string``.
    public static var attributeType: AttributeType { .string }
    /// Reads any value as its text (its `description`): a String attribute
    /// accepts everything.
    public init(attributeValue: AttributeValue) throws(ValueError) {
        self = attributeValue.description
    }
    /// ``AttributeValue/string(_:)`` of the text.
    public var attributeValue: AttributeValue { .string(self) }
}

extension Color: AttributeValueConvertible {
    /// ``AttributeType/color``.
    public static var attributeType: AttributeType { .color }
    /// Reads an ``AttributeValue/color(_:)``, or a colour written as text
    /// (`red`, `208`, `#ff8800`).
    public init(attributeValue: AttributeValue) throws(ValueError) {
        guard case .color(let v) = try Self.attributeType.convert(attributeValue) else {
            throw ValueError("expected a Color")
        }
        self = v
    }
    /// ``AttributeValue/color(_:)`` of the colour.
    public var attributeValue: AttributeValue { .color(self) }
}

/// An element of a list attribute: `Double` (``AttributeType/numbers``) and
/// `String` (``AttributeType/strings``), so `[Double]` and `[String]`
/// properties are inspectable.
///
/// ```swift
/// var values: [String] = []   // .init("values", \.values): values=[a, b] or values="a|b"
/// ```
public protocol AttributeListElement: SendableMetatype {
    /// The type of a list of these.
    static var listAttributeType: AttributeType { get }
    /// The list in a value already converted to ``listAttributeType``.
    static func list(from value: AttributeValue) -> [Self]?
    /// A list as a value.
    static func listValue(_ list: [Self]) -> AttributeValue
}

extension Double: AttributeListElement {
    /// ``AttributeType/numbers``: `[Double]` attributes hold lists of numbers.
    public static var listAttributeType: AttributeType { .numbers }
    /// The numbers of an ``AttributeValue/numbers(_:)``, or `nil` for another value.
    public static func list(from value: AttributeValue) -> [Double]? {
        if case .numbers(let v) = value { return v }
        return nil
    }
    /// ``AttributeValue/numbers(_:)`` of the list.
    public static func listValue(_ list: [Double]) -> AttributeValue { .numbers(list) }
}

extension String: AttributeListElement {
    /// ``AttributeType/strings``: `[String]` attributes hold lists of texts.
    public static var listAttributeType: AttributeType { .strings }
    /// The texts of an ``AttributeValue/strings(_:)``, or `nil` for another value.
    public static func list(from value: AttributeValue) -> [String]? {
        if case .strings(let v) = value { return v }
        return nil
    }
    /// ``AttributeValue/strings(_:)`` of the list.
    public static func listValue(_ list: [String]) -> AttributeValue { .strings(list) }
}

extension Array: AttributeValueConvertible where Element: AttributeListElement {
    /// The element's list type: ``AttributeType/numbers`` for `[Double]`,
    /// ``AttributeType/strings`` for `[String]`.
    public static var attributeType: AttributeType { Element.listAttributeType }
    /// Reads a list, or a value that converts to one (`[1, 2.5]`, `1,2.5`,
    /// `a|b|c` written as text).
    public init(attributeValue: AttributeValue) throws(ValueError) {
        if let list = Element.list(from: attributeValue) {
            self = list
            return
        }
        guard let list = Element.list(from: try Self.attributeType.convert(attributeValue)) else {
            throw ValueError("expected \(Self.attributeType.article)")
        }
        self = list
    }
    /// The list as a value: ``AttributeValue/numbers(_:)`` or
    /// ``AttributeValue/strings(_:)``.
    public var attributeValue: AttributeValue { Element.listValue(self) }
}

extension TextAlignment: AttributeEnum {}
extension LineBreakMode: AttributeEnum {}

extension BoxStyle: AttributeValueConvertible {
    /// The names of the box styles, as an enumeration: `none`, `ascii`,
    /// `light`, `rounded`, `heavy`, `double`.
    public static var attributeType: AttributeType { .enumeration(BoxStyle.all.map(\.name)) }
    /// Reads a box style by name; see ``BoxStyle/init(parsing:)``.
    public init(attributeValue: AttributeValue) throws(ValueError) {
        self = try BoxStyle(parsing: attributeValue.description)
    }
    /// The style's name, as ``AttributeValue/enumeration(_:)``.
    public var attributeValue: AttributeValue { .enumeration(name) }
}
