import Testing

@_spi(Host) @testable import CellKit

/// A screen 10,000 columns wide (the widest `width=` allows, and the widest
/// canvas) made entirely of wide clusters renders, in time linear in its width
/// (docs/limits.md). Timing ratios between widths proved too noisy on a shared
/// machine (rows under 10,000 columns fit the caches), so the bound is absolute
/// and far from both the linear and the quadratic cost.
@Suite struct WideRowLimitTests {
    static func render(width: Int) -> (Duration, String) {
        let text = String(repeating: "日👨‍👩‍👧‍👦", count: width / 4)
        var best = Duration.seconds(1000)
        var output = ""
        for _ in 0..<5 {
            let start = ContinuousClock.now
            let out = MemoryOutput()
            let writer = PlainTextWriter(output: out)
            try? writer.write(Label(text: text).render(width: width))
            try? writer.finish()
            best = min(best, ContinuousClock.now - start)
            output = out.string
        }
        return (best, output)
    }

    @Test func tenThousandColumnsOfWideClustersRenderQuickly() {
        let (time, text) = Self.render(width: 10_000)
        #expect(text == String(repeating: "日👨‍👩‍👧‍👦", count: 2500) + "\n")
        // Linear: about 25 ms in a debug build (50 ms under AddressSanitizer on a
        // loaded machine); a cost quadratic in the width would take seconds.
        #expect(time < .seconds(1), "10,000 columns of wide clusters took \(time)")
    }
}
