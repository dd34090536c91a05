import Glibc

/// Why records could not be written to, or read back from, a file of the
/// sort's: what, and the file.
package struct RecordFileError: Error, CustomStringConvertible {
    package var description: String

    init(_ what: String, _ path: String) {
        description = "\(what) \(path): \(String(cString: strerror(errno)))"
    }
}

/// A file written a buffer at a time: a sorted binding's records, or a run
/// of the sort spilled.
final class RecordFileWriter {
    let descriptor: Int32
    let path: String
    private var buffer: [UInt8] = []
    /// How many bytes have been written (the buffer's included).
    private(set) var written = 0
    private static let bufferBytes = 1 << 20

    /// Creates the file at `path`, readable and writable by its owner only;
    /// `keep: false` removes its name at once (a run: nothing is left behind
    /// whatever ends the process, and it is read through ``descriptor``).
    init(creating path: String, keep: Bool) throws(RecordFileError) {
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw RecordFileError("cannot create", path) }
        if !keep { unlink(path) }
        descriptor = fd
        self.path = path
        buffer.reserveCapacity(Self.bufferBytes)
    }

    func append(_ bytes: some Collection<UInt8>) throws(RecordFileError) {
        buffer += bytes
        written += bytes.count
        if buffer.count >= Self.bufferBytes { try flush() }
    }

    func append<T: FixedWidthInteger>(_ value: T) throws(RecordFileError) {
        withUnsafeBytes(of: value.littleEndian) { buffer += $0 }
        written += MemoryLayout<T>.size
        if buffer.count >= Self.bufferBytes { try flush() }
    }

    func flush() throws(RecordFileError) {
        var done = 0
        while done < buffer.count {
            let n = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw RecordFileError("cannot write", path) }
            done += n
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered, and lets the buffer go (a run written, to be read back).
    func finish() throws(RecordFileError) {
        try flush()
        buffer = []
    }

    deinit { close(descriptor) }
}

/// A file read from its start, a buffer at a time (a run of the sort).
struct RecordFileReader {
    let descriptor: Int32
    let path: String
    private var buffer: [UInt8] = []
    private var position = 0
    private var offset = 0
    private static let bufferBytes = 1 << 18

    init(_ writer: RecordFileWriter) {
        descriptor = writer.descriptor
        path = writer.path
    }

    /// The next `count` bytes; fewer only at the end of the file.
    mutating func read(_ count: Int) throws(RecordFileError) -> ArraySlice<UInt8> {
        if buffer.count - position < count {
            buffer.removeFirst(position)
            position = 0
            let wanted = max(count - buffer.count, Self.bufferBytes)
            let old = buffer.count
            buffer += [UInt8](repeating: 0, count: wanted)
            var got = 0
            while got < wanted {
                let n = buffer.withUnsafeMutableBytes {
                    pread(descriptor, $0.baseAddress! + old + got, wanted - got, off_t(offset))
                }
                if n < 0 && errno == EINTR { continue }
                guard n >= 0 else { throw RecordFileError("cannot read", path) }
                if n == 0 { break }
                got += n
                offset += n
            }
            buffer.removeLast(wanted - got)
        }
        let end = min(buffer.count, position + count)
        defer { position = end }
        return buffer[position..<end]
    }

    mutating func integer<T: FixedWidthInteger>(_: T.Type) throws(RecordFileError) -> T {
        let bytes = try read(MemoryLayout<T>.size)
        guard bytes.count == MemoryLayout<T>.size else {
            errno = EIO
            throw RecordFileError("cut short:", path)
        }
        var value = T.zero
        withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes) }
        return T(littleEndian: value)
    }
}
