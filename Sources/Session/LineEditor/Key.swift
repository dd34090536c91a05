/// Modifier keys reported with a cursor or editing key (xterm's `ESC[1;<m>X`).
struct KeyModifiers: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    init(rawValue: UInt8) { self.rawValue = rawValue }

    static let shift = KeyModifiers(rawValue: 1)
    static let alt = KeyModifiers(rawValue: 2)
    static let control = KeyModifiers(rawValue: 4)
    static let meta = KeyModifiers(rawValue: 8)

    /// From xterm's modifier parameter: 1 + the bit mask (2 = Shift, 3 = Alt,
    /// 5 = Ctrl, 9 = Meta…).
    init(xtermParameter: Int) {
        self.init(rawValue: UInt8(clamping: max(0, xtermParameter - 1) & 0x0F))
    }
}

/// One key press (or one bracketed paste), as decoded by ``KeyDecoder``.
///
/// Keys with modifiers default to none, so `.left()` is the plain arrow and
/// `case .left:` in a pattern matches it with any modifiers.
enum Key: Hashable, Sendable {
    /// A printable character (one grapheme cluster as far as it was received).
    case character(Character)
    /// CR or LF (Ctrl-M, Ctrl-J).
    case enter
    /// HT (Ctrl-I).
    case tab
    /// Shift-Tab, `ESC[Z`.
    case backTab
    /// DEL (0x7f) or BS (0x08, Ctrl-H).
    case backspace
    /// A lone ESC: one not followed by anything within the escape timeout.
    case escape
    /// A control character other than those above: Ctrl-A … Ctrl-Z as `"a"` … `"z"`,
    /// and Ctrl-@, Ctrl-\, Ctrl-], Ctrl-^, Ctrl-_ as `"@"`, `"\\"`, `"]"`, `"^"`, `"_"`.
    case control(Character)
    /// ESC followed by a printable character (Alt-b, Alt-f, Alt-d, Alt-y…).
    case alt(Character)
    /// ESC followed by DEL or BS.
    case altBackspace
    case up(KeyModifiers = [])
    case down(KeyModifiers = [])
    case left(KeyModifiers = [])
    case right(KeyModifiers = [])
    case home(KeyModifiers = [])
    case end(KeyModifiers = [])
    case pageUp(KeyModifiers = [])
    case pageDown(KeyModifiers = [])
    case insert(KeyModifiers = [])
    case delete(KeyModifiers = [])
    /// The text of a bracketed paste (`ESC[200~` … `ESC[201~`), undecoded
    /// otherwise: newlines and control characters are kept. A long paste may
    /// arrive as several `.paste` keys.
    case paste(String)
    /// A well-formed escape sequence this decoder does not know (function keys,
    /// focus events…), consumed whole so that none of it is typed as text.
    case unknown([UInt8])
}
