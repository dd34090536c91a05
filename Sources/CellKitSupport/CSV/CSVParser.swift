/// An RFC 4180 CSV reader: the first record names the columns, every later record has
/// one field per column.
///
/// - Fields may be quoted; a quoted field can hold the delimiter, `"` written `""`, and
///   line breaks (kept as they are written).
/// - Records end with CRLF, LF or a lone CR; the last may end without one.
/// - A UTF-8 byte order mark at the start is skipped.
/// - A line with nothing on it is not a record and is skipped (write `""` for a record of
///   one empty field).
/// - Errors give line:column and a fix: an unterminated quote, a `"` inside an unquoted
///   field or after a closing quote, a record with more or fewer fields than the header
///   (saying which record and how many), a repeated column name, invalid UTF-8, an empty
///   input.
///
/// ```swift
/// let table = try CSVParser(delimiter: .semicolon).parse("name;note\r\nAda;\"a;b\"\r\n")
/// table.records[0]["note"]   // "a;b"
/// ```
///
/// - Complexity: O(*n*) in the input's length.
package struct CSVParser: Sendable {
    /// The character between fields.
    package var delimiter: CSVDelimiter
    /// The number errors give the first record: 1, or more for a chunk of a
    /// larger file that starts further on (``RecordChunker``).
    package var firstRecord: Int
    /// How many records with more or fewer fields than the header ``parse(_:)-(String)``
    /// reports before it counts the rest, going on past them
    /// (``CSVTable/fieldCountErrors``): a check that shows every such record
    /// (the first ten) at once. With 0 (the default), the first such record
    /// is the parse's error.
    ///
    /// ```swift
    /// var parser = CSVParser()
    /// parser.fieldCountErrorLimit = 10
    /// let table = try parser.parse("a,b\n1\n2,3\n4,5,6\n")
    /// table.fieldCountErrors.map(\.line)   // [2, 4]
    /// ```
    package var fieldCountErrorLimit = 0

    /// A parser for fields separated by `delimiter`, its errors numbering records from `firstRecord`.
    package init(delimiter: CSVDelimiter = .comma, firstRecord: Int = 1) {
        self.delimiter = delimiter
        self.firstRecord = firstRecord
    }

    /// Parses `text` as a header line and records.
    package func parse(_ text: String) throws(PositionedError) -> CSVTable {
        try ContiguousUTF8.with(text) { run($0) }.get()
    }

    /// Parses UTF-8 `bytes` as a header line and records.
    package func parse(_ bytes: some Collection<UInt8>) throws(PositionedError) -> CSVTable {
        try ContiguousUTF8.with(bytes) { run($0) }.get()
    }

    /// Checks UTF-8 `bytes` as ``parse(_:)-(some Collection<UInt8>)`` does (the same errors) without making
    /// the records' fields: the header and how many records there are. For a
    /// reader that needs no field's value (a check that fields exist).
    ///
    /// ```swift
    /// let (header, count) = try CSVParser().countRecords("id,name\n1,Ada\n2,Grace\n".utf8)
    /// // header == ["id", "name"], count == 2
    /// ```
    package func countRecords(_ bytes: some Collection<UInt8>) throws(PositionedError) -> (header: [String], count: Int)
    {
        try ContiguousUTF8.with(bytes) { bytes in
            var scanner = CSVScanner(bytes: bytes, delimiter: delimiter, firstRecord: firstRecord)
            return Result { () throws(PositionedError) in try scanner.countRecords() }
        }.get()
    }

    private func run(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<CSVTable, PositionedError> {
        var scanner = CSVScanner(
            bytes: bytes, delimiter: delimiter, firstRecord: firstRecord, fieldCountErrorLimit: fieldCountErrorLimit)
        return Result { () throws(PositionedError) in try scanner.parseTable() }
    }
}
