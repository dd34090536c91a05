/// Character attributes a terminal can show: bold, dim, italic, underline,
/// reverse video, strikethrough.
///
/// ```swift
/// let attrs: TextAttributes = [.bold, .underline]
/// print(attrs)   // bold,underline
/// ```
@frozen public struct TextAttributes: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The attributes as bits, one per attribute.
    public let rawValue: UInt8
    /// The attributes whose bits are set in `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold (SGR 1).
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Dim, or faint (SGR 2).
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Italic (SGR 3).
    public static let italic = TextAttributes(rawValue: 1 << 2)
    /// Underline (SGR 4).
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Reverse video (SGR 7).
    public static let reverse = TextAttributes(rawValue: 1 << 4)
    /// Strikethrough (SGR 9).
    public static let strikethrough = TextAttributes(rawValue: 1 << 5)

    /// Each attribute with its name, in SGR order.
    public static let all: [(name: String, attribute: TextAttributes)] = [
        ("bold", .bold), ("dim", .dim), ("italic", .italic),
        ("underline", .underline), ("reverse", .reverse), ("strikethrough", .strikethrough),
    ]

    /// Comma-separated names: `bold,underline`; `plain` when empty.
    public var description: String {
        let names = Self.all.filter { contains($0.attribute) }.map(\.name)
        return names.isEmpty ? "plain" : names.joined(separator: ",")
    }
}
