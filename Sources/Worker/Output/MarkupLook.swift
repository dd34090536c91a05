@_spi(Host) import CellKit

/// How a ``Style`` looks on a ``MarkupTheme``: its colours resolved to paints,
/// reverse video applied (text and background swapped) and dim applied (the
/// text colour mixed towards the background, as terminals dim the glyphs and
/// not the cell).
///
/// ```swift
/// let look = MarkupLook(Style.reverse, theme: .default)
/// look.text   // .themeBackground
/// look.fill   // .themeForeground
/// ```
struct MarkupLook: Hashable {
    /// Where a colour comes from: one of the theme's colours (so HTML can name
    /// it with a class), or a literal RGB.
    enum Paint: Hashable {
        /// The theme's default text colour.
        case themeForeground
        /// The theme's background colour (text of reversed default cells).
        case themeBackground
        /// One of the theme's 16 ANSI colours.
        case ansi(Int)
        /// A colour outside the theme: palette 16...255, RGB, or a dimmed colour.
        case rgb(MarkupRGB)
    }

    /// The colour of the characters.
    var text: Paint
    /// The colour behind the characters; `nil` for the theme's background.
    var fill: Paint?
    var bold: Bool
    var italic: Bool
    var underline: Bool
    var strikethrough: Bool

    /// How much of the way dim text moves towards its background.
    static let dimming = 0.45

    init(_ style: Style, theme: MarkupTheme) {
        let attributes = style.attributes
        let reversed = attributes.contains(.reverse)
        let ink = reversed ? style.background : style.foreground
        let paper = reversed ? style.foreground : style.background
        text = Self.paint(ink) ?? (reversed ? .themeBackground : .themeForeground)
        fill = Self.paint(paper) ?? (reversed ? .themeForeground : nil)
        bold = attributes.contains(.bold)
        italic = attributes.contains(.italic)
        underline = attributes.contains(.underline)
        strikethrough = attributes.contains(.strikethrough)
        if attributes.contains(.dim) {
            let behind = fill.map { theme.rgb(of: $0) } ?? theme.background
            text = .rgb(theme.rgb(of: text).mixed(with: behind, Self.dimming))
        }
    }

    /// Whether a blank cell with this look shows nothing: no background, no lines.
    var isInvisibleWhenBlank: Bool { fill == nil && !underline && !strikethrough }

    private static func paint(_ color: Color) -> Paint? {
        switch color {
        case .default: return nil
        case .named(let n): return .ansi(Int(n.rawValue))
        case .palette(let i) where i < 16: return .ansi(Int(i))
        case .palette, .rgb:
            guard let c = color.rgbComponents else { return nil }
            return .rgb(MarkupRGB(c.r, c.g, c.b))
        }
    }
}

extension MarkupTheme {
    /// The RGB of a paint on this theme.
    func rgb(of paint: MarkupLook.Paint) -> MarkupRGB {
        switch paint {
        case .themeForeground: foreground
        case .themeBackground: background
        case .ansi(let i): ansi[i]
        case .rgb(let c): c
        }
    }
}
