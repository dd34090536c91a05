/// How a label fits its text into its width: UIKit's `NSLineBreakMode`, without the "by".
///
/// ```swift
/// let text = "The quick brown fox"
/// for mode in LineBreakMode.allCases {
///     print(mode, TextLayout.lines(text, width: 10, mode: mode, maxLines: 0))
/// }
/// // wordWrapping ["The quick", "brown fox"]
/// // charWrapping ["The quick ", "brown fox"]
/// // clipping ["The quick "]
/// // truncatingHead ["…brown fox"]
/// // truncatingMiddle ["The q…fox"]
/// // truncatingTail ["The quick…"]
/// ```
@frozen public enum LineBreakMode: String, Sendable, CaseIterable {
    /// Wrap at word boundaries (see `TextLayout.wrapped(_:toWidth:)`).
    case wordWrapping
    /// Wrap at the width, between grapheme clusters, keeping every space.
    case charWrapping
    /// One line per hard line break, cut at the width.
    case clipping
    /// One line per hard line break, keeping the end: "…brown fox".
    case truncatingHead
    /// One line per hard line break, keeping the start: "The quick…".
    case truncatingTail
    /// One line per hard line break, keeping both ends: "The q…fox".
    case truncatingMiddle
}

extension TextLayout {
    /// The lines a label of `width` columns shows for `text`, at most `maxLines` of them
    /// (0: no limit).
    ///
    /// - Wrapping modes wrap; when the text needs more than `maxLines` lines, the last line
    ///   shown holds the rest of the text (its line breaks read as spaces, blank lines left
    ///   out), truncated at its tail: it ends with "…" unless all of it fits.
    /// - The other modes give one line per hard line break, each clipped or truncated; when
    ///   there are more than `maxLines`, the last line shown holds the rest of the text in the
    ///   same way, truncated by the mode (clipping just drops the lines that do not fit).
    ///
    /// Every line fits in `width`. A width of 0 or less gives [].
    ///
    /// ```swift
    /// TextLayout.lines("The quick brown fox jumps", width: 10, mode: .wordWrapping, maxLines: 2)
    /// // ["The quick", "brown fox…"]
    /// TextLayout.lines("Title\nSubtitle", width: 20, mode: .truncatingTail, maxLines: 1)
    /// // ["Title Subtitle"]
    /// TextLayout.lines("Title\nSubtitle", width: 8, mode: .truncatingTail, maxLines: 1)
    /// // ["Title S…"]
    /// ```
    ///
    /// - Complexity: O(n) in the length of the text.
    static func lines(
        _ text: String, width: Int, mode: LineBreakMode, maxLines: Int
    ) -> [String] {
        guard width > 0 else { return [] }
        let limit = maxLines > 0 ? maxLines : Int.max
        return withUTF8(text.utf8) { buffer in
            let wrapper = LineWrapper(
                clusters: ClusterList(buffer), width: width,
                words: mode != .charWrapping)
            let clusters = wrapper.clusters
            switch mode {
            case .wordWrapping, .charWrapping:
                let ranges = wrapper.lines(limit: limit == .max ? .max : limit + 1)
                var lines = ranges.prefix(limit).map { clusters.string($0) }
                if ranges.count > limit {
                    let rest = restOfText(clusters, from: ranges[limit - 1].lowerBound, wrapper: wrapper)
                    lines[limit - 1] = truncated(rest, toWidth: width, mode: .tail)
                }
                return lines
            case .clipping, .truncatingHead, .truncatingTail, .truncatingMiddle:
                let hard = hardLines(clusters, wrapper: wrapper, limit: limit == .max ? .max : limit + 1)
                var lines: [String] = []
                for (index, range) in hard.prefix(limit).enumerated() {
                    let overflow = index == limit - 1 && hard.count > limit
                    let line =
                        overflow && mode != .clipping
                        ? restOfText(clusters, from: range.lowerBound, wrapper: wrapper)
                        : clusters.string(range)
                    switch mode {
                    case .truncatingHead: lines.append(truncated(line, toWidth: width, mode: .head))
                    case .truncatingMiddle: lines.append(truncated(line, toWidth: width, mode: .middle))
                    case .truncatingTail: lines.append(truncated(line, toWidth: width, mode: .tail))
                    default: lines.append(String(prefix(line, fittingWidth: width)))
                    }
                }
                return lines
            }
        }
    }

    /// The hard lines of the text (without their line breaks), at most `limit`.
    private static func hardLines(
        _ clusters: ClusterList, wrapper: LineWrapper, limit: Int
    ) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        while result.count < limit {
            var end = start
            while end < clusters.count && !wrapper.isHardBreak(end) { end += 1 }
            result.append(start..<end)
            if end == clusters.count { break }
            start = end + 1
        }
        return result
    }

    /// The text from cluster `start` to the end on one line: its hard lines that are not
    /// blank, joined with one space (their other leading and trailing spaces dropped).
    private static func restOfText(
        _ clusters: ClusterList, from start: Int, wrapper: LineWrapper
    ) -> String {
        var parts: [String] = []
        var runStart = start
        for i in start...clusters.count where i == clusters.count || wrapper.isHardBreak(i) {
            var end = i
            while end > runStart && clusters.isSpace(end - 1) { end -= 1 }
            if !parts.isEmpty {
                while runStart < end && clusters.isSpace(runStart) { runStart += 1 }
            }
            if end > runStart { parts.append(clusters.string(runStart..<end)) }
            runStart = i + 1
        }
        return parts.joined(separator: " ")
    }
}
