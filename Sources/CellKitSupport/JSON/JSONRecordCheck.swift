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
    /// has a scalar member for every key of `keys`, as described above; `nil` otherwise.
    package static func scalarMembers(_ bytes: some Collection<UInt8>, keys: [String]) -> Int? {
        guard keys.count <= 64 else { return nil }
        let wanted = keys.map { Array($0.utf8) }
        return ContiguousUTF8.with(bytes) { buffer in
            var scan = Scan(bytes: buffer, keys: wanted, format: nil)
            return scan.records()
        }
    }

    /// The same check, and the members' values as text, a list per record
    /// in the order of `keys`: a string's characters, a number as
    /// `JSONValue.int` or `.double` holds it (an `Int` in decimal; a `Double`
    /// written by `formatDouble`), `true`, `false`, and `null` as empty text.
    /// `nil` also when a value asked for is a string with an escape (the
    /// parser's to read).
    package static func scalarTexts(
        _ bytes: some Collection<UInt8>, keys: [String], formatDouble: (Double) -> String
    ) -> [[String]]? {
        guard keys.count <= 64, !keys.isEmpty else { return nil }
        let wanted = keys.map { Array($0.utf8) }
        return withoutActuallyEscaping(formatDouble) { format in
            ContiguousUTF8.with(bytes) { buffer in
                var scan = Scan(bytes: buffer, keys: wanted, format: format)
                guard scan.records() != nil else { return nil }
                return scan.texts
            }
        }
    }

    /// One pass over the bytes. Every read goes through ``byte(at:)``, which
    /// is 0 past the end (a byte that ends every construct as an error here).
    private struct Scan {
        let bytes: UnsafeBufferPointer<UInt8>
        let keys: [[UInt8]]
        var index = 0
        /// Where each key of the current record starts and ends (for duplicates).
        var memberKeys: [(start: Int, end: Int)] = []
        /// With `format` (``scalarTexts(_:keys:formatDouble:)``): the texts
        /// made so far, and where each wanted value of the current record is.
        let format: ((Double) -> String)?
        var texts: [[String]] = []
        var values: [(start: Int, end: Int)]

        init(bytes: UnsafeBufferPointer<UInt8>, keys: [[UInt8]], format: ((Double) -> String)?) {
            self.bytes = bytes
            self.keys = keys
            self.format = format
            values = Array(repeating: (0, 0), count: keys.count)
            memberKeys.reserveCapacity(64)
        }

        @inline(__always)
        func byte(at offset: Int) -> UInt8 {
            offset < bytes.count ? bytes[offset] : 0
        }

        @inline(__always)
        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
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

        /// One record, from its `{`: whether it is a flat object with every key, each scalar.
        mutating func record() -> Bool {
            guard byte(at: index) == UInt8(ascii: "{") else { return false }
            index += 1
            skipWhitespace()
            let all: UInt64 = keys.count == 64 ? ~0 : (1 << UInt64(keys.count)) - 1
            var found: UInt64 = 0
            memberKeys.removeAll(keepingCapacity: true)
            if byte(at: index) == UInt8(ascii: "}") {
                index += 1
                return found == all
            }
            while true {
                guard byte(at: index) == UInt8(ascii: "\""), memberKeys.count < 64 else { return false }
                let start = index + 1
                guard plainString() else { return false }
                let end = index - 1
                for key in memberKeys where key.end - key.start == end - start {
                    if same(start, key.start, count: end - start) { return false }  // a duplicate: the parser says so
                }
                memberKeys.append((start, end))
                var slot = -1
                for (k, key) in keys.enumerated() where key.count == end - start && found & (1 << UInt64(k)) == 0 {
                    if matches(key, at: start) {
                        found |= 1 << UInt64(k)
                        slot = k
                    }
                }
                skipWhitespace()
                guard byte(at: index) == UInt8(ascii: ":") else { return false }
                index += 1
                skipWhitespace()
                let valueStart = index
                guard scalar() else { return false }
                if slot >= 0 { values[slot] = (valueStart, index) }
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
            guard let format else { return true }
            var record: [String] = []
            record.reserveCapacity(values.count)
            for value in values {
                guard let text = text(value.start, value.end, format) else { return false }
                record.append(text)
            }
            texts.append(record)
            return true
        }

        /// The text of the scalar at `start..<end`, as `JSONValue.scalarText` would make it.
        func text(_ start: Int, _ end: Int, _ format: (Double) -> String) -> String? {
            switch bytes[start] {
            case UInt8(ascii: "\""):
                for i in start + 1..<end - 1 where bytes[i] == UInt8(ascii: "\\") { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start + 1..<end - 1]), as: UTF8.self)
            case UInt8(ascii: "t"): return "true"
            case UInt8(ascii: "f"): return "false"
            case UInt8(ascii: "n"): return ""
            default: break
            }
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let isInteger = !raw.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
            let written = String(decoding: raw, as: UTF8.self)
            if isInteger {
                // As written: no leading zeros, no sign but `-`; `-0` is the Int 0.
                if raw.count <= 18 { return written == "-0" ? "0" : written }
                if let integer = Int(written) { return String(integer) }
            }
            // Correctly rounded, as the parser's value is.
            return Double(written).map(format)
        }

        func same(_ a: Int, _ b: Int, count: Int) -> Bool {
            for offset in 0..<count where bytes[a + offset] != bytes[b + offset] { return false }
            return true
        }

        func matches(_ key: [UInt8], at start: Int) -> Bool {
            for (offset, byte) in key.enumerated() where bytes[start + offset] != byte { return false }
            return true
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
            var i = index + 1
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") {
                    index = i + 1
                    return true
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return false }
                i += 1
            }
            return false
        }

        /// A string value: escapes as the parser reads them (a `\u` surrogate only in a pair).
        mutating func string() -> Bool {
            var i = index + 1
            var runStart = i
            var high: UInt8 = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    // A well-formed run between escapes: a sequence is never cut by an ASCII byte.
                    if high >= 0x80 && UTF8Validation.firstIllFormed(in: bytes, from: runStart, to: i) != nil {
                        return false
                    }
                    high = 0
                    if byte == UInt8(ascii: "\"") {
                        index = i + 1
                        return true
                    }
                    guard let length = escapeLength(at: i) else { return false }
                    i += length
                    runStart = i
                    continue
                }
                if byte < 0x20 { return false }
                high |= byte
                i += 1
            }
            return false
        }

        /// The length of the escape at `offset` (its backslash), or `nil` for one the parser refuses.
        func escapeLength(at offset: Int) -> Int? {
            switch byte(at: offset + 1) {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                return 2
            case UInt8(ascii: "u"):
                guard let unit = hexQuad(at: offset + 2) else { return nil }
                if (0xDC00...0xDFFF).contains(unit) { return nil }
                guard (0xD800...0xDBFF).contains(unit) else { return 6 }
                guard byte(at: offset + 6) == UInt8(ascii: "\\"), byte(at: offset + 7) == UInt8(ascii: "u"),
                    let low = hexQuad(at: offset + 8), (0xDC00...0xDFFF).contains(low)
                else { return nil }
                return 12
            default:
                return nil
            }
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
