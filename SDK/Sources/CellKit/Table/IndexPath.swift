/// The position of a row (or item) in a sectioned list: UIKit's `IndexPath`.
///
/// ```swift
/// let ip = IndexPath(row: 3, section: 1)
/// print(ip, ip.item)   // [1, 3] 3
/// ```
@frozen public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The section, from 0.
    public var section: Int
    /// The row in a table, from 0.
    public var row: Int

    /// A row of a table.
    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }

    /// An item of a collection.
    public init(item: Int, section: Int) {
        self.init(row: item, section: section)
    }

    /// The item in a collection: the same number as ``row``.
    public var item: Int {
        get { row }
        set { row = newValue }
    }

    /// Whether `a` comes before `b`: by section, then by row.
    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        (a.section, a.row) < (b.section, b.row)
    }

    /// `[section, row]`, such as `[0, 2]`.
    public var description: String { "[\(section), \(row)]" }
}
