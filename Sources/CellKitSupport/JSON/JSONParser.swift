/// A strict RFC 8259 JSON parser.
///
/// It accepts exactly the JSON grammar (no comments, trailing commas, single quotes, `NaN`,
/// leading zeros or `+`), in UTF-8; a UTF-8 byte order mark at the very start is skipped,
/// as RFC 8259 §8.1 allows. It rejects, each with its own message, position and fix:
/// invalid UTF-8, UTF-16 input, unpaired surrogate escapes, control characters in strings,
/// numbers too large for a `Double`, nesting deeper than `maximumDepth`, and **duplicate
/// keys** (RFC 8259 leaves their meaning open; a data file with two `"name"`s is almost
/// always a mistake, so it is an error that names both places).
///
/// ```swift
/// let value = try JSONParser().parse(#"{"rows": [1, 2.5, "x"]}"#)
/// // .object(["rows": .array([.int(1), .double(2.5), .string("x")])])
///
/// try JSONParser().parse("[1, 2,]")
/// // throws 1:7: unexpected ']' after ','; JSON does not allow a trailing comma: ...
/// ```
///
/// - Complexity: O(*n*) in the input's length; it does not recurse, so only
///   `maximumDepth` bounds nesting.
package struct JSONParser: Sendable {
    /// The nesting limit unless one is given: 512 arrays and objects inside one another.
    package static let defaultMaximumDepth = 512

    /// The deepest nesting accepted; one more level is an error. Values deeper than a few
    /// thousand levels are slow to compare, hash and release, which recurse.
    package var maximumDepth: Int

    /// Whether a number that is not an `Int` written plainly is kept as it is written
    /// (`.number("4134.0")`), not made a `.double` (`4134.0`, which loses the `.0`): for a
    /// data file, whose numbers bound to text draw as the file writes them.
    ///
    /// ```swift
    /// try JSONParser(keepsNumberText: true).parse("[4134.0, 1e3, 7]")
    /// // .array([.number("4134.0"), .number("1e3"), .int(7)])
    /// ```
    package var keepsNumberText: Bool

    /// A parser that accepts nesting up to `maximumDepth` levels.
    package init(maximumDepth: Int = JSONParser.defaultMaximumDepth, keepsNumberText: Bool = false) {
        self.maximumDepth = maximumDepth
        self.keepsNumberText = keepsNumberText
    }

    /// Parses `text` as one JSON value.
    package func parse(_ text: String) throws(PositionedError) -> JSONValue {
        try ContiguousUTF8.with(text) { run($0, recordsPositions: false) }.get().0
    }

    /// Parses UTF-8 `bytes` as one JSON value.
    package func parse(_ bytes: some Collection<UInt8>) throws(PositionedError) -> JSONValue {
        try ContiguousUTF8.with(bytes) { run($0, recordsPositions: false) }.get().0
    }

    /// Parses `text` and records where each value, element and key starts, so that a later
    /// error about the data can point into the file.
    ///
    /// Slower than `parse(_:)` and it keeps a position for every value; use it for data files
    /// whose records are checked after parsing.
    package func parseDocument(_ text: String) throws(PositionedError) -> JSONDocument {
        try document(ContiguousUTF8.with(text) { run($0, recordsPositions: true) }.get())
    }

    /// Parses UTF-8 `bytes` and records where each value, element and key starts.
    package func parseDocument(_ bytes: some Collection<UInt8>) throws(PositionedError) -> JSONDocument {
        try document(ContiguousUTF8.with(bytes) { run($0, recordsPositions: true) }.get())
    }

    private func run(_ bytes: UnsafeBufferPointer<UInt8>, recordsPositions: Bool)
        -> Result<(JSONValue, JSONPositionNode?), PositionedError>
    {
        var scanner = JSONScanner(
            bytes: bytes, maximumDepth: maximumDepth, recordsPositions: recordsPositions,
            keepsNumberText: keepsNumberText)
        return Result { () throws(PositionedError) in try scanner.parseDocument() }
    }

    private func document(_ parsed: (JSONValue, JSONPositionNode?)) -> JSONDocument {
        let root = parsed.1 ?? JSONPositionNode(start: TextPosition(line: 1, column: 1, offset: 0))
        return JSONDocument(value: parsed.0, root: root)
    }
}

// MARK: - Parsing from JSONValue

extension JSONValue {
    /// Parses `text` with `JSONParser()`.
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: "[true, null]")   // [.bool(true), .null]
    /// ```
    package init(parsing text: String) throws(PositionedError) {
        self = try JSONParser().parse(text)
    }

    /// Parses UTF-8 `bytes` with `JSONParser()`.
    package init(parsing bytes: some Collection<UInt8>) throws(PositionedError) {
        self = try JSONParser().parse(bytes)
    }
}
