/// The RFC 4180 reader behind `CSVParser`: one pass over UTF-8 bytes.
struct CSVScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let delimiter: CSVDelimiter
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var columns = ColumnCounter()
    /// The unescaped bytes of the quoted field being read, reused from field to field.
    private var quoted: [UInt8] = []

    /// The number errors give the first record.
    private let firstRecord: Int
    /// How many records with the wrong number of fields to report before counting the rest (0: the first is thrown).
    private let fieldCountErrorLimit: Int
    /// Those errors, and how many more there are.
    private var fieldCountErrors: [PositionedError] = []
    private var moreFieldCountErrors = 0

    init(
        bytes: UnsafeBufferPointer<UInt8>, delimiter: CSVDelimiter, firstRecord: Int = 1, fieldCountErrorLimit: Int = 0
    ) {
        self.bytes = bytes
        self.delimiter = delimiter
        self.firstRecord = firstRecord
        self.fieldCountErrorLimit = fieldCountErrorLimit
    }

    /// Reads the header and every record.
    mutating func parseTable() throws(PositionedError) -> CSVTable {
        let scan = try scan(keepingFields: true)
        var table = CSVTable(header: scan.header, records: scan.records)
        table.fieldCountErrors = fieldCountErrors
        table.moreFieldCountErrors = moreFieldCountErrors
        return table
    }

    /// Reads the header and checks every record as ``parseTable()`` does,
    /// without making their fields: the header and how many records there are.
    mutating func countRecords() throws(PositionedError) -> (header: [String], count: Int) {
        if let counted = countWithoutQuotes() { return counted }
        let scan = try scan(keepingFields: false)
        return (scan.header, scan.count)
    }

    /// What ``countRecords()`` finds, when the bytes hold no quote, are
    /// well-formed UTF-8, start with no byte order mark, and every record
    /// has the header's number of fields: then a record is a line, and its
    /// fields are its delimiters plus one. Delimiters and line breaks are
    /// found eight bytes at a time (``ByteSearch``), and ASCII is skipped a
    /// word at a time (``UTF8Validation/firstIllFormed(in:from:to:)``). `nil` in any
    /// other case, where the full scan finds the same or says what is wrong
    /// (the check of a CSV file reads most chunks this way).
    private func countWithoutQuotes() -> (header: [String], count: Int)? {
        let n = bytes.count
        guard !startsWithByteOrderMark,
            ByteSearch.first(of: UInt8(ascii: "\""), UInt8(ascii: "\""), in: bytes, from: 0, to: n) == n,
            UTF8Validation.firstIllFormed(in: bytes, from: 0, to: n) == nil
        else { return nil }
        let separator = delimiter.byte
        var i = 0
        while i < n && isLineBreak(bytes[i]) { i += 1 }
        guard i < n else { return nil }  // empty: the full scan says so
        // The header, whose names must differ (the full scan says which repeats).
        let headerEnd = ByteSearch.first(of: 0x0A, 0x0D, in: bytes, from: i, to: n)
        let names = UnsafeBufferPointer(rebasing: bytes[i..<headerEnd]).split(
            separator: separator, omittingEmptySubsequences: false
        ).map { String(decoding: $0, as: UTF8.self) }
        guard Set(names).count == names.count else { return nil }
        var count = 0
        var fields = 1
        i = headerEnd
        var lineIsEmpty = true
        while i < n {
            let byte = bytes[i]
            if byte == separator {
                fields += 1
                lineIsEmpty = false
                i += 1
            } else if byte == 0x0A || byte == 0x0D {
                // A line with nothing on it is no record.
                if !lineIsEmpty {
                    guard fields == names.count else { return nil }
                    count += 1
                }
                fields = 1
                lineIsEmpty = true
                i += 1
            } else {
                lineIsEmpty = false
                i = ByteSearch.first(of: separator, 0x0A, 0x0D, in: bytes, from: i, to: n)
            }
        }
        if !lineIsEmpty {
            guard fields == names.count else { return nil }
            count += 1
        }
        return (names, count)
    }

    /// Whether the bytes start with a UTF-8 byte order mark (skipped: no part of the header).
    private var startsWithByteOrderMark: Bool { UTF8Validation.startsWithByteOrderMark(bytes) }

    /// The header, and the records (when `keepingFields`) and how many.
    private mutating func scan(keepingFields: Bool) throws(PositionedError) -> (
        header: [String], records: [CSVRecord], count: Int
    ) {
        if startsWithByteOrderMark {
            index = 3
            lineStart = 3
        }
        var header: CSVHeader?
        var records: [CSVRecord] = []
        var count = 0
        while index < bytes.count {
            if isLineBreak(bytes[index]) {
                skipLineBreak()
                continue
            }
            let recordLine = line
            let recordStart = index
            let keep = keepingFields || header == nil
            var fields: [String] = []
            if keep { fields.reserveCapacity(header?.names.count ?? 8) }
            var fieldCount = 0
            var firstFieldEnd = index
            var fieldStarts: [RawPosition] = []
            var firstExtraField: RawPosition?
            while true {
                if header == nil {
                    fieldStarts.append(rawPosition())
                } else if fieldCount == header?.names.count && firstExtraField == nil {
                    firstExtraField = rawPosition()
                }
                let field = try parseField(keep: keep)
                if keep { fields.append(field) }
                fieldCount += 1
                if fieldCount == 1 { firstFieldEnd = index }
                guard index < bytes.count && bytes[index] == delimiter.byte else { break }
                index += 1
            }
            let recordEnd = rawPosition()
            skipLineBreak()
            guard let header else {
                header = try makeHeader(fields, starts: fieldStarts)
                continue
            }
            if fieldCount != header.names.count {
                if fieldCountErrorLimit > 0 && fieldCountErrors.count == fieldCountErrorLimit {
                    moreFieldCountErrors += 1  // counted, not made
                } else {
                    // Without the fields kept, the first one's bytes stand for it (only its delimiters matter).
                    let first =
                        keep ? fields[0] : String(decoding: bytes[recordStart..<firstFieldEnd], as: UTF8.self)
                    let error = fieldCountError(
                        count: fieldCount, first: first, header: header, record: count + firstRecord,
                        at: firstExtraField ?? recordEnd)
                    guard fieldCountErrorLimit > 0 else { throw error }
                    fieldCountErrors.append(error)
                }
                // Kept, cut or filled to the header's width, so that a record still has a field per column.
                if keep {
                    fields = Array(fields.prefix(header.names.count))
                    fields += repeatElement("", count: header.names.count - fields.count)
                }
            }
            count += 1
            if keep { records.append(CSVRecord(line: recordLine, fields: fields, header: header)) }
        }
        guard let header else {
            throw error(
                "the input is empty; expected a header line",
                fix: "the first line names the columns, for example: name"
                    + String(decoding: [delimiter.byte], as: UTF8.self) + "role")
        }
        return (header.names, records, count)
    }

    // MARK: - Fields

    /// Reads one field, quoted or not, up to the delimiter, a line break or
    /// the end; its text when `keep`, else "" (checked all the same).
    private mutating func parseField(keep: Bool) throws(PositionedError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            return try parseUnquotedField(keep: keep)
        }
        let open = rawPosition()
        index += 1
        quoted.removeAll(keepingCapacity: true)
        var runStart = index
        while true {
            guard index < bytes.count else {
                throw error(
                    "unterminated quoted field", at: open,
                    fix: "close it with '\"'; a '\"' inside a quoted field is written '\"\"'")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                if keep { quoted.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                index += 1
                guard index < bytes.count && bytes[index] == UInt8(ascii: "\"") else {
                    try checkAfterClosingQuote()
                    return keep ? String(decoding: quoted, as: UTF8.self) : ""
                }
                // `""` is one quote: the second starts the next run.
                runStart = index
                index += 1
            case 0x0A:
                index += 1
                newLine()
            case 0x0D:
                index += 1
                if index < bytes.count && bytes[index] == 0x0A {
                    index += 1
                }
                newLine()
            case 0x80...:
                index += try utf8SequenceLength()
            default:
                index += 1
            }
        }
    }

    /// Reads a field up to the delimiter, a line break or the end: one scan
    /// for the bytes that end it (or may not be in it), then a check of its
    /// UTF-8 only when it is not ASCII.
    private mutating func parseUnquotedField(keep: Bool) throws(PositionedError) -> String {
        let start = index
        let end = bytes.count
        let separator = delimiter.byte
        var high: UInt8 = 0
        var i = index
        while i < end {
            let byte = bytes[i]
            if byte == separator || byte == 0x0A || byte == 0x0D {
                break
            }
            if byte == UInt8(ascii: "\"") {
                index = i
                try checkUTF8(from: start, to: i)
                throw error(
                    "a '\"' inside an unquoted field",
                    fix: "quote the whole field and write each '\"' in it as '\"\"'")
            }
            high |= byte
            i += 1
        }
        index = i
        if high >= 0x80 {
            // (`String(validating:as:)` is generic, and ten times slower.)
            try checkUTF8(from: start, to: i)
        }
        return keep ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self) : ""
    }

    /// Throws the invalid-UTF-8 error for the first ill-formed sequence in
    /// `bytes[start..<end]`, if there is one. (A well-formed sequence holds no
    /// ASCII byte, so one cut by a delimiter or line break is ill-formed where
    /// it starts.)
    private mutating func checkUTF8(from start: Int, to end: Int) throws(PositionedError) {
        guard let i = UTF8Validation.firstIllFormed(in: bytes, from: start, to: end) else { return }
        index = i
        _ = try utf8SequenceLength()
        // Well-formed, but cut by the field's end: the error is where it starts.
        throw error(
            "invalid UTF-8: byte 0x\(CharacterDescription.hex(UInt32(bytes[i]), digits: 2))",
            fix: "save the file as UTF-8")
    }

    /// After a closing quote only the delimiter, a line break or the end may come.
    private mutating func checkAfterClosingQuote() throws(PositionedError) {
        guard index < bytes.count else { return }
        let byte = bytes[index]
        guard byte != delimiter.byte && !isLineBreak(byte) else { return }
        if byte >= 0x80 {
            _ = try utf8SequenceLength()
        }
        let found = CharacterDescription.describe(at: index, in: bytes)
        throw error(
            "found \(found) after the closing '\"' of a quoted field",
            fix: "write a '\"' inside a quoted field as '\"\"', "
                + "or put \(delimiter) right after the closing quote")
    }

    // MARK: - Records

    private mutating func makeHeader(_ names: [String], starts: [RawPosition])
        throws(PositionedError) -> CSVHeader
    {
        var seen: [String: Int] = [:]
        for (column, name) in names.enumerated() {
            if let first = seen[name] {
                throw error(
                    "column \(column + 1) repeats the name '\(name)' of column \(first + 1)",
                    at: starts[column], fix: "give each column a different name")
            }
            seen[name] = column
        }
        return CSVHeader(names: names)
    }

    private mutating func fieldCountError(
        count: Int, first: String, header: CSVHeader, record: Int, at raw: RawPosition
    ) -> PositionedError {
        let expected = header.names.count
        let counted = "record \(record) has \(count) field\(count == 1 ? "" : "s")"
        if count > expected {
            return error(
                "\(counted), but the header has \(expected)", at: raw,
                fix: "quote fields that contain \(delimiter), or add a column to the header")
        }
        var fix = "add the missing fields; an empty field is nothing between two \(delimiter)s"
        if count == 1,
            let other = [CSVDelimiter.semicolon, .tab, .comma].first(where: {
                $0 != delimiter && first.utf8.contains($0.byte)
            })
        {
            fix =
                "is the file separated by \(other) rather than \(delimiter)? then choose \(other) as the delimiter"
        }
        let names = header.names.joined(separator: ", ")
        return error("\(counted), but the header has \(expected) (\(names))", at: raw, fix: fix)
    }

    // MARK: - Lines, positions and errors

    @inline(__always)
    private func isLineBreak(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0x0D
    }

    /// Skips one line break (CRLF, LF or CR) if there is one.
    private mutating func skipLineBreak() {
        guard index < bytes.count, isLineBreak(bytes[index]) else { return }
        if bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A {
            index += 1
        }
        index += 1
        newLine()
    }

    private mutating func newLine() {
        line += 1
        lineStart = index
    }

    private func rawPosition() -> RawPosition {
        RawPosition(offset: index, line: line, lineStart: lineStart)
    }

    private mutating func utf8SequenceLength() throws(PositionedError) -> Int {
        guard let length = UTF8Validation.sequenceLength(at: index, in: bytes) else {
            throw error(
                "invalid UTF-8: byte 0x\(CharacterDescription.hex(UInt32(bytes[index]), digits: 2))",
                fix: "save the file as UTF-8")
        }
        return length
    }

    private mutating func error(_ message: String, at raw: RawPosition? = nil, fix: String? = nil)
        -> PositionedError
    {
        PositionedError(
            position: columns.position(of: raw ?? rawPosition(), in: bytes), message: message,
            fix: fix)
    }
}
