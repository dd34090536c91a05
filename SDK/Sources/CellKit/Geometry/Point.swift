/// A position in terminal character cells: `x` columns right, `y` rows down.
///
/// ```swift
/// let p = Point(x: 2, y: 1)
/// print(p)   // (2, 1)
/// ```
@frozen public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Columns from the left edge.
    public var x: Int
    /// Rows from the top edge.
    public var y: Int

    /// Creates a point.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// The origin, `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)

    /// `(x, y)`, such as `(2, 0)`.
    public var description: String { "(\(x), \(y))" }
}
