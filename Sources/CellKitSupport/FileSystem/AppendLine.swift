import Glibc

/// Appends `line` and a newline to the file at `path` (created when missing) and waits
/// until they are on the disk: a journal that survives a crash of the process or the
/// machine.
///
/// The line goes out in one `write` to a file opened with `O_APPEND`, so lines from
/// several processes do not interleave; `fsync` follows, and when the file was new, an
/// `fsync` of its directory so that the file itself survives too.
///
/// ```swift
/// try appendLine(historyPath, "row ProfileCell name=\"Ada\"")
/// ```
///
/// - Parameter permissions: the permissions of a new file, before the umask.
/// - Throws: `FileError`: `.create`, `.write` or `.sync`; `EINVAL` when `line` holds a line
///   break, which would make it two lines.
public func appendLine(_ path: String, _ line: String, permissions: UInt32 = 0o644)
    throws(FileError)
{
    try SystemCall.checkPath(path, .create)
    if line.utf8.contains(0x0A) || line.utf8.contains(0x0D) {
        throw FileError(
            path: path, operation: .write, errno: EINVAL,
            reason: "the line to append contains a line break")
    }
    let descriptor = SystemCall.retrying {
        open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, mode_t(permissions))
    }
    guard descriptor >= 0 else {
        throw FileError(path: path, operation: .create, errno: errno)
    }
    defer { _ = close(descriptor) }
    var status = stat()
    let wasEmpty = fstat(descriptor, &status) == 0 && status.st_size == 0
    var bytes = Array(line.utf8)
    bytes.append(0x0A)
    let failure = bytes.withUnsafeBytes { SystemCall.writeAll(descriptor, $0) }
    guard failure == 0 else {
        throw FileError(path: path, operation: .write, errno: failure)
    }
    guard fsync(descriptor) == 0 else {
        throw FileError(path: path, operation: .sync, errno: errno)
    }
    if wasEmpty {
        SystemCall.syncDirectory(Path.dirname(path))
    }
}
