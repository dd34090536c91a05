/// The characters a border or separator is drawn with.
///
/// ```swift
/// let box = BoxStyle.rounded
/// print(box.topLeft, box.horizontal, box.topRight)   // ╭ ─ ╮
/// print(try BoxStyle(parsing: "heavy").name)         // heavy
/// ```
@frozen public struct BoxStyle: Hashable, Sendable, CustomStringConvertible {
    /// The name scripts use: `none`, `ascii`, `light`, `rounded`, `heavy`, `double`.
    public let name: String
    /// `─`
    public let horizontal: Unicode.Scalar
    /// `│`
    public let vertical: Unicode.Scalar
    /// `┌`
    public let topLeft: Unicode.Scalar
    /// `┐`
    public let topRight: Unicode.Scalar
    /// `└`
    public let bottomLeft: Unicode.Scalar
    /// `┘`
    public let bottomRight: Unicode.Scalar
    /// `┬`, where a vertical line leaves a top edge downwards.
    public let teeDown: Unicode.Scalar
    /// `┴`, where a vertical line meets a bottom edge.
    public let teeUp: Unicode.Scalar
    /// `├`, where a horizontal line leaves a left edge.
    public let teeRight: Unicode.Scalar
    /// `┤`, where a horizontal line meets a right edge.
    public let teeLeft: Unicode.Scalar
    /// `┼`
    public let cross: Unicode.Scalar

    init(_ name: String, _ chars: String) {
        let s = Array(chars.unicodeScalars)
        precondition(s.count == 11, "a box style has 11 characters")
        self.name = name
        (horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight) = (s[0], s[1], s[2], s[3], s[4], s[5])
        (teeDown, teeUp, teeRight, teeLeft, cross) = (s[6], s[7], s[8], s[9], s[10])
    }

    /// No border: the space a border would take is not reserved either.
    public static let none = BoxStyle("none", "           ")
    /// `+-+ | +-+`, for terminals and files that must stay ASCII.
    public static let ascii = BoxStyle("ascii", "-|+++++++++")
    /// `┌─┐ │ └─┘`
    public static let light = BoxStyle("light", "─│┌┐└┘┬┴├┤┼")
    /// `╭─╮ │ ╰─╯`
    public static let rounded = BoxStyle("rounded", "─│╭╮╰╯┬┴├┤┼")
    /// `┏━┓ ┃ ┗━┛`
    public static let heavy = BoxStyle("heavy", "━┃┏┓┗┛┳┻┣┫╋")
    /// `╔═╗ ║ ╚═╝`
    public static let double = BoxStyle("double", "═║╔╗╚╝╦╩╠╣╬")

    /// Every box style, in order of weight.
    public static let all: [BoxStyle] = [.none, .ascii, .light, .rounded, .heavy, .double]

    /// Whether this style draws nothing.
    public var isNone: Bool {
        // Asked several times a row drawn: the length first, a field of the string,
        // so that every other style's name is told apart without comparing text.
        name.utf8.count == 4 && name == "none"
    }

    /// The style with that name.
    ///
    /// ```swift
    /// try BoxStyle(parsing: "roundd")   // throws: unknown border style 'roundd'; did you mean 'rounded'?
    /// ```
    public init(parsing text: String) throws(ValueError) {
        // The exact name first: what scripts and bound rows give, row after row.
        let found =
            Self.all.first(where: { $0.name == text }) ?? Self.all.first(where: { $0.name == text.lowercased() })
        guard let style = found else {
            let names = Self.all.map(\.name)
            throw ValueError(
                "unknown border style '\(text)'",
                fix: Suggestions.nearest(to: text, in: names).map { "did you mean '\($0)'?" }
                    ?? "use one of: \(names.joined(separator: ", "))")
        }
        self = style
    }

    /// The style's name, such as `rounded`: what ``init(parsing:)`` reads.
    public var description: String { name }
}

// MARK: - Junctions of two weights

extension BoxStyle {
    /// The glyph where a divider drawn in `divider` meets a horizontal line
    /// drawn in this style, from above (`up`), below (`down`) or both: this
    /// style's own tee or cross, or a mixed one (`┯ ┷ ┿` for light under
    /// heavy, `╤ ╧ ╪` for light under double, and the reverse).
    ///
    /// ```swift
    /// BoxStyle.heavy.junction(divider: .light, up: false, down: true)   // ┯
    /// BoxStyle.light.junction(divider: .light, up: true, down: true)    // ┼
    /// ```
    func junction(divider: BoxStyle, up: Bool, down: Bool) -> Unicode.Scalar {
        let own = up && down ? cross : up ? teeUp : teeDown
        let glyphs: String
        switch (weight, divider.weight) {
        case ("heavy", "light"): glyphs = "┿┷┯"
        case ("light", "heavy"): glyphs = "╂┸┰"
        case ("double", "light"): glyphs = "╪╧╤"
        case ("light", "double"): glyphs = "╫╨╥"
        default: return own
        }
        let scalars = Array(glyphs.unicodeScalars)
        return up && down ? scalars[0] : up ? scalars[1] : scalars[2]
    }

    /// The weight of the lines: `rounded` is `light` with round corners.
    private var weight: String { name == "rounded" ? "light" : name }
}
