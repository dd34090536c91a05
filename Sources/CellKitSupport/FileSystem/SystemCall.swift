import Glibc

/// The small pieces every file function needs: retrying on `EINTR`, writing everything,
/// refusing paths C would cut short.
package enum SystemCall {
    /// Calls `body` again while it fails with `EINTR`; returns its last result.
    @inline(__always)
    package static func retrying<Result: BinaryInteger>(_ body: () -> Result) -> Result {
        while true {
            let result = body()
            if result >= 0 || errno != EINTR {
                return result
            }
        }
    }

    /// Throws when `path` holds a NUL character, which C would read as its end, so the call
    /// would act on another file than the one named.
    static func checkPath(_ path: String, _ operation: FileError.Operation) throws(FileError) {
        if path.utf8.contains(0) {
            throw FileError(
                path: path, operation: operation, errno: EINVAL,
                reason: "the path contains a NUL character")
        }
    }

    /// Writes all of `bytes` to `descriptor`, however many calls it takes; returns 0, or the
    /// `errno` of the call that failed (`EIO` for a write that wrote nothing).
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var written = 0
        while written < bytes.count {
            guard let base = bytes.baseAddress else { return 0 }
            let count = retrying { Glibc.write(descriptor, base + written, bytes.count - written) }
            if count < 0 {
                return errno
            }
            if count == 0 {
                return EIO
            }
            written += count
        }
        return 0
    }

    /// Writes all of `bytes` to `descriptor`, as the raw-buffer form does.
    package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// Makes a rename or a new name in `directory` durable: `fsync` on the directory.
    /// Best effort: some file systems refuse it, and by then the change is done.
    package static func syncDirectory(_ directory: String) {
        let descriptor = retrying { open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }
}
