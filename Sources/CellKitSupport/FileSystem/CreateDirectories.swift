import Glibc

/// Creates the directory at `path` and any missing directories above it, like
/// `mkdir -p`; does nothing when it already exists.
///
/// ```swift
/// try createDirectories(Path.join(directories.stateHome, "cellkit"), mode: 0o700)
/// ```
///
/// - Parameter mode: the permissions of each directory created, before the umask.
/// - Throws: `FileError` (`.createDirectory`) naming the directory that could not be made,
///   for example `EACCES`, or `EEXIST` when a file that is not a directory is in the way.
package func createDirectories(_ path: String, mode: UInt32 = 0o755) throws(FileError) {
    try SystemCall.checkPath(path, .createDirectory)
    if mkdir(path, mode_t(mode)) == 0 {
        return
    }
    var failure = errno
    if failure == ENOENT {
        let parent = Path.dirname(path)
        if parent != path && parent != "." {
            try createDirectories(parent, mode: mode)
            failure = mkdir(path, mode_t(mode)) == 0 ? 0 : errno
        }
    }
    switch failure {
    case 0:
        return
    case EEXIST:
        if try fileInfo(path)?.isDirectory == true {
            return
        }
        throw FileError(
            path: path, operation: .createDirectory, errno: EEXIST,
            reason: "a file that is not a directory is already there")
    default:
        throw FileError(path: path, operation: .createDirectory, errno: failure)
    }
}
