@_spi(Host) import CellKit

/// The scroll view's work: a viewport over a table of `rows` rows (10
/// million), its first frame and page scrolls, each drawn and encoded as ANSI.
enum ScrollBenchmark {
    static func run(rows: Int, pages: Int = 200) throws {
        var result = ResultLine()
        let source = TableBenchmark.Rows(count: rows)
        let frame = Canvas(width: 0, height: 0)
        let sink = nullOutput()
        var viewport: Viewport!
        let first = try Measure.seconds {
            let table = TableBenchmark.makeTable(rows: rows, source: source)
            viewport = Viewport(content: table, width: 100, height: 40)
            viewport.draw(into: frame)
            let writer = ANSIWriter(output: sink, colorMode: .truecolor)
            try writer.write(frame)
            try writer.finish()
        }
        var samples: [Double] = []
        for page in 0..<pages {
            samples.append(
                try Measure.seconds {
                    viewport.scroll(by: page % 20 == 19 ? -40 : 40)
                    viewport.draw(into: frame)
                    let writer = ANSIWriter(output: sink, colorMode: .truecolor)
                    try writer.write(frame)
                    try writer.finish()
                })
        }
        let bottom = try Measure.seconds {
            viewport.scrollToBottom()
            viewport.draw(into: frame)
            let writer = ANSIWriter(output: sink, colorMode: .truecolor)
            try writer.write(frame)
            try writer.finish()
        }
        result.add("scenario", "scroll")
        result.add("rows", rows)
        result.add("firstFrameMs", format2(first * 1000))
        result.add("pageMedianMs", format2(Measure.median(samples) * 1000))
        result.add("pageMaxMs", format2((samples.max() ?? 0) * 1000))
        result.add("endMs", format2(bottom * 1000))
        result.add("peakKiB", Measure.peakMemoryKiB())
        result.print()
    }
}
