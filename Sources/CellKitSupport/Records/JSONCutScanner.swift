/// The structural scan that cuts a JSON data file between its top-level
/// records: it knows only strings (and their escapes), brackets, commas and
/// line breaks, never values, so it runs at memory speed over a read buffer
/// (a tight byte loop, no allocation per byte); the parser of each chunk does
/// the checking.
///
/// A record is an element of the top-level array, cut just after the comma
/// that follows it, wherever that comma is (a one-line array is cut
/// mid-line); or, in JSON Lines (`isLines`), a top-level value, cut just
/// after the LF that ends its line (a byte order mark at the file's start
/// is none). Lines are counted as the parsers count them (a
/// CRLF, a lone LF or a lone CR ends one), outside strings: a raw line break
/// inside a string is an error the chunk's parser reports.
package struct JSONCutScanner: RecordCutScanner {
    /// Where a chunk may end, and what comes before it since the scan began.
    package typealias Cut = RecordCut

    /// Whether records are top-level values (JSON Lines), not array elements.
    let isLines: Bool
    /// The depth at which values are records: 1 (in the array) or 0.
    private let recordDepth: Int
    private(set) var records = 0
    private(set) var lines = 0
    /// Where the line being scanned starts, in the file.
    private(set) var lineStart: Int
    private var depth: Int
    private var inString = false
    /// Bytes of the next block to skip: the byte after a backslash, when the backslash ended a block.
    private var skip = 0
    /// Whether a record has begun since the last record ended (it counts once it ends, or at the end of the file).
    private var pendingValue = false
    /// The offset of the last CR outside strings (an LF right after it is the same line break).
    private var lastCR = -2
    /// Whether the top-level value is an array (its commas cut; a top-level
    /// object's commas do not: the parser says it is not an array).
    private var inArray: Bool
    /// The largest record accepted, in bytes.
    private let recordLimit: Int
    /// Where the record being scanned starts (the last cut, or where the scan began).
    package private(set) var recordStart: Cut
    /// Where the first record larger than `recordLimit` starts, once one has ended.
    package private(set) var oversized: Cut?
    /// Whether a byte order mark may come first (JSON Lines, from the file's start): it is no record.
    private var mayStartWithMark: Bool

    /// A scan from `offset` in the file: its start (`atFileStart`), or a
    /// cut, where a record is next (inside the array, for an array).
    package init(isLines: Bool, atFileStart: Bool, offset: Int, lineStart: Int, recordLimit: Int) {
        self.isLines = isLines
        self.recordLimit = recordLimit
        recordStart = Cut(end: offset, records: 0, lines: 0, lineStart: lineStart)
        recordDepth = isLines ? 0 : 1
        depth = isLines || atFileStart ? 0 : 1
        inArray = !isLines && !atFileStart
        self.lineStart = lineStart
        mayStartWithMark = isLines && atFileStart
    }

    /// Scans `bytes`, which start at `base` in the file: the last cut in them, if any.
    package mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, base: Int) -> Cut? {
        var last: Cut?
        let n = bytes.count
        var i = skip
        skip = 0
        if mayStartWithMark {
            // (The first block holds the whole mark: a block is at least 64 bytes, or the whole file.)
            mayStartWithMark = false
            if UTF8Validation.startsWithByteOrderMark(bytes) { i = 3 }
        }
        while i < n {
            if inString {
                // Most of a record's bytes are in strings: only a quote or a backslash matters.
                while i < n {
                    i = ByteSearch.first(of: 0x22, 0x5C, in: bytes, from: i, to: n)
                    guard i < n else { break }
                    if bytes[i] == 0x22 {
                        inString = false
                        i += 1
                        break
                    }
                    i += 2  // a backslash, and the byte it escapes
                }
                if i > n { skip = i - n }
                continue
            }
            let byte = bytes[i]
            switch byte {
            case 0x22:  // "
                if depth == recordDepth { pendingValue = true }
                inString = true
            case 0x5B, 0x7B:  // [ {
                if depth == recordDepth { pendingValue = true }
                if depth == 0 && byte == 0x5B && !isLines { inArray = true }
                depth += 1
            case 0x5D, 0x7D:  // ] }
                depth -= 1
            case 0x2C:  // ,
                if depth == 1 && inArray {
                    records += 1
                    pendingValue = false
                    last = cut(at: base + i + 1)
                }
            case 0x0A:
                if lastCR != base + i - 1 { lines += 1 }
                lineStart = base + i + 1
                if isLines && depth == 0 {
                    if pendingValue {
                        records += 1
                        pendingValue = false
                    }
                    last = cut(at: base + i + 1)
                }
            case 0x0D:
                lines += 1
                lastCR = base + i
                lineStart = base + i + 1
                if isLines && depth == 0 && pendingValue {
                    records += 1
                    pendingValue = false
                }
            case 0x20, 0x09:
                break
            default:
                if depth == recordDepth { pendingValue = true }
            }
            i += 1
        }
        return last
    }

    /// A cut at `end`; the record before it is checked against the limit.
    private mutating func cut(at end: Int) -> Cut {
        let cut = Cut(end: end, records: records, lines: lines, lineStart: lineStart)
        if end - recordStart.end > recordLimit && oversized == nil { oversized = recordStart }
        recordStart = cut
        return cut
    }

    /// Outside strings, at the depth of records, after a record's comma
    /// (an array) or line break (JSON Lines).
    package func isBetweenRecords(next: UInt8?) -> Bool {
        !inString && skip == 0 && !pendingValue && depth == recordDepth && (isLines || inArray)
    }

    /// The end of the file: a last record not followed by a comma or a line break counts.
    @discardableResult
    package mutating func finish(at end: Int) -> Cut {
        if end - recordStart.end > recordLimit && oversized == nil { oversized = recordStart }
        if pendingValue {
            records += 1
            pendingValue = false
        }
        return Cut(end: end, records: records, lines: lines, lineStart: lineStart)
    }
}

extension JSONCutScanner {
    /// A chunk of JSON Lines as a JSON array the parser reads: `[`, the
    /// records with a comma after each but the last (before the line break
    /// that ends it, so that no line or column moves), and `]`. A last
    /// record cut off (a file that ends inside a string, an object or an
    /// array) gets no `]`: the parser then says what is left open and where
    /// it opened, as for a JSON array cut off, and quotes the line as the
    /// file has it.
    package static func arrayOfLines(_ body: [UInt8]) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(body.count + body.count / 64 + 2)
        text.append(0x5B)
        var depth = 0
        var inString = false
        var pendingValue = false
        var lastComma: Int?
        body.withUnsafeBufferPointer { bytes in
            // The bytes are copied a run at a time, between the commas put in.
            var copied = 0
            var i = 0
            let n = bytes.count
            while i < n {
                let byte = bytes[i]
                if inString {
                    if byte == 0x22 {
                        inString = false
                    } else if byte == 0x5C {
                        i += 1  // the escaped byte is no quote
                    }
                    i += 1
                    continue
                }
                switch byte {
                case 0x22:
                    if depth == 0 { pendingValue = true }
                    inString = true
                case 0x5B, 0x7B:
                    if depth == 0 { pendingValue = true }
                    depth += 1
                case 0x5D, 0x7D:
                    depth -= 1
                case 0x0A, 0x0D:
                    if depth == 0 && pendingValue {
                        pendingValue = false
                        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i]))
                        copied = i
                        lastComma = text.count
                        text.append(0x2C)
                    }
                case 0x20, 0x09:
                    break
                default:
                    if depth == 0 { pendingValue = true }
                }
                i += 1
            }
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<n]))
        }
        // After the last record, a comma would be a trailing comma: a space keeps the columns.
        if !pendingValue, let lastComma { text[lastComma] = 0x20 }
        if depth <= 0 && !inString { text.append(0x5D) }
        return text
    }
}

extension JSONCutScanner {
    /// Whether the `{` at `brace` in `bytes` looks like the start of a
    /// record of a top-level array, as far as `bytes` goes: an object (a
    /// key or `}` after the brace, brackets balanced outside strings), then
    /// more objects after commas, and a `]` with only white space after it.
    /// A `{` inside a string (`"a},{b"`: no key follows it) or an object in
    /// an array inside a record (its `]` is followed by more of the record)
    /// is not. Used with what comes before the brace (`}`, `,`), to guess
    /// where a chunk or a part starts (``RecordLayout/breakBefore(brace:in:)``).
    package static func startsRecords(at brace: Int, in bytes: [UInt8]) -> Bool {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        var i = brace
        while i < bytes.count {
            // An object: `{`, then a key or `}`.
            guard bytes[i] == UInt8(ascii: "{") else { return false }
            var next = i + 1
            while next < bytes.count, isSpace(bytes[next]) { next += 1 }
            guard next == bytes.count || bytes[next] == 0x22 || bytes[next] == UInt8(ascii: "}") else { return false }
            // Its end: where the brackets opened since `i` are closed, outside strings.
            var depth = 0
            var inString = false
            var j = i
            while j < bytes.count {
                let byte = bytes[j]
                if inString {
                    if byte == 0x5C {
                        j += 1
                    } else if byte == 0x22 {
                        inString = false
                    }
                } else if byte == 0x22 {
                    inString = true
                } else if byte == 0x7B || byte == 0x5B {
                    depth += 1
                } else if byte == 0x7D || byte == 0x5D {
                    depth -= 1
                    if depth == 0 { break }
                }
                j += 1
            }
            guard j < bytes.count else { return true }  // the window ends inside it
            // Then `,` and the next record, or the array's `]` and nothing after it.
            j += 1
            while j < bytes.count, isSpace(bytes[j]) { j += 1 }
            guard j < bytes.count else { return true }
            switch bytes[j] {
            case UInt8(ascii: ","):
                j += 1
                while j < bytes.count, isSpace(bytes[j]) { j += 1 }
                i = j
            case UInt8(ascii: "]"):
                return bytes[(j + 1)...].allSatisfy(isSpace)
            default:
                return false
            }
        }
        return true
    }
}
