/// Why a text is not valid CSV: what is wrong, where, and what would fix it.
///
/// ```swift
/// do {
///   _ = try CSVParser().parse("name,role\nAda\n")
/// } catch {
///   print(error)
///   // 2:4: record 1 has 1 field, but the header has 2 (name, role); add the missing ...
/// }
/// ```
public struct CSVError: PositionedError, Hashable, Sendable {
    /// Where the problem is: for an unterminated quoted field, its opening quote; for a
    /// record with too many fields, the first extra field; with too few, the end of the record.
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
