/// Why a text is not valid JSON or CSV: what is wrong, where, and what
/// would fix it. The one error type of the data parsers (`JSONParser`,
/// `CSVParser`), so a caller reports either the same way, for example as
/// `file:line:col: error: message`:
///
/// ```swift
/// do {
///   _ = try JSONValue(parsing: "[1, 2,]")
/// } catch {
///   print("data.json:\(error)")
///   // data.json:1:7: unexpected ']' after ','; JSON does not allow a trailing comma: ...
/// }
/// do {
///   _ = try CSVParser().parse("name,role\nAda\n")
/// } catch {
///   print(error)
///   // 2:4: record 1 has 1 field, but the header has 2 (name, role); add the missing ...
/// }
/// ```
package struct PositionedError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is: the first character that could not be read. For
    /// an unterminated string, quoted field or a duplicate key, where it
    /// starts; for a CSV record with too many fields, the first extra field;
    /// with too few, the end of the record.
    package let position: TextPosition
    /// What is wrong, in a few words, without the position.
    package let message: String
    /// What would fix it, when a likely fix is known.
    package let fix: String?

    init(position: TextPosition, message: String, fix: String? = nil) {
        self.position = position
        self.message = message
        self.fix = fix
    }

    /// The 1-based line of `position`.
    package var line: Int { position.line }
    /// The 1-based column of `position`, in `Character`s.
    package var column: Int { position.column }

    /// `line:column: message; fix`.
    package var description: String {
        var text = "\(position): \(message)"
        if let fix {
            text += "; \(fix)"
        }
        return text
    }
}
