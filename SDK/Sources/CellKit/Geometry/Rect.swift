/// A rectangle of terminal character cells.
///
/// ```swift
/// let r = Rect(x: 1, y: 0, width: 10, height: 2)
/// print(r.maxX, r.insetBy(EdgeInsets(all: 1)))   // 11 (2, 1) 8x0
/// ```
@frozen public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// Creates a rectangle from its corner and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from coordinates.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The left edge.
    public var minX: Int { origin.x }
    /// The top edge.
    public var minY: Int { origin.y }
    /// The column just past the right edge.
    public var maxX: Int { origin.x + size.width }
    /// The row just past the bottom edge.
    public var maxY: Int { origin.y + size.height }
    /// The width in columns.
    public var width: Int { size.width }
    /// The height in rows.
    public var height: Int { size.height }
    /// Whether the rectangle covers no cell.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// The rectangle shrunk by `insets` on each side (never below zero size).
    public func insetBy(_ insets: EdgeInsets) -> Rect {
        Rect(
            x: origin.x + insets.left, y: origin.y + insets.top,
            width: size.width - insets.left - insets.right,
            height: size.height - insets.top - insets.bottom)
    }

    /// The cells both rectangles cover (empty when they do not overlap).
    public func intersection(_ other: Rect) -> Rect { intersected(other) }

    /// ``intersection(_:)``, always inlined: the renderers clip every view,
    /// text and fill with it. (Internal: the attribute on the public method
    /// would be part of the SDK's interface.)
    @inline(__always)
    func intersected(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle moved by `dx` columns and `dy` rows.
    public func offsetBy(dx: Int, dy: Int) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// Whether the cell at `point` lies inside.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The origin and the size, such as `(2, 1) 10x3`.
    public var description: String { "\(origin) \(size)" }
}
