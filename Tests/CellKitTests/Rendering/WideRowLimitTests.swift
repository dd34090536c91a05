import Testing

@testable import CellKit

/// A screen 10,000 columns wide (the widest `width=` allows) made entirely of
/// wide clusters renders in time linear in its width (docs/limits.md).
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
        let (small, smallText) = Self.render(width: 2500)
        let (large, largeText) = Self.render(width: 10_000)
        #expect(smallText == String(repeating: "日👨‍👩‍👧‍👦", count: 625) + "\n")
        #expect(largeText == String(repeating: "日👨‍👩‍👧‍👦", count: 2500) + "\n")
        // Linear: 4 times the width, about 4 times the time (quadratic would be 16).
        #expect(large < small * 10, "2,500 columns: \(small); 10,000 columns: \(large)")
    }
}
