/// The value of a JSON number's text, as `JSONScanner` reads it and as
/// `JSONValue.number` gives it: one way, so a number kept as text has the
/// value the parser would have made of it.
///
/// ```swift
/// JSONNumber.value(of: "4134.0")   // 4134.0
/// JSONNumber.value(of: "1e3")      // 1000.0
/// ```
enum JSONNumber {
    /// The `Double` that `text` (a valid JSON number) reads as, correctly
    /// rounded; `nil` when it is out of range.
    static func value(of text: String) -> Double? {
        var text = text
        if let exact = text.withUTF8({ exactValue($0) }) { return exact }
        guard let number = Double(text), number.isFinite else { return nil }
        return number
    }

    /// The value of a number written `-`? digits `.` digits with at most 15 digits in all
    /// (`24990.75`), computed exactly: the digits as an integer below 2^53 divided by a power
    /// of ten up to 10^15, both exact in a `Double`, so the one division is correctly rounded
    /// (the value `Double(text)` gives). `nil` for any other number (an exponent, more digits).
    static func exactValue(_ bytes: some Collection<UInt8>) -> Double? {
        guard bytes.count <= 17, let first = bytes.first else { return nil }
        var mantissa: UInt64 = 0
        var digits = 0
        var fraction = 0
        var afterPoint = false
        for byte in bytes {
            if byte &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                digits += 1
                if afterPoint { fraction += 1 }
            } else if byte == UInt8(ascii: ".") {
                afterPoint = true
            } else if byte != UInt8(ascii: "-") {
                return nil
            }
        }
        guard digits <= 15 else { return nil }
        var scale = 1.0
        for _ in 0..<fraction { scale *= 10 }
        let value = Double(mantissa) / scale
        return first == UInt8(ascii: "-") ? -value : value
    }
}
