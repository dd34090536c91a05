@_spi(Host) import CellKit

/// The engine against a hand-written loop: `cellkit-bench loop N [PAIRS]`
/// renders `table N`'s table with the engine and writes the very same bytes
/// with ``HandWrittenTable`` (no views, no canvas: each row's bytes put
/// straight into a buffer), checks that both wrote the same bytes (the first
/// 2,000 rows compared byte for byte, every row by length and hash), then
/// times the two in turn, PAIRS times (default 5), to the same counting
/// sink. The ratio is the engine's median over the loop's.
enum LoopBenchmark {
    /// A way of writing the table of `rows` rows to an output.
    typealias Writer = (_ rows: Int, _ output: any TextOutput) throws -> Void

    static func run(rows: Int, pairs: Int) throws {
        try compare(scenario: "loop", rows: rows, pairs: pairs, engine: render, loop: HandWrittenTable.write)
    }

    /// Checks that `engine` and `loop` write the same bytes, then times them
    /// in turn `pairs` times and prints the medians and their ratios.
    static func compare(scenario: String, rows: Int, pairs: Int, engine: Writer, loop: Writer) throws {
        try checkSame(rows: min(rows, 2_000), engine: engine, loop: loop)
        let engineHash = HashingOutput()
        let loopHash = HashingOutput()
        try engine(rows, engineHash)
        try loop(rows, loopHash)
        try Check.that(
            engineHash.bytes == loopHash.bytes && engineHash.hash.value == loopHash.hash.value,
            "the loop wrote \(loopHash.bytes) bytes for \(rows) rows, the engine \(engineHash.bytes) "
                + "(or the same count with another hash)")
        var engineTimes: [(seconds: Double, cpuSeconds: Double)] = []
        var loopTimes: [(seconds: Double, cpuSeconds: Double)] = []
        for _ in 0..<max(1, pairs) {
            let engineSink = nullOutput()
            engineTimes.append(try Measure.times { try engine(rows, engineSink) })
            let loopSink = nullOutput()
            loopTimes.append(try Measure.times { try loop(rows, loopSink) })
            try Check.that(
                engineSink.bytes == engineHash.bytes && loopSink.bytes == engineHash.bytes,
                "a timed run wrote \(engineSink.bytes) (engine) and \(loopSink.bytes) (loop) bytes, "
                    + "not \(engineHash.bytes)")
        }
        let engineSeconds = Measure.median(engineTimes.map(\.seconds))
        let loopSeconds = Measure.median(loopTimes.map(\.seconds))
        let engineCPU = Measure.median(engineTimes.map(\.cpuSeconds))
        let loopCPU = Measure.median(loopTimes.map(\.cpuSeconds))
        var result = ResultLine()
        result.add("scenario", scenario)
        result.add("rows", rows)
        result.add("pairs", engineTimes.count)
        result.add("seconds", engineSeconds)
        result.add("loopSeconds", loopSeconds)
        result.add("cpuSeconds", engineCPU)
        result.add("loopCPUSeconds", loopCPU)
        result.add("bytes", engineHash.bytes)
        result.add("ratio", format2(engineSeconds / loopSeconds))
        // The CPU time of each render (this thread's), which the load of other work moves least.
        result.add("cpuRatio", format2(engineCPU / loopCPU))
        result.add(
            "pairCPURatios",
            zip(engineTimes, loopTimes).map { format2($0.cpuSeconds / $1.cpuSeconds) }.joined(separator: ","))
        result.print()
    }

    /// `table N`'s render: the engine, a cell of four labels a row.
    static func render(rows: Int, to output: any TextOutput) throws {
        let source = TableBenchmark.Rows(count: rows)
        let table = TableBenchmark.makeTable(rows: rows, source: source)
        try withExtendedLifetime(source) {
            try table.render(width: 100, to: ANSIWriter(output: output, colorMode: .truecolor))
        }
        try Check.that(source.served == rows, "the engine drew \(source.served) of \(rows) rows")
    }

    /// Both outputs of `rows` rows in memory, compared byte for byte; the first line that differs is shown.
    static func checkSame(rows: Int, engine: Writer, loop: Writer) throws {
        let engineOutput = MemoryOutput()
        let loopOutput = MemoryOutput()
        try engine(rows, engineOutput)
        try loop(rows, loopOutput)
        guard engineOutput.bytes != loopOutput.bytes else { return }
        let engineLines = engineOutput.string.split(separator: "\n", omittingEmptySubsequences: false)
        let loopLines = loopOutput.string.split(separator: "\n", omittingEmptySubsequences: false)
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
    static func write(rows: Int, to output: any TextOutput) throws {
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

/// Nib cells against a hand-written loop: `cellkit-bench loop-nib N [PAIRS]`
/// renders N rows of a cell drawn by `ProfileCell.nib` (CardCells' nib, the
/// same text: the name and role on the top border, a bio that wraps inside
/// the box, no bio no line) and writes the same bytes with
/// ``HandWrittenProfiles``; checked and timed as ``LoopBenchmark``.
enum NibLoopBenchmark {
    /// CardCells' `Resources/ProfileCell.nib`.
    static let nibSource = """
        ╭─ {name:bold} {~─} {role:dim,right} ─╮
        │ {bio:wrap,collapse} {~} │
        ╰{~─}╯
        """
    static let roles = ["Analyst", "Rear Admiral", "Mathematician", "デザイナー", "Engineer", "Physicist", "Lead"]
    /// Bios of 0 to 3 lines at width 100 (ASCII words: the loop breaks lines at spaces, as the SDK does
    /// for such text).
    static let bios = [
        "Wrote the first program, for an engine that was never built.",
        "",
        "Led the team that wrote the first compiler, and made the case for programs written in words rather "
            + "than numbers; later taught a generation of programmers to measure what they ran and to keep "
            + "asking why a thing was done the way it was done.",
        "Computed the trajectories that took people to orbit and back, checked by hand against the machine.",
        "Built the onboard flight software. Coined the term software engineering while doing it, and kept "
            + "the code honest when the alarms went off during the landing.",
        "Physicist.",
    ]

    final class ProfileRowCell: TableViewCell, NibReusable {
        @Outlet var name: Label
        @Outlet var role: Label
        @Outlet var bio: Label

        func configure(row: Int) {
            name.text = TableBenchmark.names[row % TableBenchmark.names.count]
            name.style = Style.bold.foreground(.blue)  // ProfileCell's `accent`
            role.text = NibLoopBenchmark.roles[row % NibLoopBenchmark.roles.count]
            bio.text = NibLoopBenchmark.bios[row % NibLoopBenchmark.bios.count]
        }
    }

    final class Rows: TableViewDataSource {
        let count: Int
        var served = 0
        init(count: Int) { self.count = count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            served += 1
            let cell: ProfileRowCell = tableView.dequeueReusableCell(for: indexPath)
            cell.configure(row: indexPath.row)
            return cell
        }
    }

    static func run(rows: Int, pairs: Int) throws {
        try Nib.register(source: nibSource, named: "ProfileRowCell", in: PluginBundle(for: ProfileRowCell.self))
        try LoopBenchmark.compare(
            scenario: "loop-nib", rows: rows, pairs: pairs, engine: render, loop: HandWrittenProfiles.write)
    }

    /// The engine: a table of nib cells, no border, ANSI at width 100.
    static func render(rows: Int, to output: any TextOutput) throws {
        let source = Rows(count: rows)
        let table = TableView()
        table.register(cellType: ProfileRowCell.self)
        table.dataSource = source
        try withExtendedLifetime(source) {
            try table.render(width: 100, to: ANSIWriter(output: output, colorMode: .truecolor))
        }
        try Check.that(source.served == rows, "the engine drew \(source.served) of \(rows) rows")
    }
}

/// The nib table written by hand: each profile's box line by line, the bio
/// broken at spaces into lines of at most 95 columns (100, less `│ `, the
/// space before the stretch and ` │`).
enum HandWrittenProfiles {
    static let reset = "\u{1B}[0m"
    static let bioWidth = 95

    static func write(rows: Int, to output: any TextOutput) throws {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 17)
        let rule = [UInt8](String(repeating: "─", count: 100).utf8)
        let spaces = [UInt8](repeating: 0x20, count: 100)
        for row in 0..<rows {
            let name = TableBenchmark.names[row % TableBenchmark.names.count]
            let role = NibLoopBenchmark.roles[row % NibLoopBenchmark.roles.count]
            let fill = 100 - 3 - TerminalWidth.of(name) - 2 - TerminalWidth.of(role) - 3
            buffer += "╭─ \u{1B}[0;1;34m".utf8
            buffer += name.utf8
            buffer += reset.utf8
            buffer += " ".utf8
            buffer += rule[0..<(3 * fill)]
            buffer += " \u{1B}[0;2m".utf8
            buffer += role.utf8
            buffer += reset.utf8
            buffer += " ─╮\n".utf8
            let bio = NibLoopBenchmark.bios[row % NibLoopBenchmark.bios.count]
            var line: [Substring] = []
            var width = 0
            func flushLine() {
                buffer += "│ ".utf8
                for (i, word) in line.enumerated() {
                    if i > 0 { buffer.append(0x20) }
                    buffer += word.utf8
                }
                buffer += spaces[0..<(bioWidth - width + 1)]
                buffer += " │\n".utf8
                line.removeAll(keepingCapacity: true)
                width = 0
            }
            for word in bio.split(separator: " ") {
                let w = word.utf8.count
                if !line.isEmpty && width + 1 + w > bioWidth { flushLine() }
                width += (line.isEmpty ? 0 : 1) + w
                line.append(word)
            }
            if !line.isEmpty { flushLine() }
            buffer += "╰".utf8
            buffer += rule[0..<(3 * 98)]
            buffer += "╯\n".utf8
            if buffer.count >= 1 << 16 {
                try buffer.withUnsafeBytes { try output.write($0) }
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try buffer.withUnsafeBytes { try output.write($0) }
    }
}
