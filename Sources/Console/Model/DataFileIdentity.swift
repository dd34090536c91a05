import CellKitSupport

/// A data file as `rows` saw it: its size and modification time.
struct DataFileIdentity: Equatable, Sendable, CustomStringConvertible {
    var size: Int
    var seconds: Int
    var nanoseconds: Int

    /// The file's identity now, or `nil` if it cannot be read.
    init?(of path: String) {
        guard let info = try? fileInfo(path) else { return nil }
        self.init(
            size: info.size, seconds: info.modificationTime.seconds, nanoseconds: info.modificationTime.nanoseconds)
    }

    init(size: Int, seconds: Int, nanoseconds: Int) {
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    var description: String { "\(size) bytes" }
}
