/// Where a CSV record starts near a place in the file, found from the bytes
/// around it alone (a part of the file read alone starts there:
/// ``RecordChunker/recordBreak(atOrAfter:)``).
///
/// A line break ends a record unless it is inside a quoted field, and
/// whether it is cannot be told from the line alone. Each line start after
/// the place is tried: the bytes after it are read twice over, as if the
/// line started outside quotes and as if inside them; a reading meets a
/// mistake the parser refuses (a `"` inside an unquoted field, text after a
/// closing quote, or the file's end inside quotes) when its guess is wrong.
/// The line starts a record unless the outside reading fails first. Lines
/// with no quote in the 64 KiB after them are taken as records: the part
/// before checks that it ended where this one starts.
///
/// ```swift
/// let start = try CSVRecordBreak(delimiter: .comma).recordBreak(atOrAfter: 1 << 20, in: chunker, headerEnd: 42)
/// ```
package struct CSVRecordBreak {
    /// The byte between fields.
    let delimiter: UInt8
    /// How far after a line start its two readings go at most.
    static let lookAhead = 64 << 10

    package init(delimiter: CSVDelimiter) {
        self.delimiter = delimiter.byte
    }

    /// The first line start at or after `offset`, and after `headerEnd`,
    /// that starts a record (above); the file's size when none does.
    package func recordBreak(atOrAfter offset: Int, in chunker: RecordChunker, headerEnd: Int)
        throws(RecordChunker.Failure) -> Int
    {
        if offset <= headerEnd { return headerEnd }
        let size = chunker.size
        var candidate = offset
        while candidate < size {
            // The bytes from just before the candidate: the line break before it, and its readings.
            let bytes = try chunker.bytes(candidate - 1..<min(size, candidate + Self.lookAhead))
            guard let line = Self.firstLineStart(in: bytes) else {
                candidate += bytes.count - 1
                continue
            }
            let start = candidate - 1 + line
            if start >= size { return size }
            let ahead = line == 1 ? bytes : try chunker.bytes(start - 1..<min(size, start + Self.lookAhead))
            if startsOutsideQuotes(ahead, from: 1, reachesEnd: start - 1 + ahead.count == size) { return start }
            candidate = start + 1
        }
        return size
    }

    /// The index of the first line start in `bytes` after index 0 (a line
    /// start follows an LF, or a CR not followed by an LF); `nil` when none
    /// is known yet (the last byte is a CR whose next byte is not read).
    static func firstLineStart(in bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case 0x0A: return i + 1
            case 0x0D:
                guard i + 1 < bytes.count else { return nil }
                return bytes[i + 1] == 0x0A ? i + 2 : i + 1
            default: i += 1
            }
        }
        return nil
    }

    /// Whether a record starts at `bytes[from]`: the reading that starts
    /// outside quotes does not fail before the one that starts inside; when
    /// the bytes run to the file's end (`reachesEnd`), it does not end in a
    /// quoted field the other reading closed.
    func startsOutsideQuotes(_ bytes: [UInt8], from: Int, reachesEnd: Bool) -> Bool {
        var outside = Reading(inQuotes: false)
        var inside = Reading(inQuotes: true)
        for byte in bytes[from...] {
            let outsideFits = outside.take(byte, delimiter: delimiter)
            let insideFits = inside.take(byte, delimiter: delimiter)
            if !outsideFits { return !insideFits }
            if !insideFits { return true }
        }
        return !(reachesEnd && outside.inQuotes && !inside.inQuotes)
    }

    /// A CSV parser's state, byte by byte, and whether the bytes make sense.
    struct Reading {
        var inQuotes: Bool
        var fieldStart = true
        var afterClose = false

        /// Takes `byte`: `false` when a parser would refuse it here.
        mutating func take(_ byte: UInt8, delimiter: UInt8) -> Bool {
            let quote = UInt8(ascii: "\"")
            if inQuotes {
                if byte == quote {
                    inQuotes = false
                    afterClose = true
                }
                return true
            }
            if afterClose {
                afterClose = false
                if byte == quote {  // `""` inside quotes
                    inQuotes = true
                    return true
                }
                fieldStart = true
                return byte == delimiter || byte == 0x0A || byte == 0x0D
            }
            if byte == quote {
                guard fieldStart else { return false }
                inQuotes = true
                fieldStart = false
                return true
            }
            fieldStart = byte == delimiter || byte == 0x0A || byte == 0x0D
            return true
        }
    }
}
