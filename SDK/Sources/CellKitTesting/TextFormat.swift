import CellKit

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
    case ansi(ColorMode)
    /// ANSI escape sequences as a terminal receives them.
    case rawANSI(ColorMode)

    /// ANSI with 16 colours, escapes written `\e`.
    public static var ansi: TextFormat { .ansi(.ansi16) }
}
