/// Parses a nib's text into a ``NibTemplate``, collecting every problem as a
/// ``Diagnostic`` (see `docs/nib-format.md` for the grammar).
///
/// Lines are independent: a problem in one line does not stop the others from being
/// checked; within a line, parsing resumes after the `{…}` group that was wrong.
struct NibParser {
    let name: String
    let file: String

    private var diagnostics: [Diagnostic] = []
    private var outlets: [NibTemplate.Outlet] = []
    private var outletIndex: [String: Int] = [:]

    // The line being parsed.
    private var chars: [Character] = []
    private var lineNumber = 0
    private var sourceLine = ""
    private var wrapOnLine: String?

    /// The longest line a nib may have, in UTF-8 bytes (docs/nib-format.md):
    /// room for a 10,000-column row of 4-byte characters and more.
    static let maximumLineBytes = 64 * 1024

    init(name: String, file: String) {
        self.name = name
        self.file = file
    }

    private var full: Bool { diagnostics.count >= NibParseError.limit }

    // MARK: - Template

    mutating func parse(_ source: String) throws(NibParseError) -> NibTemplate {
        var text = Substring(source)
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        let rawLines = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }
        ).map(String.init)

        // nil: a comment-only line, dropped; []: a blank row.
        var parsed: [(segments: [NibTemplate.Segment], number: Int)] = []
        for (index, raw) in rawLines.enumerated() where !full {
            if let segments = parseLine(raw, number: index + 1) {
                parsed.append((segments, index + 1))
            }
        }
        while parsed.first?.segments.isEmpty == true { parsed.removeFirst() }
        while parsed.last?.segments.isEmpty == true { parsed.removeLast() }

        if parsed.isEmpty, diagnostics.isEmpty {
            chars = Array(rawLines.first ?? "")
            lineNumber = 1
            sourceLine = rawLines.first ?? ""
            error(
                "empty nib '\(name)'", at: 0,
                notes: ["draw at least one line; a line holding only '{~}' is a blank row"])
        }
        if !diagnostics.isEmpty {
            let ordered = diagnostics.enumerated().sorted { a, b in
                let (la, lb) = (a.element.location, b.element.location)
                return (la.line, la.column, a.offset) < (lb.line, lb.column, b.offset)
            }
            throw NibParseError(diagnostics: ordered.map(\.element))
        }
        return NibTemplate(
            name: name, file: file,
            lines: parsed.map { NibTemplate.Line(segments: $0.segments, sourceLine: $0.number) },
            outlets: outlets, sourceLines: rawLines)
    }

    // MARK: - Lines

    /// The segments of one line, or nil when it holds only comments (and spaces).
    private mutating func parseLine(_ raw: String, number: Int) -> [NibTemplate.Segment]? {
        lineNumber = number
        wrapOnLine = nil
        guard startLine(raw, number: number) else { return [] }
        var end = chars.count
        while end > 0, chars[end - 1] == " " { end -= 1 }
        let (segments, sawComment) = segments(upTo: end)
        if sawComment,
            segments.allSatisfy({
                if case .literal(let l) = $0 { return l.text.allSatisfy { $0 == " " } }
                return false
            })
        {
            return nil
        }
        return segments
    }

    /// Makes `raw` the line being parsed, and reports what is wrong with it as a whole
    /// (its length, tabs, control characters); false when it is too long to take apart.
    private mutating func startLine(_ raw: String, number: Int) -> Bool {
        // A line longer than any screen is refused before it is taken apart
        // (a nib line 1 MB wide would otherwise cost its size many times over).
        guard raw.utf8.count <= Self.maximumLineBytes else {
            sourceLine = String(raw.prefix(60)) + "…"
            chars = Array(sourceLine)
            error(
                "line \(number) is longer than \(Self.maximumLineBytes) bytes, the limit for a nib line",
                at: 0,
                notes: [
                    "a nib line is drawn on one row of a screen at most 10,000 columns wide; use a spring ({~}) to fill"
                ])
            return false
        }
        chars = Array(raw)
        sourceLine = raw

        if let tab = chars.firstIndex(of: "\t") {
            error(
                "tab character in a nib", at: tab,
                notes: ["use spaces: a tab has no fixed width in a terminal"])
        }
        if let control = chars.firstIndex(where: NibParser.isControl) {
            let scalar = chars[control].unicodeScalars.first { NibParser.isControl(Character($0)) }
            error(
                "control character \(NibParser.codePoint(scalar ?? "\u{0}")) in a nib",
                at: control,
                notes: [
                    "remove it: a nib holds drawable text; styles and colours are modifiers, "
                        + "e.g. {name:bold,fg=red}"
                ])
        }
        return true
    }

    /// The segments of the line up to `end` (its trailing spaces left out), and whether it
    /// held a comment.
    private mutating func segments(upTo end: Int) -> (segments: [NibTemplate.Segment], sawComment: Bool) {
        var segments: [NibTemplate.Segment] = []
        var literal = ""
        var sawComment = false
        func flush() {
            if !literal.isEmpty {
                segments.append(.literal(NibTemplate.Literal(text: literal)))
                literal = ""
            }
        }

        var i = 0
        while i < end, !full {
            let c = chars[i]
            if c == "}" {
                if i + 1 < end, chars[i + 1] == "}" {
                    literal.append("}")
                    i += 2
                } else {
                    error("stray '}'", at: i, notes: ["write '}}' for a literal '}'"])
                    i += 1
                }
                continue
            }
            guard c == "{" else {
                literal.append(c)
                i += 1
                continue
            }
            if i + 1 < end, chars[i + 1] == "{" {
                literal.append("{")
                i += 2
                continue
            }
            if i + 1 < end, chars[i + 1] == "#" {
                // A comment: anything up to the first '}'.
                guard let close = chars[(i + 2)..<end].firstIndex(of: "}") else {
                    unclosed(at: i, end: end, comment: true)
                    break
                }
                sawComment = true
                i = close + 1
                continue
            }
            switch scanGroup(open: i, end: end) {
            case .closed(let close):
                flush()
                if let segment = parseGroup(open: i, close: close) {
                    segments.append(segment)
                }
                i = close + 1
            case .innerBrace(let inner):
                unclosed(at: i, end: inner, comment: false)
                i = inner
            case .endOfLine:
                unclosed(at: i, end: end, comment: false)
                i = end
            case .unterminatedString(let quote):
                error(
                    "unterminated string", at: quote, length: end - quote,
                    notes: ["close it with '\"' before the '}'; write \\\" for a quote inside it"])
                i = end
            }
        }
        flush()
        return (segments, sawComment)
    }

    private enum GroupEnd {
        case closed(Int)
        case innerBrace(Int)
        case endOfLine
        case unterminatedString(Int)
    }

    /// Finds the `}` that closes the `{` at `open`, skipping quoted strings.
    private func scanGroup(open: Int, end: Int) -> GroupEnd {
        var j = open + 1
        var quote: Int?
        while j < end {
            let c = chars[j]
            if quote != nil {
                if c == "\\" {
                    j += 1
                } else if c == "\"" {
                    quote = nil
                }
            } else if c == "\"" {
                quote = j
            } else if c == "}" {
                return .closed(j)
            } else if c == "{" {
                return .innerBrace(j)
            }
            j += 1
        }
        if let quote { return .unterminatedString(quote) }
        return .endOfLine
    }

    private mutating func unclosed(at open: Int, end: Int, comment: Bool) {
        error(
            "unclosed '{'", at: open, length: max(1, end - open),
            notes: [
                comment
                    ? "close the comment with '}' on the same line (a comment cannot hold '}')"
                    : "close it with '}' on the same line, or write '{{' for a literal '{'"
            ])
    }

    // MARK: - Groups

    /// Parses `{…}` from `open` to `close` (the brace positions).
    private mutating func parseGroup(open: Int, close: Int) -> NibTemplate.Segment? {
        var start = open + 1
        while start < close, chars[start] == " " { start += 1 }
        if start == close {
            error(
                "empty outlet name", at: open, length: close - open + 1,
                notes: [
                    "put an outlet name inside the braces, e.g. '{title}', or write '{{}}' "
                        + "for literal braces"
                ])
            return nil
        }
        switch chars[start] {
        case "~":
            return parseSpring(from: start + 1, close: close)
        case "\"":
            return parseStyledLiteral(quote: start, close: close)
        default:
            return parseOutlet(from: start, open: open, close: close)
        }
    }

    private mutating func parseOutlet(from start: Int, open: Int, close: Int) -> NibTemplate
        .Segment?
    {
        let colon = chars[start..<close].firstIndex(of: ":")
        var nameEnd = colon ?? close
        while nameEnd > start, chars[nameEnd - 1] == " " { nameEnd -= 1 }
        if nameEnd == start {
            error(
                "empty outlet name", at: open, length: close - open + 1,
                notes: ["put the outlet's name before ':', e.g. '{title:bold}'"])
            return nil
        }
        if let space = chars[start..<nameEnd].firstIndex(of: " ") {
            let name = String(chars[start..<space])
            var extra = space
            while chars[extra] == " " { extra += 1 }
            let rest = String(chars[extra..<nameEnd])
            error(
                "unexpected '\(rest)' after outlet name '\(name)'", at: extra,
                length: nameEnd - extra,
                notes: ["modifiers follow a ':', e.g. '{\(name):\(rest)}'"])
            return nil
        }
        let name = String(chars[start..<nameEnd])
        guard NibParser.isIdentifier(name) else {
            var notes = [
                "an outlet name starts with a letter or '_' and goes on with letters, digits "
                    + "or '_' (ASCII), like a Swift property name"
            ]
            if let fixed = NibParser.identifierSuggestion(name) {
                notes.append("did you mean '\(fixed)'?")
            }
            error("bad outlet name '\(name)'", at: start, length: nameEnd - start, notes: notes)
            return nil
        }
        let location = self.location(start)
        var modifiers = Modifiers()
        if let colon {
            parseModifiers(from: colon, close: close, into: &modifiers, for: .outlet(name))
        }

        if let first = outletIndex[name] {
            let firstLocation = outlets[first].location
            error(
                "outlet '\(name)' appears twice", at: start, length: name.count,
                notes: [
                    "'\(name)' is first used at \(firstLocation); an outlet is one label, "
                        + "drawn in one place",
                    "to show the same value twice, use two outlets (e.g. '\(name)' and "
                        + "'\(name)2') and set both from the owner",
                ])
            return nil
        }
        if modifiers.overflow == .wrap {
            if let other = wrapOnLine {
                error(
                    "second wrap outlet '\(name)' on one line", at: start, length: name.count,
                    notes: [
                        "only one outlet per line can wrap ('\(other)' does): the line repeats "
                            + "once per wrapped row of that outlet",
                        "put '\(name)' on a line of its own, or truncate it",
                    ])
                return nil
            }
            wrapOnLine = name
        }
        let outlet = NibTemplate.Outlet(
            name: name, index: outlets.count, location: location, style: modifiers.style,
            alignment: modifiers.alignment ?? .left, fixedWidth: modifiers.fixed,
            minWidth: modifiers.min, maxWidth: modifiers.max,
            overflow: modifiers.overflow ?? .truncate(.tail), placeholder: modifiers.placeholder,
            collapsesWhenEmpty: modifiers.collapse, stretches: modifiers.stretch)
        outletIndex[name] = outlets.count
        outlets.append(outlet)
        return .outlet(outlet)
    }

    private mutating func parseSpring(from start: Int, close: Int) -> NibTemplate.Segment? {
        var i = start
        while i < close, chars[i].asciiDigit != nil { i += 1 }
        var weight = 1
        if i > start {
            let digits = String(chars[start..<i])
            guard digits.count <= 3, let value = Int(digits), value >= 1 else {
                error(
                    "spring weight \(digits) is out of range", at: start, length: i - start,
                    notes: ["a weight is a whole number from 1 to 999 (1 when not written)"])
                return nil
            }
            weight = value
        }
        var fill = ""
        var modifiersStart: Int?
        if i < close, chars[i] == "\"" {
            guard let quoted = parseQuoted(at: i, close: close) else { return nil }
            let (text, after) = quoted
            fill = text
            var j = after
            while j < close, chars[j] == " " { j += 1 }
            if j < close {
                guard chars[j] == ":" else {
                    error(
                        "unexpected '\(String(chars[j..<close]))' after the spring's fill", at: j,
                        length: close - j,
                        notes: ["modifiers follow a ':', e.g. {~\"-\":dim}"])
                    return nil
                }
                modifiersStart = j
            }
        } else {
            let colon = chars[i..<close].firstIndex(of: ":")
            let fillEnd = colon ?? close
            if let quote = chars[i..<fillEnd].firstIndex(of: "\"") {
                error(
                    "'\"' in an unquoted spring fill", at: quote,
                    notes: ["quote the whole fill, e.g. {~\"-\\\"-\"}, with \\\" for a quote"])
                return nil
            }
            fill = String(chars[i..<fillEnd])
            modifiersStart = colon
        }
        if fill.isEmpty { fill = " " }
        if TerminalWidth.of(fill) < 1 {
            error(
                "the spring's fill has no width", at: i, length: max(1, close - i),
                notes: ["give a visible fill, e.g. {~─}, or none for spaces: {~}"])
            return nil
        }
        var modifiers = Modifiers()
        if let modifiersStart {
            parseModifiers(from: modifiersStart, close: close, into: &modifiers, for: .spring)
        }
        return .spring(NibTemplate.Spring(fill: fill, weight: weight, style: modifiers.style))
    }

    private mutating func parseStyledLiteral(quote: Int, close: Int) -> NibTemplate.Segment? {
        guard let quoted = parseQuoted(at: quote, close: close) else { return nil }
        let (text, after) = quoted
        var j = after
        while j < close, chars[j] == " " { j += 1 }
        var modifiers = Modifiers()
        if j < close {
            guard chars[j] == ":" else {
                error(
                    "unexpected '\(String(chars[j..<close]))' after quoted text", at: j,
                    length: close - j,
                    notes: ["modifiers follow a ':', e.g. {\"╭─\":dim}"])
                return nil
            }
            parseModifiers(from: j, close: close, into: &modifiers, for: .literal)
        }
        return .literal(NibTemplate.Literal(text: text, style: modifiers.style))
    }

    /// A quoted string starting at `quote`; returns its text and the index after the closing
    /// quote. `\"` and `\\` are the only escapes.
    private mutating func parseQuoted(at quote: Int, close: Int) -> (String, Int)? {
        var text = ""
        var j = quote + 1
        while j < close {
            let c = chars[j]
            if c == "\"" { return (text, j + 1) }
            if c == "\\" {
                let next = j + 1 < close ? chars[j + 1] : " "
                guard next == "\"" || next == "\\" else {
                    error(
                        "unknown escape '\\\(next)' in a quoted string", at: j, length: 2,
                        notes: ["only \\\" (a quote) and \\\\ (a backslash) are escapes"])
                    return nil
                }
                text.append(next)
                j += 2
                continue
            }
            text.append(c)
            j += 1
        }
        // scanGroup guarantees a closing quote before `close`.
        error(
            "unterminated string", at: quote, length: close - quote, notes: ["close it with '\"'"])
        return nil
    }

    // MARK: - Modifiers

    private enum Target {
        case outlet(String)
        case spring
        case literal

        var isOutlet: Bool {
            if case .outlet = self { return true }
            return false
        }

        var described: String {
            switch self {
            case .outlet(let name): return "outlet '\(name)'"
            case .spring: return "a spring"
            case .literal: return "quoted text"
            }
        }
    }

    /// What the modifiers of one group set, and where each was first given.
    private struct Modifiers {
        var style = NibStyle.plain
        var alignment: NibTemplate.Alignment?
        var fixed: Int?
        var min: Int?
        var max: Int?
        var overflow: NibTemplate.Overflow?
        var placeholder: String?
        var collapse = false
        var stretch = false
        /// Slot ("alignment", "fg", "bold", …) → the modifier text that filled it.
        var given: [String: String] = [:]
    }

    /// One `key` or `key=value` of a modifier list.
    private struct Token {
        var key: String
        var keyColumn: Int  // index into chars
        var value: String?
        var valueColumn: Int
        var valueLength: Int
        var column: Int
        var length: Int
        var text: String { String(key) + (value.map { "=" + $0 } ?? "") }
    }

    static let styleModifiers = NibStyle.Flags.named.map(\.name) + ["fg", "bg"]
    static let outletModifiers =
        styleModifiers + [
            "left", "center", "right", "width", "min", "max", "truncate", "clip", "wrap",
            "placeholder", "collapse", "stretch",
        ]
    static let valued: Set<String> = ["fg", "bg", "width", "min", "max", "truncate", "placeholder"]

    /// Parses the modifier list after the `:` at `colon`.
    private mutating func parseModifiers(
        from colon: Int, close: Int, into modifiers: inout Modifiers, for target: Target
    ) {
        // Split at commas outside quotes.
        var pieces: [(start: Int, end: Int)] = []
        var pieceStart = colon + 1
        var inQuote = false
        var j = colon + 1
        while j < close {
            let c = chars[j]
            if inQuote {
                if c == "\\" { j += 1 } else if c == "\"" { inQuote = false }
            } else if c == "\"" {
                inQuote = true
            } else if c == "," {
                pieces.append((pieceStart, j))
                pieceStart = j + 1
            }
            j += 1
        }
        pieces.append((pieceStart, close))

        if pieces.count == 1, chars[(colon + 1)..<close].allSatisfy({ $0 == " " }) {
            error(
                "nothing after ':'", at: colon,
                notes: ["remove the ':' or add modifiers after it, e.g. ':bold'"])
            return
        }
        for (index, piece) in pieces.enumerated() {
            var start = piece.start
            var end = piece.end
            while start < end, chars[start] == " " { start += 1 }
            while end > start, chars[end - 1] == " " { end -= 1 }
            if start == end {
                // The comma after an empty first piece, else the one before.
                let comma = index == 0 ? piece.end : pieces[index - 1].end
                error("empty modifier", at: comma, notes: ["remove the extra ','"])
                continue
            }
            guard let token = tokenize(start: start, end: end) else { continue }
            apply(token, to: &modifiers, for: target)
        }
    }

    private mutating func tokenize(start: Int, end: Int) -> Token? {
        let equals = chars[start..<end].firstIndex(of: "=")
        var keyEnd = equals ?? end
        while keyEnd > start, chars[keyEnd - 1] == " " { keyEnd -= 1 }
        var token = Token(
            key: String(chars[start..<keyEnd]), keyColumn: start, value: nil, valueColumn: end,
            valueLength: 0, column: start, length: end - start)
        guard let equals else { return token }
        var valueStart = equals + 1
        while valueStart < end, chars[valueStart] == " " { valueStart += 1 }
        token.valueColumn = valueStart
        token.valueLength = end - valueStart
        if valueStart < end, chars[valueStart] == "\"" {
            guard let quoted = parseQuoted(at: valueStart, close: end) else { return nil }
            let (text, after) = quoted
            if after < end {
                error(
                    "unexpected '\(String(chars[after..<end]))' after the quoted value",
                    at: after, length: end - after,
                    notes: ["separate modifiers with ','"])
                return nil
            }
            token.value = text
        } else {
            if let quote = chars[valueStart..<end].firstIndex(of: "\"") {
                error(
                    "'\"' in an unquoted value", at: quote,
                    notes: [#"quote the whole value, e.g. placeholder="say \"hi\"""#])
                return nil
            }
            token.value = String(chars[valueStart..<end])
        }
        return token
    }

    private mutating func apply(_ token: Token, to m: inout Modifiers, for target: Target) {
        guard let value = checkedValue(of: token, for: target) else { return }
        let key = token.key
        if let flag = NibStyle.Flags.named.first(where: { $0.name == key })?.flag {
            guard claim(key, token, in: &m, note: "remove one") else { return }
            m.style.flags.insert(flag)
            return
        }
        switch key {
        case "fg", "bg": applyColor(token, value, to: &m, for: target)
        case "left", "center", "right": applyAlignment(token, to: &m)
        case "width", "min", "max": applyWidth(token, value, to: &m)
        case "truncate", "clip", "wrap": applyOverflow(token, value, to: &m)
        case "placeholder":
            guard claim(key, token, in: &m, note: "remove one") else { return }
            m.placeholder = value
        case "collapse":
            guard claim(key, token, in: &m, note: "remove one") else { return }
            m.collapse = true
        case "stretch":
            if let other = m.given["width"] ?? m.given["max"] {
                contradiction(token, other, note: NibParser.stretchNote)
                return
            }
            guard claim(key, token, in: &m, note: "remove one") else { return }
            m.stretch = true
        default:
            break
        }
    }

    /// The token's value ("" for a modifier without one), or nil (and an error) when the
    /// modifier is unknown, does not apply to `target`, or has a value it should not have
    /// or lacks one it needs.
    private mutating func checkedValue(of token: Token, for target: Target) -> String? {
        let key = token.key
        if key.isEmpty {
            error(
                "missing modifier name before '='", at: token.column, length: token.length,
                notes: ["write the modifier's name, e.g. 'width=12'"])
            return nil
        }
        if key.contains(" ") {
            error(
                "missing ',' between modifiers", at: token.column, length: token.length,
                notes: ["separate modifiers with ',', e.g. 'bold,dim'"])
            return nil
        }
        let known =
            NibParser.outletModifiers.contains(key)
            && (target.isOutlet || NibParser.styleModifiers.contains(key))
        guard known else {
            if NibParser.outletModifiers.contains(key) {
                error(
                    "'\(key)' does not apply to \(target.described)", at: token.column,
                    length: token.length,
                    notes: [
                        "\(target.described) takes styles and colours only: "
                            + NibParser.styleModifiers.map {
                                NibParser.valued.contains($0) ? $0 + "=" : $0
                            }
                            .joined(separator: ", ")
                    ])
            } else {
                unknownModifier(token, for: target)
            }
            return nil
        }
        // Value or none, as the modifier wants.
        if NibParser.valued.contains(key) {
            guard let value = token.value, !value.isEmpty || key == "placeholder" else {
                error(
                    "'\(key)' needs a value", at: token.column, length: token.length,
                    notes: ["write '\(key)=\(NibParser.example(for: key))'"])
                return nil
            }
        } else if token.value != nil {
            error(
                "'\(key)' takes no value", at: token.column, length: token.length,
                notes: ["write '\(key)'"])
            return nil
        }
        return token.value ?? ""
    }

    /// `fg=COLOR`, `bg=COLOR`.
    private mutating func applyColor(_ token: Token, _ value: String, to m: inout Modifiers, for target: Target) {
        let key = token.key
        guard let color = parseColor(value, token: token) else { return }
        let which = key == "fg" ? "foreground" : "background"
        guard
            claim(
                key, token, in: &m,
                note: "\(target.described) has one \(which) colour: keep one")
        else { return }
        if key == "fg" { m.style.foreground = color } else { m.style.background = color }
    }

    /// `left`, `center`, `right`.
    private mutating func applyAlignment(_ token: Token, to m: inout Modifiers) {
        guard
            claim(
                "alignment", token, in: &m,
                note: "an outlet has one alignment: keep one of left, center, right")
        else { return }
        m.alignment = NibTemplate.Alignment(rawValue: token.key)
    }

    /// `width=N`, `min=N`, `max=N`: a fixed width, or bounds of a flexible one.
    private mutating func applyWidth(_ token: Token, _ value: String, to m: inout Modifiers) {
        let key = token.key
        guard let number = parseNumber(value, for: key, token: token) else { return }
        guard claim(key, token, in: &m, note: "remove one") else { return }
        if key != "min", let stretch = m.given["stretch"] {
            contradiction(token, stretch, note: NibParser.stretchNote)
            return
        }
        if key == "width" {
            if let other = m.given["min"] ?? m.given["max"] {
                contradiction(token, other, note: NibParser.fixedNote)
                return
            }
            m.fixed = number
        } else {
            if let fixed = m.given["width"] {
                contradiction(token, fixed, note: NibParser.fixedNote)
                return
            }
            if key == "min" { m.min = number } else { m.max = number }
            if let min = m.min, let max = m.max, min > max {
                error(
                    "min=\(min) is greater than max=\(max)", at: token.column,
                    length: token.length,
                    notes: ["make min at most max, or use width=N for a fixed width"])
                return
            }
        }
    }

    /// `truncate=MODE`, `clip`, `wrap`.
    private mutating func applyOverflow(_ token: Token, _ value: String, to m: inout Modifiers) {
        let key = token.key
        var overflow = NibTemplate.Overflow.wrap
        if key == "clip" {
            overflow = .truncate(.clip)
        } else if key == "truncate" {
            guard let mode = NibTemplate.Truncation(rawValue: value) else {
                var notes = ["truncate takes tail (the default), head, middle or clip"]
                if let near = NibParserSuggestions.nearest(
                    value, in: NibTemplate.Truncation.allCases.map(\.rawValue))
                {
                    notes.insert("did you mean 'truncate=\(near)'?", at: 0)
                }
                error(
                    "unknown truncation '\(value)'", at: token.valueColumn,
                    length: token.valueLength, notes: notes)
                return
            }
            overflow = .truncate(mode)
        }
        let note =
            overflow == .wrap || m.overflow == .wrap
            ? "a wrapped outlet shows all its text on more rows, a truncated one cuts it to "
                + "one row: keep one"
            : "'clip' is truncation without an ellipsis: keep one"
        guard claim("overflow", token, in: &m, note: note) else { return }
        m.overflow = overflow
    }

    static let fixedNote =
        "width=N fixes the width; for a flexible width use min and max without width"
    static let stretchNote =
        "a stretching outlet takes all the slack of its line: keep 'stretch' (with min=N for a "
        + "floor) or the fixed width"

    static func example(for key: String) -> String {
        switch key {
        case "fg", "bg": return "red"
        case "width", "min", "max": return "12"
        case "truncate": return "tail"
        default: return "\"…\""
        }
    }

    /// Records that `slot` is given by `token`; false (and an error) if it already was.
    private mutating func claim(
        _ slot: String, _ token: Token, in m: inout Modifiers, note: String
    ) -> Bool {
        if let first = m.given[slot] {
            if first == token.text || slot == token.key {
                error(
                    "'\(token.key)' is given twice", at: token.column, length: token.length,
                    notes: [note])
            } else {
                contradiction(token, first, note: note)
            }
            return false
        }
        m.given[slot] = token.text
        return true
    }

    private mutating func contradiction(_ token: Token, _ first: String, note: String) {
        error(
            "'\(token.text)' contradicts '\(first)'", at: token.column, length: token.length,
            notes: [note])
    }

    private mutating func unknownModifier(_ token: Token, for target: Target) {
        let key = token.key
        let vocabulary = target.isOutlet ? NibParser.outletModifiers : NibParser.styleModifiers
        var suggestion: String?
        if key.lowercased() == "align", let value = token.value,
            NibTemplate.Alignment(rawValue: value) != nil, target.isOutlet
        {
            suggestion = value
        } else if let alias = NibParser.aliases[key.lowercased()],
            target.isOutlet || NibParser.styleModifiers.contains(alias)
        {
            suggestion = alias
        } else if NibColor.names.contains(key) {
            suggestion = "fg=\(key)"
        } else if target.isOutlet, NibTemplate.Truncation(rawValue: key) != nil {
            suggestion = key == "clip" ? "clip" : "truncate=\(key)"
        } else if target.isOutlet, !key.isEmpty, key.allSatisfy({ $0.asciiDigit != nil }) {
            suggestion = "width=\(key)"
        } else {
            suggestion = NibParserSuggestions.nearest(key, in: vocabulary)
        }
        if let base = suggestion, !base.contains("="), NibParser.valued.contains(base) {
            suggestion = base + "=" + (token.value ?? NibParser.example(for: base))
        }
        let notes =
            suggestion.map { ["did you mean '\($0)'?"] }
            ?? [
                "\(target.described) takes: "
                    + vocabulary.map { NibParser.valued.contains($0) ? $0 + "=" : $0 }
                    .joined(separator: ", ")
            ]
        error(
            "unknown modifier '\(key)' on \(target.described)", at: token.keyColumn,
            length: max(1, key.count), notes: notes)
    }

    /// Common other spellings of modifiers.
    static let aliases: [String: String] = [
        "color": "fg", "colour": "fg", "foreground": "fg", "fore": "fg",
        "background": "bg", "back": "bg", "centre": "center", "centered": "center",
        "centred": "center", "middle": "center", "strike": "strikethrough",
        "strikeout": "strikethrough", "line-through": "strikethrough",
        "crossed": "strikethrough", "inverse": "reverse", "invert": "reverse",
        "reversed": "reverse", "faint": "dim", "underlined": "underline",
        "ellipsis": "truncate=tail", "nowrap": "truncate=tail", "wordwrap": "wrap",
        "word-wrap": "wrap", "minwidth": "min", "min-width": "min", "maxwidth": "max",
        "max-width": "max", "fixed": "width", "w": "width", "default": "placeholder",
        "empty": "placeholder", "align": "left", "emphasis": "bold", "strong": "bold",
        "em": "italic", "fill": "stretch", "flex": "stretch", "expand": "stretch", "grow": "stretch",
        "stretchy": "stretch",
    ]

    private mutating func parseNumber(_ value: String, for key: String, token: Token) -> Int? {
        let lowest = key == "min" ? 0 : 1
        let range = "\(key) takes a whole number of columns from \(lowest) to 4096, e.g. \(key)=12"
        guard !value.isEmpty, value.allSatisfy({ $0.asciiDigit != nil }) else {
            error(
                "'\(value)' is not a number", at: token.valueColumn, length: token.valueLength,
                notes: [range])
            return nil
        }
        guard value.count <= 4, let number = Int(value), number >= lowest, number <= 4096 else {
            error(
                "\(key)=\(value) is out of range", at: token.valueColumn,
                length: token.valueLength, notes: [range])
            return nil
        }
        return number
    }

    private mutating func parseColor(_ value: String, token: Token) -> NibColor? {
        let all =
            "a colour is a name (black, red, green, yellow, blue, magenta, cyan, white, "
            + "bright-black … bright-white, default), a palette number 0–255, or #rrggbb"
        if value == "default" { return .default }
        if NibColor.names.contains(value) { return .named(value) }
        if value.first == "#" {
            let hex = value.dropFirst()
            let bytes = stride(from: 0, to: hex.count, by: 2).map { offset -> UInt8? in
                let pair = hex.dropFirst(offset).prefix(2)
                return pair.count == 2 ? UInt8(pair, radix: 16) : nil
            }
            if hex.count == 6, hex.allSatisfy(\.isHexDigit), bytes.allSatisfy({ $0 != nil }) {
                return .rgb(bytes[0]!, bytes[1]!, bytes[2]!)
            }
            var notes = ["write # and six hex digits, e.g. #1e1e2e"]
            if hex.count == 3, hex.allSatisfy(\.isHexDigit) {
                notes.insert("did you mean '#\(hex.map { "\($0)\($0)" }.joined())'?", at: 0)
            }
            error(
                "'\(value)' is not a colour", at: token.valueColumn, length: token.valueLength,
                notes: notes)
            return nil
        }
        if !value.isEmpty, value.allSatisfy({ $0.asciiDigit != nil }) {
            if value.count <= 3, let number = Int(value), number <= 255 {
                return .palette(UInt8(number))
            }
            error(
                "palette colour \(value) is out of range", at: token.valueColumn,
                length: token.valueLength, notes: ["the palette has colours 0 to 255"])
            return nil
        }
        let lowered = value.lowercased()
        var suggestion: String?
        if ["gray", "grey"].contains(lowered) {
            suggestion = "bright-black"
        } else if NibColor.names.contains(lowered) {
            suggestion = lowered
        } else {
            var base = lowered
            for prefix in ["bright_", "bright", "light-", "light_", "light"]
            where base.hasPrefix(prefix) {
                base = "bright-" + base.dropFirst(prefix.count)
                break
            }
            suggestion =
                NibColor.names.contains(base)
                ? base : NibParserSuggestions.nearest(value, in: NibColor.names + ["default"])
        }
        var notes = [all]
        if let suggestion { notes.insert("did you mean '\(suggestion)'?", at: 0) }
        error(
            "unknown colour '\(value)'", at: token.valueColumn, length: token.valueLength,
            notes: notes)
        return nil
    }

    // MARK: - Helpers

    private func location(_ index: Int) -> SourceLocation {
        SourceLocation(file: file, line: lineNumber, column: index + 1)
    }

    /// Records an error at `index` (0-based into the current line).
    private mutating func error(
        _ message: String, at index: Int, length: Int = 1, notes: [String]
    ) {
        guard !full else { return }
        diagnostics.append(
            Diagnostic(
                message: message, location: location(index), length: length,
                sourceLine: sourceLine, notes: notes))
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, first == "_" || (first.isASCII && first.isLetter) else {
            return false
        }
        return name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }

    /// `first-name` → `first_name`, `1st` → `_1st`, if that is an identifier.
    static func identifierSuggestion(_ name: String) -> String? {
        var fixed = String(
            name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        if let first = fixed.first, first.isNumber { fixed = "_" + fixed }
        return fixed != name && isIdentifier(fixed) && fixed.contains(where: \.isLetter)
            ? fixed : nil
    }

    static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains { scalar in
            let v = scalar.value
            return (v < 0x20 && v != 0x09) || (0x7F...0x9F).contains(v)
        }
    }

    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension Character {
    /// The value of an ASCII digit, or nil.
    fileprivate var asciiDigit: Int? {
        isASCII ? wholeNumberValue : nil
    }
}
