/// A JSON string's escapes — the four hex digits of a `\uXXXX`, a
/// surrogate pair's scalar, the byte a one-character escape stands for —
/// read the same way by the parser (``JSONScanner``) and by the quick check
/// of flat records (``JSONRecordCheck``), so the two accept exactly the
/// same escapes and make the same text of them.
///
/// ```swift
/// let bytes = Array("00e9".utf8)
/// JSONHex.quad { bytes[$0] }  // 0xE9
/// JSONHex.escapedByte(UInt8(ascii: "n"))  // 0x0A: `\n` is a line feed
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

    /// The byte the escape of `byte` after a backslash stands for (`\"`,
    /// `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`), or `nil` when it is not one
    /// of those (`\u` is read by ``quad(_:)``; anything else is an error).
    @inline(__always)
    static func escapedByte(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// The scalar of the surrogate pair `high` (D800–DBFF) and `low` (DC00–DFFF).
    @inline(__always)
    static func scalar(high: UInt32, low: UInt32) -> UInt32 {
        0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }
}
