extension NibTemplate.Literal {
    /// The literal as drawn in its placement: exactly `width` columns, its text (or, on a
    /// wrapped line's continuation rows, its ``continuationText``) clipped at the right when
    /// the line was too narrow for it.
    ///
    /// ```swift
    /// // not compiled: the values of a literal laid out on a nib line
    /// literal.text                          // " ─╮"
    /// literal.drawn(width: 3)               // " ─╮"
    /// literal.drawn(width: 2)               // " ─"
    /// literal.drawn(width: 3, continuation: true)   // " ─╮" (box drawing continues)
    /// ```
    public func drawn(width: Int, continuation: Bool = false) -> String {
        let source = continuation ? continuationText : text
        if width == self.width { return source }
        return NibDrawing.fit(source, width: width)
    }
}

extension NibTemplate.Spring {
    /// The spring's fill over `width` columns, the pattern repeated from the left and cut at
    /// the right; a wide fill character that would not fit is replaced by spaces.
    ///
    /// ```swift
    /// // not compiled: the values of a spring laid out on a nib line
    /// spring.fill                 // "-="
    /// spring.drawn(width: 5)      // "-=-=-"
    /// ```
    public func drawn(width: Int) -> String {
        guard width > 0 else { return "" }
        if fillUnits.count == 1, fillUnits[0].width == 1 {
            return String(repeating: fillUnits[0].text, count: width)
        }
        var out = ""
        var used = 0
        while used < width {
            for unit in fillUnits {
                if used + unit.width > width {
                    return out + String(repeating: " ", count: width - used)
                }
                out += unit.text
                used += unit.width
                if used == width { return out }
            }
        }
        return out
    }
}

/// Plain-text helpers for drawing nib segments, and a reference renderer used by the tests
/// and the documentation's examples (the view layer draws with styles and the Text module's
/// truncation and wrapping; this one ignores styles).
enum NibDrawing {
    /// `text` cut to at most `width` columns at the right and padded with spaces to exactly
    /// `width`.
    static func fit(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        var out = ""
        var used = 0
        for character in text {
            let columns = TerminalWidth.of(String(character))
            if used + columns > width { break }
            out.append(character)
            used += columns
        }
        return out + String(repeating: " ", count: width - used)
    }

    /// The last characters of `text` that fit in `width` columns.
    static func suffix(_ text: String, width: Int) -> String {
        var out: [Character] = []
        var used = 0
        for character in text.reversed() {
            let columns = TerminalWidth.of(String(character))
            if used + columns > width { break }
            out.append(character)
            used += columns
        }
        return String(out.reversed())
    }

    /// `text` in exactly `width` columns: aligned when narrower, truncated when wider.
    static func place(
        _ text: String, width: Int, alignment: NibTemplate.Alignment,
        truncation: NibTemplate.Truncation
    ) -> String {
        guard width > 0 else { return "" }
        let natural = TerminalWidth.of(text)
        if natural <= width {
            let slack = width - natural
            switch alignment {
            case .left:
                return text + String(repeating: " ", count: slack)
            case .right:
                return String(repeating: " ", count: slack) + text
            case .center:
                return String(repeating: " ", count: slack / 2) + text
                    + String(repeating: " ", count: slack - slack / 2)
            }
        }
        switch truncation {
        case .clip:
            return fit(text, width: width)
        case .tail:
            return fit(fit(text, width: width - 1).trimmingTrailingSpaces() + "…", width: width)
        case .head:
            let tail = "…" + suffix(text, width: width - 1)
            return String(repeating: " ", count: width - TerminalWidth.of(tail)) + tail
        case .middle:
            let left = fit(text, width: width / 2).trimmingTrailingSpaces()
            let right = suffix(text, width: width - 1 - TerminalWidth.of(left))
            return fit(left + "…" + right, width: width)
        }
    }

    /// Greedy word wrap at `width` columns; words longer than a row are cut. At least one
    /// line.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [""] }
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in text.split(separator: " ") {
            var word = String(word)
            var wordWidth = TerminalWidth.of(word)
            if used > 0, used + 1 + wordWidth <= width {
                line += " " + word
                used += 1 + wordWidth
                continue
            }
            if used > 0 {
                lines.append(line)
                line = ""
                used = 0
            }
            while wordWidth > width {
                let head = fit(word, width: width).trimmingTrailingSpaces()
                let headWidth = TerminalWidth.of(head)
                guard headWidth > 0 else { break }
                lines.append(head)
                word = String(word.dropFirst(head.count))
                wordWidth -= headWidth
            }
            line = word
            used = wordWidth
        }
        if used > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The template drawn as plain text at `width`, outlets filled from `values` by name
    /// (missing ones empty). Each row is exactly `width` columns.
    static func render(_ template: NibTemplate, width: Int, values: [String: String]) -> [String] {
        let texts = template.outlets.map { outlet -> String in
            let text = values[outlet.name] ?? ""
            return text.isEmpty ? (outlet.placeholder ?? "") : text
        }
        let layout = template.layout(
            width: width, naturalWidth: { TerminalWidth.of(texts[$0]) },
            wrappedLineCount: { wrap(texts[$0], width: $1).count })
        var rows: [String] = []
        for row in layout.rows {
            let line = template.lines[row.line]
            var out = ""
            for (segment, placement) in zip(line.segments, row.placements) {
                switch segment {
                case .literal(let literal):
                    out += literal.drawn(width: placement.width, continuation: row.isContinuation)
                case .spring(let spring):
                    out += spring.drawn(width: placement.width)
                case .outlet(let outlet):
                    let text = texts[outlet.index]
                    switch outlet.overflow {
                    case .wrap:
                        let wrapped = wrap(text, width: placement.width)
                        let part = row.wrapRow < wrapped.count ? wrapped[row.wrapRow] : ""
                        out += place(
                            part, width: placement.width, alignment: outlet.alignment,
                            truncation: .clip)
                    case .truncate(let truncation):
                        out +=
                            row.isContinuation
                            ? String(repeating: " ", count: placement.width)
                            : place(
                                text, width: placement.width, alignment: outlet.alignment,
                                truncation: truncation)
                    }
                }
            }
            let used = TerminalWidth.of(out)
            rows.append(out + String(repeating: " ", count: max(0, width - used)))
        }
        return rows
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
