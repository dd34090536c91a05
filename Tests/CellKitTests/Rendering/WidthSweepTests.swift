@_spi(Host) import CellKit
import Testing

/// Every width from 1 to 120, for tables and grids of every border style,
/// with and without headers, with titles longer than the width and wide
/// characters straddling the edge: nothing traps, no piece is wider than the
/// width, no line of text is wider than the width, and no wide character is
/// cut in half.
@Suite struct SDKWidthSweepTests {
    static let widths = 1...120

    /// Titles: none, short, longer than most widths, and all wide (so that a
    /// character straddles the edge at every odd width).
    static let titles: [String?] = [nil, "People", WideText.long, String(repeating: "漢", count: 70)]

    /// Sections with wide characters at the edge of every column, and the
    /// same rows without any section header or footer.
    static let sweepSections: [PeopleSource.Section] =
        PeopleSource.people + [
            PeopleSource.Section(
                header: String(repeating: "見出し", count: 30), footer: String(repeating: "🚀", count: 70),
                rows: [
                    ["漢字", String(repeating: "漢", count: 70), "🇫🇷🇫🇷🇫🇷"],
                    [String(repeating: "9", count: 200), String(repeating: "👩‍💻", count: 70), "末尾"],
                ])
        ]
    static let headerlessSections = sweepSections.map { PeopleSource.Section(header: nil, footer: nil, rows: $0.rows) }

    /// Checks one rendering, piece by piece and cell by cell, collecting
    /// problems (an expectation per cell would cost more than the drawing).
    final class CheckingWriter: CanvasWriter {
        let width: Int
        let label: String
        private(set) var lineCount = 0
        private(set) var problems: [String] = []

        init(width: Int, label: String) {
            self.width = width
            self.label = label
        }

        private func problem(_ text: String) {
            if problems.count < 5 { problems.append("\(label), width \(width): \(text)") }
        }

        func write(_ canvas: Canvas) throws {
            if canvas.width != width { problem("a piece \(canvas.width) wide") }
            for y in 0..<canvas.height {
                var x = 0
                while x < canvas.width {
                    let cell = canvas[x, y]
                    if cell.content < 0x7F {
                        if cell.content < 0x20 { problem("control character in cell \(x)") }
                        x += 1
                        continue
                    }
                    let character = canvas.character(of: cell)
                    let w = cell.content == Canvas.Cell.continuation ? -1 : TerminalWidth.of(character)
                    if w == 2 {
                        if x + 1 >= canvas.width || canvas[x + 1, y].content != Canvas.Cell.continuation {
                            problem("'\(character)' cut at column \(x)")
                        }
                        x += 2
                    } else {
                        if w != 1 { problem("cell \(x) of row \(y) holds '\(character)' (width \(w))") }
                        x += 1
                    }
                }
                let text = canvas.text(ofRow: y)
                if TerminalWidth.of(text) > width { problem("line '\(text)' is too wide") }
                lineCount += 1
            }
        }

        func finish() throws {}
    }

    /// Passes each piece to the checker and to a plain text writer.
    final class TeeWriter: CanvasWriter {
        let writers: [any CanvasWriter]
        init(_ writers: [any CanvasWriter]) { self.writers = writers }
        func write(_ canvas: Canvas) throws { for writer in writers { try writer.write(canvas) } }
        func finish() throws { for writer in writers { try writer.finish() } }
    }

    /// Streams `content` at every width through the checking writer and a
    /// plain text writer, and checks every written line too.
    static func sweep(_ content: any ScrollableContent, _ label: String) throws {
        var problems: [String] = []
        for width in widths {
            let checker = CheckingWriter(width: width, label: label)
            let output = MemoryOutput()
            try content.render(width: width, to: TeeWriter([checker, PlainTextWriter(output: output)]))
            problems += checker.problems
            if checker.lineCount == 0 { problems.append("\(label): nothing drawn at width \(width)") }
            let lines = output.string.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            if lines.count != checker.lineCount {
                problems.append("\(label): \(lines.count) lines written, \(checker.lineCount) drawn at width \(width)")
            }
            for line in lines where TerminalWidth.of(line) > width {
                problems.append("\(label): written line '\(line)' is wider than \(width)")
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    /// One shape of table or grid: each option is varied on its own from a
    /// default shape (a full cross product costs minutes and finds nothing more).
    struct TableShape {
        var title: String? = WideText.long
        var header = true
        var sectionHeaders = true
        var separators = true

        static let all: [TableShape] =
            SDKWidthSweepTests.titles.map { TableShape(title: $0) } + [
                TableShape(header: false), TableShape(sectionHeaders: false),
                TableShape(separators: false),
                TableShape(title: nil, header: false, sectionHeaders: false, separators: false),
            ]
    }

    @Test(arguments: BoxStyle.all) func tablesOfEveryShape(_ border: BoxStyle) throws {
        for shape in TableShape.all {
            let fixture = Tables.people(
                border: border, title: shape.title, header: shape.header, separators: shape.separators,
                sections: shape.sectionHeaders ? Self.sweepSections : Self.headerlessSections)
            let label =
                "table border=\(border) title=\(shape.title?.prefix(8) ?? "none") header=\(shape.header) "
                + "sectionHeaders=\(shape.sectionHeaders) separators=\(shape.separators)"
            try Self.sweep(fixture.table, label)
            #expect(fixture.table.numberOfLiveCells == 0, "\(label): cells not given back")
        }
    }

    @Test(arguments: BoxStyle.all) func gridsOfEveryShape(_ border: BoxStyle) throws {
        // Grids of 1, 3 and 7 columns and flows of items 1, 12 and 200 wide, with and without spacing.
        var shapes: [(title: String?, columns: Int?, itemWidth: Int, spacing: Int)] = [
            (WideText.long, 1, 0, 0), (WideText.long, 3, 0, 2), (WideText.long, 7, 0, 0),
            (WideText.long, nil, 1, 2), (WideText.long, nil, 12, 0), (WideText.long, nil, 200, 2),
        ]
        for title in Self.titles where title != WideText.long { shapes.append((title, 3, 0, 1)) }
        for shape in shapes {
            let fixture = Grids.tiles(
                columns: shape.columns, itemWidth: shape.itemWidth, spacing: shape.spacing,
                lineSpacing: shape.spacing / 2, border: border, title: shape.title)
            let layout = shape.columns.map { "columns=\($0)" } ?? "itemWidth=\(shape.itemWidth)"
            try Self.sweep(
                fixture.grid,
                "grid border=\(border) title=\(shape.title?.prefix(8) ?? "none") \(layout) spacing=\(shape.spacing)")
        }
    }

    @Test(arguments: BoxStyle.all) func nibCardsInTables(_ border: BoxStyle) throws {
        let fixture = try Cards.table(border: border)
        try Self.sweep(fixture.table, "nib cards border=\(border)")
    }

    /// Fixed row heights (taller and shorter than the content), a table
    /// footer view, and no data source at all.
    @Test func fixedHeightsFooterViewAndNoDataSource() throws {
        for height in [0, 1, 3] {
            let fixture = Tables.people(border: .light, title: WideText.long)
            fixture.table.rowHeight = height
            fixture.table.tableFooterView = Label(text: String(repeating: "フッター ", count: 30))
            try Self.sweep(fixture.table, "table rowHeight=\(height)")
        }
        let empty = TableView()
        empty.border = .rounded
        empty.title = "empty"
        try Self.sweep(empty, "a table without a data source")
        let emptyGrid = CollectionView()
        emptyGrid.border = .double
        try Self.sweep(emptyGrid, "a grid without a data source")
    }
}
