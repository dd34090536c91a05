@_spi(Host) import CellKit

/// The issue's table: 4 columns (an id; a name with CJK and emoji; a
/// right-aligned number; a coloured status word), bordered, with a header
/// row, rendered in full to ANSI at width 100.
enum TableBenchmark {
    static let layout = ColumnLayout([.fixed(8), .flexible(), .fixed(12), .fixed(8)], gap: 3)
    static let names = [
        "Ada Lovelace", "高橋 さくら", "Grace Hopper 🚀", "Katherine Johnson", "李 小龍 🐉", "Margaret Hamilton",
        "Émilie du Châtelet", "Hedy Lamarr ✨", "王 贞仪", "Alan Turing 🧠", "Dorothy Vaughan", "ジョン 👩‍💻",
    ]
    static let statuses: [(String, Style)] = [
        ("active", Style(foreground: .green)), ("paused", Style(foreground: .yellow)),
        ("failed", Style.bold.foreground(.red)), ("queued", Style(foreground: .rgb(120, 160, 255))),
    ]
    static let numbers: [String] = (0..<97).map { i in
        let value = (i * 7919) % 100_000
        return "\(value / 100).\(value % 100 < 10 ? "0" : "")\(value % 100)"
    }

    final class RowCell: TableViewCell, Reusable {
        let columns = ColumnsView(layout: TableBenchmark.layout, divider: .light)
        required init() {
            super.init()
            columns.labels[2].alignment = .right
            columns.pinEdges()
            contentView.addSubview(columns)
        }

        func configure(row: Int) {
            let labels = columns.labels
            labels[0].text = String(row)
            labels[1].text = TableBenchmark.names[row % TableBenchmark.names.count]
            labels[2].text = TableBenchmark.numbers[row % TableBenchmark.numbers.count]
            let status = TableBenchmark.statuses[row % TableBenchmark.statuses.count]
            labels[3].text = status.0
            labels[3].style = status.1
        }
    }

    /// The same row drawn in code: four strings placed by the column layout,
    /// no label views (what a cell meant for millions of rows would do).
    final class DrawnRowCell: TableViewCell, Reusable {
        var texts = ["", "", "", ""]
        var statusStyle = Style.plain

        override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: 1) }

        override func draw(in context: DrawingContext) {
            var column = 0
            TableBenchmark.layout.forEachFrame(width: context.size.width) { frame in
                let text = texts[column]
                let width = TerminalWidth.of(text)
                let style = column == 3 ? statusStyle : .plain
                if width <= frame.count {
                    let x = column == 2 ? frame.upperBound - width : frame.lowerBound
                    context.draw(text, at: Point(x: x, y: 0), style: style)
                } else {
                    context.draw(
                        TextLayout.truncated(text, toWidth: frame.count), at: Point(x: frame.lowerBound, y: 0),
                        style: style)
                }
                column += 1
            }
            TableBenchmark.layout.forEachDivider(width: context.size.width) { x in
                context.fill(Rect(x: x, y: 0, width: 1, height: 1), with: "│")
            }
        }

        func configure(row: Int) {
            texts[0] = String(row)
            texts[1] = TableBenchmark.names[row % TableBenchmark.names.count]
            texts[2] = TableBenchmark.numbers[row % TableBenchmark.numbers.count]
            let status = TableBenchmark.statuses[row % TableBenchmark.statuses.count]
            texts[3] = status.0
            statusStyle = status.1
        }
    }

    final class Rows: TableViewDataSource {
        let count: Int
        let drawn: Bool
        /// Rows handed to the table so far: what a scenario checks it drew.
        var served = 0
        init(count: Int, drawn: Bool = false) {
            self.count = count
            self.drawn = drawn
        }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            served += 1
            if drawn {
                let cell: DrawnRowCell = tableView.dequeueReusableCell(for: indexPath)
                cell.configure(row: indexPath.row)
                return cell
            }
            let cell: RowCell = tableView.dequeueReusableCell(for: indexPath)
            cell.configure(row: indexPath.row)
            return cell
        }
    }

    static func makeTable(rows: Int, source: Rows) -> TableView {
        let table = TableView()
        table.border = .rounded
        table.title = "Benchmark"
        table.columnLayout = layout
        let header = ColumnsView(layout: layout, divider: .light)
        header.setTexts(["ID", "NAME", "AMOUNT", "STATUS"])
        for label in header.labels { label.style = .bold }
        header.labels[2].alignment = .right
        table.tableHeaderView = header
        table.register(cellType: RowCell.self)
        table.register(cellType: DrawnRowCell.self)
        table.dataSource = source
        return table
    }

    /// Renders `rows` rows; prints rows per second, bytes, peak memory, allocations per row.
    ///
    /// `TableView.dataSource` is weak: each table's data source is held here
    /// (`withExtendedLifetime`) for as long as the table renders, and every
    /// render is checked to have drawn every row and written every line.
    static func run(rows: Int, drawn: Bool = false) throws {
        let source = Rows(count: rows, drawn: drawn)
        let table = makeTable(rows: rows, source: source)
        let sink = nullOutput()
        let writer = ANSIWriter(output: sink, colorMode: .truecolor)
        var result = ResultLine()
        let (seconds, cpuSeconds) = try withExtendedLifetime(source) {
            try Measure.times { try table.render(width: 100, to: writer) }
        }
        try Check.drew(rows: rows, served: source.served, bytes: sink.bytes, width: 100, what: "the timed render")
        result.add("scenario", drawn ? "table-drawn" : "table")
        result.add("rows", rows)
        result.add("seconds", seconds)
        result.add("cpuSeconds", cpuSeconds)
        result.add("rowsPerSecond", Int(Double(rows) / seconds))
        result.add("bytes", sink.bytes)
        result.add("cellsCreated", table.numberOfCellsCreated)
        // Allocations of a second full render (the first warmed every cache).
        let sample = min(rows, 100_000)
        let smallSource = Rows(count: sample, drawn: drawn)
        let small = makeTable(rows: sample, source: smallSource)
        let allocations = try withExtendedLifetime(smallSource) {
            try small.render(width: 100, to: ANSIWriter(output: nullOutput(), colorMode: .truecolor))
            smallSource.served = 0
            let counted = nullOutput()
            let allocations = Measure.allocations {
                try? small.render(width: 100, to: ANSIWriter(output: counted, colorMode: .truecolor))
            }
            try Check.drew(
                rows: sample, served: smallSource.served, bytes: counted.bytes, width: 100,
                what: "the render whose allocations are counted")
            return allocations
        }
        result.add("allocationsPerRow", String(format2(Double(allocations) / Double(sample))))
        result.add("peakKiB", Measure.peakMemoryKiB())
        result.print()
    }

    /// The reuse path alone: dequeue, prepareForReuse, configure, give back.
    static func reusePath(iterations: Int) throws {
        let source = Rows(count: iterations)
        let table = makeTable(rows: iterations, source: source)
        defer { withExtendedLifetime(source) {} }
        _ = table.numberOfSections
        let ip = IndexPath(row: 0, section: 0)
        // Warm up: the first dequeue makes the cell.
        let first: RowCell = table.dequeueReusableCell(for: ip)
        first.configure(row: 0)
        table.enqueueReusableCell(first)
        var result = ResultLine()
        var seconds = 0.0
        let allocations = Measure.allocations {
            seconds = Measure.seconds {
                for row in 0..<iterations {
                    let cell: RowCell = table.dequeueReusableCell(for: IndexPath(row: row, section: 0))
                    cell.configure(row: row)
                    table.enqueueReusableCell(cell)
                }
            }
        }
        try Check.that(
            first.columns.labels[0].text == String(iterations - 1) && table.numberOfCellsCreated == 1,
            "the reuse path configured \(first.columns.labels[0].text) rows with \(table.numberOfCellsCreated) cells")
        result.add("scenario", "reuse")
        result.add("iterations", iterations)
        result.add("nanosecondsPerRow", Int(seconds * 1e9 / Double(iterations)))
        result.add("allocations", allocations)
        result.add("cellsCreated", table.numberOfCellsCreated)
        result.print()
    }
}

func format2(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
}
