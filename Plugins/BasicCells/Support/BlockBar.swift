import CellKit

/// A horizontal bar of block characters, precise to an eighth of a cell:
/// `█` for whole cells and `▏▎▍▌▋▊▉` for the last, partial one.
enum BlockBar {
    static let partials: [Unicode.Scalar] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// How many eighths of `width` cells a bar `fraction` long fills. The
    /// fraction is clamped to 0...1 (NaN is 0); a bar above 0 shows at least
    /// an eighth and one below 1 is never drawn full.
    static func eighths(_ fraction: Double, width: Int) -> Int {
        let total = max(0, width) * 8
        guard total > 0, fraction > 0 else { return 0 }
        guard fraction < 1 else { return total }
        let n = Int((fraction * Double(total)).rounded())
        return min(max(n, 1), total - 1)
    }

    /// Draws the bar on row `y` from column `x`, `width` cells long, and the
    /// unfilled rest with `track` in `trackStyle` (no track when `nil`).
    static func draw(
        _ fraction: Double, x: Int, y: Int, width: Int, in context: DrawingContext, style: Style,
        track: Unicode.Scalar? = nil, trackStyle: Style = .dim
    ) {
        guard width > 0 else { return }
        let n = eighths(fraction, width: width)
        let full = n / 8
        context.fill(Rect(x: x, y: y, width: full, height: 1), with: "█", style: style)
        var end = x + full
        if n % 8 > 0 {
            context.fill(Rect(x: end, y: y, width: 1, height: 1), with: partials[n % 8 - 1], style: style)
            end += 1
        }
        if let track {
            context.fill(Rect(x: end, y: y, width: x + width - end, height: 1), with: track, style: trackStyle)
        }
    }
}
