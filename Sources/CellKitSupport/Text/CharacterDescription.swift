/// How an error message names the character at a byte offset: `'x'` for a printable
/// character, `'é' (U+00E9)` beyond ASCII, `U+0009` for a control character, and "the end of
/// the input" past the last byte.
package enum CharacterDescription {
    /// A name for the character that starts at `index` in `bytes`, well-formed or not.
    static func describe(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard index < bytes.count else { return "the end of the input" }
        let byte = bytes[index]
        if byte < 0x80 {
            return describe(Unicode.Scalar(byte))
        }
        guard let length = UTF8Validation.sequenceLength(at: index, in: bytes) else {
            return "byte 0x" + hex(UInt32(byte), digits: 2)
        }
        let text = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + length]),
            as: UTF8.self)
        return describe(text.unicodeScalars.first ?? "\u{FFFD}")
    }

    /// A name for `scalar`, as `describe(at:in:)` would give it.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x27:
            return "a single quote (')"
        case 0x21...0x7E:
            return "'\(Character(scalar))'"
        case 0x20:
            return "a space"
        case 0x09:
            return "a tab (U+0009)"
        case 0x0A, 0x0D:
            return "a line break"
        case 0x00...0x1F, 0x7F...0x9F:
            return codePoint(scalar)
        default:
            return "'\(Character(scalar))' (\(codePoint(scalar)))"
        }
    }

    /// `U+XXXX`, at least four hex digits: how messages name a character.
    package static func codePoint(_ scalar: Unicode.Scalar) -> String {
        "U+" + hex(scalar.value, digits: 4)
    }

    /// `value` in upper-case hex, zero-padded to `digits`.
    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
