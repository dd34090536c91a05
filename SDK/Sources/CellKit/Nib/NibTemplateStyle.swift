/// A colour given to an outlet, a spring or a styled literal in a nib (`fg=…`, `bg=…`).
///
/// Colours are checked when the nib is parsed; the view layer maps them to whatever the
/// output supports (truecolor, 256, 16 colours or none).
///
/// ```text
/// {name:fg=red}            .named("red")
/// {name:fg=bright-cyan}    .named("bright-cyan")
/// {name:fg=208}            .palette(208)
/// {name:bg=#1e1e2e}        .rgb(0x1e, 0x1e, 0x2e)
/// {name:fg=default}        .default (the terminal's own colour)
/// ```
enum NibColor: Sendable, Hashable, CustomStringConvertible {
    /// The terminal's default foreground or background.
    case `default`
    /// One of the 16 ANSI colours, by its canonical name (see ``NibColor/names``).
    case named(String)
    /// An entry of the 256-colour palette.
    case palette(UInt8)
    /// A 24-bit colour, written `#rrggbb`.
    case rgb(UInt8, UInt8, UInt8)

    /// The 16 ANSI colour names in palette order: `black` … `white`, then
    /// `bright-black` … `bright-white`.
    static let names: [String] = {
        let base = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        return base + base.map { "bright-" + $0 }
    }()

    /// The palette index (0–15) of a named colour, the index of a palette colour, or nil.
    var paletteIndex: UInt8? {
        switch self {
        case .named(let name):
            return NibColor.names.firstIndex(of: name).map { UInt8($0) }
        case .palette(let index):
            return index
        case .default, .rgb:
            return nil
        }
    }

    /// The colour as it is written in a nib: `red`, `bright-red`, `208`, `#1e1e2e`, `default`.
    var description: String {
        switch self {
        case .default:
            return "default"
        case .named(let name):
            return name
        case .palette(let index):
            return String(index)
        case .rgb(let r, let g, let b):
            return "#" + [r, g, b].map(NibColor.hexByte).joined()
        }
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}

/// The style of an outlet, a spring or a styled literal: flags and colours.
///
/// ```text
/// {name:bold,fg=cyan}   flags [.bold], foreground .named("cyan"), background nil
/// ```
struct NibStyle: Sendable, Hashable {
    /// Text attributes, combinable.
    struct Flags: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        init(rawValue: UInt8) { self.rawValue = rawValue }

        static let bold = Flags(rawValue: 1 << 0)
        static let dim = Flags(rawValue: 1 << 1)
        static let italic = Flags(rawValue: 1 << 2)
        static let underline = Flags(rawValue: 1 << 3)
        static let reverse = Flags(rawValue: 1 << 4)
        static let strikethrough = Flags(rawValue: 1 << 5)

        /// Each flag with the modifier that sets it, in documentation order.
        static let named: [(name: String, flag: Flags)] = [
            ("bold", .bold), ("dim", .dim), ("italic", .italic),
            ("underline", .underline), ("reverse", .reverse), ("strikethrough", .strikethrough),
        ]
    }

    /// Bold, dim, italic, underline, reverse, strikethrough.
    var flags: Flags
    /// `fg=`; nil when not given (inherit), `.default` for the terminal's own colour.
    var foreground: NibColor?
    /// `bg=`; nil when not given (inherit), `.default` for the terminal's own colour.
    var background: NibColor?

    /// Creates a style.
    init(flags: Flags = [], foreground: NibColor? = nil, background: NibColor? = nil) {
        self.flags = flags
        self.foreground = foreground
        self.background = background
    }

    /// No flags, no colours.
    static let plain = NibStyle()

    /// True when the style changes nothing.
    var isPlain: Bool { self == .plain }
}
