/// Why a text is not valid JSON: what is wrong, where, and what would fix it.
///
/// ```swift
/// do {
///   _ = try JSONValue(parsing: "{\"a\": 1,}")
/// } catch {
///   print(error)
///   // 1:9: unexpected '}' after ','; JSON does not allow a trailing comma: remove the ',' at 1:8
/// }
/// ```
public struct JSONError: PositionedError, Hashable, Sendable {
    /// Where the problem is. For an unterminated string or a duplicate key this is where the
    /// string or key starts; otherwise it is the first character that could not be read.
    public let position: TextPosition
    /// What is wrong, without the position.
    public let message: String
    /// What would likely fix it.
    public let fix: String?

    init(position: TextPosition, message: String, fix: String? = nil) {
        self.position = position
        self.message = message
        self.fix = fix
    }
}
