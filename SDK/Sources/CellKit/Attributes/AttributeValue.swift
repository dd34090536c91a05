/// A value of an inspectable attribute, as scripts and data files give it.
///
/// ```swift
/// let v = try AttributeType.double.parse("0.72")
/// print(v)   // 0.72
/// ```
@frozen public enum AttributeValue: Hashable, Sendable, CustomStringConvertible {
    /// A whole number, for an ``AttributeType/int`` attribute.
    case int(Int)
    /// A number, for an ``AttributeType/double`` attribute (whole numbers are
    /// accepted and converted).
    case double(Double)
    /// `true` or `false`, for an ``AttributeType/bool`` attribute.
    case bool(Bool)
    /// Text, for an ``AttributeType/string`` attribute (and for an outlet of a nib).
    case string(String)
    /// A case of an enumeration, by name.
    case enumeration(String)
    /// A colour, for an ``AttributeType/color`` attribute.
    case color(Color)
    /// A list of numbers, for charts.
    case numbers([Double])
    /// A list of strings: the texts of columns.
    case strings([String])

    /// The value written the way a script writes it (and the host reads it back).
    public var description: String {
        switch self {
        case .int(let v): String(v)
        case .double(let v): AttributeValue.format(v)
        case .bool(let v): v ? "true" : "false"
        case .string(let v): v
        case .enumeration(let v): v
        case .color(let v): v.description
        case .numbers(let v): "[" + v.map(AttributeValue.format).joined(separator: ", ") + "]"
        case .strings(let v): "[" + v.map(AttributeValue.quoted).joined(separator: ", ") + "]"
        }
    }

    /// A list item written so that ``AttributeType/parse(_:)`` reads it back:
    /// bare when it is plain, in double quotes (with `\"` and `\\`) otherwise.
    static func quoted(_ item: String) -> String {
        let plain =
            !item.isEmpty
            && item.utf8.allSatisfy { b in
                b != 0x22 && b != 0x5C && b != 0x2C && b != 0x5B && b != 0x5D && b != 0x7C && b != 0x20 && b != 0x09
            }
        guard !plain else { return item }
        var out = "\""
        for c in item {
            if c == "\"" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }

    /// A number without a trailing `.0` when it is whole: `3`, `0.72`.
    static func format(_ v: Double) -> String {
        if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }
}

/// The type of an inspectable attribute: what values it takes.
///
/// ```swift
/// let t = AttributeType.enumeration(["left", "center", "right"])
/// print(t)                    // left|center|right
/// try t.parse("middle")       // throws: 'middle' is not one of left, center, right
/// ```
@frozen public enum AttributeType: Hashable, Sendable, CustomStringConvertible {
    /// A whole number: `Int`, written `3` or `-12`.
    case int
    /// A number: `Double`, written `0.72` or `3`.
    case double
    /// `Bool`, written `true` or `false`.
    case bool
    /// Text: `String`, taken as written.
    case string
    /// One of these names.
    case enumeration([String])
    /// A ``Color``: a name (`red`, `bright-blue`, `default`), a palette number
    /// (`208`) or `#rrggbb`.
    case color
    /// A list of numbers: `[1, 2.5, 3]` or `1,2.5,3`.
    case numbers
    /// A list of strings: `[ID, "Full name", Born]` or `ID|Full name|Born`.
    case strings

    /// The name shown by `describe`: `Int`, `Double`, `Bool`, `String`,
    /// `Color`, `[Double]`, `[String]`, or the cases of an enumeration.
    public var description: String {
        switch self {
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .string: "String"
        case .enumeration(let cases): cases.joined(separator: "|")
        case .color: "Color"
        case .numbers: "[Double]"
        case .strings: "[String]"
        }
    }

    /// Reads a value of this type from text (a script's `key=value`).
    @_spi(Host) public func parse(_ text: String) throws(ValueError) -> AttributeValue {
        if case .string = self { return .string(text) }
        let trimmed = text.trimmedSpaces
        switch self {
        case .string:
            return .string(text)
        case .int:
            guard let v = Int(trimmed) else {
                throw ValueError("expected an Int, got '\(text)'", fix: "write a whole number such as 3 or -12")
            }
            return .int(v)
        case .double:
            guard let v = Double(trimmed), v.isFinite else {
                throw ValueError("expected a Double, got '\(text)'", fix: "write a number such as 0.72 or 21")
            }
            return .double(v)
        case .bool:
            switch trimmed.lowercased() {
            case "true", "yes", "on", "1": return .bool(true)
            case "false", "no", "off", "0": return .bool(false)
            default: throw ValueError("expected a Bool, got '\(text)'", fix: "write true or false")
            }
        case .enumeration(let cases):
            if let match = cases.first(where: { $0.lowercased() == trimmed.lowercased() }) {
                return .enumeration(match)
            }
            throw ValueError(
                "'\(text)' is not one of \(cases.joined(separator: ", "))",
                fix: Suggestions.nearest(to: trimmed, in: cases).map { "did you mean '\($0)'?" })
        case .color:
            return .color(try Color(parsing: trimmed))
        case .numbers:
            var body = Substring(trimmed)
            if body.hasPrefix("[") && body.hasSuffix("]") { body = body.dropFirst().dropLast() }
            if body.trimmedSpaces.isEmpty { return .numbers([]) }
            var values: [Double] = []
            for part in body.split(separator: ",", omittingEmptySubsequences: false) {
                let p = part.trimmedSpaces
                guard let v = Double(p), v.isFinite else {
                    throw ValueError(
                        "expected a list of numbers, but '\(p)' is not a number", fix: "write numbers like [1, 2.5, 3]")
                }
                values.append(v)
            }
            return .numbers(values)
        case .strings:
            return .strings(try StringList.parse(trimmed))
        }
    }

    /// Whether `value` is already of this type, so setting it needs no
    /// conversion: the check on the hot path of data-bound rows (no
    /// allocation; an enumeration's case names are compared as they are).
    @inline(__always)
    func accepts(_ value: AttributeValue) -> Bool {
        switch (self, value) {
        case (.int, .int), (.double, .double), (.bool, .bool), (.string, .string), (.color, .color),
            (.numbers, .numbers), (.strings, .strings):
            return true
        case (.enumeration(let cases), .enumeration(let name)):
            return cases.contains(name)
        default:
            return false
        }
    }

    /// Converts a value of another type where that is lossless or obvious
    /// (an Int for a Double attribute, a number for a String attribute, a
    /// string that parses), as a data file's fields need.
    @_spi(Host) public func convert(_ value: AttributeValue) throws(ValueError) -> AttributeValue {
        switch (self, value) {
        case (.int, .int), (.double, .double), (.bool, .bool), (.string, .string), (.color, .color),
            (.numbers, .numbers), (.strings, .strings):
            return value
        case (.enumeration(let cases), .enumeration(let name)) where cases.contains(name):
            return value
        case (.strings, .string(let s)):
            // One string is `a|b|c` (the form before lists existed), never `[…]`.
            return .strings(StringList.split(s))
        case (.strings, .numbers(let v)):
            return .strings(v.map(AttributeValue.format))
        case (.strings, _):
            return .strings([value.description])
        case (.double, .int(let v)):
            return .double(Double(v))
        case (.int, .double(let v)) where v == v.rounded() && abs(v) < 1e18:
            return .int(Int(v))
        case (.numbers, .int(let v)):
            return .numbers([Double(v)])
        case (.numbers, .double(let v)):
            return .numbers([v])
        case (.string, _):
            return .string(value.description)
        case (_, .string(let s)), (_, .enumeration(let s)):
            return try parse(s)
        default:
            throw ValueError("expected \(self.article), got \(value.kindName) '\(value)'")
        }
    }

    var article: String {
        switch self {
        case .int: "an Int"
        case .enumeration(let cases): "one of \(cases.joined(separator: ", "))"
        default: "a \(self)"
        }
    }
}

extension AttributeValue {
    var kindName: String {
        switch self {
        case .int: "an Int"
        case .double: "a Double"
        case .bool: "a Bool"
        case .string: "a String"
        case .enumeration: "a name"
        case .color: "a Color"
        case .numbers: "a list of numbers"
        case .strings: "a list of strings"
        }
    }
}
