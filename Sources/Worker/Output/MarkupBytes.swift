@_spi(Host) import CellKit

/// UTF-8 bytes of HTML or SVG being built, with the escaping and number
/// formatting both writers share.
///
/// ```swift
/// var out = MarkupBytes()
/// out.append("<b>")
/// out.appendEscaped("a < b & \"c\"")
/// out.appendTenths(84)      // 8.4
/// out.string                // <b>a &lt; b &amp; &quot;c&quot;8.4
/// ```
struct MarkupBytes {
    var bytes: [UInt8] = []

    /// Appends `text` as it is (markup, already safe).
    @inline(__always)
    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a whole number.
    mutating func append(_ value: Int) {
        append(String(value))
    }

    /// Appends a length given in tenths of a pixel: `84` → `8.4`, `170` → `17`.
    mutating func appendTenths(_ value: Int) {
        if value < 0 { bytes.append(0x2D) }
        let v = abs(value)
        append(String(v / 10))
        if v % 10 != 0 {
            bytes.append(0x2E)
            bytes.append(UInt8(48 + v % 10))
        }
    }

    /// Appends `#rrggbb`.
    mutating func append(_ color: MarkupRGB) {
        append(color.hex)
    }

    /// Appends text with `&`, `<`, `>`, `"` and `'` escaped, and characters
    /// XML cannot carry replaced (see ``appendEscaped(scalar:)``).
    mutating func appendEscaped(_ text: some StringProtocol) {
        for scalar in text.unicodeScalars { appendEscaped(scalar: scalar.value) }
    }

    /// Appends the character of a canvas cell, escaped; nothing for the
    /// continuation half of a wide character.
    mutating func appendEscaped(_ cell: Canvas.Cell, of canvas: Canvas) {
        let v = cell.content
        if v == Canvas.Cell.continuation { return }
        if v & Canvas.Cell.clusterFlag != 0 {
            appendEscaped(canvas.character(of: cell))
        } else {
            appendEscaped(scalar: v)
        }
    }

    /// Appends one scalar, escaped. Control characters, which neither a
    /// terminal cell nor XML shows, become their visible pictures (`␀`…`␟`,
    /// `␡`); C1 controls and the non-characters U+FFFE/U+FFFF become `�`.
    mutating func appendEscaped(scalar v: UInt32) {
        switch v {
        case 0x26: append("&amp;")
        case 0x3C: append("&lt;")
        case 0x3E: append("&gt;")
        case 0x22: append("&quot;")
        case 0x27: append("&#39;")
        case 0..<0x20: appendUTF8(0x2400 + v)
        case 0x7F: appendUTF8(0x2421)
        case 0x20..<0x7F: bytes.append(UInt8(v))
        case 0x80...0x9F, 0xFFFE, 0xFFFF: appendUTF8(0xFFFD)
        default: appendUTF8(v)
        }
    }

    private mutating func appendUTF8(_ v: UInt32) {
        let scalar = Unicode.Scalar(v) ?? "\u{FFFD}"
        for unit in UTF8.encode(scalar)! { bytes.append(unit) }
    }

    /// The bytes decoded as UTF-8.
    var string: String { String(decoding: bytes, as: UTF8.self) }
}
