/// A failed system call on a terminal, with the `errno` it set.
struct TerminalError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The operation that failed, e.g. `"tcsetattr"`.
    var operation: String
    var errno: Int32

    init(_ operation: String, errno: Int32) {
        self.operation = operation
        self.errno = errno
    }

    var description: String {
        "terminal: \(operation) failed: \(ErrnoText.of(errno))"
    }
}
