/// Where `TextLayout.padded(_:toWidth:alignment:)` puts text in a wider field.
///
/// ```swift
/// for alignment in TextAlignment.allCases {
///     print("[" + TextLayout.padded("ab", toWidth: 5, alignment: alignment) + "]")
/// }
/// // [ab   ]
/// // [ ab  ]
/// // [   ab]
/// ```
@frozen public enum TextAlignment: String, Sendable, CaseIterable {
    /// Text at the start, spaces after it: "ab   ".
    case left
    /// Text in the middle; the odd space goes after it: " ab  ".
    case center
    /// Spaces before the text: "   ab".
    case right
}

extension TextLayout {
    /// `text` with spaces added so that it takes exactly `width` columns.
    ///
    /// Centred text gets the odd extra space on the right. Text as wide as `width` or wider
    /// is returned unchanged (truncate it first to make it fit).
    ///
    /// ```swift
    /// TextLayout.padded("漢字", toWidth: 7, alignment: .center)  // " 漢字  "
    /// TextLayout.padded("42", toWidth: 5, alignment: .right)     // "   42"
    /// ```
    ///
    /// - Complexity: O(n + width).
    @_spi(Host) public static func padded(_ text: String, toWidth width: Int, alignment: TextAlignment) -> String {
        let textWidth = TerminalWidth.of(text)
        guard width > textWidth else { return text }
        let extra = width - textWidth
        let left: Int
        switch alignment {
        case .left: left = 0
        case .center: left = extra / 2
        case .right: left = extra
        }
        return String(repeating: " ", count: left) + text + String(repeating: " ", count: extra - left)
    }
}
