/// A file time to the nanosecond, as `stat` gives it: seconds and nanoseconds since
/// 1970-01-01 00:00 UTC.
///
/// ```swift
/// let changed = try fileInfo("plugin.so")?.modificationTime
/// if let changed, changed > cachedTime { reload() }
/// ```
public struct FileTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Whole seconds since the epoch.
    public var seconds: Int
    /// Nanoseconds after `seconds`, 0 to 999 999 999.
    public var nanoseconds: Int

    /// A time `seconds` and `nanoseconds` after the epoch.
    public init(seconds: Int, nanoseconds: Int) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// Orders times from earlier to later.
    public static func < (lhs: FileTimestamp, rhs: FileTimestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// `seconds.nanoseconds`, with nine digits after the point.
    public var description: String {
        let fraction = String(nanoseconds)
        return "\(seconds)." + String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction
    }
}
