import Glibc

/// The bytes of the file at `path`.
///
/// Reads in as few calls as the file's size allows; files that report no size (`/proc`)
/// are read to their end all the same.
///
/// ```swift
/// let bytes = try readFile("Examples/data.json")
/// let value = try JSONValue(parsing: bytes)
/// ```
///
/// - Throws: `FileError` (`.open` or `.read`), for example `ENOENT` or `EISDIR`.
package func readFile(_ path: String) throws(FileError) -> [UInt8] {
    try SystemCall.checkPath(path, .open)
    let descriptor = SystemCall.retrying { open(path, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else {
        throw FileError(path: path, operation: .open, errno: errno)
    }
    defer { _ = close(descriptor) }

    var status = stat()
    let isRegular = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    // One byte more than the size, so that the end shows without another allocation.
    let capacity = (isRegular ? Int(status.st_size) : 0) + 1
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
        failure = readFully(descriptor, into: UnsafeMutableRawBufferPointer(buffer), count: &count)
    }
    // Full: the file grew, or reported no size. Read on in chunks.
    var chunk = [UInt8](repeating: 0, count: failure == 0 && bytes.count == capacity ? 65_536 : 0)
    while failure == 0 && !chunk.isEmpty {
        var count = 0
        failure = chunk.withUnsafeMutableBytes { readFully(descriptor, into: $0, count: &count) }
        bytes.append(contentsOf: chunk[..<count])
        if count < chunk.count {
            break
        }
    }
    guard failure == 0 else {
        throw FileError(path: path, operation: .read, errno: failure)
    }
    return bytes
}

/// The UTF-8 text of the file at `path`, checked: text that is not UTF-8 is an error that
/// gives the offset of the first bad byte. A byte order mark is kept (as U+FEFF); the
/// JSON and CSV parsers skip it.
///
/// ```swift
/// let script = try readTextFile("Examples/dashboard.cellkit")
/// ```
///
/// - Throws: `FileError`: `.open` or `.read`, or `.decode` with `errno` `EILSEQ` and
///   `byteOffset`.
package func readTextFile(_ path: String) throws(FileError) -> String {
    try decodedText(try readFile(path), of: path)
}

/// `bytes`, the contents of `path`, as text: an error at the first byte that
/// is not well-formed UTF-8.
func decodedText(_ bytes: [UInt8], of path: String) throws(FileError) -> String {
    let invalid = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) }
    if let invalid {
        let hex = CharacterDescription.hex(UInt32(bytes[invalid]), digits: 2)
        throw FileError(
            path: path, operation: .decode, errno: EILSEQ,
            reason: "invalid UTF-8 at byte offset \(invalid) (0x\(hex))", byteOffset: invalid)
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Reads from `descriptor` until `buffer` is full or the file ends, counting in `count`;
/// returns 0, or the `errno` of a failed read.
private func readFully(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, count: inout Int
) -> Int32 {
    guard let base = buffer.baseAddress else { return 0 }
    while count < buffer.count {
        let result = SystemCall.retrying { read(descriptor, base + count, buffer.count - count) }
        if result < 0 {
            return errno
        }
        if result == 0 {
            break
        }
        count += result
    }
    return 0
}
