@_spi(Host) import CellKit

/// How ``renderedText(_:width:format:)`` writes a view: as the plain text a
/// user sees, or with its colours as ANSI escape sequences.
///
/// ```swift
/// renderedText(Label(text: "Hi", style: .bold), width: 4, format: .ansi)   // "\e[1mHi\e[0m" (ends vary)
/// ```
public enum TextFormat: Hashable, Sendable {
    /// The characters only.
    case plain
    /// ANSI escape sequences in `colors` depth, with each escape character
    /// written as the two characters `\e`, so golden files read well in a diff.
    case ansi(Colors)
    /// ANSI escape sequences as a terminal receives them.
    case rawANSI(Colors)

    /// ANSI with 16 colours, escapes written `\e`.
    public static var ansi: TextFormat { .ansi(.ansi16) }

    /// How many colours the ANSI formats write: a terminal's colour depth.
    public enum Colors: Hashable, Sendable {
        /// The 16 named colours; other colours become the nearest of them.
        case ansi16
        /// The 256-colour palette.
        case ansi256
        /// 24-bit colour, as written.
        case truecolor

        /// The host's colour mode of the same depth.
        var mode: ColorMode {
            switch self {
            case .ansi16: .ansi16
            case .ansi256: .ansi256
            case .truecolor: .truecolor
            }
        }
    }
}
