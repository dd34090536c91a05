/// How characters look: foreground and background colour and attributes.
///
/// Styles compose: `Style.bold.foreground(.red)`. A style with default colours
/// and no attributes is ``plain``.
///
/// ```swift
/// let title = Style.bold.foreground(.cyan)
/// let muted = Style(attributes: .dim)
/// print(title)   // bold fg=cyan
/// ```
@frozen public struct Style: Hashable, Sendable, CustomStringConvertible {
    /// The colour of the characters.
    public var foreground: Color
    /// The colour behind the characters.
    public var background: Color
    /// Bold, dim, italic, underline, reverse, strikethrough.
    public var attributes: TextAttributes

    /// Creates a style.
    public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// Default colours, no attributes.
    public static let plain = Style()
    /// Bold text.
    public static let bold = Style(attributes: .bold)
    /// Dim text.
    public static let dim = Style(attributes: .dim)
    /// Italic text.
    public static let italic = Style(attributes: .italic)
    /// Underlined text.
    public static let underline = Style(attributes: .underline)
    /// Reverse video.
    public static let reverse = Style(attributes: .reverse)

    /// This style with another foreground colour.
    ///
    /// ```swift
    /// let title = Style.bold.foreground(.cyan)
    /// ```
    public func foreground(_ color: Color) -> Style {
        var s = self
        s.foreground = color
        return s
    }

    /// This style with another background colour.
    public func background(_ color: Color) -> Style {
        var s = self
        s.background = color
        return s
    }

    /// This style with `attributes` added.
    public func adding(_ attributes: TextAttributes) -> Style {
        var s = self
        s.attributes.formUnion(attributes)
        return s
    }

    /// `other` drawn over this style: its non-default colours win, attributes add up.
    ///
    /// ```swift
    /// let warning = Style.bold.merging(Style(foreground: .red))   // bold, red
    /// ```
    public func merging(_ other: Style) -> Style {
        Style(
            foreground: other.foreground == .default ? foreground : other.foreground,
            background: other.background == .default ? background : other.background,
            attributes: attributes.union(other.attributes))
    }

    /// Whether this is ``plain``.
    public var isPlain: Bool { self == .plain }

    /// `bold fg=cyan bg=#1e1e2e`, or `plain`.
    public var description: String {
        var parts: [String] = []
        if !attributes.isEmpty { parts.append(attributes.description) }
        if foreground != .default { parts.append("fg=\(foreground)") }
        if background != .default { parts.append("bg=\(background)") }
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }
}
