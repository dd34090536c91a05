/// A terminal colour: the terminal's default, one of the 16 named ANSI colours,
/// an index into the 256-colour palette, or a 24-bit RGB value.
///
/// Writers downgrade colours the output cannot show (RGB to the 256 palette,
/// to the 16 named colours, or to none), so a plugin picks the colour it means.
///
/// ```swift
/// let accent = try Color(parsing: "#ff8800")
/// print(accent, Color.red, Color.palette(208))   // #ff8800 red 208
/// ```
@frozen public enum Color: Hashable, Sendable, CustomStringConvertible {
    /// The terminal's own foreground or background.
    case `default`
    /// One of the 16 ANSI colours.
    case named(NamedColor)
    /// An index into the xterm 256-colour palette.
    case palette(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// The 16 ANSI colour names, in SGR order.
    @frozen public enum NamedColor: UInt8, Sendable, CaseIterable {
        /// `black` (SGR 30; raw value 0).
        case black
        /// `red` (SGR 31; raw value 1).
        case red
        /// `green` (SGR 32; raw value 2).
        case green
        /// `yellow` (SGR 33; raw value 3).
        case yellow
        /// `blue` (SGR 34; raw value 4).
        case blue
        /// `magenta` (SGR 35; raw value 5).
        case magenta
        /// `cyan` (SGR 36; raw value 6).
        case cyan
        /// `white` (SGR 37; raw value 7).
        case white
        /// `bright-black` (SGR 90; raw value 8).
        case brightBlack
        /// `bright-red` (SGR 91; raw value 9).
        case brightRed
        /// `bright-green` (SGR 92; raw value 10).
        case brightGreen
        /// `bright-yellow` (SGR 93; raw value 11).
        case brightYellow
        /// `bright-blue` (SGR 94; raw value 12).
        case brightBlue
        /// `bright-magenta` (SGR 95; raw value 13).
        case brightMagenta
        /// `bright-cyan` (SGR 96; raw value 14).
        case brightCyan
        /// `bright-white` (SGR 97; raw value 15).
        case brightWhite

        /// The spelling scripts and nibs use: `red`, `bright-red`.
        public var name: String {
            switch self {
            case .black: "black"
            case .red: "red"
            case .green: "green"
            case .yellow: "yellow"
            case .blue: "blue"
            case .magenta: "magenta"
            case .cyan: "cyan"
            case .white: "white"
            case .brightBlack: "bright-black"
            case .brightRed: "bright-red"
            case .brightGreen: "bright-green"
            case .brightYellow: "bright-yellow"
            case .brightBlue: "bright-blue"
            case .brightMagenta: "bright-magenta"
            case .brightCyan: "bright-cyan"
            case .brightWhite: "bright-white"
            }
        }
    }

    /// Black (ANSI 0).
    public static let black = Color.named(.black)
    /// Red (ANSI 1).
    public static let red = Color.named(.red)
    /// Green (ANSI 2).
    public static let green = Color.named(.green)
    /// Yellow (ANSI 3).
    public static let yellow = Color.named(.yellow)
    /// Blue (ANSI 4).
    public static let blue = Color.named(.blue)
    /// Magenta (ANSI 5).
    public static let magenta = Color.named(.magenta)
    /// Cyan (ANSI 6).
    public static let cyan = Color.named(.cyan)
    /// White (ANSI 7).
    public static let white = Color.named(.white)
    /// Grey, the bright black of ANSI 8.
    public static let gray = Color.named(.brightBlack)

    /// Every spelling `init(parsing:)` accepts, for help texts and suggestions.
    public static let spellings: [String] =
        ["default"] + NamedColor.allCases.map(\.name) + ["gray", "grey", "#rrggbb", "#rgb", "0...255"]

    /// Parses `red`, `bright-red` (or `brightRed`), `gray`, `default`,
    /// `#rrggbb`, `#rgb`, or a palette index `0`…`255`.
    ///
    /// ```swift
    /// try Color(parsing: "bright-blue")   // .named(.brightBlue)
    /// try Color(parsing: "#0af")          // .rgb(0, 170, 255)
    /// try Color(parsing: "purple")        // throws: unknown colour 'purple'
    /// ```
    public init(parsing text: String) throws(ValueError) {
        let lower = text.lowercased()
        if lower == "default" || lower == "none" {
            self = .default
            return
        }
        if lower == "gray" || lower == "grey" {
            self = .gray
            return
        }
        let squashed = lower.filter { $0 != "-" && $0 != "_" }
        if let named = NamedColor.allCases.first(where: { $0.name.filter { $0 != "-" } == squashed }) {
            self = .named(named)
            return
        }
        if lower.hasPrefix("#") {
            let hex = Array(lower.dropFirst())
            func nibble(_ c: Character) -> UInt8? { c.hexDigitValue.map { UInt8($0) } }
            let digits = hex.compactMap(nibble)
            if digits.count == hex.count, hex.count == 6 {
                self = .rgb(digits[0] << 4 | digits[1], digits[2] << 4 | digits[3], digits[4] << 4 | digits[5])
                return
            }
            if digits.count == hex.count, hex.count == 3 {
                self = .rgb(digits[0] * 17, digits[1] * 17, digits[2] * 17)
                return
            }
            throw ValueError(
                "'\(text)' is not a colour", fix: "write an RGB colour as #rrggbb or #rgb, for example #ff8800")
        }
        if let index = UInt8(lower) {
            self = .palette(index)
            return
        }
        let names = NamedColor.allCases.map(\.name) + ["gray", "default"]
        let near = Suggestions.nearest(to: lower, in: names)
        throw ValueError(
            "unknown colour '\(text)'",
            fix: near.map { "did you mean '\($0)'?" }
                ?? "use a name (red, bright-blue, ...), #rrggbb, or a palette index 0...255")
    }

    /// The spelling that `init(parsing:)` reads back.
    public var description: String {
        switch self {
        case .default: "default"
        case .named(let n): n.name
        case .palette(let i): String(i)
        case .rgb(let r, let g, let b): "#" + [r, g, b].map { hexByte($0) }.joined()
        }
    }
}

private func hexByte(_ v: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(v >> 4)], digits[Int(v & 0xF)]])
}
