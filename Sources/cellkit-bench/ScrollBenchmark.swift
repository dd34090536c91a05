@_spi(Host) import CellKit

/// The scroll view's work: a viewport over a table of `rows` rows (10
/// million), its first frame and page scrolls, each drawn and encoded as ANSI.
enum ScrollBenchmark {
    static func run(rows: Int, pages: Int = 200) throws {
        let source = TableBenchmark.Rows(count: rows)
        // The table's data source is weak: hold it for the whole scenario.
        try withExtendedLifetime(source) { try run(source: source, pages: pages) }
    }

    private static func run(source: TableBenchmark.Rows, pages: Int) throws {
        let rows = source.count
        var result = ResultLine()
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
        // A 40-line frame under a border, a title and a header shows 36 rows.
        try Check.that(
            frame.height == 40 && source.served >= min(rows, 36) && sink.bytes >= 40 * 100,
            "the first frame drew \(source.served) rows in \(frame.height) lines, \(sink.bytes) bytes")
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
        try Check.that(
            frame.height == 40 && source.served >= min(rows, 36) * (pages + 2) / 2,
            "scrolling drew \(source.served) rows in \(pages + 2) frames")
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
