/// The source positions of a parsed value, shaped like the value: an array's elements and
/// an object's members (in order) are `children`; an object's keys are `keys`.
struct JSONPositionNode: Sendable {
    var start: TextPosition
    var keys: [TextPosition] = []
    var children: [JSONPositionNode] = []
}

/// The RFC 8259 parser behind `JSONParser`: one pass over UTF-8 bytes, without recursion
/// (an explicit stack of open containers), so only `maximumDepth` limits nesting.
struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    /// Whether to build `JSONPositionNode`s (for `JSONDocument`).
    private let recordsPositions: Bool
    /// Whether a number that is not an `Int` written plainly is kept as it is written (`JSONValue.number`).
    private let keepsNumberText: Bool
    private var index: Int
    private var line: Int
    private var lineStart: Int
    private var columns = ColumnCounter()
    /// Members of the object closed last: room made in the next one (records
    /// of a data file have the same members, and growing an array one member
    /// at a time copies it twice for four members).
    private var lastObjectCount = 0
    /// The object closed last: a key written as the key in the same place there was (the
    /// records of a data file) is taken from it instead of being made again.
    private var lastObject = JSONObject()

    /// An array or object whose closing bracket has not been read yet.
    private struct Frame {
        var isObject: Bool
        var open: RawPosition
        /// Where `open` is, computed when the container opens: positions are asked for in
        /// source order, so the column counter never counts a long line again.
        var openPosition: TextPosition?
        var elements: [JSONValue] = []
        var object = JSONObject()
        /// The key of the member whose value is being read.
        var key = ""
        var nodes: [JSONPositionNode] = []
        var keyPositions: [TextPosition] = []
    }

    /// What the value about to be read is, for messages.
    private enum Context {
        case document
        case firstElement
        case elementAfterComma(RawPosition)
        case memberValue
    }

    init(
        bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, recordsPositions: Bool, keepsNumberText: Bool = false,
        start: RawPosition? = nil
    ) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.recordsPositions = recordsPositions
        self.keepsNumberText = keepsNumberText
        self.index = start?.offset ?? 0
        self.line = start?.line ?? 1
        self.lineStart = start?.lineStart ?? 0
    }

    // MARK: - Document

    /// Reads the whole input as one JSON text.
    mutating func parseDocument() throws(PositionedError) -> (JSONValue, JSONPositionNode?) {
        try skipByteOrderMark()
        skipWhitespace()
        let result = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            try checkUTF8(at: index)
            let found = CharacterDescription.describe(at: index, in: bytes)
            let fix: String
            switch bytes[index] {
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                fix = "remove it, or find the bracket it was meant to close"
            default:
                fix = "a document holds one value; to hold several, put them in an array: [a, b]"
            }
            throw error("unexpected \(found) after the JSON value", fix: fix)
        }
        return result
    }

    private mutating func skipByteOrderMark() throws(PositionedError) {
        if UTF8Validation.startsWithByteOrderMark(bytes) {
            index = 3
            lineStart = 3
        } else if bytes.count >= 2
            && ((bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE))
        {
            throw error(
                "the input is UTF-16 or UTF-32 (it starts with a byte order mark); JSON is read as UTF-8",
                fix: "save the file as UTF-8")
        }
    }

    // MARK: - Values

    /// Reads one value and everything nested in it.
    private mutating func parseValue() throws(PositionedError) -> (JSONValue, JSONPositionNode?) {
        var frames: [Frame] = []
        var context = Context.document
        while true {
            // At the start of a value, whitespace skipped.
            guard index < bytes.count else {
                throw endOfInputError(frames: frames, context: context)
            }
            let start = rawPosition()
            var value: JSONValue
            var node: JSONPositionNode?
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard let empty = try open(at: start, in: &frames, context: &context) else { continue }
                value = empty
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = try parseNumber()
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                value = try parseLiteral()
            default:
                throw unexpectedValueError(frames: frames, context: context)
            }
            if recordsPositions {
                node = JSONPositionNode(start: position(of: start))
            }
            if try add(&value, &node, to: &frames, context: &context) {
                return (value, node)
            }
        }
    }

    /// Opens the object or array at `index`: the value itself when it is empty (`{}`,
    /// `[]`), else `nil`, with a frame for it on `frames` and `context` set for what
    /// comes first in it (an object's first key is read here).
    @inline(__always)
    private mutating func open(at start: RawPosition, in frames: inout [Frame], context: inout Context)
        throws(PositionedError) -> JSONValue?
    {
        guard frames.count < maximumDepth else {
            throw error(
                "nesting is deeper than \(maximumDepth) levels",
                fix: "flatten the data; the limit guards against runaway nesting")
        }
        let isObject = bytes[index] == UInt8(ascii: "{")
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            index += 1
            return isObject ? .object(JSONObject()) : .array([])
        }
        let openPosition = recordsPositions ? position(of: start) : nil
        frames.append(Frame(isObject: isObject, open: start, openPosition: openPosition))
        if isObject {
            let room = min(lastObjectCount, 64)
            frames[frames.count - 1].object.reserveCapacity(room)
            if recordsPositions {
                frames[frames.count - 1].keyPositions.reserveCapacity(room)
                frames[frames.count - 1].nodes.reserveCapacity(room)
            }
            try parseKey(into: &frames[frames.count - 1], afterComma: nil)
            context = .memberValue
        } else {
            context = .firstElement
        }
        return nil
    }

    /// Adds a value that was read to the open containers, closing those that end after
    /// it (each closed one becomes the value added to the one around it); true when the
    /// outermost value is complete, in `value` and `node`.
    @inline(__always)
    private mutating func add(
        _ value: inout JSONValue, _ node: inout JSONPositionNode?, to frames: inout [Frame], context: inout Context
    ) throws(PositionedError) -> Bool {
        while let top = frames.indices.last {
            if frames[top].isObject {
                frames[top].object.appendNewMember(key: frames[top].key, value: value)
            } else {
                frames[top].elements.append(value)
            }
            if let node {
                frames[top].nodes.append(node)
            }
            skipWhitespace()
            guard index < bytes.count else {
                throw endOfInputError(frames: frames, context: nil)
            }
            let isObject = frames[top].isObject
            if bytes[index] == UInt8(ascii: ",") {
                let comma = rawPosition()
                index += 1
                skipWhitespace()
                if isObject {
                    try parseKey(into: &frames[top], afterComma: comma)
                    context = .memberValue
                } else {
                    if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                        throw trailingCommaError(comma)
                    }
                    context = .elementAfterComma(comma)
                }
                break
            }
            guard bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                throw expectedSeparatorError(frames[top])
            }
            index += 1
            let frame = frames.removeLast()
            if frame.isObject {
                lastObjectCount = frame.object.count
                lastObject = frame.object
            }
            value = frame.isObject ? .object(frame.object) : .array(frame.elements)
            if recordsPositions {
                node = JSONPositionNode(
                    start: frame.openPosition ?? position(of: frame.open), keys: frame.keyPositions,
                    children: frame.nodes)
            }
        }
        return frames.isEmpty
    }

    /// Reads `"key"`, the `:` after it and the whitespace before the value.
    private mutating func parseKey(into frame: inout Frame, afterComma comma: RawPosition?)
        throws(PositionedError)
    {
        guard index < bytes.count else {
            throw endOfInputError(frames: [frame], context: nil)
        }
        guard bytes[index] == UInt8(ascii: "\"") else {
            if bytes[index] == UInt8(ascii: "}"), let comma {
                throw trailingCommaError(comma)
            }
            try checkUTF8(at: index)
            let found = CharacterDescription.describe(at: index, in: bytes)
            let expected = comma == nil ? "a string key or '}'" : "a string key"
            var fix: String?
            if let word = word(at: index) {
                fix = "keys are strings in double quotes: \"\(word)\""
            } else if bytes[index] == UInt8(ascii: "'") {
                fix = "keys are written in double quotes, not single quotes"
            }
            throw error("expected \(expected), found \(found)", fix: fix)
        }
        let keyStart = rawPosition()
        let key: String
        if let reused = reuseKey(at: frame.object.count) {
            key = reused
        } else {
            key = try parseString()
        }
        if let existing = frame.object.index(forKey: key) {
            throw duplicateKeyError(key, at: keyStart, first: existing, in: frame)
        }
        if recordsPositions {
            frame.keyPositions.append(position(of: keyStart))
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            if index < bytes.count {
                try checkUTF8(at: index)
            }
            let found = CharacterDescription.describe(at: index, in: bytes)
            let fix =
                index < bytes.count && bytes[index] == UInt8(ascii: "=")
                ? "use ':' between a key and its value" : "write \"\(key)\": value"
            throw error("expected ':' after key '\(key)', found \(found)", fix: fix)
        }
        index += 1
        skipWhitespace()
        frame.key = key
    }

    // MARK: - Strings

    /// The key of member `position` of the object read last, when the string at `index` (its
    /// opening quote) is that key written plainly (no escapes), byte for byte; `index` is
    /// then past its closing quote.
    @inline(__always)
    private mutating func reuseKey(at position: Int) -> String? {
        guard position < lastObject.count else { return nil }
        let candidate = lastObject[position].key
        let start = index + 1
        let matched: Bool? = candidate.utf8.withContiguousStorageIfAvailable { utf8 in
            let end = start + utf8.count
            guard end < bytes.count, bytes[end] == UInt8(ascii: "\""), let source = utf8.baseAddress else {
                return false
            }
            for offset in 0..<utf8.count where bytes[start + offset] != source[offset] {
                return false
            }
            // A key that needs an escape (a quote, a backslash, a control character) is never
            // written plainly, so the bytes matched are a whole, plain string.
            return !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
        }
        guard matched == true else { return nil }
        index = start + candidate.utf8.count + 1
        return candidate
    }

    /// Reads a string from its opening quote; the common case (no escapes) is one scan for
    /// the bytes that end it, then a check of its UTF-8 only when it is not ASCII, and one
    /// copy. Errors come in the order of the bytes, as if read one at a time.
    private mutating func parseString() throws(PositionedError) -> String {
        let open = rawPosition()
        index += 1
        let start = index
        let end = bytes.count
        var high: UInt8 = 0
        var i = start
        while i < end {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                if high >= 0x80 {
                    // (`String(validating:as:)` is generic, and ten times slower.)
                    try validateUTF8(from: start, to: i)
                }
                index = i + 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try validateUTF8(from: start, to: i)
                index = i
                return try parseEscapedString(open: open, start: start)
            }
            if byte < 0x20 {
                try validateUTF8(from: start, to: i)
                index = i
                throw controlCharacterError(open: open)
            }
            high |= byte
            i += 1
        }
        try validateUTF8(from: start, to: end)
        index = end
        throw unterminatedStringError(open: open)
    }

    /// Throws the invalid-UTF-8 error at the first ill-formed sequence in
    /// `bytes[start..<end]`, if any. (A well-formed sequence holds no ASCII byte, so one
    /// cut short by a quote, a backslash or a control character is ill-formed where it
    /// starts.)
    private mutating func validateUTF8(from start: Int, to end: Int) throws(PositionedError) {
        guard let i = UTF8Validation.firstIllFormed(in: bytes, from: start, to: end) else { return }
        index = i
        throw invalidUTF8Error()
    }

    /// Reads the rest of a string that has escapes, from the first backslash.
    private mutating func parseEscapedString(open: RawPosition, start: Int) throws(PositionedError)
        -> String
    {
        var text = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &text, open: open)
            case 0..<0x20:
                throw controlCharacterError(open: open)
            case 0x80...:
                let length = try utf8SequenceLength()
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
                index += length
            default:
                text.append(byte)
                index += 1
            }
        }
        throw unterminatedStringError(open: open)
    }

    /// Reads one escape sequence (a surrogate pair counts as one) and appends its UTF-8.
    private mutating func parseEscape(into text: inout [UInt8], open: RawPosition)
        throws(PositionedError)
    {
        guard index + 1 < bytes.count else { throw unterminatedStringError(open: open) }
        let escaped = bytes[index + 1]
        if let byte = JSONHex.escapedByte(escaped) {
            text.append(byte)
            index += 2
            return
        }
        guard escaped == UInt8(ascii: "u") else {
            if escaped < 0x80 || UTF8Validation.sequenceLength(at: index + 1, in: bytes) != nil {
                let message =
                    (0x21...0x7E).contains(escaped)
                    ? "invalid escape '\\\(Character(Unicode.Scalar(escaped)))'"
                    : "invalid escape: '\\' followed by "
                        + CharacterDescription.describe(at: index + 1, in: bytes)
                throw error(
                    message,
                    fix: "the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX; "
                        + "write a backslash itself as \\\\")
            }
            index += 1
            throw invalidUTF8Error()
        }
        guard let unit = hexQuad(at: index + 2) else {
            throw error(
                "invalid escape: '\\u' must be followed by four hex digits",
                fix: "write a character as \\u00E9, or a backslash as \\\\")
        }
        var scalar = unit
        var length = 6
        if (0xD800...0xDBFF).contains(unit) {
            guard index + 7 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
                bytes[index + 7] == UInt8(ascii: "u"), let low = hexQuad(at: index + 8),
                (0xDC00...0xDFFF).contains(low)
            else { throw unpairedSurrogateError(unit) }
            scalar = JSONHex.scalar(high: unit, low: low)
            length = 12
        } else if (0xDC00...0xDFFF).contains(unit) {
            throw unpairedSurrogateError(unit)
        }
        // Not a surrogate, or a valid pair: always a scalar.
        if let scalar = Unicode.Scalar(scalar) {
            text.append(contentsOf: scalar.utf8)
        }
        index += length
    }

    /// The value of four hex digits at `offset`, or `nil`.
    private func hexQuad(at offset: Int) -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        return JSONHex.quad { bytes[offset + $0] }
    }

    // MARK: - Numbers

    /// Reads a number: `-`? (`0` | [1-9][0-9]*) (`.` [0-9]+)? ([eE] [+-]? [0-9]+)?
    private mutating func parseNumber() throws(PositionedError) -> JSONValue {
        let start = index
        let startPosition = rawPosition()
        let isNegative = bytes[index] == UInt8(ascii: "-")
        if isNegative {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                let fix =
                    index < bytes.count && bytes[index] == UInt8(ascii: "I")
                    ? "JSON has no infinity; write null, or the value as a string" : nil
                throw error("expected a digit after '-'", fix: fix)
            }
        }
        // Integer part, accumulated negatively so that Int.min fits.
        var integer = 0
        var fitsInInt = true
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count && isDigit(bytes[index]) {
                index = start
                throw error(
                    "numbers cannot start with 0",
                    fix: "remove the leading zeros, or write the value as a string in double quotes")
            }
        } else {
            while index < bytes.count && isDigit(bytes[index]) {
                let digit = Int(bytes[index] &- UInt8(ascii: "0"))
                if fitsInInt {
                    let (shifted, overflow1) = integer.multipliedReportingOverflow(by: 10)
                    let (next, overflow2) = shifted.subtractingReportingOverflow(digit)
                    fitsInInt = !overflow1 && !overflow2
                    integer = next
                }
                index += 1
            }
        }
        var isInteger = true
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                let written = text(from: start, to: index - 1)
                throw error("expected a digit after '.'", fix: "write \(written).0 or \(written)")
            }
            skipDigits()
        }
        var hasExponent = false
        if index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
            isInteger = false
            hasExponent = true
            index += 1
            if index < bytes.count
                && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
            {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit in the exponent", fix: "write an exponent as 1e6 or 1.5E-3")
            }
            skipDigits()
        }
        if isInteger && fitsInInt {
            if isNegative {
                // `-0` is the Int 0, unless the text is kept: then it is written as it is.
                if integer != 0 || !keepsNumberText { return .int(integer) }
            } else {
                let (positive, overflow) = (0).subtractingReportingOverflow(integer)
                if !overflow {
                    return .int(positive)
                }
            }
        }
        let written = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if keepsNumberText && !hasExponent && written.count <= 300 {
            // Finite: its value is not needed. (A text of 15 bytes or fewer is kept in the `String`
            // itself, without an allocation.)
            return .number(String(decoding: written, as: UTF8.self))
        }
        if let fast = JSONNumber.exactValue(written) {
            return .double(fast)
        }
        let text = String(decoding: written, as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw error(
                "the number \(text) is out of range", at: startPosition,
                fix: "numbers go up to about 1.8e308; write a larger one as a string")
        }
        return keepsNumberText ? .number(text) : .double(number)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    private mutating func skipDigits() {
        while index < bytes.count && isDigit(bytes[index]) {
            index += 1
        }
    }

    // MARK: - Literals

    /// Reads `true`, `false` or `null`; any other word is an error that says what to write.
    private mutating func parseLiteral() throws(PositionedError) -> JSONValue {
        let word = word(at: index) ?? ""
        switch word {
        case "true":
            index += 4
            return .bool(true)
        case "false":
            index += 5
            return .bool(false)
        case "null":
            index += 4
            return .null
        default:
            let fix: String
            let lowercased = word.lowercased()
            let literals = ["true", "false", "null"]
            switch lowercased {
            case "true", "false", "null":
                fix = "JSON literals are lowercase: write \(lowercased)"
            case _ where literals.contains(where: { $0.hasPrefix(lowercased) }):
                fix = "did you mean \(literals.first { $0.hasPrefix(lowercased) } ?? "")?"
            case "nan", "infinity", "undefined", "none", "nil":
                fix = "JSON has no \(word); write null, or the value as a string"
            default:
                fix = "write a string in double quotes: \"\(word)\""
            }
            throw error("'\(word)' is not a JSON value", fix: fix)
        }
    }

    /// The run of ASCII letters, digits and `_` at `offset`, when it starts with a letter.
    private func word(at offset: Int) -> String? {
        var end = offset
        while end < bytes.count {
            switch bytes[end] {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "_"):
                end += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9") where end > offset:
                end += 1
            default:
                return end > offset ? text(from: offset, to: end) : nil
            }
        }
        return end > offset ? text(from: offset, to: end) : nil
    }

    private func text(from start: Int, to end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    // MARK: - Whitespace and positions

    /// Skips spaces, tabs and line breaks (LF, CRLF or CR), counting lines.
    @inline(__always)
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            case UInt8(ascii: "\r"):
                index += 1
                if index < bytes.count && bytes[index] == UInt8(ascii: "\n") {
                    index += 1
                }
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private func rawPosition() -> RawPosition {
        RawPosition(offset: index, line: line, lineStart: lineStart)
    }

    private mutating func position(of raw: RawPosition) -> TextPosition {
        columns.position(of: raw, in: bytes)
    }

    /// The length of the UTF-8 sequence at `index`, or an invalid-UTF-8 error.
    @inline(__always)
    private mutating func utf8SequenceLength() throws(PositionedError) -> Int {
        guard let length = UTF8Validation.sequenceLength(at: index, in: bytes) else {
            throw invalidUTF8Error()
        }
        return length
    }

    /// Throws an invalid-UTF-8 error when the bytes at `offset` are not well-formed.
    private mutating func checkUTF8(at offset: Int) throws(PositionedError) {
        if bytes[offset] >= 0x80 && UTF8Validation.sequenceLength(at: offset, in: bytes) == nil {
            index = offset
            throw invalidUTF8Error()
        }
    }

    // MARK: - Errors

    private mutating func error(_ message: String, at raw: RawPosition? = nil, fix: String? = nil)
        -> PositionedError
    {
        PositionedError(position: position(of: raw ?? rawPosition()), message: message, fix: fix)
    }

    private mutating func invalidUTF8Error() -> PositionedError {
        error(
            "invalid UTF-8: byte 0x\(CharacterDescription.hex(UInt32(bytes[index]), digits: 2))",
            fix: "save the file as UTF-8")
    }

    private mutating func unterminatedStringError(open: RawPosition) -> PositionedError {
        error("unterminated string", at: open, fix: "close it with '\"'")
    }

    private mutating func controlCharacterError(open: RawPosition) -> PositionedError {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            return error(
                "unterminated string: the line ends before its closing '\"'", at: open,
                fix: "close it with '\"'; write a line break inside a string as \\n")
        }
        let escape: String
        switch byte {
        case 0x08: escape = "\\b"
        case 0x09: escape = "\\t"
        case 0x0C: escape = "\\f"
        default: escape = "\\u00" + CharacterDescription.hex(UInt32(byte), digits: 2)
        }
        let name = CharacterDescription.describe(Unicode.Scalar(byte))
        return error(
            "\(name) cannot appear in a string as it is", fix: "write it as \(escape)")
    }

    private mutating func unpairedSurrogateError(_ unit: UInt32) -> PositionedError {
        error(
            "invalid escape: \\u\(CharacterDescription.hex(unit, digits: 4)) is half of a surrogate pair",
            fix: "write a character beyond U+FFFF as a pair, high then low: \\uD83D\\uDE00")
    }

    private mutating func trailingCommaError(_ comma: RawPosition) -> PositionedError {
        let found = CharacterDescription.describe(at: index, in: bytes)
        return error(
            "unexpected \(found) after ','",
            fix: "JSON does not allow a trailing comma: remove the ',' at \(position(of: comma))")
    }

    private mutating func duplicateKeyError(
        _ key: String, at keyStart: RawPosition, first: Int, in frame: Frame
    ) -> PositionedError {
        let fix = "keys in an object must be unique: remove or rename one"
        guard recordsPositions else {
            // Read the object again, recording positions, to say where the first one is.
            var rescan = JSONScanner(
                bytes: bytes, maximumDepth: maximumDepth, recordsPositions: true, start: frame.open)
            do {
                _ = try rescan.parseValue()
            } catch {
                return error
            }
            return error("duplicate key '\(key)'", at: keyStart, fix: fix)
        }
        let firstPosition = frame.keyPositions[first]
        return error("duplicate key '\(key)' (first at \(firstPosition))", at: keyStart, fix: fix)
    }

    private mutating func unexpectedValueError(frames: [Frame], context: Context) -> PositionedError {
        if bytes[index] >= 0x80 && UTF8Validation.sequenceLength(at: index, in: bytes) == nil {
            return invalidUTF8Error()
        }
        let found = CharacterDescription.describe(at: index, in: bytes)
        let message: String
        switch context {
        case .document:
            message = "expected a JSON value, found \(found)"
        case .firstElement:
            message = "expected a value or ']', found \(found)"
        case .elementAfterComma:
            message = "expected a value after ',', found \(found)"
        case .memberValue:
            message = "expected a value for key '\(frames.last?.key ?? "")', found \(found)"
        }
        var fix: String?
        switch bytes[index] {
        case UInt8(ascii: "'"):
            fix = "strings are written in double quotes, not single quotes"
        case UInt8(ascii: "/"), UInt8(ascii: "#"):
            fix = "JSON has no comments; remove it"
        case UInt8(ascii: "."):
            fix = "write a digit before the '.': 0.5"
        case UInt8(ascii: "+"):
            fix = "remove the '+': JSON numbers have no plus sign"
        case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","):
            if case .memberValue = context {
                fix = "write a value, or null"
            }
        default:
            break
        }
        return error(message, fix: fix)
    }

    private mutating func expectedSeparatorError(_ frame: Frame) -> PositionedError {
        if bytes[index] >= 0x80 && UTF8Validation.sequenceLength(at: index, in: bytes) == nil {
            return invalidUTF8Error()
        }
        let found = CharacterDescription.describe(at: index, in: bytes)
        let (close, kind) = frame.isObject ? ("}", "object") : ("]", "array")
        let message =
            frame.isObject
            ? "expected ',' or '}' after the value of key '\(frame.key)', found \(found)"
            : "expected ',' or ']' after an array element, found \(found)"
        var fix: String?
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"):
            fix = "a missing ',' before it?"
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            fix = "the \(kind) opened at \(position(of: frame.open)) is closed with '\(close)'"
        case UInt8(ascii: ":") where !frame.isObject:
            fix = "an array holds values; for key: value pairs, use an object {...}"
        default:
            break
        }
        return error(message, fix: fix)
    }

    /// The input ended inside a value: say which container is still open.
    private mutating func endOfInputError(frames: [Frame], context: Context?) -> PositionedError {
        guard let frame = frames.last else {
            return error(
                "the input is empty; expected a JSON value", fix: "write a value, such as {} or []")
        }
        let (close, kind) = frame.isObject ? ("}", "object") : ("]", "array")
        let opened = position(of: frame.open)
        let fix: String
        switch context {
        case .memberValue?:
            fix = "write the value of '\(frame.key)', then close the object with '}'"
        case .elementAfterComma?:
            fix = "write another element, or remove the last ','; then close the array with ']'"
        default:
            fix = "close it with '\(close)'"
        }
        return error("unexpected end of input inside the \(kind) opened at \(opened)", fix: fix)
    }
}
