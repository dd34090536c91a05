/// A size in terminal character cells: columns wide, rows high.
///
/// ```swift
/// let s = Size(width: 72, height: 3)
/// print(s)   // 72x3
/// ```
@frozen public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a size; negative values are taken as 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// No columns, no rows.
    public static let zero = Size(width: 0, height: 0)

    /// `WIDTHxHEIGHT`, such as `10x3`.
    public var description: String { "\(width)x\(height)" }
}
