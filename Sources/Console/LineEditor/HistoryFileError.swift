/// A history file operation that failed.
struct HistoryFileError: Error, CustomStringConvertible, Equatable, Sendable {
    var path: String
    var operation: String
    var errno: Int32

    var description: String {
        "history file \(path): \(operation) failed: \(ErrnoText.of(errno))"
    }
}
