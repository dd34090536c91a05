/// Space kept free inside each edge of a rectangle, in cells.
///
/// ```swift
/// let padding = EdgeInsets(horizontal: 1)
/// print(padding.left, padding.top)   // 1 0
/// ```
@frozen public struct EdgeInsets: Hashable, Sendable {
    /// Rows above.
    public var top: Int
    /// Columns on the left.
    public var left: Int
    /// Rows below.
    public var bottom: Int
    /// Columns on the right.
    public var right: Int

    /// Creates insets from each edge.
    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge.
    public init(all value: Int) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// Insets on the left and right (and optionally top and bottom).
    public init(horizontal: Int, vertical: Int = 0) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// No insets.
    public static let zero = EdgeInsets()

    /// `left + right`.
    public var horizontal: Int { left + right }
    /// `top + bottom`.
    public var vertical: Int { top + bottom }
}
