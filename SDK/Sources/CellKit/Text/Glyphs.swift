/// Iteration over the glyphs of a text, for drawing it into a canvas of terminal cells.
///
/// ```swift
/// var columns = 0
/// Glyphs.forEach(in: "漢a👍🏽") { glyph in columns += glyph.width }
/// print(columns)  // 5
/// ```
enum Glyphs {
    /// Calls `body` with each grapheme cluster of `text`, in order, sanitized and measured.
    ///
    /// Control characters come out as their pictures (see `TextLayout.sanitized(_:)`), width 1;
    /// clusters that take no column (a lone combining mark, a zero-width space) come out with
    /// width 0. The widths add up to `TerminalWidth.of(text)`.
    ///
    /// ```swift
    /// Glyphs.forEach(in: "a\u{1B}漢") { print($0.scalar, $0.width) }
    /// // a 1
    /// // ␛ 1
    /// // 漢 2
    /// ```
    ///
    /// - Complexity: O(n) in the UTF-8 length. Printable ASCII text is walked byte by byte,
    ///   with no segmentation; other text in one pass with one table lookup per scalar.
    static func forEach<S: StringProtocol>(in text: S, _ body: (Glyph) -> Void) {
        if let string = text as? String {
            forEach(in: string[...], body)
        } else if let substring = text as? Substring {
            forEach(in: substring, body)
        } else {
            forEach(in: String(text)[...], body)
        }
    }

    /// Calls `body` with each grapheme cluster of `text`; the same as `forEach(in:_:)` for
    /// any `StringProtocol`, without the cost of a generic call from another module.
    ///
    /// ```swift
    /// Glyphs.forEach(in: "ok 👍🏽") { print($0.scalar, $0.width) }
    /// // o 1
    /// // k 1
    /// //   1
    /// // 👍 2
    /// ```
    ///
    /// - Complexity: O(n) in the UTF-8 length.
    static func forEach(in text: String, _ body: (Glyph) -> Void) {
        forEach(in: text[...], body)
    }

    /// Calls `body` with each grapheme cluster of `text`; the same as `forEach(in:_:)` for
    /// any `StringProtocol`, without the cost of a generic call from another module.
    ///
    /// ```swift
    /// Glyphs.forEach(in: "[漢]".dropFirst().dropLast()) { print($0.scalar, $0.width) }
    /// // 漢 2
    /// ```
    ///
    /// - Complexity: O(n) in the UTF-8 length.
    static func forEach(in text: Substring, _ body: (Glyph) -> Void) {
        withUTF8(text.utf8) { buffer in
            if GraphemeSegmenter.isPrintableASCII(buffer) {
                for byte in buffer {
                    body(Glyph(scalar: Unicode.Scalar(byte), cluster: nil, width: 1))
                }
                return
            }
            GraphemeSegmenter.forEachCluster(in: buffer) { info in
                if info.isSingleScalar {
                    let scalar = Sanitizer.picture(for: info.first) ?? info.first
                    body(Glyph(scalar: scalar, cluster: nil, width: info.width))
                } else if info.first == "\r" {  // CR LF, the only cluster holding a control
                    body(Glyph(scalar: Sanitizer.newlinePicture, cluster: nil, width: 1))
                } else {
                    let utf8 = text.utf8
                    let lower = utf8.index(utf8.startIndex, offsetBy: info.start)
                    let upper = utf8.index(lower, offsetBy: info.end &- info.start)
                    body(Glyph(scalar: info.first, cluster: text[lower..<upper], width: info.width))
                }
                return true
            }
        }
    }
}
