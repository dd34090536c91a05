import Glibc

/// Reads the records of a CSV file where they lie, a chunk at a time, for a
/// file that was checked already (by `CSVParser`): what draws bound rows
/// reads each record when its row is drawn, and memory does not grow with
/// the file (a window of the file, and the offset of every 16th record).
///
/// Records are read fastest in order; any record can be read, from the
/// nearest indexed record before it. A file that does not end as it began
/// (truncated, rewritten) gives an error, never a crash: reads are `pread`
/// calls, whose short reads are errors (a memory map would fault instead).
///
/// ```swift
/// let reader = try CSVRecordReader(path: "services.csv")
/// reader.header                      // ["id", "name", "value", "status"]
/// try reader.fields(ofRecord: 0)     // ["1", "Ada", "0.5", "ok"]
/// ```
public final class CSVRecordReader {
    /// Why a record could not be read.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    public let path: String
    /// The column names (the first record).
    public private(set) var header: [String] = []

    private let descriptor: Int32
    private let delimiter: UInt8
    /// The file's size when it was opened.
    private let size: Int
    /// The bytes of the file from `windowStart`.
    private var window: [UInt8] = []
    private var windowStart = 0
    private let chunkSize: Int
    /// Byte offsets of records 0, 16, 32, …, as far as they are known.
    private var index: [Int] = []
    static let stride = 16
    /// The record read next in order, and where it starts.
    private var nextRecord = 0
    private var nextOffset = 0

    /// Opens `path`, a regular file, and reads its header.
    public init(path: String, delimiter: CSVDelimiter = .comma, chunkSize: Int = 1 << 20) throws(Failure) {
        self.path = path
        self.delimiter = delimiter.byte
        self.chunkSize = max(16, chunkSize)
        let fd = SystemCall.retrying { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { throw Failure(description: "\(path): \(String(cString: strerror(errno)))") }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw Failure(description: "\(path) is not a regular file")
        }
        descriptor = fd
        size = Int(status.st_size)
        var start = 0
        if try bytes(at: 0, count: 3) == [0xEF, 0xBB, 0xBF] { start = 3 }
        guard let (fields, end) = try record(at: start) else {
            throw Failure(description: "\(path) is empty: it has no header line")
        }
        header = fields
        nextOffset = end
        index = [end]
    }

    deinit {
        close(descriptor)
    }

    /// The fields of record `number` (0 is the first after the header).
    public func fields(ofRecord number: Int) throws(Failure) -> [String] {
        precondition(number >= 0, "record numbers start at 0")
        if number != nextRecord {
            // From the nearest indexed record at or before it.
            let known = min(number / Self.stride, index.count - 1)
            nextRecord = known * Self.stride
            nextOffset = index[known]
        }
        while nextRecord < number {
            guard let (_, end) = try record(at: nextOffset) else { throw missing(number) }
            advance(to: end)
        }
        guard let (fields, end) = try record(at: nextOffset) else { throw missing(number) }
        advance(to: end)
        return fields
    }

    private func advance(to end: Int) {
        nextRecord += 1
        nextOffset = end
        if nextRecord % Self.stride == 0 && nextRecord / Self.stride == index.count { index.append(end) }
    }

    private func missing(_ number: Int) -> Failure {
        Failure(description: "\(path) has no record \(number + 1): it changed since it was checked")
    }

    // MARK: - Reading

    /// The record starting at `offset` (blank lines before it skipped), and
    /// where the next one starts; `nil` at the end of the file.
    private func record(at start: Int) throws(Failure) -> (fields: [String], end: Int)? {
        var offset = start
        // Blank lines are not records.
        while offset < size, let byte = try byte(at: offset), byte == 0x0A || byte == 0x0D { offset += 1 }
        guard offset < size else { return nil }
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var position = offset
        while true {
            guard let byte = try byte(at: position) else {
                if quoted {
                    throw Failure(description: "\(path) ends inside a quoted field: it changed since it was checked")
                }
                fields.append(String(decoding: field, as: UTF8.self))
                return (fields, position)
            }
            position += 1
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if try self.byte(at: position) == UInt8(ascii: "\"") {
                        field.append(byte)
                        position += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\"") where field.isEmpty:
                quoted = true
            case delimiter:
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            case 0x0A, 0x0D:
                if byte == 0x0D, try self.byte(at: position) == 0x0A { position += 1 }
                fields.append(String(decoding: field, as: UTF8.self))
                return (fields, position)
            default:
                field.append(byte)
            }
        }
    }

    /// The byte at `offset`, or `nil` past the end the file had when opened.
    @inline(__always)
    private func byte(at offset: Int) throws(Failure) -> UInt8? {
        guard offset < size else { return nil }
        if offset < windowStart || offset >= windowStart + window.count { try fill(from: offset) }
        return window[offset - windowStart]
    }

    private func bytes(at offset: Int, count: Int) throws(Failure) -> [UInt8] {
        var result: [UInt8] = []
        for i in 0..<count {
            guard let b = try byte(at: offset + i) else { break }
            result.append(b)
        }
        return result
    }

    /// Reads a chunk of the file from `offset` into the window.
    private func fill(from offset: Int) throws(Failure) {
        let count = min(chunkSize, size - offset)
        window = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = window.withUnsafeMutableBytes { raw in
                SystemCall.retrying {
                    pread(descriptor, raw.baseAddress! + filled, count - filled, off_t(offset + filled))
                }
            }
            guard n > 0 else {
                window = []
                windowStart = 0
                throw Failure(
                    description: n == 0
                        ? "\(path) is shorter than it was: it changed since it was checked"
                        : "\(path): \(String(cString: strerror(errno)))")
            }
            filled += n
        }
        windowStart = offset
    }
}
