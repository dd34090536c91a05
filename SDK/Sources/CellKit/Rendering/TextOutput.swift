#if canImport(Glibc)
    import Glibc
#endif

/// Where rendered bytes go: a file descriptor, or memory.
///
/// ```swift
/// let out = MemoryOutput()
/// let writer = PlainTextWriter(output: out)
/// try writer.write(Label(text: "hi").render(width: 2))
/// try writer.finish()
/// print(out.string)   // hi
/// ```
@_spi(Host) public protocol TextOutput: AnyObject {
    /// Writes all of `bytes`, or throws.
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// Collects output in memory.
@_spi(Host) public final class MemoryOutput: TextOutput {
    /// Everything written so far.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty output.
    public init() {}

    /// Appends the bytes to ``bytes``.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        self.bytes.append(contentsOf: bytes)
    }

    /// The output decoded as UTF-8.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// Writes to a file descriptor (standard output by default), retrying short
/// writes and interrupted calls.
@_spi(Host) public final class FileDescriptorOutput: TextOutput {
    /// The descriptor written to.
    public let descriptor: Int32

    /// Creates an output over `descriptor`; it is not closed by this object.
    public init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
    }

    /// Writes all the bytes to the file descriptor, retrying short writes.
    ///
    /// - Throws: an ``OutputError`` when the descriptor refuses them (a
    ///   closed pipe, a full disk).
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let n = Glibc.write(descriptor, base, remaining)
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputError(errno: errno)
            }
            remaining -= n
            base += n
        }
    }
}

/// Writing output failed: the disk is full, the pipe was closed, ...
@_spi(Host) public struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The `errno` of the failed `write(2)`.
    public var errno: Int32

    /// What failed, with the system's error message.
    public var description: String {
        "could not write output: \(String(cString: strerror(errno)))"
    }
}
