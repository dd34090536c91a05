/// A history file operation that failed.
struct HistoryFileError: Error, CustomStringConvertible, Equatable, Sendable {
    var path: String
    var operation: String
    var errno: Int32
    /// Why, when it is not the system's `errno` text alone: a folder refused because
    /// another user could change it, with the fix.
    var reason: String? = nil

    var description: String {
        if let reason { return "history file \(path): \(reason)" }
        return "history file \(path): \(operation) failed: \(ErrnoText.of(errno))"
    }
}
