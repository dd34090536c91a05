@_spi(Host) import CellKit

/// The engine against a hand-written loop: `cellkit-bench loop N [PAIRS]`
/// renders `table N`'s table with the engine and writes the very same bytes
/// with ``HandWrittenTable`` (no views, no canvas: each row's bytes put
/// straight into a buffer), checks that both wrote the same bytes (the first
/// 2,000 rows compared byte for byte, every row by length and hash), then
/// times the two in turn, PAIRS times (default 5), to the same counting
/// sink. The ratio is the engine's median over the loop's.
enum LoopBenchmark {
    static func run(rows: Int, pairs: Int) throws {
        try checkSame(rows: min(rows, 2_000))
        let engineHash = HashingOutput()
        let loopHash = HashingOutput()
        try render(rows: rows, to: engineHash)
        try HandWrittenTable.write(rows: rows, to: loopHash)
        try Check.that(
            engineHash.bytes == loopHash.bytes && engineHash.hash.value == loopHash.hash.value,
            "the loop wrote \(loopHash.bytes) bytes for \(rows) rows, the engine \(engineHash.bytes) "
                + "(or the same count with another hash)")
        var engine: [Double] = []
        var loop: [Double] = []
        for _ in 0..<max(1, pairs) {
            let engineSink = nullOutput()
            engine.append(try Measure.seconds { try render(rows: rows, to: engineSink) })
            let loopSink = nullOutput()
            loop.append(try Measure.seconds { try HandWrittenTable.write(rows: rows, to: loopSink) })
            try Check.that(
                engineSink.bytes == engineHash.bytes && loopSink.bytes == engineHash.bytes,
                "a timed run wrote \(engineSink.bytes) (engine) and \(loopSink.bytes) (loop) bytes, "
                    + "not \(engineHash.bytes)")
        }
        let engineSeconds = Measure.median(engine)
        let loopSeconds = Measure.median(loop)
        var result = ResultLine()
        result.add("scenario", "loop")
        result.add("rows", rows)
        result.add("pairs", engine.count)
        result.add("seconds", engineSeconds)
        result.add("loopSeconds", loopSeconds)
        result.add("bytes", engineHash.bytes)
        result.add("ratio", format2(engineSeconds / loopSeconds))
        result.add("pairRatios", zip(engine, loop).map { format2($0 / $1) }.joined(separator: ","))
        result.print()
    }

    /// `table N`'s render: the engine, a cell of four labels a row.
    static func render(rows: Int, to output: some TextOutput) throws {
        let source = TableBenchmark.Rows(count: rows)
        let table = TableBenchmark.makeTable(rows: rows, source: source)
        try withExtendedLifetime(source) {
            try table.render(width: 100, to: ANSIWriter(output: output, colorMode: .truecolor))
        }
        try Check.that(source.served == rows, "the engine drew \(source.served) of \(rows) rows")
    }

    /// Both outputs of `rows` rows in memory, compared byte for byte; the first line that differs is shown.
    static func checkSame(rows: Int) throws {
        let engine = MemoryOutput()
        let loop = MemoryOutput()
        try render(rows: rows, to: engine)
        try HandWrittenTable.write(rows: rows, to: loop)
        guard engine.bytes != loop.bytes else { return }
        let engineLines = engine.string.split(separator: "\n", omittingEmptySubsequences: false)
        let loopLines = loop.string.split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            zip(engineLines, loopLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(engineLines.count, loopLines.count)
        func shown(_ lines: [Substring]) -> String {
            line < lines.count ? String(reflecting: String(lines[line])) : "(no line)"
        }
        throw BenchError(
            "the loop's output differs from the engine's at line \(line + 1) of \(rows) rows:\n"
                + "  engine: \(shown(engineLines))\n  loop:   \(shown(loopLines))")
    }
}

/// Counts bytes and hashes them (``OutputHash``).
final class HashingOutput: TextOutput {
    private(set) var bytes = 0
    private(set) var hash = OutputHash()
    func write(_ buffer: UnsafeRawBufferPointer) throws {
        bytes += buffer.count
        _ = hash.add(buffer)
    }
}

/// `cellkit-bench table`'s table written by hand, as a program that prints
/// one table and nothing else would: each line's bytes appended to a buffer
/// (flushed at 64 KiB, as the engine's writers flush), the name measured
/// with the SDK's width tables on every row and cut with an ellipsis when it
/// does not fit its column, the borders and ANSI escapes written as
/// literals. The column layout is the table's, worked out once: at width 100
/// inside a rounded border with a column of padding, the columns are 8, 59,
/// 12 and 8 wide, three apart, a divider in the middle of each gap.
enum HandWrittenTable {
    static let nameWidth = 59
    static let reset = "\u{1B}[0m"

    /// The SGR sequence of each status style (truecolor, as the engine writes it).
    static let statusSGR = [
        "\u{1B}[0;32m", "\u{1B}[0;33m", "\u{1B}[0;1;31m", "\u{1B}[0;38;2;120;160;255m",
    ]

    /// A line of the border: `left`, then `─` to the width but `junction` at
    /// the dividers, then `right`; `title` (bold) two columns in.
    static func rule(_ left: String, _ junction: String, _ right: String, title: String? = nil) -> String {
        var cells = Array(repeating: "─", count: 100)
        cells[0] = left
        cells[99] = right
        for divider in [2 + 9, 2 + 71, 2 + 86] { cells[divider] = junction }
        guard let title else { return cells.joined() + "\n" }
        let head = cells[0..<2].joined() + " \u{1B}[0;1m" + title + reset + " "
        return head + cells[(4 + title.count)...].joined() + "\n"
    }

    /// The header row: bold column titles, plain padding.
    static func headerLine() -> String {
        func bold(_ text: String, _ width: Int, right: Bool = false) -> String {
            let pad = String(repeating: " ", count: width - text.count)
            let title = "\u{1B}[0;1m" + text + reset
            return right ? pad + title : title + pad
        }
        return "│ " + bold("ID", 8) + " │ " + bold("NAME", nameWidth) + " │ " + bold("AMOUNT", 12, right: true) + " │ "
            + bold("STATUS", 8) + " │\n"
    }

    /// Writes the table of `rows` rows to `output`.
    static func write(rows: Int, to output: some TextOutput) throws {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 17)
        func flush() throws {
            try buffer.withUnsafeBytes { try output.write($0) }
            buffer.removeAll(keepingCapacity: true)
        }
        buffer += rule("╭", "┬", "╮", title: "Benchmark").utf8
        buffer += headerLine().utf8
        buffer += rule("├", "┼", "┤").utf8
        let spaces = [UInt8](repeating: 0x20, count: 64)
        let names = TableBenchmark.names
        let numbers = TableBenchmark.numbers
        for row in 0..<rows {
            buffer += "│ ".utf8
            let id = String(row)
            buffer += id.utf8
            buffer += spaces[0..<(8 - id.utf8.count)]
            buffer += " │ ".utf8
            var name = names[row % names.count]
            var width = TerminalWidth.of(name)
            if width > nameWidth {
                (name, width) = TextLayout.fitted(name, toWidth: nameWidth)
            }
            buffer += name.utf8
            buffer += spaces[0..<(nameWidth - width)]
            buffer += " │ ".utf8
            let number = numbers[row % numbers.count]
            buffer += spaces[0..<(12 - number.utf8.count)]
            buffer += number.utf8
            buffer += " │ ".utf8
            let status = row % TableBenchmark.statuses.count
            let word = TableBenchmark.statuses[status].0
            buffer += statusSGR[status].utf8
            buffer += word.utf8
            buffer += reset.utf8
            buffer += spaces[0..<(8 - word.utf8.count)]
            buffer += " │\n".utf8
            if buffer.count >= 1 << 16 { try flush() }
        }
        buffer += rule("╰", "┴", "╯").utf8
        try flush()
    }
}
