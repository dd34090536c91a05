import CellKitSupport

/// A data file as `rows` saw it: its size and modification time.
package struct DataFileIdentity: Equatable, Sendable, CustomStringConvertible {
    package var size: Int
    package var seconds: Int
    package var nanoseconds: Int

    /// The file's identity now, or `nil` if it cannot be read.
    package init?(of path: String) {
        guard let info = try? fileInfo(path) else { return nil }
        self.init(
            size: info.size, seconds: info.modificationTime.seconds, nanoseconds: info.modificationTime.nanoseconds)
    }

    package init(size: Int, seconds: Int, nanoseconds: Int) {
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    package var description: String { "\(size) bytes" }
}
