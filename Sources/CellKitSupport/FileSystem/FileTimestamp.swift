/// A file time to the nanosecond, as `stat` gives it: seconds and nanoseconds since
/// 1970-01-01 00:00 UTC.
///
/// ```swift
/// let changed = try fileInfo("plugin.so")?.modificationTime
/// if let changed, changed > cachedTime { reload() }
/// ```
package struct FileTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Whole seconds since the epoch.
    package var seconds: Int
    /// Nanoseconds after `seconds`, 0 to 999 999 999.
    package var nanoseconds: Int

    /// A time `seconds` and `nanoseconds` after the epoch.
    package init(seconds: Int, nanoseconds: Int) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// Orders times from earlier to later.
    package static func < (lhs: FileTimestamp, rhs: FileTimestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// `seconds.nanoseconds`, with nine digits after the point.
    package var description: String {
        let fraction = String(nanoseconds)
        return "\(seconds)." + String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction
    }
}
