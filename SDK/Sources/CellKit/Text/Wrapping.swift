extension TextLayout {
    /// `text` broken into lines that each fit in `width` columns, at word boundaries.
    ///
    /// - Lines break at spaces; the spaces at a break are dropped (a paragraph's leading
    ///   spaces are kept when they fit with its first word).
    /// - Hard line breaks (LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029) are honoured; an empty
    ///   line stays an empty line, so "" gives [""] and "a\n" gives ["a", ""].
    /// - Lines may also break between wide (CJK) characters, after a zero-width space, and
    ///   after a hyphen or dash between letters ("well-|known"), but not before closing
    ///   punctuation ("漢字。" keeps "。" with "字") nor after opening punctuation.
    /// - A word wider than the line is broken at the width, between grapheme clusters.
    /// - A cluster wider than the whole line (a wide character when `width` is 1) is dropped.
    ///
    /// Every line fits in `width`; apart from the spaces at breaks and those dropped clusters,
    /// no text is lost. A width of 0 or less gives [].
    ///
    /// ```swift
    /// TextLayout.wrapped("The quick brown fox jumps", toWidth: 10)
    /// // ["The quick", "brown fox", "jumps"]
    /// TextLayout.wrapped("漢字かな交じり文", toWidth: 6)
    /// // ["漢字か", "な交じ", "り文"]
    /// TextLayout.wrapped("well-known supercalifragilistic", toWidth: 8)
    /// // ["well-", "known", "supercal", "ifragili", "stic"]
    /// ```
    ///
    /// - Complexity: O(n) in the length of the text.
    static func wrapped(_ text: String, toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        return withUTF8(text.utf8) { buffer in
            let wrapper = LineWrapper(clusters: ClusterList(buffer), width: width, words: true)
            return wrapper.lines().map { wrapper.clusters.string($0) }
        }
    }
}

/// Breaks the clusters of a text into lines (ranges of cluster indices) of at most `width`
/// columns, by words or by clusters.
struct LineWrapper {
    let clusters: ClusterList
    let width: Int
    /// Word wrapping when true; character (cluster) wrapping when false.
    let words: Bool

    /// The lines, at most `limit` of them.
    ///
    /// - Complexity: O(n) in the number of clusters (it stops at the limit).
    func lines(limit: Int = .max) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        let count = clusters.count
        while start <= count && result.count < limit {
            var end = start
            while end < count && !isHardBreak(end) { end += 1 }
            let before = result.count
            if words {
                wrapWords(start..<end, into: &result, limit: limit)
            } else {
                wrapClusters(start..<end, into: &result, limit: limit)
            }
            if result.count == before && result.count < limit {
                result.append(start..<start)  // an empty line
            }
            if end == count { break }
            start = end + 1
        }
        return result
    }

    /// True for a cluster that ends a line: LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029.
    func isHardBreak(_ i: Int) -> Bool {
        let (first, single) = clusters.scalar(i)
        if !single { return first == "\r" }  // CR LF
        switch first.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Character wrapping of one hard line: fill each line with as many clusters as fit.
    private func wrapClusters(_ range: Range<Int>, into result: inout [Range<Int>], limit: Int) {
        var lineStart = range.lowerBound
        var used = 0
        var i = range.lowerBound
        while i < range.upperBound {
            let w = clusters.width(i)
            if w > width {  // can never fit: drop it
                if i > lineStart {
                    result.append(lineStart..<i)
                    if result.count >= limit { return }
                }
                lineStart = i + 1
                used = 0
            } else if used + w > width {
                result.append(lineStart..<i)
                if result.count >= limit { return }
                lineStart = i
                used = w
            } else {
                used += w
            }
            i += 1
        }
        if lineStart < range.upperBound { result.append(lineStart..<range.upperBound) }
    }

    /// Word wrapping of one hard line.
    private func wrapWords(_ range: Range<Int>, into result: inout [Range<Int>], limit: Int) {
        var line: Range<Int>? = nil
        var lineWidth = 0
        var spaces: (range: Range<Int>, width: Int)? = nil
        var i = range.lowerBound
        while i < range.upperBound {
            if clusters.isSpace(i) {
                let runStart = i
                var runWidth = 0
                while i < range.upperBound && clusters.isSpace(i) {
                    runWidth += clusters.width(i)
                    i += 1
                }
                spaces = (runStart..<i, runWidth)
                continue
            }
            // A piece: clusters up to the next space or break opportunity.
            let pieceStart = i
            var pieceWidth = clusters.width(i)
            i += 1
            while i < range.upperBound && !clusters.isSpace(i) && !canBreak(before: i, in: range) {
                pieceWidth += clusters.width(i)
                i += 1
            }
            let spaceWidth = spaces?.width ?? 0
            if let current = line, lineWidth + spaceWidth + pieceWidth <= width {
                line = current.lowerBound..<i
                lineWidth += spaceWidth + pieceWidth
            } else if line == nil, let leading = spaces, spaceWidth + pieceWidth <= width {
                line = leading.range.lowerBound..<i  // indentation of the paragraph
                lineWidth = spaceWidth + pieceWidth
            } else {
                if let current = line {
                    result.append(current)
                    if result.count >= limit { return }
                }
                if pieceWidth <= width {
                    line = pieceStart..<i
                    lineWidth = pieceWidth
                } else {
                    // Too long for any line: break it between clusters; its last part stays
                    // open for what follows.
                    var parts: [Range<Int>] = []
                    wrapClusters(pieceStart..<i, into: &parts, limit: .max)
                    for part in parts.dropLast() {
                        result.append(part)
                        if result.count >= limit { return }
                    }
                    line = parts.last
                    lineWidth = line.map { clusters.width($0) } ?? 0
                }
            }
            spaces = nil
        }
        if let current = line { result.append(current) }
    }

    /// Whether a line may break between cluster `i - 1` and cluster `i` (neither a space).
    private func canBreak(before i: Int, in range: Range<Int>) -> Bool {
        let after = clusters.width(i)
        if after == 0 { return false }
        let (next, _) = clusters.scalar(i)
        if LineWrapper.closing(next) { return false }
        let (previous, previousSingle) = clusters.scalar(i - 1)
        if LineWrapper.opening(previous) { return false }
        if after == 2 || clusters.width(i - 1) == 2 { return true }
        if previousSingle && previous == "\u{200B}" { return true }
        if previousSingle, LineWrapper.hyphens.contains(previous.value), i - 2 >= range.lowerBound {
            let (before, _) = clusters.scalar(i - 2)
            return LineWrapper.isWordCharacter(before) && next.properties.isAlphabetic
        }
        return false
    }

    /// Hyphen-minus, hyphen, figure dash, en dash, em dash.
    static let hyphens: Set<UInt32> = [0x2D, 0x2010, 0x2012, 0x2013, 0x2014]

    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Punctuation a line must not start with.
    static func closing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D,  // ! ) , . : ; ? ] }
            0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019,
            0x301B, 0x30FB, 0x30FC, 0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F,
            0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63, 0xFF64:
            return true
        default:
            return false
        }
    }

    /// Punctuation a line must not end with.
    static func opening(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x28, 0x5B, 0x7B,  // ( [ {
            0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A,
            0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62:
            return true
        default:
            return false
        }
    }
}
