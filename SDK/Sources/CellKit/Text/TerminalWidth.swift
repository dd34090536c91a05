/// Width of text in terminal columns, measured per grapheme cluster.
///
/// The rules (docs/text-width.md has the reasons and the known differences from terminals):
/// East Asian Wide and Fullwidth characters and emoji take 2 columns; combining marks,
/// joiners, variation selectors and other default-ignorable characters take 0 inside a
/// cluster; a text-presentation emoji followed by VS16 (U+FE0F), an emoji ZWJ sequence, a flag
/// (a pair of regional indicators), a keycap and an emoji with a skin-tone modifier take 2; an
/// emoji followed by VS15 (U+FE0E) takes 1; control characters take 1, because the renderer
/// draws them as visible pictures (see `TextLayout.sanitized(_:)`).
///
/// ```swift
/// TerminalWidth.of("Hello")      // 5
/// TerminalWidth.of("漢字")        // 4
/// TerminalWidth.of("👩‍💻 ok")     // 5
/// ```
public enum TerminalWidth {
    /// The width of one scalar drawn on its own: 0, 1 or 2 columns.
    ///
    /// Scalars that only modify a cluster (combining marks, ZWJ, variation selectors, skin-tone
    /// modifiers inside a cluster) are better measured with `of(_:)` on the whole cluster.
    ///
    /// ```swift
    /// TerminalWidth.of("A" as Unicode.Scalar)         // 1
    /// TerminalWidth.of("漢" as Unicode.Scalar)        // 2
    /// TerminalWidth.of("\u{0301}" as Unicode.Scalar)  // 0 (combining acute accent)
    /// TerminalWidth.of("\u{1B}" as Unicode.Scalar)    // 1 (drawn as ␛)
    /// ```
    ///
    /// - Complexity: O(1): two loads from a table built (once, ~0.3 ms) from 1,507 ranges.
    @_spi(Host) public static func of(_ scalar: Unicode.Scalar) -> Int {
        ScalarClass(scalar.value).width
    }

    /// The width of one grapheme cluster: 0, 1 or 2 columns.
    ///
    /// ```swift
    /// TerminalWidth.of("é" as Character)    // 1 (e + U+0301 too)
    /// TerminalWidth.of("👍🏽" as Character)  // 2
    /// TerminalWidth.of("🇫🇷" as Character)  // 2
    /// TerminalWidth.of("☺︎" as Character)   // 1 (U+263A + VS15)
    /// TerminalWidth.of("☺️" as Character)   // 2 (U+263A + VS16)
    /// ```
    ///
    /// - Complexity: O(k) in the number of scalars of the cluster.
    @_spi(Host) public static func of(_ character: Character) -> Int {
        withUTF8(character.utf8) { GraphemeSegmenter.width(of: $0) }
    }

    /// The width of a string: the sum of the widths of its grapheme clusters.
    ///
    /// Printable ASCII (every byte in 0x20...0x7E) takes a fast path: the width is the number
    /// of bytes, with no segmentation.
    ///
    /// ```swift
    /// TerminalWidth.of("Hello, world")   // 12
    /// TerminalWidth.of("Ｈｉ ｶﾀｶﾅ")      // 9 (fullwidth 2 each, halfwidth katakana 1 each)
    /// TerminalWidth.of("a\tb")           // 3 (the tab is drawn as one space)
    /// ```
    ///
    /// - Complexity: O(n) in the UTF-8 length, with no allocation.
    @_spi(Host) public static func of<S: StringProtocol>(_ text: S) -> Int {
        withUTF8(text.utf8) { GraphemeSegmenter.width(of: $0) }
    }

    /// The width of a string; the same as `of(_:)` for any `StringProtocol`, without the cost
    /// of a generic call from another module (this is on the renderer's hot path).
    ///
    /// ```swift
    /// TerminalWidth.of("Hi 漢字 😀!")  // 11
    /// ```
    ///
    /// - Complexity: O(n) in the UTF-8 length, with no allocation.
    public static func of(_ text: String) -> Int {
        withUTF8(text.utf8) { GraphemeSegmenter.width(of: $0) }
    }

    /// The width of a substring; the same as `of(_:)` for any `StringProtocol`, without the
    /// cost of a generic call from another module.
    ///
    /// ```swift
    /// let line = "name: 漢字"
    /// TerminalWidth.of(line.dropFirst(6))  // 4
    /// ```
    ///
    /// - Complexity: O(n) in the UTF-8 length, with no allocation.
    @_spi(Host) public static func of(_ text: Substring) -> Int {
        withUTF8(text.utf8) { GraphemeSegmenter.width(of: $0) }
    }
}

/// Calls `body` with the contiguous UTF-8 bytes of a string view, copying only when the view
/// is not contiguous (never for native strings).
@inline(__always)
func withUTF8<C: Collection, R>(
    _ utf8: C, _ body: (UnsafeBufferPointer<UInt8>) -> R
) -> R where C.Element == UInt8 {
    if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(utf8).withUnsafeBufferPointer(body)
}
