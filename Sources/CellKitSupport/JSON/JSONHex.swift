/// The four hex digits of a JSON `\uXXXX` escape, read the same way by the
/// parser (``JSONScanner``) and by the quick check of flat records
/// (``JSONRecordCheck``), so the two accept exactly the same escapes.
///
/// ```swift
/// let bytes = Array("00e9".utf8)
/// JSONHex.quad { bytes[$0] }  // 0xE9
/// ```
enum JSONHex {
    /// The value of the hex digit `byte`, or `nil` when it is not one.
    @inline(__always)
    static func digit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The value of four hex digits, the `i`th given by `byte(i)` (0 to 3), or
    /// `nil` when one of them is not a hex digit.
    @inline(__always)
    static func quad(_ byte: (Int) -> UInt8) -> UInt32? {
        var value: UInt32 = 0
        for i in 0..<4 {
            guard let digit = digit(byte(i)) else { return nil }
            value = value << 4 | digit
        }
        return value
    }
}
