/// How many colours an output can show.
///
/// ```swift
/// let mode = ColorMode.detect(environment: ["COLORTERM": "truecolor"], isTerminal: true)
/// print(mode)   // truecolor
/// ```
@_spi(Host) @frozen public enum ColorMode: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// No colours and no attributes: plain characters.
    case none
    /// The 16 ANSI colours.
    case ansi16 = "16"
    /// The xterm 256-colour palette.
    case ansi256 = "256"
    /// 24-bit colour.
    case truecolor

    /// The mode a terminal probably supports, from its environment:
    /// `NO_COLOR` (any value) or a non-terminal gives ``none``; `COLORTERM`
    /// of `truecolor`/`24bit` gives ``truecolor``; a `TERM` containing
    /// `256color` gives ``ansi256``; `TERM=dumb` gives ``none``; otherwise ``ansi16``.
    public static func detect(environment: [String: String], isTerminal: Bool) -> ColorMode {
        if environment["NO_COLOR"].map({ !$0.isEmpty }) == true || !isTerminal { return .none }
        let colorterm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorterm == "truecolor" || colorterm == "24bit" { return .truecolor }
        let term = environment["TERM"] ?? ""
        if term == "dumb" { return .none }
        if term.contains("256color") || term.contains("kitty") || term.contains("alacritty") { return .ansi256 }
        return .ansi16
    }

    /// The mode's raw value: `truecolor`, `256`, `16` or `none`.
    public var description: String { rawValue }
}

extension Color {
    /// The colour as 8-bit RGB, using xterm's default palette for named and
    /// palette colours; `nil` for ``default``. HTML and SVG writers use it.
    ///
    /// ```swift
    /// Color.palette(196).rgbComponents   // (255, 0, 0)
    /// ```
    @_spi(Host) public var rgbComponents: (r: UInt8, g: UInt8, b: UInt8)? {
        switch self {
        case .default: return nil
        case .rgb(let r, let g, let b): return (r, g, b)
        case .named(let n): return Self.xterm16[Int(n.rawValue)]
        case .palette(let i): return Self.paletteRGB(i)
        }
    }

    static let xterm16: [(r: UInt8, g: UInt8, b: UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
        (255, 255, 255),
    ]

    static func paletteRGB(_ i: UInt8) -> (r: UInt8, g: UInt8, b: UInt8) {
        if i < 16 { return xterm16[Int(i)] }
        if i >= 232 {
            let v = UInt8(8 + 10 * (Int(i) - 232))
            return (v, v, v)
        }
        let n = Int(i) - 16
        let steps: [UInt8] = [0, 95, 135, 175, 215, 255]
        return (steps[n / 36], steps[(n / 6) % 6], steps[n % 6])
    }

    /// The nearest colour that `mode` can show.
    ///
    /// ```swift
    /// Color.rgb(255, 135, 0).downgraded(to: .ansi256)   // .palette(208)
    /// ```
    @_spi(Host) public func downgraded(to mode: ColorMode) -> Color {
        switch (self, mode) {
        case (_, .none): return .default
        case (.default, _), (_, .truecolor): return self
        case (.named, _): return self
        case (.palette(let i), .ansi16):
            return i < 16 ? .named(NamedColor(rawValue: i)!) : nearest16(Self.paletteRGB(i))
        case (.palette, .ansi256): return self
        case (.rgb(let r, let g, let b), .ansi256): return .palette(Self.nearest256(r, g, b))
        case (.rgb(let r, let g, let b), .ansi16): return nearest16((r, g, b))
        }
    }

    private func nearest16(_ c: (r: UInt8, g: UInt8, b: UInt8)) -> Color {
        var best = 0
        var bestDistance = Int.max
        for (i, p) in Self.xterm16.enumerated() {
            let d = Self.distance(c, p)
            if d < bestDistance { (best, bestDistance) = (i, d) }
        }
        return .named(NamedColor(rawValue: UInt8(best))!)
    }

    static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        func cubeIndex(_ v: UInt8) -> Int { v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
        let (ri, gi, bi) = (cubeIndex(r), cubeIndex(g), cubeIndex(b))
        let cube = UInt8(16 + 36 * ri + 6 * gi + bi)
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let grayIndex = average > 238 ? 23 : max(0, (average - 3) / 10)
        let gray = UInt8(232 + grayIndex)
        let c = (r: r, g: g, b: b)
        return distance(c, paletteRGB(cube)) <= distance(c, paletteRGB(gray)) ? cube : gray
    }

    static func distance(_ a: (r: UInt8, g: UInt8, b: UInt8), _ b: (r: UInt8, g: UInt8, b: UInt8)) -> Int {
        let dr = Int(a.r) - Int(b.r)
        let dg = Int(a.g) - Int(b.g)
        let db = Int(a.b) - Int(b.b)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }
}
