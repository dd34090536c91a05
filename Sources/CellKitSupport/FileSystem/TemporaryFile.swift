import Glibc

/// A temporary file (or an empty folder) that lives as long as its owner:
/// removed when the last reference goes, when the process exits, and by
/// ``TemporaryFiles``' signal handlers (it is tracked there while a slot is
/// free).
///
/// ```swift
/// let file = TemporaryFile("/tmp/cellkit-rows-Xq3b9Z/rows-1.csv")
/// // … write it, hand its path to whoever reads it …
/// // (the last reference gone: the file is removed)
/// ```
package final class TemporaryFile: Sendable {
    package let path: String
    private let slot: Int?

    /// Tracks `path`, which the caller creates (or has created).
    package init(_ path: String) {
        self.path = path
        TemporaryFiles.removeAllAtExit()
        slot = TemporaryFiles.register(path)
    }

    deinit {
        if unlink(path) != 0 && errno == EISDIR { rmdir(path) }
        TemporaryFiles.unregister(slot)
    }
}
