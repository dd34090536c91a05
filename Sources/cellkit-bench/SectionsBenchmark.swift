@_spi(Host) import CellKit

/// The second screen: 10 sections, each with a header (bold title,
/// dim subtitle) and rows of a label and a right-aligned value.
enum SectionsBenchmark {
    final class Header: TableViewHeaderFooterView, Reusable {
        let title = Label()
        let subtitle = Label()
        required init() {
            super.init()
            textLabel.isHidden = true
            title.style = .bold
            subtitle.style = .dim
            let stack = StackView(axis: .horizontal, spacing: 2, views: [title, subtitle])
            subtitle.stackSizing = .flexible()
            stack.pinEdges()
            contentView.addSubview(stack)
        }
    }

    final class ValueCell: TableViewCell, Reusable {
        let name = Label()
        let value = Label()
        required init() {
            super.init()
            value.alignment = .right
            name.stackSizing = .flexible()
            let stack = StackView(axis: .horizontal, spacing: 1, views: [name, value])
            stack.pinEdges()
            contentView.addSubview(stack)
        }
    }

    final class Source: TableViewDataSource, TableViewDelegate {
        let rowsPerSection: Int
        let titles = (1...10).map { "Section \($0)" }
        let subtitles = (1...10).map { "the \($0)th group of measurements, updated hourly" }
        let names = ["throughput", "latency p50", "latency p99", "errors", "queue depth", "cache hit rate", "同時接続数 🌐"]
        let values = (0..<101).map { "\($0 * 37 % 1000).\($0 % 10) ms" }

        /// Rows and section headers handed to the table so far.
        var servedRows = 0
        var servedHeaders = 0

        init(rowsPerSection: Int) { self.rowsPerSection = rowsPerSection }
        func numberOfSections(in tableView: TableView) -> Int { 10 }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rowsPerSection }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            servedRows += 1
            let cell: ValueCell = tableView.dequeueReusableCell(for: indexPath)
            cell.name.text = names[indexPath.row % names.count]
            cell.value.text = values[(indexPath.row + indexPath.section) % values.count]
            return cell
        }
        func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewHeaderFooterView? {
            servedHeaders += 1
            let header: Header? = tableView.dequeueReusableHeaderFooterView()
            header?.title.text = titles[section]
            header?.subtitle.text = subtitles[section]
            return header
        }
    }

    static func run(rows: Int) throws {
        let source = Source(rowsPerSection: rows / 10)
        let table = TableView()
        table.border = .light
        table.title = "Ten sections"
        table.register(cellType: ValueCell.self)
        table.register(headerFooterViewType: Header.self)
        table.dataSource = source
        table.delegate = source
        let sink = nullOutput()
        // The data source and delegate are weak: hold them for the render.
        let seconds = try withExtendedLifetime(source) {
            try Measure.seconds {
                try table.render(width: 100, to: ANSIWriter(output: sink, colorMode: .truecolor))
            }
        }
        let drawnRows = rows / 10 * 10
        try Check.drew(rows: drawnRows, served: source.servedRows, bytes: sink.bytes, width: 100, what: "sections")
        // Each header is asked for once when the table loads, once when drawn.
        try Check.that(source.servedHeaders >= 10, "sections drew \(source.servedHeaders) headers, not 10")
        var result = ResultLine()
        result.add("scenario", "sections")
        result.add("rows", drawnRows)
        result.add("seconds", seconds)
        result.add("rowsPerSecond", Int(Double(drawnRows) / seconds))
        result.add("bytes", sink.bytes)
        result.add("peakKiB", Measure.peakMemoryKiB())
        result.print()
    }
}
