/// Finding the next of two or three byte values eight bytes at a time:
/// what the cut scans (``CSVCutScanner``, ``JSONCutScanner``) skip with,
/// since most of a data file's bytes are text that means nothing to them;
/// and the end of a JSON string's plain run, for the record check (``JSONRecordCheck``).
///
/// A word of eight bytes is tested for each value at once (a byte equal to
/// the value is a zero byte of the word XOR the value repeated; a zero byte
/// sets its top bit in `(x - 0x01…01) & ~x & 0x80…80`, and the lowest bit
/// set is the first such byte: borrows only run upwards from it).
enum ByteSearch {
    /// The index of the first byte of `bytes[from..<to]` equal to `a`, `b`
    /// or `c`, or `to` when there is none.
    @inline(__always)
    static func first(
        of a: UInt8, _ b: UInt8, _ c: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int
    ) -> Int {
        var i = from
        if let base = bytes.baseAddress, to <= bytes.count {
            let raw = UnsafeRawPointer(base)
            let (ra, rb, rc) = (repeated(a), repeated(b), repeated(c))
            while i + 8 <= to {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let found = zeroBytes(word ^ ra) | zeroBytes(word ^ rb) | zeroBytes(word ^ rc)
                if found != 0 { return i + found.trailingZeroBitCount >> 3 }
                i += 8
            }
        }
        while i < to {
            let byte = bytes[i]
            if byte == a || byte == b || byte == c { return i }
            i += 1
        }
        return to
    }

    /// The index of the first byte of `bytes[from..<to]` equal to `a` or `b`, or `to`.
    @inline(__always)
    static func first(of a: UInt8, _ b: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        first(of: a, b, b, in: bytes, from: from, to: to)
    }

    /// Where a JSON string's plain run ends: the index of the first byte of
    /// `bytes[from...]` that is a quote, a backslash or a control character
    /// (below 0x20), or `bytes.count` when there is none; and whether a byte
    /// before it is not ASCII (its UTF-8 then needs a check).
    @inline(__always)
    static func stringRunEnd(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> (end: Int, nonASCII: Bool) {
        var i = from
        var high: UInt64 = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let (quote, backslash, space) = (repeated(0x22), repeated(0x5C), repeated(0x20))
            while i + 8 <= bytes.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                // (A byte below 0x20 sets its top bit in `(x - 0x20…20) & ~x`; bytes of 0x80 and up never do.)
                let found = zeroBytes(word ^ quote) | zeroBytes(word ^ backslash) | ((word &- space) & ~word & top)
                if found != 0 {
                    let shift = found.trailingZeroBitCount & ~7
                    let below = shift == 0 ? 0 : word & ((1 << UInt64(shift)) &- 1)
                    return (i + shift >> 3, (high | below) & top != 0)
                }
                high |= word
                i += 8
            }
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }
            high |= UInt64(byte)
            i += 1
        }
        return (i, high & top != 0)
    }

    private static let top: UInt64 = 0x8080_8080_8080_8080

    @inline(__always)
    private static func repeated(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    /// The top bit of each zero byte of `x` (and possibly of bytes above the first zero one).
    @inline(__always)
    private static func zeroBytes(_ x: UInt64) -> UInt64 {
        (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }
}
