/// A ``Style`` in one 64-bit word, as canvas cells store it: comparing two
/// cells' styles is one integer comparison on the hot path of every writer.
///
/// Layout: foreground in bits 0–25, background in bits 26–51, attributes in
/// bits 52–59. A colour is a 2-bit tag (default, named, palette, rgb) above
/// 24 bits of value.
@usableFromInline @frozen
struct PackedStyle: Hashable, Sendable {
    @usableFromInline var bits: UInt64

    @inlinable init(bits: UInt64) { self.bits = bits }

    static let plain = PackedStyle(bits: 0)

    @inline(__always)
    init(_ style: Style) {
        bits =
            Self.pack(style.foreground) | Self.pack(style.background) << 26
            | UInt64(style.attributes.rawValue) << 52
    }

    var style: Style {
        Style(
            foreground: Self.unpack(bits & 0x3FF_FFFF), background: Self.unpack(bits >> 26 & 0x3FF_FFFF),
            attributes: TextAttributes(rawValue: UInt8(truncatingIfNeeded: bits >> 52)))
    }

    /// Whether a blank in this style shows nothing (no background, no reverse or underline).
    var isInvisibleWhenBlank: Bool {
        let visible = UInt64(
            TextAttributes.reverse.rawValue | TextAttributes.underline.rawValue | TextAttributes.strikethrough.rawValue)
        return bits >> 26 & 0x3FF_FFFF == 0 && (bits >> 52) & visible == 0
    }

    @inline(__always)
    static func pack(_ color: Color) -> UInt64 {
        switch color {
        case .default: 0
        case .named(let n): 1 << 24 | UInt64(n.rawValue)
        case .palette(let i): 2 << 24 | UInt64(i)
        case .rgb(let r, let g, let b): 3 << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
        }
    }

    static func unpack(_ value: UInt64) -> Color {
        let payload = UInt32(truncatingIfNeeded: value & 0xFF_FFFF)
        switch value >> 24 {
        case 1: return .named(Color.NamedColor(rawValue: UInt8(truncatingIfNeeded: payload & 0xF)) ?? .white)
        case 2: return .palette(UInt8(truncatingIfNeeded: payload))
        case 3:
            return .rgb(
                UInt8(truncatingIfNeeded: payload >> 16), UInt8(truncatingIfNeeded: payload >> 8),
                UInt8(truncatingIfNeeded: payload))
        default: return .default
        }
    }
}
