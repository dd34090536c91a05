/// A JSON value: what `JSONParser` reads and `serialized(_:)` writes.
///
/// Numbers keep integers exact: a number written without a fraction or an exponent that
/// fits in `Int` is `.int` (`-0` is `.int(0)`); any other number is `.double`, so
/// `12345678901234567890` (too large for `Int`) is `.double(1.2345678901234567e19)`.
/// `.int(1)` and `.double(1.0)` are different values (they are written `1` and `1.0`);
/// `doubleValue` and `intValue` read either. A parser that keeps numbers' text
/// (``JSONParser/keepsNumberText``, as data files are read) makes `.number` of each
/// number that is not an `Int` written plainly: `4134.0` stays `4134.0`, not `4134`.
///
/// Objects keep their members in the order they were written or inserted (see
/// `JSONObject`), and compare equal regardless of that order.
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"name": "Ada", "born": 1815}"#)
/// value["born"]?.intValue        // 1815
/// try value.serialized()         // {"name":"Ada","born":1815}
/// ```
package enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without a fraction or exponent that fits in `Int`.
    case int(Int)
    /// Any other number. `serialized(_:)` refuses NaN and infinities.
    case double(Double)
    /// A number as it is written (`4134.0`, `1e3`, `-0.50`, `-0`,
    /// `12345678901234567890`): what a parser that keeps numbers' text
    /// (``JSONParser/keepsNumberText``) makes of a number it would make a
    /// `.double`, or of `-0`. Always a valid, finite JSON number; its value is
    /// ``doubleValue``.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object: members in order, keys unique.
    case object(JSONObject)
}

// MARK: - Reading values

extension JSONValue {
    /// Whether this is `null`.
    package var isNull: Bool { self == .null }

    /// The Boolean, when this is `.bool`.
    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer, when this is `.int`, or a `.double` or `.number` that holds an integer
    /// exactly (`2.0` gives `2`; `2.5` gives `nil`).
    package var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double, .number: return doubleValue.flatMap { Int(exactly: $0) }
        default: return nil
        }
    }

    /// The number, when this is `.int`, `.double` or `.number` (the `Double` its text
    /// reads as, correctly rounded).
    package var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        case .number(let text): return JSONNumber.value(of: text)
        default: return nil
        }
    }

    /// The string, when this is `.string`.
    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, when this is `.array`.
    package var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, when this is `.object`.
    package var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// What kind of value this is, for messages: "null", "a Boolean", "a number", "a string",
    /// "an array" or "an object".
    ///
    /// ```swift
    /// "expected a string for 'name', found \(value.kindDescription)"
    /// ```
    package var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a Boolean"
        case .int, .double, .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value of member `key`, when this is an object that has it.
    package subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// Element `index`, when this is an array and `index` is in range.
    package subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The value at `path`, or `nil` when the path leads nowhere.
    ///
    /// ```swift
    /// let rows = try JSONValue(parsing: #"[{"id": 7}]"#)
    /// rows[[0, "id"]]   // .int(7)
    /// ```
    package subscript(path: JSONPath) -> JSONValue? {
        var value = self
        for component in path.components {
            switch component {
            case .index(let index):
                guard let element = value[index] else { return nil }
                value = element
            case .key(let key):
                guard let member = value[key] else { return nil }
                value = member
            }
        }
        return value
    }
}

// MARK: - Literals

extension JSONValue: ExpressibleByBooleanLiteral {
    /// `.bool(value)`.
    package init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// `.int(value)`.
    package init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// `.double(value)`.
    package init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// `.string(value)`.
    package init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// `.array(elements)`.
    package init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// `.object` with the members in the order written; a repeated key keeps its first
    /// place and takes the last value.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.lazy.map { (key: $0.0, value: $0.1) }))
    }
}
