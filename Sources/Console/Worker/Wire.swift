/// The binary encoding of the messages between the session and the worker
/// (docs/design.md, "The protocol"): unsigned LEB128 varints, zigzag for
/// signed integers, IEEE bit patterns for doubles, length-prefixed UTF-8 for
/// strings.
///
/// Every read is checked against the bytes there are: a message that is cut
/// short, claims a length it does not have, or holds invalid UTF-8 throws
/// ``WireError``; nothing traps and nothing reads out of bounds, whatever
/// the bytes (the worker may have died halfway through a frame).
///
/// ```swift
/// var writer = WireWriter()
/// writer.write("ProfileCell")
/// writer.write(42)
/// var reader = WireReader(writer.bytes)
/// try reader.string()   // "ProfileCell"
/// try reader.int()      // 42
/// ```
struct WireWriter {
    private(set) var bytes: [UInt8] = []

    init() {}

    mutating func write(_ value: UInt8) { bytes.append(value) }

    mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func write(varint value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func write(_ value: Int) {
        // Zigzag: small negative numbers stay small.
        write(varint: UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))))
    }

    mutating func write(_ value: Double) {
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    mutating func write(_ value: String) {
        write(varint: UInt64(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }

    mutating func write(_ value: String?) {
        write(value != nil)
        if let value { write(value) }
    }

    mutating func write(_ value: Int?) {
        write(value != nil)
        if let value { write(value) }
    }

    mutating func write(bytes value: [UInt8]) {
        write(varint: UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    mutating func write<T>(_ values: [T], _ element: (inout WireWriter, T) -> Void) {
        write(varint: UInt64(values.count))
        for value in values { element(&self, value) }
    }
}

/// Reads what ``WireWriter`` wrote, checking every length.
struct WireReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws(WireError) -> UInt8 {
        guard offset < bytes.count else { throw WireError("the message ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func bool() throws(WireError) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        case let other: throw WireError("\(other) is not a Boolean")
        }
    }

    mutating func varint() throws(WireError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            guard shift < 64, shift < 63 || b <= 1 else { throw WireError("a number is too long") }
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
        }
    }

    mutating func int() throws(WireError) -> Int {
        let z = try varint()
        return Int(Int64(bitPattern: (z >> 1) ^ (0 &- (z & 1))))
    }

    /// A count of things that follow, each at least one byte: never more than the bytes left.
    mutating func count() throws(WireError) -> Int {
        let n = try varint()
        guard n <= UInt64(bytes.count - offset) else {
            throw WireError("a count of \(n) is more than the message holds")
        }
        return Int(n)
    }

    mutating func double() throws(WireError) -> Double {
        guard bytes.count - offset >= 8 else { throw WireError("the message ends early") }
        var bits: UInt64 = 0
        for i in 0..<8 { bits |= UInt64(bytes[offset + i]) << UInt64(8 * i) }
        offset += 8
        return Double(bitPattern: bits)
    }

    mutating func rawBytes() throws(WireError) -> [UInt8] {
        let n = try count()
        defer { offset += n }
        return Array(bytes[offset..<offset + n])
    }

    mutating func string() throws(WireError) -> String {
        let n = try count()
        guard let text = String(validating: bytes[offset..<offset + n], as: UTF8.self) else {
            throw WireError("a string is not UTF-8")
        }
        offset += n
        return text
    }

    mutating func optionalString() throws(WireError) -> String? {
        try bool() ? try string() : nil
    }

    mutating func optionalInt() throws(WireError) -> Int? {
        try bool() ? try int() : nil
    }

    mutating func array<T>(_ element: (inout WireReader) throws(WireError) -> T) throws(WireError) -> [T] {
        let n = try count()
        var result: [T] = []
        result.reserveCapacity(n)
        for _ in 0..<n { result.append(try element(&self)) }
        return result
    }
}

/// A message between the session and the worker that does not decode.
struct WireError: Error, Equatable, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { "bad message from the worker: \(message)" }
}
