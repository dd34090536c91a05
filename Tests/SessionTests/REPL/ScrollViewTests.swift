@_spi(Host) import CellKit
import CellKitSupport
import Testing

@testable import Session
@testable import SessionTestSupport
@testable import Worker
@testable import WorkerProtocol

/// The `show` view on a test terminal: frames, status line, keys, resizes.
@Suite(.serialized) struct REPLScrollViewTests {
    typealias Support = REPLTestSupport

    /// The data files of the screens made by ``longScreen(_:options:)``: rows
    /// are read from their file when they are drawn, so it stays until the suite ends.
    final class DataFiles {
        var directories: [String] = []
        deinit { for directory in directories { Support.remove(directory) } }
    }
    let dataFiles = DataFiles()

    func longScreen(_ count: Int = 500, options: String = "") throws -> (Screen, Interpreter) {
        let file = try Support.rowsFile(count)
        dataFiles.directories.append(Path.dirname(file))
        let interpreter = try Support.interpreter(
            running: "load BasicCells\nscreen Long \(options)\nrows TextCell from \"\(file)\" text=.name")
        return (interpreter.session.screens[0], interpreter)
    }

    @Test func drawsOnlyWhatFitsWithAStatusLineAndGivesTheTerminalBack() throws {
        let (screen, interpreter) = try longScreen()
        let terminal = TestTerminal(size: TerminalSize(columns: 70, rows: 10))
        terminal.keys("q")
        let view = ScrollView(
            screen: screen, host: try #require(interpreter.inProcessHost), terminal: terminal, colors: .none)
        try view.run()

        let frames = Support.frames(in: terminal.output)
        #expect(frames.count == 1)
        let first = try #require(frames.first)
        #expect(first.count == 10)
        #expect(Array(first[0..<9]) == (0..<9).map { "item \($0)" })
        #expect(
            first[9] == " Long · rows 1–9 of 500 · top" + String(repeating: " ", count: 9)
                + "↑↓ PgUp PgDn Home End · q quits")
        // Alternate screen and hidden cursor on, then off; raw mode only while shown.
        #expect(terminal.outputText.hasPrefix(AlternateScreen.enterSequence))
        #expect(terminal.outputText.hasSuffix(AlternateScreen.leaveSequence))
        #expect(terminal.rawModeEntries == 1 && terminal.rawModeExits == 1 && !terminal.isRawMode)
        #expect(!AlternateScreen.isActive)
        // Enter, one frame, leave: three writes.
        #expect(terminal.writeCount == 3)
    }

    @Test func keysScrollByLinesPagesAndToTheEnds() throws {
        let (screen, interpreter) = try longScreen()
        let terminal = TestTerminal(size: TerminalSize(columns: 60, rows: 10))
        // Each key is read on its own, so each gets a frame.
        terminal.keys("\u{1B}[6~", "j", "\u{1B}[B", "k", "G", "\u{1B}[5~", "g", " ", "b", "\u{1B}[F", "\u{1B}[H", "q")
        let view = ScrollView(
            screen: screen, host: try #require(interpreter.inProcessHost), terminal: terminal, colors: .none)
        try view.run()
        let status = Support.frames(in: terminal.output).map { $0.last!.split(separator: "·")[1].trimmingSpaces }
        #expect(
            status == [
                "rows 1–9 of 500", "rows 9–17 of 500", "rows 10–18 of 500", "rows 11–19 of 500", "rows 10–18 of 500",
                "rows 492–500 of 500", "rows 484–492 of 500", "rows 1–9 of 500", "rows 9–17 of 500", "rows 1–9 of 500",
                "rows 492–500 of 500", "rows 1–9 of 500",
            ])
        let last = Support.frames(in: terminal.output)[10]
        #expect(last[0] == "item 491" && last[8] == "item 499")
        #expect(last[9].contains("· end"))
    }

    @Test func aResizeRedrawsAtTheNewSize() throws {
        let (screen, interpreter) = try longScreen()
        let terminal = TestTerminal(size: TerminalSize(columns: 60, rows: 10))
        terminal.steps.append(.signal(resizeTo: TerminalSize(columns: 40, rows: 5)))
        terminal.keys("q")
        let view = ScrollView(
            screen: screen, host: try #require(interpreter.inProcessHost), terminal: terminal, colors: .none)
        try view.run()
        let frames = Support.frames(in: terminal.output)
        #expect(frames.count == 2)
        #expect(frames[1].count == 5)
        #expect(frames[1][4] == " Long · rows 1–4 of 500 · top" + String(repeating: " ", count: 3) + "q quits")
    }

    @Test func aNarrowTerminalKeepsThePositionAndDropsTheKeyHelp() throws {
        let (screen, interpreter) = try longScreen()
        let terminal = TestTerminal(size: TerminalSize(columns: 20, rows: 4))
        terminal.keys("q")
        try ScrollView(screen: screen, host: try #require(interpreter.inProcessHost), terminal: terminal, colors: .none)
            .run()
        let frame = try #require(Support.frames(in: terminal.output).first)
        #expect(frame[3] == " Long · rows 1–3 of…")
    }

    @Test func theEndOfInputLeavesTheView() throws {
        let (screen, interpreter) = try longScreen(3)
        let terminal = TestTerminal(size: TerminalSize(columns: 40, rows: 10))
        try ScrollView(screen: screen, host: try #require(interpreter.inProcessHost), terminal: terminal, colors: .none)
            .run()
        let frame = try #require(Support.frames(in: terminal.output).first)
        #expect(frame[0..<3] == ["item 0", "item 1", "item 2"])
        #expect(frame[9].hasPrefix(" Long · rows 1–3 of 3 · all"))
        #expect(!terminal.isRawMode)
    }

    @Test func rowsAreCountedPastHeadersSeparatorsAndBorders() throws {
        let file = try Support.rowsFile(4)
        defer { Support.remove(Path.dirname(file)) }
        let interpreter = try Support.interpreter(
            running: """
                load BasicCells
                screen Sections border=rounded separators=true
                section "First"
                rows TextCell from "\(file)" text=.name
                section "Empty"
                section "Second"
                row TextCell text=last
                """)
        let screen = interpreter.session.screens[0]
        let dataSource = ScreenDataSource(screen: screen, host: try #require(interpreter.inProcessHost))
        defer { withExtendedLifetime(dataSource) {} }
        let table = try #require(dataSource.makeView() as? TableView)
        _ = table.preparePieces(width: 40)
        let rows = RowLocator(table: table, screen: screen)
        #expect(rows.total == 5)
        #expect(rows.indexPath(ofRow: 3) == IndexPath(row: 3, section: 0))
        #expect(rows.indexPath(ofRow: 4) == IndexPath(row: 0, section: 2))
        // Pieces: border, header, row, separator, row, separator, row, separator, row, header, header, row, border.
        let first = try #require(table.pieceIndex(of: IndexPath(row: 0, section: 0)))
        let last = try #require(table.pieceIndex(of: IndexPath(row: 0, section: 2)))
        #expect(rows.visibleRows(pieces: 0..<first) == nil)
        #expect(rows.visibleRows(pieces: 0..<(first + 1)) == 0...0)
        #expect(rows.visibleRows(pieces: (first + 1)..<(first + 2)) == nil)
        #expect(rows.visibleRows(pieces: first..<(last + 1)) == 0...4)
        #expect(rows.visibleRows(pieces: (last + 1)..<(last + 2)) == nil)
    }

    /// A search shared by two workers cuts the rows into stripes, each drawn
    /// by one worker: at the chunks of a data file (so no chunk is parsed by
    /// both), and rows whose chunks are not known (sorted rows) every 16,384
    /// rows, so that both workers draw those too. Every piece is drawn once.
    @Test func aSharedSearchCutsItsRowsAtTheChunksOrEvery16384Rows() throws {
        let records = 120_000
        let file = try Support.rowsFile(records)
        defer { Support.remove(Path.dirname(file)) }
        let interpreter = try Support.interpreter(
            running: """
                load BasicCells
                screen Rows
                rows TextCell from "\(file)" text=.name
                rows TextCell from "\(file)" text=.name sort=.name
                """)
        let screen = interpreter.session.screens[0]
        let dataSource = ScreenDataSource(screen: screen, host: try #require(interpreter.inProcessHost))
        defer { withExtendedLifetime(dataSource) {} }
        let table = try #require(dataSource.makeView() as? TableView)
        let pieceCount = table.preparePieces(width: 40)
        let rows = RowLocator(table: table, screen: screen)
        let workers = (0..<2).map {
            SearchStripes(screen: screen, rows: rows, pieceCount: pieceCount, lane: $0, lanes: 2)
        }
        // Every piece is drawn by one worker, the runs of the two in turn.
        let runs = (workers[0].own(0..<pieceCount) + workers[1].own(0..<pieceCount)).sorted {
            $0.lowerBound < $1.lowerBound
        }
        #expect(runs.first?.lowerBound == 0 && runs.last?.upperBound == pieceCount)
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        // The file's second chunk starts a stripe.
        guard case .bound(let read) = screen.sections[0].rows[0], case .bound(let sorted) = screen.sections[0].rows[1]
        else {
            Issue.record("the screen's rows are not its two bindings")
            return
        }
        let chunks = RecordChunker.joined(read.chunks).map(\.record).filter { $0 > 0 && $0 < records }
        #expect(!chunks.isEmpty)
        for record in chunks { #expect(workers[0].starts.contains(rows.piece(ofRow: record))) }
        // The sorted rows have no chunks known: a stripe every 16,384 rows, shared by both workers.
        #expect(sorted.chunks.isEmpty)
        for row in stride(from: records + 16384, to: 2 * records, by: 16384) {
            #expect(workers[0].starts.contains(rows.piece(ofRow: row)))
        }
        let sortedPieces = rows.piece(ofRow: records)..<pieceCount
        #expect(workers.allSatisfy { !$0.own(sortedPieces).isEmpty })
    }

    @Test func keysMapToActions() {
        #expect(ScrollView.action(for: .character("q")) == .quit)
        #expect(ScrollView.action(for: .escape) == .quit)
        #expect(ScrollView.action(for: .control("c")) == .quit)
        #expect(ScrollView.action(for: .down()) == .scroll(lines: 1))
        #expect(ScrollView.action(for: .character("k")) == .scroll(lines: -1))
        #expect(ScrollView.action(for: .pageDown()) == .pages(1))
        #expect(ScrollView.action(for: .character("b")) == .pages(-1))
        #expect(ScrollView.action(for: .control("d")) == .halfPages(1))
        #expect(ScrollView.action(for: .home()) == .top)
        #expect(ScrollView.action(for: .character("G")) == .bottom)
        #expect(ScrollView.action(for: .control("z")) == .suspend)
        #expect(ScrollView.action(for: .character("x")) == .ignore)
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        var text = String(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
