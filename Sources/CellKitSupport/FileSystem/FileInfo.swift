import Glibc

/// What `stat` says about a file: its kind, size, modification time, permissions and
/// owner.
///
/// ```swift
/// if let info = try fileInfo("/usr/lib/libCardCells.so") {
///   info.isRegularFile               // true
///   info.permissions & 0o022 != 0    // writable by others?
/// }
/// ```
package struct FileInfo: Hashable, Sendable {
    /// The kind of file.
    package enum Kind: Hashable, Sendable {
        /// A regular file.
        case regularFile
        /// A directory.
        case directory
        /// A symbolic link (only when the link itself was asked about).
        case symbolicLink
        /// A device, pipe or socket.
        case other
    }

    /// The kind of file.
    package let kind: Kind
    /// The size in bytes.
    package let size: Int
    /// When its contents last changed.
    package let modificationTime: FileTimestamp
    /// `st_mode`: the type bits and the permission bits.
    package let mode: UInt32
    /// The owner's user ID.
    package let uid: UInt32
    /// The group ID.
    package let gid: UInt32

    init(_ status: stat) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .regularFile
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        size = Int(status.st_size)
        modificationTime = FileTimestamp(
            seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec))
        mode = UInt32(status.st_mode)
        uid = UInt32(status.st_uid)
        gid = UInt32(status.st_gid)
    }

    /// Whether it is a directory.
    package var isDirectory: Bool { kind == .directory }
    /// Whether it is a regular file.
    package var isRegularFile: Bool { kind == .regularFile }
    /// The permission bits of `mode`, `0o7777` at most (setuid, setgid, sticky, rwxrwxrwx).
    package var permissions: UInt32 { mode & 0o7777 }
}

/// What is at `path`, or `nil` when nothing is (the file, or a directory on the way, does
/// not exist); so `try fileInfo(path) != nil` is "exists".
///
/// - Parameter followingSymbolicLinks: describe the file a symbolic link points to (the
///   default), or the link itself.
/// - Throws: `FileError` (`.status`) for other failures, such as `EACCES`.
package func fileInfo(_ path: String, followingSymbolicLinks: Bool = true) throws(FileError)
    -> FileInfo?
{
    try SystemCall.checkPath(path, .status)
    var status = stat()
    let result = followingSymbolicLinks ? stat(path, &status) : lstat(path, &status)
    guard result == 0 else {
        let failure = errno
        if failure == ENOENT || failure == ENOTDIR {
            return nil
        }
        throw FileError(path: path, operation: .status, errno: failure)
    }
    return FileInfo(status)
}

/// Whether anything is at `path` (following symbolic links); `false` also when it cannot
/// be told, for example for lack of permission.
package func fileExists(_ path: String) -> Bool {
    (try? fileInfo(path)) != nil
}

/// Whether a directory is at `path` (following symbolic links); `false` also when it cannot
/// be told.
package func isDirectory(_ path: String) -> Bool {
    (try? fileInfo(path))?.isDirectory == true
}

/// Whether a regular file is at `path` (following symbolic links); `false` also when it
/// cannot be told.
package func isRegularFile(_ path: String) -> Bool {
    (try? fileInfo(path))?.isRegularFile == true
}
