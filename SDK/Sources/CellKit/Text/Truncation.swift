/// Where `TextLayout.truncated(_:toWidth:mode:ellipsis:)` cuts text that is too wide.
///
/// ```swift
/// for mode in TruncationMode.allCases {
///     print(mode, TextLayout.truncated("abcdefghij", toWidth: 7, mode: mode))
/// }
/// // head …efghij
/// // middle abc…hij
/// // tail abcdef…
/// // clip abcdefg
/// ```
@frozen public enum TruncationMode: String, Sendable, CaseIterable {
    /// Keep the end: "…efghij".
    case head
    /// Keep both ends: "abc…hij".
    case middle
    /// Keep the start: "abcdef…".
    case tail
    /// Keep the start, with no ellipsis: "abcdefg".
    case clip
}

extension TextLayout {
    /// `text` cut to fit in `width` columns, with `ellipsis` where text was removed.
    ///
    /// Text that fits is returned unchanged. The cut never splits a grapheme cluster and the
    /// result is never wider than `width`: a wide character that would straddle the cut is
    /// dropped, so the result can be one column narrower than `width`. Spaces next to the
    /// ellipsis are dropped too ("Hello…", not "Hello …"). A width of 0 or less gives "";
    /// a width smaller than the ellipsis clips. The text is measured as one line, control
    /// characters as their pictures; use `lines(_:width:mode:maxLines:)` for text with line
    /// breaks.
    ///
    /// ```swift
    /// TextLayout.truncated("Hello, world", toWidth: 8)                 // "Hello,…"
    /// TextLayout.truncated("Hello, world", toWidth: 8, mode: .head)    // "…, world"
    /// TextLayout.truncated("Hello, world", toWidth: 8, mode: .middle)  // "Hell…rld"
    /// TextLayout.truncated("漢字漢字", toWidth: 6)                        // "漢字…" (5 columns)
    /// TextLayout.truncated("Hello", toWidth: 3, ellipsis: "...")       // "..."
    /// ```
    ///
    /// - Complexity: O(n). Text that fits costs one measuring pass and no allocation.
    @_spi(Host) public static func truncated(
        _ text: String, toWidth width: Int, mode: TruncationMode = .tail, ellipsis: String = "…"
    ) -> String {
        guard width > 0 else { return "" }
        if TerminalWidth.of(text) <= width { return text }
        let ellipsisWidth = TerminalWidth.of(ellipsis)
        if mode == .clip || ellipsisWidth > width || ellipsis.isEmpty {
            return String(prefix(text, fittingWidth: width))
        }
        let room = width - ellipsisWidth
        return withUTF8(text.utf8) { buffer -> String in
            let clusters = ClusterList(buffer)
            switch mode {
            case .tail, .clip:
                var end = clusters.prefix(fitting: room).end
                while end > 0 && clusters.isSpace(end - 1) { end -= 1 }
                return clusters.string(0..<end) + ellipsis
            case .head:
                var start = clusters.suffix(fitting: room).start
                while start < clusters.count && clusters.isSpace(start) { start += 1 }
                return ellipsis + clusters.string(start..<clusters.count)
            case .middle:
                let left = clusters.prefix(fitting: room / 2 + room % 2)
                let right = clusters.suffix(fitting: room - left.width)
                var end = left.end
                while end > 0 && clusters.isSpace(end - 1) { end -= 1 }
                var start = max(right.start, left.end)
                while start < clusters.count && clusters.isSpace(start) { start += 1 }
                return clusters.string(0..<end) + ellipsis + clusters.string(start..<clusters.count)
            }
        }
    }
}
