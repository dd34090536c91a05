extension DrawingContext {
    /// The block characters of a bar's last, partial cell, an eighth to seven eighths.
    static let barPartials: [Unicode.Scalar] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// How many eighths of `width` cells a bar `fraction` long fills: the
    /// fraction is clamped to 0...1 (NaN is 0); a bar above 0 shows at least
    /// an eighth, and one below 1 is never drawn full.
    static func barEighths(_ fraction: Double, width: Int) -> Int {
        let total = max(0, width) * 8
        guard total > 0, fraction > 0 else { return 0 }
        guard fraction < 1 else { return total }
        let n = Int((fraction * Double(total)).rounded())
        return min(max(n, 1), total - 1)
    }

    /// Draws a horizontal bar `fraction` (0...1) of `width` cells long from
    /// `point`, precise to an eighth of a cell (`█` and `▏▎▍▌▋▊▉`), and the rest
    /// of the width with `track` (none when `nil`).
    ///
    /// ```swift
    /// context.drawBar(0.72, at: Point(x: 13, y: 0), width: 20, style: Style(foreground: .green), track: "░")
    /// // ██████████████▍░░░░░
    /// ```
    public func drawBar(
        _ fraction: Double, at point: Point, width: Int, style: Style, track: Unicode.Scalar? = nil,
        trackStyle: Style = .dim
    ) {
        guard width > 0 else { return }
        let n = Self.barEighths(fraction, width: width)
        let full = n / 8
        fill(Rect(x: point.x, y: point.y, width: full, height: 1), with: "█", style: style)
        var end = point.x + full
        if n % 8 > 0 {
            fill(Rect(x: end, y: point.y, width: 1, height: 1), with: Self.barPartials[n % 8 - 1], style: style)
            end += 1
        }
        if let track {
            fill(Rect(x: end, y: point.y, width: point.x + width - end, height: 1), with: track, style: trackStyle)
        }
    }
}
