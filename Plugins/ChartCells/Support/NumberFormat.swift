/// Numbers written short enough for a chart's value column: two decimals
/// below 10, one below 100, none above, trailing zeros dropped; from 10,000
/// on, scaled to a k, M, G or T suffix the same way.
///
/// ```
/// 3 → 3      0.726 → 0.73    12.345 → 12.3    1815 → 1815
/// 12345 → 12.3k    2500000 → 2.5M    -0.5 → -0.5
/// ```
enum NumberFormat {
    static let suffixes: [(scale: Double, suffix: String)] = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")]

    /// `value` written short.
    static func short(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : value < 0 ? "-∞" : "∞" }
        let sign = value < 0 ? "-" : ""
        let magnitude = abs(value)
        guard magnitude >= 10_000 else { return sign + fixed(magnitude) }
        guard magnitude < 1e15 else { return String(value) }
        for (i, unit) in suffixes.enumerated() where magnitude >= unit.scale {
            let scaled = fixed(magnitude / unit.scale)
            // 999.96k rounds to 1000k: write it as 1M instead.
            if scaled == "1000" && i > 0 { return sign + "1" + suffixes[i - 1].suffix }
            return sign + scaled + unit.suffix
        }
        return sign + fixed(magnitude)
    }

    /// A non-negative number below 10,000 with 2, 1 or 0 decimals (fewer
    /// as it grows), trailing zeros dropped.
    static func fixed(_ magnitude: Double) -> String {
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2
        var power = 1
        for _ in 0..<decimals { power *= 10 }
        let scaled = Int((magnitude * Double(power)).rounded())
        var text = String(scaled / power)
        var fraction = String(scaled % power)
        guard decimals > 0, scaled % power != 0 else { return text }
        while fraction.count < decimals { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        text += "." + fraction
        return text
    }
}
