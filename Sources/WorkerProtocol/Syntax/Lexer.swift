@_spi(Host) import CellKit
import CellKitSupport

/// Splits script text into logical lines of tokens.
///
/// A logical line is one command: a physical line, plus the lines that follow
/// it while a line ends with `\` (see `docs/language.md`, "Syntax"). The lexer
/// is total: it never stops at an error, it records a ``Diagnostic`` and goes
/// on, so that every error of a file can be reported and a line editor can
/// colour a line while it is being typed.
///
/// Tokens:
/// - words: `row`, `BasicCells.TextCell`, `Examples/team.json`, `#ff8800`,
///   `true`; a word that reads as a number (`72`, `-3`, `0.72`, `1e3`) is a
///   ``Token/Kind/number(_:)``;
/// - strings: `"double quoted"` with escapes `\"` `\\` `\'` `\n` `\t` `\r`
///   `\u{1F600}`, and `'single quoted'` taken as written;
/// - `=`, `[`, `]`, and `,` inside a list;
/// - field references `.name`, `.a.b`, `.items[0]`, `."First Name"`, `.`:
///   only right after `=` or inside a list (elsewhere `./x` is a word, a path);
/// - comments: a `#` at the start of a token that is the first thing on its
///   line, or is followed by a blank, another `#`, or the end of the line.
///   Any other `#` is part of a word: `color=#ff8800`, `[#f00, #0f0]`, `C#`.
///
/// Columns count characters from 1; the lexer works on Unicode scalars, so a
/// quote followed by a combining mark is still a quote.
///
/// ```swift
/// let lines = Lexer(file: "a.cellkit", text: "row TextCell text=\"hi\" # greet").logicalLines()
/// lines[0].tokens.map(\.text)   // ["row", "TextCell", "text", "=", "\"hi\"", "# greet"]
/// ```
package struct Lexer: Sequence {
    /// One command's worth of tokens, and the errors found in it.
    package struct Line: Hashable, Sendable {
        /// The tokens, comments included, in source order.
        package var tokens: [Token]
        /// The physical lines the command spans (more than one after `\`).
        package var source: [String]
        /// The line number of `source[0]`.
        package var firstLine: Int
        /// The file name diagnostics use.
        package var file: String
        /// Lexical errors: unterminated strings, bad escapes, ...
        package var diagnostics: [Diagnostic]
        /// Whether the last line ended with `\` and the input ended there: the
        /// REPL prompts for more; a file reports an error.
        package var continuesPastEnd: Bool

        /// The tokens without comments.
        package var code: [Token] {
            tokens.filter {
                if case .comment = $0.kind { return false }
                return true
            }
        }

        /// The text of physical line `number`, if this command spans it.
        package func sourceLine(_ number: Int) -> String? {
            let index = number - firstLine
            return source.indices.contains(index) ? source[index] : nil
        }

        package init(
            tokens: [Token], source: [String], firstLine: Int, file: String, diagnostics: [Diagnostic],
            continuesPastEnd: Bool
        ) {
            self.tokens = tokens
            self.source = source
            self.firstLine = firstLine
            self.file = file
            self.diagnostics = diagnostics
            self.continuesPastEnd = continuesPastEnd
        }
    }

    /// The file name as the user gave it, or a pseudo-name such as `<stdin>`.
    package let file: String
    /// The input's UTF-8, without a byte-order mark.
    fileprivate let bytes: [UInt8]
    /// Where each physical line is in `bytes`, line breaks excluded; the
    /// line's scalars and columns are worked out when it is scanned.
    fileprivate let physical: [Range<Int>]
    fileprivate let firstLine: Int

    /// The logical lines, one at a time.
    package func makeIterator() -> Iterator {
        Iterator(lexer: self)
    }

    /// Prepares to lex `text`, whose first line is numbered `firstLine`.
    ///
    /// Lines end at `\n`, `\r\n` or `\r`; a byte-order mark at the start is
    /// skipped.
    package init(file: String, text: String, firstLine: Int = 1) {
        self.file = file
        self.firstLine = firstLine
        var bytes = Array(text.utf8)
        if bytes.starts(with: UTF8Validation.byteOrderMark) { bytes.removeFirst(3) }
        var lines: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append(start..<index)
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                    index += 1
                }
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count {
            lines.append(start..<bytes.count)
        }
        self.bytes = bytes
        self.physical = lines
    }

    fileprivate func physicalLine(_ index: Int) -> PhysicalLine {
        PhysicalLine(number: firstLine + index, bytes: bytes[physical[index]])
    }

    /// Every logical line, blank and comment-only lines included.
    package func logicalLines() -> [Line] {
        Array(self)
    }

    /// The scanner behind the lexer's ``Sequence`` conformance: one logical
    /// line at a time, so a long script never has all its tokens in memory.
    package struct Iterator: IteratorProtocol {
        fileprivate let lexer: Lexer
        fileprivate var index = 0

        package mutating func next() -> Line? {
            guard index < lexer.physical.count else { return nil }
            var scan = LineScan(file: lexer.file)
            var source: [String] = []
            let start = index
            var continuesPastEnd = false
            while true {
                let line = lexer.physicalLine(index)
                source.append(line.text)
                let continuation = scan.scan(line)
                index += 1
                guard let continuation else { break }
                if index == lexer.physical.count {
                    continuesPastEnd = true
                    scan.report(
                        "'\\' continues the command, but the input ends here", continuation,
                        line,
                        notes: ["remove the '\\', or put the rest of the command on the next line"]
                    )
                    break
                }
            }
            return Line(
                tokens: scan.tokens, source: source, firstLine: lexer.firstLine + start,
                file: lexer.file, diagnostics: scan.diagnostics,
                continuesPastEnd: continuesPastEnd)
        }
    }

    // MARK: Character classes

    /// Whether `scalar` separates tokens: a space, a tab, or any other Unicode
    /// white space (a no-break space pasted from a web page included), and
    /// U+FEFF, the byte-order mark that concatenated files leave mid-text.
    package static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return scalar == " " || (0x09...0x0D).contains(scalar.value)
        }
        return scalar == "\u{FEFF}" || scalar.properties.isWhitespace
    }

    /// Whether `scalar` is a control character (general category Cc).
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Whether `text` is a name: a letter or `_`, then letters, digits, `_`
    /// and `-`. Attribute and option names, field keys and screen names are
    /// names.
    package static func isName(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), isNameStart(first) else { return false }
        while let scalar = scalars.next() {
            guard isNameContinue(scalar) else { return false }
        }
        return true
    }

    /// Whether `text` reads as a number: `-?digits(.digits)?([eE][+-]?digits)?`.
    package static func isNumber(_ text: String) -> Bool {
        var chars = Array(text.utf8)[...]
        func digits() -> Bool {
            let count = chars.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            chars = chars.dropFirst(count)
            return count > 0
        }
        if chars.first == UInt8(ascii: "-") { chars = chars.dropFirst() }
        guard digits() else { return false }
        if chars.first == UInt8(ascii: ".") {
            chars = chars.dropFirst()
            guard digits() else { return false }
        }
        if chars.first == UInt8(ascii: "e") || chars.first == UInt8(ascii: "E") {
            chars = chars.dropFirst()
            if chars.first == UInt8(ascii: "+") || chars.first == UInt8(ascii: "-") {
                chars = chars.dropFirst()
            }
            guard digits() else { return false }
        }
        return chars.isEmpty
    }

    package static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
        }
        return scalar.properties.isAlphabetic
    }

    package static func isNameContinue(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return isNameStart(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
    }
}

/// One line of the input, as scalars, with the column of each scalar.
private struct PhysicalLine {
    package let number: Int
    package let text: String
    /// The line's UTF-8, to slice token texts from.
    package let bytes: ArraySlice<UInt8>
    package let scalars: [Unicode.Scalar]
    /// `offsets[i]` is where scalar `i` starts in `bytes` (from 0);
    /// `offsets[scalars.count]` is the end.
    package let offsets: [Int]
    /// `columns[i]` is the column (from 1) of the character scalar `i` is part
    /// of; `columns[scalars.count]` is the column just past the line.
    package let columns: [Int]

    package init(number: Int, bytes: ArraySlice<UInt8>) {
        self.number = number
        self.bytes = bytes
        self.text = String(decoding: bytes, as: UTF8.self)
        if bytes.allSatisfy({ $0 < 0x80 }) {
            scalars = bytes.map { Unicode.Scalar($0) }
            offsets = Array(0...bytes.count)
            columns = Array(1...(bytes.count + 1))
            return
        }
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        var columns: [Int] = []
        var offset = 0
        var column = 1
        for character in text {
            for scalar in character.unicodeScalars {
                scalars.append(scalar)
                offsets.append(offset)
                columns.append(column)
                offset += UTF8.width(scalar)
            }
            column += 1
        }
        offsets.append(offset)
        columns.append(column)
        self.scalars = scalars
        self.offsets = offsets
        self.columns = columns
    }

    /// The text of scalars `start..<end`.
    package func slice(_ start: Int, _ end: Int) -> String {
        let base = bytes.startIndex
        return String(
            decoding: bytes[(base + offsets[start])..<(base + offsets[end])], as: UTF8.self)
    }

    package func span(_ start: Int, _ end: Int, file: String) -> SourceSpan {
        SourceSpan(
            SourceLocation(file: file, line: number, column: columns[start]),
            length: columns[end] - columns[start])
    }
}

/// The scanner of one logical line, fed one physical line at a time.
private struct LineScan {
    package let file: String
    package var tokens: [Lexer.Token] = []
    package var diagnostics: [Diagnostic] = []
    /// How many `[` are open: inside a list, `,` and `]` end a word and `.`
    /// starts a field reference.
    package var depth = 0

    package init(file: String) {
        self.file = file
    }

    package mutating func report(
        _ message: String, _ span: SourceSpan, _ line: PhysicalLine, notes: [String] = []
    ) {
        diagnostics.append(
            Diagnostic(
                message: message, location: span.location, length: span.length,
                sourceLine: line.text, notes: notes))
    }

    /// Scans one physical line; returns the span of its trailing `\` when
    /// the command continues on the next line.
    package mutating func scan(_ line: PhysicalLine) -> SourceSpan? {
        let s = line.scalars
        var i = 0
        var spaceBefore = true
        let firstNonBlank = s.firstIndex { !Lexer.isBlank($0) } ?? s.count
        while i < s.count {
            let c = s[i]
            if Lexer.isBlank(c) {
                spaceBefore = true
                i += 1
                continue
            }
            if c == "\\" && restIsBlank(s, from: i + 1) {
                return line.span(i, i + 1, file: file)
            }
            if c == "#" && spaceBefore
                && (i == firstNonBlank || i + 1 == s.count || Lexer.isBlank(s[i + 1])
                    || s[i + 1] == "#")
            {
                let text = line.slice(i + 1, s.count)
                append(.comment(text), line, from: i, to: s.count, spaceBefore: spaceBefore)
                return nil
            }
            let start = i
            let isValue = depth > 0 || (!spaceBefore && tokens.last?.kind == .equals)
            let kind: Lexer.Token.Kind
            switch c {
            case "\"":
                kind = .string(scanDoubleQuoted(line, &i))
            case "'":
                kind = .string(scanSingleQuoted(line, &i))
            case "=":
                i += 1
                kind = .equals
            case "[":
                i += 1
                depth += 1
                kind = .openBracket
            case "]":
                i += 1
                depth = max(0, depth - 1)
                kind = .closeBracket
            case "," where depth > 0:
                i += 1
                kind = .comma
            case "." where isValue:
                kind = scanField(line, &i)
            default:
                kind = scanWord(line, &i)
            }
            append(kind, line, from: start, to: i, spaceBefore: spaceBefore)
            spaceBefore = false
        }
        return nil
    }

    private mutating func append(
        _ kind: Lexer.Token.Kind, _ line: PhysicalLine, from start: Int, to end: Int,
        spaceBefore: Bool
    ) {
        tokens.append(
            Lexer.Token(
                kind: kind, text: line.slice(start, end),
                span: line.span(start, end, file: file), spaceBefore: spaceBefore))
    }

    private func restIsBlank(_ s: [Unicode.Scalar], from index: Int) -> Bool {
        s[min(index, s.count)...].allSatisfy(Lexer.isBlank)
    }

    /// Whether `c` ends a bare word here.
    private func endsWord(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "\"", "'", "=", "[", "]": true
        case ",": depth > 0
        default: Lexer.isBlank(c)
        }
    }

    private mutating func scanWord(_ line: PhysicalLine, _ i: inout Int) -> Lexer.Token.Kind {
        let s = line.scalars
        let start = i
        var bad: (index: Int, scalar: Unicode.Scalar)?
        while i < s.count, !endsWord(s[i]) {
            if s[i] == "\\" && restIsBlank(s, from: i + 1) { break }
            if bad == nil, s[i] == "\\" || Lexer.isControl(s[i]) {
                bad = (i, s[i])
            }
            i += 1
        }
        let text = line.slice(start, i)
        if let bad {
            if bad.scalar == "\\" {
                report(
                    "unexpected '\\' in unquoted text",
                    line.span(bad.index, bad.index + 1, file: file),
                    line,
                    notes: [
                        "quote the text: \(Script.quote(text)); a '\\' continues a command only as the last character of a line"
                    ])
            } else {
                report(
                    "unexpected control character \(CharacterDescription.codePoint(bad.scalar)) in unquoted text",
                    line.span(bad.index, bad.index + 1, file: file), line,
                    notes: ["write it as an escape in double quotes: \(Script.quote(text))"])
            }
        }
        return Lexer.isNumber(text) ? .number(text) : .word(text)
    }

    private mutating func scanSingleQuoted(_ line: PhysicalLine, _ i: inout Int) -> String {
        let s = line.scalars
        let open = i
        i += 1
        while i < s.count, s[i] != "'" { i += 1 }
        let text = line.slice(open + 1, i)
        guard i < s.count else {
            report(
                "unterminated string", line.span(open, open + 1, file: file), line,
                notes: [
                    "add a closing \"'\" before the end of the line; text in single quotes is taken as written, so it cannot contain \"'\" (use double quotes: \"it's\")"
                ])
            return text
        }
        i += 1
        return text
    }

    private mutating func scanDoubleQuoted(_ line: PhysicalLine, _ i: inout Int) -> String {
        let s = line.scalars
        let open = i
        i += 1
        // The text between escapes is sliced from the line a run at a time.
        var value = ""
        var run = i
        var endsInBackslash = false
        while i < s.count {
            let c = s[i]
            if c == "\"" {
                value += line.slice(run, i)
                i += 1
                return value
            }
            guard c == "\\" else {
                i += 1
                continue
            }
            value += line.slice(run, i)
            guard i + 1 < s.count else {
                endsInBackslash = true
                i += 1
                run = i
                break
            }
            let escaped = s[i + 1]
            switch escaped {
            case "\"", "\\", "'":
                value.unicodeScalars.append(escaped)
                i += 2
            case "n":
                value += "\n"
                i += 2
            case "t":
                value += "\t"
                i += 2
            case "r":
                value += "\r"
                i += 2
            case "u":
                if let scalar = scanUnicodeEscape(line, &i) { value.unicodeScalars.append(scalar) }
            default:
                report(
                    "unknown escape sequence '\\\(Character(escaped))'",
                    line.span(i, i + 2, file: file), line,
                    notes: [
                        "the escapes are \\\" \\\\ \\' \\n \\t \\r and \\u{1F600}; write \\\\ for a backslash, or use single quotes, which take text as written"
                    ])
                value.unicodeScalars.append(escaped)
                i += 2
            }
            run = i
        }
        value += line.slice(run, s.count)
        var notes = [
            "add a closing '\"' before the end of the line; a string cannot span lines (write \\n for a line break)"
        ]
        if endsInBackslash {
            notes.append("a '\\' inside quotes does not continue the line")
        }
        report("unterminated string", line.span(open, open + 1, file: file), line, notes: notes)
        return value
    }

    /// Scans `\u{...}` starting at the backslash.
    private mutating func scanUnicodeEscape(
        _ line: PhysicalLine, _ i: inout Int
    ) -> Unicode.Scalar? {
        let s = line.scalars
        let start = i
        var j = i + 2
        var digits = ""
        var wellFormed = false
        if j < s.count, s[j] == "{" {
            j += 1
            while j < s.count, s[j].properties.isASCIIHexDigit {
                digits.unicodeScalars.append(s[j])
                j += 1
            }
            if j < s.count, s[j] == "}" {
                j += 1
                wellFormed = (1...8).contains(digits.count)
            }
        }
        i = j
        let written = line.slice(start, j)
        guard wellFormed else {
            report(
                "invalid unicode escape '\(written)'", line.span(start, j, file: file), line,
                notes: ["write 1 to 8 hex digits in braces: \\u{E9}, \\u{1F600}"])
            return nil
        }
        guard let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
            report(
                "'\(written)' is not a Unicode scalar value", line.span(start, j, file: file),
                line, notes: ["use a code point from 0 to 10FFFF, outside D800–DFFF"])
            return nil
        }
        return scalar
    }

    /// Scans a field reference starting at its `.`; a malformed one becomes a
    /// word, with an error.
    private mutating func scanField(_ line: PhysicalLine, _ i: inout Int) -> Lexer.Token.Kind {
        let s = line.scalars
        let start = i
        let errorsBefore = diagnostics.count
        func ends(_ k: Int) -> Bool {
            guard k < s.count else { return true }
            switch s[k] {
            case "=", "'": return true
            case ",", "]": return depth > 0
            case "\\": return restIsBlank(s, from: k + 1)
            default: return Lexer.isBlank(s[k])
            }
        }
        var components: [FieldPath.Component] = []
        var failure: (reason: String, at: Int)?
        var needKey = true
        var keyOptional = true
        i += 1
        while failure == nil {
            if needKey {
                needKey = false
                if i < s.count, Lexer.isNameStart(s[i]) {
                    let keyStart = i
                    while i < s.count, Lexer.isNameContinue(s[i]) { i += 1 }
                    components.append(.key(line.slice(keyStart, i)))
                } else if i < s.count, s[i] == "\"" {
                    components.append(.key(scanDoubleQuoted(line, &i)))
                } else if !(keyOptional && (ends(i) || s[i] == "[")) {
                    failure = ("expected a field name after '.'", i)
                }
                keyOptional = false
                continue
            }
            if ends(i) { break }
            if s[i] == "." {
                i += 1
                needKey = true
            } else if s[i] == "[" {
                let open = i
                i += 1
                var digits = ""
                while i < s.count, s[i].properties.numericType == .decimal, s[i].isASCII {
                    digits.unicodeScalars.append(s[i])
                    i += 1
                }
                if !digits.isEmpty, i < s.count, s[i] == "]", let index = Int(digits) {
                    components.append(.index(index))
                    i += 1
                } else {
                    failure = ("expected an index from 0, such as [0]", open)
                }
            } else {
                failure = ("unexpected '\(Character(s[i]))'", i)
            }
        }
        guard let failure else {
            if diagnostics.count > errorsBefore {
                return .word(line.slice(start, i))
            }
            return .field(FieldPath(components))
        }
        while i < s.count, !Lexer.isBlank(s[i]), !(depth > 0 && (s[i] == "," || s[i] == "]")) {
            i += 1
        }
        let text = line.slice(start, i)
        let fix =
            Lexer.isNumber("0" + text)
            ? "to write a number, write 0\(text)"
            : "to write text that starts with '.', quote it: \(Script.quote(text))"
        report(
            "invalid field reference '\(text)'",
            line.span(failure.at, min(failure.at + 1, s.count), file: file),
            line,
            notes: [
                failure.reason,
                "a field reference is .name, .a.b, .items[0] or .\"First Name\"; \(fix)",
            ])
        return .word(text)
    }
}
