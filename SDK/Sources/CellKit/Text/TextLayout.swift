/// Pure functions that lay text out in terminal columns: sanitizing, truncation, wrapping,
/// padding, and a label's line breaking. A plugin that draws text itself fits it to a
/// width with ``fitted(_:toWidth:minimum:mode:)`` (``Label`` does the rest for you); the
/// other functions are the SDK's and the host's.
///
/// Widths are measured per grapheme cluster with `TerminalWidth`; no function splits a
/// cluster, and none returns a line wider than it was asked for.
///
/// ```swift
/// TextLayout.fitted("Hello, world", toWidth: 8)       // ("Hello, …", 8)
/// TextLayout.fitted("漢字かな", toWidth: 5)              // ("漢字…", 5)
/// ```
public enum TextLayout {
    /// The longest prefix of `text`, in whole grapheme clusters, that fits in `width` columns.
    ///
    /// A wide character that would straddle the edge is left out, so the prefix can be one
    /// column narrower than `width`. Zero-width clusters right after the prefix are kept with it.
    ///
    /// ```swift
    /// TextLayout.prefix("Hello", fittingWidth: 3)    // "Hel"
    /// TextLayout.prefix("漢字かな", fittingWidth: 5)  // "漢字"
    /// TextLayout.prefix("e\u{301}x", fittingWidth: 1) // "é" (e + U+0301)
    /// ```
    ///
    /// - Complexity: O(m) in the UTF-8 length of the prefix, with no allocation.
    static func prefix(_ text: String, fittingWidth width: Int) -> Substring {
        let limit = max(0, width)
        let end = withUTF8(text.utf8) { buffer -> Int in
            // Printable ASCII up to one byte past the limit: the prefix is `limit` bytes.
            let probeLength = limit < buffer.count ? limit + 1 : buffer.count
            let probe = UnsafeBufferPointer(rebasing: buffer[..<probeLength])
            if GraphemeSegmenter.isPrintableASCII(probe) { return min(limit, buffer.count) }
            var end = 0
            var used = 0
            GraphemeSegmenter.forEachCluster(in: buffer) { info in
                if used + info.width > limit { return false }
                used += info.width
                end = info.end
                return true
            }
            return end
        }
        return slice(text, 0, end)
    }

    /// The part of `text` between two byte offsets, which must be scalar boundaries.
    ///
    /// - Complexity: O(1) for native strings.
    static func slice(_ text: String, _ start: Int, _ end: Int) -> Substring {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: start)
        let upper = utf8.index(lower, offsetBy: end - start)
        return text[lower..<upper]
    }
}
