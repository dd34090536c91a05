/// An error found at a place in a text: what is wrong, where, and what would fix it.
///
/// `JSONError` and `CSVError` conform, so a caller can report either the same way, for
/// example as `file:line:col: error: message`:
///
/// ```swift
/// do {
///   _ = try JSONValue(parsing: "[1, 2,]")
/// } catch let error as any PositionedError {
///   print("data.json:\(error)")
///   // data.json:1:7: unexpected ']' after ','; JSON does not allow a trailing comma: ...
/// }
/// ```
public protocol PositionedError: Error, CustomStringConvertible {
    /// Where the problem is: the first character that could not be read.
    var position: TextPosition { get }
    /// What is wrong, in a few words, without the position.
    var message: String { get }
    /// What would fix it, when a likely fix is known.
    var fix: String? { get }
}

// MARK: - Default implementations

extension PositionedError {
    /// The 1-based line of `position`.
    public var line: Int { position.line }
    /// The 1-based column of `position`, in `Character`s.
    public var column: Int { position.column }

    /// `line:column: message; fix`.
    public var description: String {
        var text = "\(position): \(message)"
        if let fix {
            text += "; \(fix)"
        }
        return text
    }
}
