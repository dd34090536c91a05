@_spi(Host) import CellKit

/// An 8-bit RGB colour as HTML and SVG write it: `#rrggbb`.
struct MarkupRGB: Hashable, Sendable {
    var r: UInt8
    var g: UInt8
    var b: UInt8

    init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        (self.r, self.g, self.b) = (r, g, b)
    }

    /// `MarkupRGB(hex: 0x1e1e2e)`.
    init(hex: UInt32) {
        self.init(
            UInt8(truncatingIfNeeded: hex >> 16), UInt8(truncatingIfNeeded: hex >> 8), UInt8(truncatingIfNeeded: hex))
    }

    /// `#1e1e2e`.
    var hex: String {
        let digits = Array("0123456789abcdef")
        var s = "#"
        for v in [r, g, b] {
            s.append(digits[Int(v >> 4)])
            s.append(digits[Int(v & 0xF)])
        }
        return s
    }

    /// This colour moved `fraction` (0...1) of the way towards `other`.
    func mixed(with other: MarkupRGB, _ fraction: Double) -> MarkupRGB {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(max(0, min(255, (Double(a) + (Double(b) - Double(a)) * fraction).rounded())))
        }
        return MarkupRGB(mix(r, other.r), mix(g, other.g), mix(b, other.b))
    }
}

/// The colours an HTML or SVG picture of the screen is painted with: the
/// terminal's default background and foreground, the 16 ANSI colours, and the
/// window around the screen.
///
/// Named colours and palette indices 0...15 take the theme's ANSI colours, the
/// way a terminal's colour scheme does; palette indices 16...255 use xterm's
/// palette (``Color/rgbComponents``) and RGB colours are drawn as they are.
///
/// ```swift
/// let theme = MarkupTheme.default
/// theme.rgb(of: MarkupLook(Style().foreground(.red), theme: theme).text).hex   // "#f38ba8"
/// ```
struct MarkupTheme: Hashable, Sendable {
    /// A short name, for the generator comment and the docs.
    var name: String
    /// The terminal's background: the cells' default background.
    var background: MarkupRGB
    /// The terminal's text colour: the cells' default foreground.
    var foreground: MarkupRGB
    /// The 16 ANSI colours in SGR order: black, red, green, yellow, blue,
    /// magenta, cyan, white, then the bright variants.
    var ansi: [MarkupRGB]
    /// Around the window: the HTML page.
    var page: MarkupRGB
    /// The window's title bar (SVG window chrome).
    var titleBar: MarkupRGB
    /// The window's title.
    var titleText: MarkupRGB
    /// The window's outline.
    var border: MarkupRGB
    /// The three window buttons of the title bar: close, minimise, zoom.
    var buttons: [MarkupRGB]

    /// "Mocha": a dark theme after Catppuccin Mocha; background `#1e1e2e`,
    /// text `#cdd6f4`, ANSI colours from the same family with distinct bright variants.
    static let mocha = MarkupTheme(
        name: "mocha",
        background: MarkupRGB(hex: 0x1e1e2e),
        foreground: MarkupRGB(hex: 0xcdd6f4),
        ansi: [
            0x45475a, 0xf38ba8, 0xa6e3a1, 0xf9e2af, 0x89b4fa, 0xf5c2e7, 0x94e2d5, 0xbac2de,
            0x6c7086, 0xf77ba0, 0x8fe08a, 0xffd98a, 0x74a8fc, 0xf2aede, 0x6bd7ca, 0xeef1fb,
        ].map(MarkupRGB.init(hex:)),
        page: MarkupRGB(hex: 0x11111b),
        titleBar: MarkupRGB(hex: 0x181825),
        titleText: MarkupRGB(hex: 0xa6adc8),
        border: MarkupRGB(hex: 0x313244),
        buttons: [0xf38ba8, 0xf9e2af, 0xa6e3a1].map(MarkupRGB.init(hex:)))

    /// The theme used when none is given: ``mocha``.
    static let `default` = mocha
}
