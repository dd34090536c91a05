/// The binary encoding of the messages between the session and the worker
/// (docs/design.md, "The protocol"): unsigned LEB128 varints, zigzag for
/// signed integers, IEEE bit patterns for doubles, length-prefixed UTF-8 for
/// strings; a list is its count then its elements, an optional a Boolean
/// then the value if there is one, an enumeration a tag byte (or its raw
/// value, a string) then the case's values.
///
/// Every read is checked against the bytes there are: a message that is cut
/// short, claims a length or a count it does not have, holds invalid UTF-8,
/// an unknown tag or lists nested deeper than a script can write throws
/// ``WireError``; nothing traps, nothing reads out of bounds and nothing is
/// allocated for a count before its elements have been read, whatever the
/// bytes (the worker may have died halfway through a frame).
///
/// ```swift
/// var writer = WireWriter()
/// writer.write("ProfileCell")
/// writer.write(42)
/// var reader = WireReader(writer.bytes)
/// try reader.string()   // "ProfileCell"
/// try reader.int()      // 42
/// ```
package struct WireWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func write(_ value: UInt8) { bytes.append(value) }

    package mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    package mutating func write(varint value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    package mutating func write(_ value: Int) {
        // Zigzag: small negative numbers stay small.
        write(varint: UInt64(bitPattern: Int64((value << 1) ^ (value >> 63))))
    }

    package mutating func write(_ value: Double) {
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    package mutating func write(_ value: String) {
        write(varint: UInt64(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }

    package mutating func write(bytes value: [UInt8]) {
        write(varint: UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    package mutating func write<T: WireCodable>(_ value: T) { value.encode(into: &self) }

    package mutating func write<T: WireCodable>(_ value: T?) {
        write(value != nil)
        if let value { value.encode(into: &self) }
    }

    package mutating func write<T: WireCodable>(_ values: [T]) {
        write(varint: UInt64(values.count))
        for value in values { value.encode(into: &self) }
    }

    /// An enumeration by its raw value.
    package mutating func write<T: RawRepresentable<String>>(rawValue value: T) { write(value.rawValue) }

    /// Which case of an enumeration follows: its tag, a byte declared once
    /// in the enumeration's `Tag` (read back by ``WireReader/tag(_:named:)``).
    package mutating func write<Tag: RawRepresentable<UInt8>>(tag: Tag) { write(tag.rawValue) }
}

/// Reads what ``WireWriter`` wrote, checking every length.
package struct WireReader {
    private let bytes: [UInt8]
    private var offset = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package var isAtEnd: Bool { offset == bytes.count }

    /// The bytes not read yet.
    package var bytesLeft: Int { bytes.count - offset }

    /// The end of a message: bytes left over after it are an error.
    package func end() throws(WireError) {
        let left = bytesLeft
        guard left == 0 else {
            throw WireError(left == 1 ? "1 byte follows the message" : "\(left) bytes follow the message")
        }
    }

    package mutating func byte() throws(WireError) -> UInt8 {
        guard offset < bytes.count else { throw WireError("the message ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    package mutating func bool() throws(WireError) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        case let other: throw WireError("\(other) is not a Boolean")
        }
    }

    package mutating func varint() throws(WireError) -> UInt64 {
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

    package mutating func int() throws(WireError) -> Int {
        let z = try varint()
        return Int(Int64(bitPattern: (z >> 1) ^ (0 &- (z & 1))))
    }

    /// A count of things that follow, each at least one byte: never more than the bytes left.
    package mutating func count() throws(WireError) -> Int {
        let n = try varint()
        guard n <= UInt64(bytesLeft) else {
            throw WireError("a count of \(n) is more than the message holds")
        }
        return Int(n)
    }

    package mutating func double() throws(WireError) -> Double {
        guard bytesLeft >= 8 else { throw WireError("the message ends early") }
        var bits: UInt64 = 0
        for i in 0..<8 { bits |= UInt64(bytes[offset + i]) << UInt64(8 * i) }
        offset += 8
        return Double(bitPattern: bits)
    }

    package mutating func rawBytes() throws(WireError) -> [UInt8] {
        Array(bytes[try rawRange()])
    }

    /// Where the bytes ``rawBytes()`` would copy are in the message: for a
    /// reader that takes them in place.
    package mutating func rawRange() throws(WireError) -> Range<Int> {
        let n = try count()
        defer { offset += n }
        return offset..<offset + n
    }

    package mutating func string() throws(WireError) -> String {
        let n = try count()
        guard let text = String(validating: bytes[offset..<offset + n], as: UTF8.self) else {
            throw WireError("a string is not UTF-8")
        }
        offset += n
        return text
    }

    package mutating func read<T: WireCodable>(_: T.Type = T.self) throws(WireError) -> T { try T.decode(&self) }

    package mutating func optional<T: WireCodable>(_: T.Type = T.self) throws(WireError) -> T? {
        try bool() ? try T.decode(&self) : nil
    }

    package mutating func array<T: WireCodable>(_: T.Type = T.self) throws(WireError) -> [T] {
        try array { r throws(WireError) in try T.decode(&r) }
    }

    /// A list whose elements `element` reads. Room is made for at most 1,024
    /// elements before they are read: a count that lies (it is only checked
    /// against the bytes left) costs no memory.
    package mutating func array<T>(_ element: (inout WireReader) throws(WireError) -> T) throws(WireError) -> [T] {
        let n = try count()
        var result: [T] = []
        result.reserveCapacity(Swift.min(n, 1024))
        for _ in 0..<n { result.append(try element(&self)) }
        return result
    }

    /// An enumeration by its raw value; `what` names it in the error (`no screen kind 'x'`).
    package mutating func rawValue<T: RawRepresentable<String>>(named what: String) throws(WireError) -> T {
        let name = try string()
        guard let value = T(rawValue: name) else { throw WireError("no \(what) '\(name)'") }
        return value
    }

    /// Which case of an enumeration follows (``WireWriter/write(tag:)``); a
    /// byte that is no tag is an error that names `what` was read.
    package mutating func tag<Tag: RawRepresentable<UInt8>>(_: Tag.Type, named what: String) throws(WireError) -> Tag {
        let byte = try byte()
        guard let tag = Tag(rawValue: byte) else { throw WireError("no \(what) \(byte)") }
        return tag
    }
}

/// A value with an encoding on the wire: what ``WireWriter`` writes and
/// ``WireReader`` reads back, field by field, in the same order.
package protocol WireCodable {
    func encode(into w: inout WireWriter)
    static func decode(_ r: inout WireReader) throws(WireError) -> Self
}

extension WireCodable {
    /// The encoding: the payload of one frame.
    package var wireBytes: [UInt8] {
        var writer = WireWriter()
        encode(into: &writer)
        return writer.bytes
    }

    /// Decodes the payload of one frame: bytes left over after the value are an error.
    package init(frame: [UInt8]) throws(WireError) {
        var reader = WireReader(frame)
        self = try Self.decode(&reader)
        try reader.end()
    }
}

extension String: WireCodable {
    package func encode(into w: inout WireWriter) { w.write(self) }
    package static func decode(_ r: inout WireReader) throws(WireError) -> String { try r.string() }
}

extension Int: WireCodable {
    package func encode(into w: inout WireWriter) { w.write(self) }
    package static func decode(_ r: inout WireReader) throws(WireError) -> Int { try r.int() }
}

extension Double: WireCodable {
    package func encode(into w: inout WireWriter) { w.write(self) }
    package static func decode(_ r: inout WireReader) throws(WireError) -> Double { try r.double() }
}

/// A message between the session and the worker that does not decode.
package struct WireError: Error, Equatable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { "bad message from the worker: \(message)" }
}
