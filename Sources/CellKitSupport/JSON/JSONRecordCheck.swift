/// A quick check of a JSON array of flat records (a data file's chunk, as
/// `RecordChunker` cuts it), for the check pass of `rows`: it validates the
/// text and looks that each record is an object with a scalar value (a
/// string, a number, a Boolean or `null`) for every key asked for, without
/// making a value, a string or a position of anything.
///
/// It is conservative: an answer is a count only when `JSONParser` would
/// read the same text without an error, into as many objects, each with
/// those keys and none of them an array or an object. Anything it does not
/// read itself — a byte order mark, a key with an escape or not in ASCII, an
/// array or an object inside a record, an exponent of three digits or more,
/// more than 64 members, ill-formed UTF-8, any error — gives `nil`, and the caller parses
/// the text in full, which finds the error and says where it is.
///
/// ```swift
/// JSONRecordCheck.scalarMembers(#"[{"id": 1, "name": "Ada"}, {"id": 2, "name": null}]"#.utf8, keys: ["name"])
/// // 2
/// JSONRecordCheck.scalarMembers(#"[{"id": 1}]"#.utf8, keys: ["name"])
/// // nil: the first record has no "name"
/// ```
package enum JSONRecordCheck {
    /// The number of records in `bytes` (a JSON array of objects) when each
    /// has a scalar member for every key of `keys`, as described above; `nil` otherwise
    /// (and when a key is in `keys` twice).
    ///
    /// `lines`: `bytes` are JSON Lines (records one after another, each
    /// ending its line), not an array; the answer is the same as for the
    /// array `JSONCutScanner.arrayOfLines` makes of them, without making it.
    package static func scalarMembers(_ bytes: some Collection<UInt8>, keys: [String], lines: Bool = false) -> Int? {
        scalarMembersAndLines(bytes, keys: keys, lines: lines)?.count
    }

    /// The same check, with the line breaks the text has (as the parsers
    /// count them: a CRLF, a lone LF or a lone CR each ends a line) and
    /// where the last one ends (the index of its last byte): what reading
    /// a guessed chunk needs to know where the next one starts
    /// (`RecordChunker.guessedChunk(_:check:)`). A valid text has line
    /// breaks only between tokens, where the check skips whitespace.
    package static func scalarMembersAndLines(_ bytes: some Collection<UInt8>, keys: [String], lines: Bool = false)
        -> RecordChunker.CheckedChunk?
    {
        guard keys.count <= 64, Set(keys).count == keys.count else { return nil }
        let wanted = keys.map { Array($0.utf8) }
        return ContiguousUTF8.with(bytes) { buffer in
            var scan = Scan(bytes: buffer, keys: wanted, keepsTexts: false)
            guard let count = lines ? scan.lineRecords() : scan.records() else { return nil }
            return RecordChunker.CheckedChunk(
                count: count, lineBreaks: scan.lineBreaks,
                lastLineBreak: scan.lastLineBreak < 0 ? nil : scan.lastLineBreak)
        }
    }

    /// The same check, and the members' values as text, a list per record
    /// in the order of `keys`: a string's characters, a number as it is
    /// written (`4134.0`, `1e3`: the text `JSONValue.number` keeps, and a
    /// CSV file's field would hold), `true`, `false`, and `null` as empty
    /// text. A string's escapes are made into the characters they stand
    /// for, byte for byte as the parser makes them (`\u00e9` is `é`, a
    /// surrogate pair one character, `\"` a quote); a string with an escape
    /// the parser refuses (a lone surrogate among them) gives `nil`, and the
    /// parse says what is wrong and where.
    ///
    /// ```swift
    /// JSONRecordCheck.scalarTexts(#"[{"id": 1, "value": 4134.0}]"#.utf8, keys: ["value", "id"])
    /// // [["4134.0", "1"]]
    /// JSONRecordCheck.scalarTexts(#"[{"name": "\"T\u014dky\u014d\" \ud83d\ude80"}]"#.utf8, keys: ["name"])
    /// // [["\"Tōkyō\" 🚀"]]
    /// ```
    package static func scalarTexts(_ bytes: some Collection<UInt8>, keys: [String], lines: Bool = false)
        -> [[String]]?
    {
        guard keys.count <= 64, !keys.isEmpty, Set(keys).count == keys.count else { return nil }
        let wanted = keys.map { Array($0.utf8) }
        return ContiguousUTF8.with(bytes) { buffer in
            var scan = Scan(bytes: buffer, keys: wanted, keepsTexts: true)
            guard (lines ? scan.lineRecords() : scan.records()) != nil else { return nil }
            return scan.texts
        }
    }

    /// One pass over the bytes. Every read goes through ``byte(at:)``, which
    /// is 0 past the end (a byte that ends every construct as an error here).
    private struct Scan {
        let bytes: UnsafeBufferPointer<UInt8>
        let keys: [[UInt8]]
        /// By length, the keys of that length (a bit per key of `keys`):
        /// the only ones a member's key is compared with.
        let keysOfLength: [UInt64]
        /// Each key's first eight bytes (or fewer), as ``firstBytes(_:count:)`` reads a member's.
        let keyWords: [UInt64]
        var index = 0
        /// Where each key of the current record that is not asked for starts
        /// and ends (for duplicates: a key asked for is found once).
        var otherKeys: [(start: Int, end: Int)] = []
        /// Whether the values' texts are made (``scalarTexts(_:keys:lines:)``):
        /// the texts made so far, and where each wanted value of the current record is.
        let keepsTexts: Bool
        var texts: [[String]] = []
        var values: [(start: Int, end: Int, escaped: Bool)]
        /// Whether the last string value read had an escape.
        var escaped = false
        /// Where the current record starts (its `{`).
        var recordStart = 0
        /// The line breaks skipped, and the index of the last one's last byte (-1: none yet).
        var lineBreaks = 0
        var lastLineBreak = -1

        init(bytes: UnsafeBufferPointer<UInt8>, keys: [[UInt8]], keepsTexts: Bool) {
            self.bytes = bytes
            self.keys = keys
            self.keepsTexts = keepsTexts
            var keysOfLength = Array(repeating: UInt64(0), count: (keys.map(\.count).max() ?? 0) + 1)
            for (k, key) in keys.enumerated() { keysOfLength[key.count] |= 1 << UInt64(k) }
            self.keysOfLength = keysOfLength
            keyWords = keys.map { key in
                key.prefix(8).enumerated().reduce(0) { word, byte in word | UInt64(byte.element) << (8 * byte.offset) }
            }
            values = Array(repeating: (0, 0, false), count: keys.count)
            otherKeys.reserveCapacity(64)
        }

        @inline(__always)
        func byte(at offset: Int) -> UInt8 {
            offset < bytes.count ? bytes[offset] : 0
        }

        @inline(__always)
        mutating func skipWhitespace() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte > 0x20 { return }  // (most often: no whitespace at all)
                switch byte {
                case 0x20, 0x09: break
                case 0x0D:
                    lineBreaks += 1
                    lastLineBreak = index
                case 0x0A:
                    if index == 0 || bytes[index - 1] != 0x0D { lineBreaks += 1 }  // (a CRLF is one line break)
                    lastLineBreak = index
                    // A pretty-printed text's indentation: a run of spaces, each a test, not a jump through the table.
                    index += 1
                    while index < bytes.count && bytes[index] == 0x20 { index += 1 }
                    continue
                default: return
                }
                index += 1
            }
        }

        mutating func records() -> Int? {
            skipWhitespace()
            guard byte(at: index) == UInt8(ascii: "[") else { return nil }
            index += 1
            skipWhitespace()
            var count = 0
            if byte(at: index) == UInt8(ascii: "]") {
                index += 1
            } else {
                while true {
                    guard record() else { return nil }
                    count += 1
                    skipWhitespace()
                    let separator = byte(at: index)
                    index += 1
                    if separator == UInt8(ascii: "]") { break }
                    guard separator == UInt8(ascii: ",") else { return nil }
                    skipWhitespace()
                }
            }
            skipWhitespace()
            return index == bytes.count ? count : nil
        }

        /// JSON Lines: records one after another, each followed by a line
        /// break or the end (blank lines between them), as the array
        /// `JSONCutScanner.arrayOfLines` makes of them would be read.
        mutating func lineRecords() -> Int? {
            var count = 0
            skipWhitespace()
            while index < bytes.count {
                guard record() else { return nil }
                count += 1
                while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
                guard index == bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D else { return nil }
                skipWhitespace()
            }
            return count
        }

        /// One record, from its `{`: whether it is a flat object with every key, each scalar.
        mutating func record() -> Bool {
            guard byte(at: index) == UInt8(ascii: "{") else { return false }
            recordStart = index
            index += 1
            skipWhitespace()
            let all: UInt64 = keys.count == 64 ? ~0 : (1 << UInt64(keys.count)) - 1
            var found: UInt64 = 0
            var members = 0
            if !otherKeys.isEmpty { otherKeys.removeAll(keepingCapacity: true) }
            if byte(at: index) == UInt8(ascii: "}") {
                index += 1
                return found == all
            }
            while true {
                guard byte(at: index) == UInt8(ascii: "\""), members < 64 else { return false }
                members += 1
                let start = index + 1
                guard plainString() else { return false }
                let end = index - 1
                // A key repeated in a record is an error (the parser says so): a key asked for is
                // found once; any other is compared with the others before it.
                var slot = -1
                let length = end - start
                var candidates = length < keysOfLength.count ? keysOfLength[length] : 0
                let word = candidates == 0 ? 0 : firstBytes(start, count: length)
                while candidates != 0 {
                    let k = candidates.trailingZeroBitCount
                    candidates &= candidates - 1
                    guard keyWords[k] == word, length <= 8 || matches(keys[k], at: start) else { continue }
                    guard found & (1 << UInt64(k)) == 0 else { return false }
                    found |= 1 << UInt64(k)
                    slot = k
                }
                if slot < 0 {
                    for key in otherKeys where key.end - key.start == end - start {
                        if same(start, key.start, count: end - start) { return false }
                    }
                    otherKeys.append((start, end))
                }
                skipWhitespace()
                guard byte(at: index) == UInt8(ascii: ":") else { return false }
                index += 1
                skipWhitespace()
                let valueStart = index
                escaped = false
                guard scalar() else { return false }
                if slot >= 0 && keepsTexts { values[slot] = (valueStart, index, escaped) }
                skipWhitespace()
                let separator = byte(at: index)
                index += 1
                if separator == UInt8(ascii: "}") { return found == all && makeTexts() }
                guard separator == UInt8(ascii: ",") else { return false }
                skipWhitespace()
            }
        }

        /// Appends the texts of the current record's wanted values (when asked to).
        mutating func makeTexts() -> Bool {
            guard keepsTexts else { return true }
            var record: [String] = []
            record.reserveCapacity(values.count)
            for value in values {
                record.append(value.escaped ? unescapedText(value.start, value.end) : text(value.start, value.end))
            }
            if texts.isEmpty {
                // As many records as the first one's length says fit, and a few: the list grows once, if at all.
                texts.reserveCapacity(bytes.count / max(1, index - recordStart) + 16)
            }
            texts.append(record)
            return true
        }

        /// The text of the scalar at `start..<end` (a string without an
        /// escape: ``unescapedText(_:_:)`` reads one with), as
        /// `JSONValue.scalarText` makes it of what a parser that keeps
        /// numbers' text reads: a number as it is written, its bytes
        /// copied and nothing converted (one `String`, which holds a text of
        /// 15 bytes or fewer without an allocation).
        func text(_ start: Int, _ end: Int) -> String {
            switch bytes[start] {
            case UInt8(ascii: "\""):
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start + 1..<end - 1]), as: UTF8.self)
            case UInt8(ascii: "t"): return "true"
            case UInt8(ascii: "f"): return "false"
            case UInt8(ascii: "n"): return ""
            default: return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            }
        }

        /// The text of the string at `start..<end` (its quotes included),
        /// which has escapes, as the parser makes it: each escape the UTF-8
        /// of the character it stands for (a surrogate pair one character),
        /// the bytes between them copied. ``string()`` checked the escapes
        /// and the UTF-8, and no escape is shorter than its character's
        /// UTF-8 (2 bytes for 1, 6 for at most 3, 12 for 4), so the text
        /// fits in as many bytes as the string has between its quotes.
        func unescapedText(_ start: Int, _ end: Int) -> String {
            String(unsafeUninitializedCapacity: end - start - 2) { text in
                var count = 0
                var i = start + 1
                while i < end - 1 {
                    guard bytes[i] == UInt8(ascii: "\\"), let escape = escape(at: i) else {
                        text[count] = bytes[i]
                        count += 1
                        i += 1
                        continue
                    }
                    // (Always a scalar: `escape(at:)` refuses a surrogate not in a pair.)
                    if let scalar = Unicode.Scalar(escape.scalar) {
                        for byte in scalar.utf8 {
                            text[count] = byte
                            count += 1
                        }
                    }
                    i += escape.length
                }
                return count
            }
        }

        func same(_ a: Int, _ b: Int, count: Int) -> Bool {
            for offset in 0..<count where bytes[a + offset] != bytes[b + offset] { return false }
            return true
        }

        /// Whether `key` is at `start`, past its first eight bytes (those are compared as ``keyWords``).
        func matches(_ key: [UInt8], at start: Int) -> Bool {
            for offset in key.indices.dropFirst(8) where bytes[start + offset] != key[offset] { return false }
            return true
        }

        /// The first eight bytes at `start` (fewer for a shorter `count`),
        /// the first in the lowest bits: a short key compared at once.
        @inline(__always)
        func firstBytes(_ start: Int, count: Int) -> UInt64 {
            var word: UInt64 = 0
            for offset in 0..<min(count, 8) { word |= UInt64(bytes[start + offset]) << (8 * offset) }
            return word
        }

        /// A string, a number, `true`, `false` or `null`.
        mutating func scalar() -> Bool {
            switch byte(at: index) {
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return false
            }
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let length = word.utf8CodeUnitCount
            for offset in 0..<length where byte(at: index + offset) != word.utf8Start[offset] { return false }
            index += length
            return true
        }

        /// A key: a string of printable ASCII without escapes, from its opening quote to past
        /// its closing one. (The parser compares keys as Swift strings, which equates
        /// canonically equivalent non-ASCII spellings: bytes compare ASCII alone the same way.)
        mutating func plainString() -> Bool {
            let (end, nonASCII) = ByteSearch.stringRunEnd(in: bytes, from: index + 1)
            guard !nonASCII, byte(at: end) == UInt8(ascii: "\"") else { return false }
            index = end + 1
            return true
        }

        /// A string value: escapes as the parser reads them (a `\u` surrogate only in a pair).
        mutating func string() -> Bool {
            var i = index + 1
            while true {
                // A run of plain bytes, then a quote, an escape, or a control character or the end (an error).
                let (end, nonASCII) = ByteSearch.stringRunEnd(in: bytes, from: i)
                let stop = byte(at: end)
                guard stop == UInt8(ascii: "\"") || stop == UInt8(ascii: "\\") else { return false }
                // A well-formed run between escapes: a sequence is never cut by an ASCII byte.
                if nonASCII && UTF8Validation.firstIllFormed(in: bytes, from: i, to: end) != nil { return false }
                if stop == UInt8(ascii: "\"") {
                    index = end + 1
                    return true
                }
                guard let escape = escape(at: end) else { return false }
                escaped = true
                i = end + escape.length
            }
        }

        /// The escape at `offset` (its backslash): its length and the scalar
        /// it stands for; `nil` for one the parser refuses (a `\u` surrogate
        /// only in a pair, high then low).
        @inline(__always)
        func escape(at offset: Int) -> (length: Int, scalar: UInt32)? {
            let escaped = byte(at: offset + 1)
            if let byte = JSONHex.escapedByte(escaped) { return (2, UInt32(byte)) }
            guard escaped == UInt8(ascii: "u"), let unit = hexQuad(at: offset + 2) else { return nil }
            if (0xDC00...0xDFFF).contains(unit) { return nil }
            guard (0xD800...0xDBFF).contains(unit) else { return (6, unit) }
            guard byte(at: offset + 6) == UInt8(ascii: "\\"), byte(at: offset + 7) == UInt8(ascii: "u"),
                let low = hexQuad(at: offset + 8), (0xDC00...0xDFFF).contains(low)
            else { return nil }
            return (12, JSONHex.scalar(high: unit, low: low))
        }

        func hexQuad(at offset: Int) -> UInt32? {
            JSONHex.quad { byte(at: offset + $0) }
        }

        @inline(__always)
        func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

        mutating func skipDigits() -> Int {
            let start = index
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
            return index - start
        }

        /// `-`? (`0` | [1-9][0-9]*) (`.` [0-9]+)? ([eE] [+-]? [0-9]{1,2})?, short enough to be a
        /// finite `Double` (at most 200 digits before the point, an exponent of at most two digits:
        /// below 1e299).
        mutating func number() -> Bool {
            if byte(at: index) == UInt8(ascii: "-") { index += 1 }
            if byte(at: index) == UInt8(ascii: "0") {
                index += 1
                if isDigit(byte(at: index)) { return false }
            } else {
                let digits = skipDigits()
                guard digits > 0, digits <= 200 else { return false }
            }
            if byte(at: index) == UInt8(ascii: ".") {
                index += 1
                guard skipDigits() > 0 else { return false }
            }
            if byte(at: index) | 0x20 == UInt8(ascii: "e") {
                index += 1
                if byte(at: index) == UInt8(ascii: "+") || byte(at: index) == UInt8(ascii: "-") { index += 1 }
                let digits = skipDigits()
                guard digits > 0, digits <= 2 else { return false }
            }
            return true
        }
    }
}
