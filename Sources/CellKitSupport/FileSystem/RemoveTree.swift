import Glibc

/// Removes a file, or a directory and everything in it (symbolic links are
/// removed, not followed). A path that does not exist is not an error.
///
/// ```swift
/// try removeTree(temporaryHome)
/// ```
///
/// - Throws: `FileError` for the first entry that could not be removed.
package func removeTree(_ path: String) throws(FileError) {
    guard let info = try? fileInfo(path, followingSymbolicLinks: false) else { return }
    if info.kind == .directory {
        for name in try listDirectory(path) {
            try removeTree(path + "/" + name)
        }
        if rmdir(path) != 0 && errno != ENOENT {
            throw FileError(path: path, operation: .remove, errno: errno)
        }
    } else if unlink(path) != 0 && errno != ENOENT {
        throw FileError(path: path, operation: .remove, errno: errno)
    }
}
