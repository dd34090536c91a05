/// Well-formed UTF-8, checked byte by byte (Unicode 15, table 3-7).
///
/// The parsers check strings as they scan them, so an error can name the offset of the first
/// ill-formed byte; `readTextFile` checks a whole file the same way.
package enum UTF8Validation {
    /// UTF-8's byte order mark, which the parsers, the cut scans and the
    /// script lexer skip at the start of a text.
    package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Whether `bytes` start with the ``byteOrderMark``.
    package static func startsWithByteOrderMark(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: byteOrderMark)
    }

    /// Where the first sequence in `bytes[start..<end]` that is not
    /// well-formed UTF-8 starts (a well-formed one cut by `end` included), or
    /// `nil`. The scanners call it on a field or string that holds non-ASCII
    /// bytes, and each throws its own error there; the check of a CSV chunk
    /// calls it on the whole chunk. ASCII is skipped eight bytes at a time.
    @inline(__always)
    static func firstIllFormed(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var i = start
        // Words are read only inside the buffer: up to `end`, when `end` is in it.
        let words = end <= bytes.count ? bytes.baseAddress.map(UnsafeRawPointer.init) : nil
        while i < end {
            if let words, i + 8 <= end,
                words.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                i += 8
                continue
            }
            guard bytes[i] >= 0x80 else {
                i += 1
                continue
            }
            guard let length = sequenceLength(at: i, in: bytes), i + length <= end else { return i }
            i += length
        }
        return nil
    }

    /// The length of the well-formed sequence that starts at `index` (1 to 4), or `nil` when
    /// the bytes there are not well-formed UTF-8 (a stray continuation byte, an overlong
    /// form, a surrogate, a value above U+10FFFF, or a sequence cut short by the end).
    @inline(__always)
    static func sequenceLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let lead = bytes[index]
        if lead < 0x80 {
            return 1
        }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3:
            length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default:
            return nil
        }
        guard index + length <= bytes.count else { return nil }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { return nil }
        for next in (index + 2)..<(index + length) where bytes[next] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }

    /// The offset of the first byte of the first ill-formed sequence, or `nil` when all of
    /// `bytes` is well-formed UTF-8.
    package static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            guard let length = sequenceLength(at: index, in: bytes) else { return index }
            index += length
        }
        return nil
    }
}
