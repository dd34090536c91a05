/// A bounds-checked window on the bytes of an ELF file, read little-endian.
///
/// Offsets and sizes read from the file are `UInt64`s that the file chose;
/// ``window(_:at:size:)`` checks one against this window (without overflow)
/// before anything is read through it, and reads at fixed offsets inside a
/// window stay inside it by construction (a read past its end is a bug in
/// the reader and traps, never reads another byte).
struct ELFBytes {
    private let bytes: [UInt8]
    private let start: Int
    /// The window's length in bytes.
    let count: Int

    /// The whole file.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.start = 0
        self.count = bytes.count
    }

    private init(_ bytes: [UInt8], start: Int, count: Int) {
        self.bytes = bytes
        self.start = start
        self.count = count
    }

    /// The bytes `offset ..< offset + size` of this window, or an error that
    /// names `what` when they do not all lie inside it.
    func window(_ what: @autoclosure () -> String, at offset: UInt64, size: UInt64) throws(ELFError) -> ELFBytes {
        guard offset <= UInt64(count), size <= UInt64(count) - offset else {
            throw ELFError(
                "\(what()): \(size) bytes at byte \(offset), past the end of the file (\(bytes.count) bytes)")
        }
        return ELFBytes(bytes, start: start + Int(offset), count: Int(size))
    }

    /// The byte at `offset`.
    func u8(_ offset: Int) -> UInt64 {
        precondition(offset >= 0 && offset < count, "ELFBytes: a read outside the window")
        return UInt64(bytes[start + offset])
    }

    /// The little-endian 16-bit value at `offset`.
    func u16(_ offset: Int) -> UInt64 { little(offset, 2) }
    /// The little-endian 32-bit value at `offset`.
    func u32(_ offset: Int) -> UInt64 { little(offset, 4) }
    /// The little-endian 64-bit value at `offset`.
    func u64(_ offset: Int) -> UInt64 { little(offset, 8) }

    private func little(_ offset: Int, _ width: Int) -> UInt64 {
        precondition(offset >= 0 && width <= count && offset <= count - width, "ELFBytes: a read outside the window")
        var value: UInt64 = 0
        for k in (0..<width).reversed() { value = value << 8 | UInt64(bytes[start + offset + k]) }
        return value
    }

    /// Whether the bytes from `offset` are `text` followed by a NUL, or `nil`
    /// when no NUL ends the string inside this window.
    func cString(at offset: Int, equals text: [UInt8]) -> Bool? {
        precondition(offset >= 0 && offset <= count, "ELFBytes: a read outside the window")
        guard let end = bytes[(start + offset)..<(start + count)].firstIndex(of: 0) else { return nil }
        return bytes[(start + offset)..<end].elementsEqual(text)
    }
}
