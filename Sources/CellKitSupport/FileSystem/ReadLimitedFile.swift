import Glibc

/// The UTF-8 text of the regular file at `path`, refused before anything is read when the
/// path is not a regular file (a directory, a FIFO, a socket, a device such as `/dev/zero`
/// or `/dev/urandom`, which would be read without end) or when the file is larger than
/// `maximumBytes`. Scripts, storyboards and data files are read with it (docs/limits.md).
///
/// ```swift
/// let text = try readRegularTextFile("team.json", maximumBytes: 256 << 20, what: "data file")
/// try readRegularTextFile("/dev/zero", maximumBytes: 1024, what: "data file")
/// // throws: cannot open '/dev/zero': it is a character device, not a regular file; a data
/// // file must be a regular file (a FIFO, device or directory is refused)
/// ```
///
/// - Parameters:
///   - what: how messages name the file (`data file`, `script`).
/// - Throws: `FileError`, as ``readTextFile(_:)`` does, and `.open` with `EINVAL` (not a
///   regular file) or `EFBIG` (too large); a file that grows past the limit while it is
///   read is refused the same way.
public func readRegularTextFile(_ path: String, maximumBytes: Int, what: String) throws(FileError) -> String {
    try SystemCall.checkPath(path, .open)
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
    let descriptor = SystemCall.retrying { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
    guard descriptor >= 0 else {
        throw FileError(path: path, operation: .open, errno: errno)
    }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
        throw FileError(path: path, operation: .status, errno: errno)
    }
    let type = status.st_mode & S_IFMT
    guard type == S_IFREG else {
        let kind =
            switch type {
            case S_IFDIR: "a directory"
            case S_IFIFO: "a FIFO (a named pipe)"
            case S_IFCHR: "a character device"
            case S_IFBLK: "a block device"
            case S_IFSOCK: "a socket"
            default: "not a file"
            }
        throw FileError(
            path: path, operation: .open, errno: EINVAL,
            reason: "it is \(kind), not a regular file; a \(what) must be a regular file")
    }
    let size = Int(status.st_size)
    guard size <= maximumBytes else {
        throw tooLarge(path, maximumBytes: maximumBytes, what: what)
    }
    // One byte past the limit shows a file that grew while it was read.
    let capacity = min(size, maximumBytes) + 1
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
        guard let base = buffer.baseAddress else { return }
        while count < capacity {
            let result = SystemCall.retrying { read(descriptor, base + count, capacity - count) }
            if result < 0 {
                failure = errno
                return
            }
            if result == 0 { return }
            count += result
        }
    }
    guard failure == 0 else {
        throw FileError(path: path, operation: .read, errno: failure)
    }
    guard bytes.count <= maximumBytes else {
        throw tooLarge(path, maximumBytes: maximumBytes, what: what)
    }
    let invalid = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) }
    if let invalid {
        let hex = CharacterDescription.hex(UInt32(bytes[invalid]), digits: 2)
        throw FileError(
            path: path, operation: .decode, errno: EILSEQ,
            reason: "invalid UTF-8 at byte offset \(invalid) (0x\(hex))", byteOffset: invalid)
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// `1.5 GB`, `64 MiB`: a size as messages give it.
public func byteCountDescription(_ bytes: Int) -> String {
    if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
}

private func tooLarge(_ path: String, maximumBytes: Int, what: String) -> FileError {
    FileError(
        path: path, operation: .open, errno: EFBIG,
        reason:
            "it is larger than \(byteCountDescription(maximumBytes)), the limit for a \(what) (docs/limits.md); split it into smaller files"
    )
}
