import Glibc

/// The UTF-8 text of the file at `path`, at most `maximumBytes` long.
///
/// With `regularFileOnly` (data files), a path that is not a regular file (a directory, a
/// FIFO, a socket, a device such as `/dev/zero` or `/dev/urandom`, which would be read
/// without end) is refused before anything is read, and a FIFO is opened without waiting
/// for a writer. Without it (scripts: `cellkit run <(generate)` reads a pipe), such a file
/// is read up to the limit. A file larger than `maximumBytes` is refused: a regular file
/// from its size, before it is read; anything else, and a file that grows while it is
/// read, once one byte more than the limit has arrived. Scripts, storyboards and data
/// files are read with it (docs/limits.md).
///
/// ```swift
/// let text = try readLimitedTextFile("team.json", maximumBytes: 64 << 20, what: "data file")
/// try readLimitedTextFile("/dev/zero", maximumBytes: 1024, what: "data file")
/// // throws: cannot open '/dev/zero': it is a character device, not a regular file; a data
/// // file must be a regular file (EINVAL)
/// ```
///
/// - Parameters:
///   - what: how messages name the file (`data file`, `script`).
/// - Throws: `FileError`, as ``readTextFile(_:)`` does, and `.open` with `EINVAL` (not a
///   regular file) or `EFBIG` (too large).
package func readLimitedTextFile(
    _ path: String, maximumBytes: Int, what: String, regularFileOnly: Bool = true
) throws(FileError) -> String {
    let (descriptor, size) = try openLimitedFile(
        path, maximumBytes: maximumBytes, what: what, regularFileOnly: regularFileOnly)
    defer { _ = close(descriptor) }
    // Reads until the end, or until one byte past the limit shows the file is too large
    // (a device or a pipe, or a file that grew while it was read).
    var bytes = [UInt8]()
    bytes.reserveCapacity(size + 1)
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while bytes.count <= maximumBytes {
        let want = min(chunk.count, maximumBytes + 1 - bytes.count)
        let result = chunk.withUnsafeMutableBytes { buffer in
            SystemCall.retrying { read(descriptor, buffer.baseAddress, want) }
        }
        if result < 0 {
            throw FileError(path: path, operation: .read, errno: errno)
        }
        if result == 0 { break }
        bytes.append(contentsOf: chunk[..<result])
    }
    guard bytes.count <= maximumBytes else {
        throw tooLarge(path, maximumBytes: maximumBytes, what: what)
    }
    return try decodedText(bytes, of: path)
}

/// Checks that `path` is a regular file of at most `maximumBytes` without
/// reading it, with the errors ``readLimitedTextFile(_:maximumBytes:what:regularFileOnly:)``
/// gives: what reads a large data file a part at a time checks it first.
///
/// ```swift
/// try checkLimitedFile("/dev/zero", maximumBytes: 1024, what: "data file")
/// // throws: cannot open '/dev/zero': it is a character device, not a regular file; ...
/// ```
package func checkLimitedFile(_ path: String, maximumBytes: Int, what: String) throws(FileError) {
    let (descriptor, _) = try openLimitedFile(path, maximumBytes: maximumBytes, what: what, regularFileOnly: true)
    _ = close(descriptor)
}

/// Opens `path` for reading and checks its type and size; the caller closes it.
private func openLimitedFile(
    _ path: String, maximumBytes: Int, what: String, regularFileOnly: Bool
) throws(FileError) -> (descriptor: Int32, size: Int) {
    try SystemCall.checkPath(path, .open)
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
    let flags = O_RDONLY | O_CLOEXEC | (regularFileOnly ? O_NONBLOCK : 0)
    let descriptor = SystemCall.retrying { open(path, flags) }
    guard descriptor >= 0 else {
        throw FileError(path: path, operation: .open, errno: errno)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
        let error = errno
        _ = close(descriptor)
        throw FileError(path: path, operation: .status, errno: error)
    }
    let type = status.st_mode & S_IFMT
    if type == S_IFDIR {
        _ = close(descriptor)
        throw FileError(path: path, operation: .read, errno: EISDIR)
    }
    if regularFileOnly && type != S_IFREG {
        let kind =
            switch type {
            case S_IFIFO: "a FIFO (a named pipe)"
            case S_IFCHR: "a character device"
            case S_IFBLK: "a block device"
            case S_IFSOCK: "a socket"
            default: "not a file"
            }
        _ = close(descriptor)
        throw FileError(
            path: path, operation: .open, errno: EINVAL,
            reason: "it is \(kind), not a regular file; a \(what) must be a regular file")
    }
    let size = type == S_IFREG ? Int(status.st_size) : 0
    guard size <= maximumBytes else {
        _ = close(descriptor)
        throw tooLarge(path, maximumBytes: maximumBytes, what: what)
    }
    return (descriptor, size)
}

/// `1.5 GB`, `64 MiB`: a size as messages give it.
package func byteCountDescription(_ bytes: Int) -> String {
    if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
}

private func tooLarge(_ path: String, maximumBytes: Int, what: String) -> FileError {
    FileError(
        path: path, operation: .open, errno: EFBIG,
        reason: "it is larger than \(byteCountDescription(maximumBytes)), the limit for a \(what) (docs/limits.md)",
        fix: "split it into smaller files")
}
