import Testing

@testable import CellKit

/// A screen 10,000 columns wide (the widest `width=` allows) made entirely of
/// wide clusters renders, and in time linear in its width: a row four times
/// wider takes about four times longer (docs/limits.md).
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

    @Test func tenThousandColumnsOfWideClustersRenderInLinearTime() {
        let (small, smallText) = Self.render(width: 10_000)
        let (large, largeText) = Self.render(width: 40_000)
        #expect(smallText == String(repeating: "日👨‍👩‍👧‍👦", count: 2500) + "\n")
        #expect(largeText == String(repeating: "日👨‍👩‍👧‍👦", count: 10_000) + "\n")
        // Linear: 4 times the width, about 4 times the time (quadratic would be 16).
        // (Below 10,000 columns a row fits the caches, and smaller widths are
        // faster per column: 2,500 columns are not a fair baseline.)
        #expect(large < small * 8, "10,000 columns: \(small); 40,000 columns: \(large)")
    }
}
