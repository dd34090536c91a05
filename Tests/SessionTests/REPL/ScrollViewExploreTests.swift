@_spi(Host) import CellKit
import CellKitSupport
import PluginRuntime
import Testing

@testable import Session
@testable import SessionTestSupport
@testable import WorkerProtocol

/// `show`'s keys for exploring a screen, on a test terminal: `/` and `?`
/// search, `n` and `N`, `:N`, the lines that stay on top, sideways scrolling.
@Suite(.serialized) struct ScrollViewExploreTests {
    typealias Support = REPLTestSupport

    /// The data files of the screens made here: rows are read from their file when drawn.
    let dataFiles = REPLScrollViewTests.DataFiles()

    /// A screen `Long` of `count` rows `item 0` … and the interpreter that made it.
    func longScreen(_ count: Int = 500, script: String = "") throws -> (Screen, PluginHost) {
        let file = try Support.rowsFile(count)
        dataFiles.directories.append(Path.dirname(file))
        let interpreter = try Support.interpreter(
            running: "load BasicCells\nload ChartCells\nscreen Long\n\(script)rows TextCell from \"\(file)\" text=.name"
        )
        return (interpreter.session.screens[0], try #require(interpreter.inProcessHost))
    }

    /// The frames a view wrote while `keys` were typed, one read each, then `q`. After Enter
    /// and Esc the typist pauses: a search looks for keys between its blocks (Ctrl-C), and a
    /// lone Esc is one that nothing follows at once.
    func frames(_ screen: Screen, _ host: PluginHost, size: TerminalSize, keys: [String]) throws -> [[String]] {
        let terminal = TestTerminal(size: size)
        for key in keys + ["q"] {
            terminal.type(key)
            if key == "\r" || key == "\u{1B}" { for _ in 0..<8 { terminal.pause() } }
        }
        try ScrollView(screen: screen, host: host, terminal: terminal, colors: .none).run()
        let frames = Support.frames(in: terminal.output)
        return frames
    }

    @Test func slashSearchesForwardAndNAndShiftNStepThroughTheMatches() throws {
        let (screen, host) = try longScreen()
        let frames = try frames(
            screen, host, size: TerminalSize(columns: 60, rows: 10),
            keys: ["/", "i", "t", "e", "m", " ", "2", "5", "\r", "n", "n", "N"])
        // While typing, the letters are text on the status line, not keys that move the view.
        #expect(frames[1][9] == "/")
        try #require(frames.count == 13)
        #expect(frames[8][9] == "/item 25")
        #expect(frames[8][0] == "item 0")
        // The first match is brought to the top; the status line says what was searched for.
        #expect(frames[9][0] == "item 25")
        #expect(frames[9][9].hasPrefix(" Long · rows 26–34 of 500 · 5%"))
        #expect(frames[9][9].hasSuffix("/item 25"))
        #expect(frames[10][0] == "item 250")
        #expect(frames[11][0] == "item 251")
        #expect(frames[12][0] == "item 250" && frames[12][9].hasSuffix("?item 25"))
    }

    @Test func theMatchIsHighlighted() throws {
        let (screen, host) = try longScreen()
        let terminal = TestTerminal(size: TerminalSize(columns: 40, rows: 6))
        for key in ["/", "m 3", "\r", "q"] { terminal.type(key) }
        try ScrollView(screen: screen, host: host, terminal: terminal, colors: .ansi16).run()
        let last = terminal.outputText.split(separator: "\u{1B}[H").last ?? ""
        // "ite" plain, "m 3" in reverse video (SGR 7), the rest plain.
        #expect(last.hasPrefix("ite\u{1B}[0;7mm 3\u{1B}[0m"))
    }

    @Test func aSearchWrapsAroundWithANoteAndSaysWhenNothingIsFound() throws {
        let (screen, host) = try longScreen()
        let frames = try frames(
            screen, host, size: TerminalSize(columns: 70, rows: 10),
            keys: ["G", "/", "item 3", "\r", "/", "nowhere", "\r", "?", "item 499", "\r", "?", "\r"])
        // From the last screenful, forward: around past the end, to the first match from the top.
        #expect(frames[4][0] == "item 3")
        #expect(frames[4][9].hasSuffix("/item 3 · wrapped around to the top"))
        #expect(frames[7][0] == "item 3")
        #expect(frames[7][9].hasSuffix("/nowhere: not found"))
        // Backward from the top: around past the start, from the end.
        #expect(frames[10][8] == "item 499")
        #expect(frames[10][9].hasSuffix("?item 499 · wrapped around to the end"))
        // An empty search repeats the last text.
        #expect(frames[12][9].hasSuffix("?item 499 · wrapped around to the end"))
    }

    @Test func escapeAndBackspaceCancelTheTyping() throws {
        let (screen, host) = try longScreen()
        let frames = try frames(
            screen, host, size: TerminalSize(columns: 60, rows: 10),
            keys: ["/", "j", "j", "\u{1B}", "j", ":", "\u{7F}", "j"])
        #expect(frames[3][9] == "/jj")
        // Esc: nothing was searched for, the view is where it was; `j` moves again.
        #expect(frames[4][0] == "item 0" && frames[4][9].hasPrefix(" Long · rows 1–9 of 500 · top"))
        #expect(frames[5][0] == "item 1")
        #expect(frames[6][9] == ":")
        #expect(frames[7][0] == "item 1" && frames[7][9].hasPrefix(" Long · rows 2–10"))
        #expect(frames[8][0] == "item 2")
    }

    @Test func ctrlCStopsALongSearch() throws {
        let (screen, host) = try longScreen(20000)
        let terminal = TestTerminal(size: TerminalSize(columns: 60, rows: 10))
        terminal.keys("/", "not there", "\r", "\u{3}", "j", "q")
        try ScrollView(screen: screen, host: host, terminal: terminal, colors: .none).run()
        let frames = Support.frames(in: terminal.output)
        // Ctrl-C while the blocks are looked through stops the search; the keys after it are kept.
        #expect(frames[3][9].hasSuffix("/not there: search stopped"))
        #expect(frames[4][0] == "item 1")
    }

    @Test func colonNShowsRowN() throws {
        let (screen, host) = try longScreen()
        let frames = try frames(
            screen, host, size: TerminalSize(columns: 60, rows: 10),
            keys: [":", "250", "\r", ":", "9999", "\r", ":", "x", "\r"])
        #expect(frames[3][0] == "item 249")
        #expect(frames[3][9].hasPrefix(" Long · rows 250–258 of 500"))
        #expect(frames[6][8] == "item 499")
        #expect(frames[6][9].hasSuffix(":9999: the last row is 500"))
        #expect(frames[9][9].hasSuffix(":x: a row is a number from 1"))
    }

    @Test func theSectionHeaderAndTheHeaderRowStayOnTop() throws {
        let file = try Support.rowsFile(500)
        dataFiles.directories.append(Path.dirname(file))
        let interpreter = try Support.interpreter(
            running: """
                load ChartCells
                screen Team border=rounded
                section "People"
                row ColumnsCell values=[Name, Note] widths="*,10" header=true
                rows ColumnsCell from "\(file)" values=[.name, x] widths="*,10"
                """)
        let frames = try frames(
            interpreter.session.screens[0], try #require(interpreter.inProcessHost),
            size: TerminalSize(columns: 40, rows: 12), keys: ["j", "j", "j", "G", ":", "100", "\r"])
        #expect(frames[0][0].hasPrefix("╭───"))
        #expect(frames[0][1].hasPrefix("│ People"))
        #expect(frames[0][2].hasPrefix("│ Name"))
        // Two lines down the header is on the top line, the header row under it: the rows scroll under them.
        #expect(frames[2][0].hasPrefix("│ People"))
        #expect(frames[2][1].hasPrefix("│ Name"))
        #expect(frames[2][2].hasPrefix("├───"))
        #expect(frames[3][3].hasPrefix("│ item 2 "))
        #expect(frames[4][0].hasPrefix("│ People") && frames[4][1].hasPrefix("│ Name"))
        #expect(frames[4][10].hasPrefix("╰"))
        // A jump shows the row under them (the header row is row 1: item 98 is row 100).
        #expect(frames[7][0].hasPrefix("│ People") && frames[7][1].hasPrefix("│ Name"))
        #expect(frames[7][3].hasPrefix("│ item 98 "))
        #expect(frames[7][11].hasPrefix(" Team · rows 100–107 of 501"))
    }

    @Test func aWideScreenScrollsSidewaysAndSaysWhichColumns() throws {
        let (screen, host) = try longScreen()
        var wide = screen
        wide.width = 150
        wide.border = .light
        let frames = try frames(
            wide, host, size: TerminalSize(columns: 70, rows: 6), keys: ["\u{1B}[C", "\u{1B}[C", "$", "\u{1B}[D", "0"])
        try #require(frames.count == 6)
        #expect(frames[0][0].hasPrefix("┌────") && !frames[0][0].hasSuffix("┐"))
        #expect(frames[0][1] == "│ item 0")
        #expect(frames[0][5].hasPrefix(" Long · rows 1–4 of 500 · top · columns 1–70 of 150"))
        // A quarter of the window (17 columns) at a time.
        #expect(frames[1][5].contains("columns 18–87 of 150") && frames[1][1] == "")
        #expect(frames[2][5].contains("columns 35–104 of 150"))
        #expect(frames[3][0].hasSuffix("─┐") && frames[3][1].hasSuffix(" │"))
        #expect(frames[3][5].contains("columns 81–150 of 150"))
        #expect(frames[4][5].contains("columns 64–133 of 150"))
        #expect(frames[5][1] == "│ item 0" && frames[5][5].contains("columns 1–70 of 150"))
    }

    @Test func aResizeKeepsTheColumnsInView() throws {
        let (screen, host) = try longScreen()
        var wide = screen
        wide.width = 150
        let terminal = TestTerminal(size: TerminalSize(columns: 70, rows: 6))
        terminal.keys("\u{1B}[C")
        terminal.steps.append(.signal(resizeTo: TerminalSize(columns: 80, rows: 8)))
        terminal.keys("$")
        terminal.steps.append(.signal(resizeTo: TerminalSize(columns: 90, rows: 8)))
        terminal.keys("q")
        try ScrollView(screen: wide, host: host, terminal: terminal, colors: .none).run()
        let frames = Support.frames(in: terminal.output)
        try #require(frames.count == 5)
        #expect(frames[1][5].contains("columns 18–87 of 150"))
        // Resized: the same first column.
        #expect(frames[2][7].contains("columns 18–97 of 150"))
        #expect(frames[3][7].contains("columns 71–150 of 150"))
        // Wider: as far right as the screen allows, the right edge still in view.
        #expect(frames[4][7].contains("columns 61–150 of 150"))
    }

    /// After a match is drawn, the same search goes on while the match is
    /// read (the workers look for the next one): `n` takes what it found, or
    /// waits for the rest, and shows what it would have shown by itself;
    /// `N`, another key or a resize ends it first, and the frames are never
    /// asked for anything while it runs (the workers are busy with it).
    @Test func theNextMatchIsLookedForWhileTheMatchIsRead() throws {
        let (screen, host) = try longScreen()
        let terminal = TestTerminal(size: TerminalSize(columns: 60, rows: 10))
        Self.read(terminal, "/item 25", "\r", "n", "n", "N", "j", "n", "q")
        let frames = SearchAheadFrames(host: host)
        try Self.view(screen, frames, terminal).run()
        let drawn = Support.frames(in: terminal.output)
        // The same frames as without the search ahead (slashSearchesForwardAndNAndShiftNStepThroughTheMatches).
        let tops = drawn.map { $0[0] }
        #expect(tops.suffix(6) == ["item 25", "item 250", "item 251", "item 250", "item 251", "item 251"])
        #expect(drawn[drawn.count - 3][9].hasSuffix("?item 25"))
        #expect(frames.askedWhileRunning.isEmpty, "\(frames.askedWhileRunning)")
        // `/` searches; each match drawn begins the next search; `n` takes it; `N` (the other way) and `j` end it.
        let searches = frames.calls.filter { $0 != "frame" }
        #expect(
            searches == [
                "open", "find", "begin", "taken", "end", "begin", "taken", "end", "begin", "end", "find", "begin",
                "end", "find", "begin", "end", "close",
            ])

        // Keys typed without a pause: nothing is looked for ahead (the next key would wait for the workers).
        let quick = TestTerminal(size: TerminalSize(columns: 60, rows: 10))
        quick.keys("/item 25", "\r", "n", "j", "q")
        let quickFrames = SearchAheadFrames(host: host)
        try Self.view(screen, quickFrames, quick).run()
        #expect(quickFrames.calls.filter { $0 != "frame" } == ["open", "find", "find", "close"])

        // Around the end: the one match, found again by the search ahead, says it wrapped (its own blocks count).
        let again = TestTerminal(size: TerminalSize(columns: 60, rows: 10))
        Self.read(again, "/item 499", "\r", "n", "q")
        let wrapping = SearchAheadFrames(host: host)
        try Self.view(screen, wrapping, again).run()
        let last = try #require(Support.frames(in: again.output).last)
        #expect(last[9].hasSuffix("/item 499 · wrapped around to the top"), "\(last[9])")
        #expect(wrapping.calls.contains("taken"))

        // Its blocks are smaller than `n`'s own (ending it waits for less): a match far ahead is not
        // "wrapped" for being in a later block (row 12,340: block 4 of its blocks, past `n`'s own end of 4).
        let (long, longHost) = try longScreen(20000)
        let far = TestTerminal(size: TerminalSize(columns: 60, rows: 10))
        Self.read(far, "/item 1234", "\r", "n", "q")
        let farFrames = SearchAheadFrames(host: longHost)
        try Self.view(long, farFrames, far).run()
        let found = try #require(Support.frames(in: far.output).last)
        #expect(found[0] == "item 12340")
        #expect(found[9].hasSuffix("/item 1234"), "\(found[9])")
        #expect(farFrames.calls.contains("taken"))
    }

    /// A worker that fails in the search ahead (a plugin that crashed drawing a row the user never
    /// asked for) is reported when the next key ends it, as a search's own failure is; it is not
    /// lost, leaving the view to fail later with "no view is open".
    @Test func aWorkerThatFailsInTheSearchAheadIsReportedByTheNextKey() throws {
        let (screen, host) = try longScreen()
        let terminal = TestTerminal(size: TerminalSize(columns: 60, rows: 10))
        Self.read(terminal, "/item 25", "\r", "j", "q")
        let frames = SearchAheadFrames(host: host)
        let crashed = WorkerFailure(reason: .protocolError("the worker crashed"))
        frames.aheadFailure = crashed
        #expect(throws: crashed) { try Self.view(screen, frames, terminal).run() }
        #expect(frames.calls.filter { $0 != "frame" } == ["open", "find", "begin", "end", "close"])
    }

    /// A view whose search ahead starts at the first read that finds no key (a pause).
    static func view(_ screen: Screen, _ frames: SearchAheadFrames, _ terminal: TestTerminal) -> ScrollView {
        let view = ScrollView(screen: screen, frames: frames, terminal: terminal, colors: .none)
        view.searchAheadDelay = .zero
        return view
    }

    /// Types `keys` as a person reading each match does: a pause after each key that draws one.
    static func read(_ terminal: TestTerminal, _ keys: String...) {
        for key in keys {
            terminal.type(key)
            if ["\r", "n", "N"].contains(key) { for _ in 0..<3 { terminal.pause() } }
        }
    }

    /// Frames drawn in this process that can also begin a search (the
    /// worker backend's run on threads of the session's; here it is looked
    /// through when its outcome is taken). What the view asked for is
    /// recorded, and whatever it asked while a begun search was not ended.
    final class SearchAheadFrames: FrameSource {
        let frames: InProcessFrames
        private(set) var calls: [String] = []
        private(set) var askedWhileRunning: [String] = []
        private var running: Begun?
        /// What each begun search failed with (a worker that crashed in it), if anything.
        var aheadFailure: WorkerFailure?

        init(host: PluginHost) { frames = InProcessFrames(host: host) }

        private func note(_ call: String) {
            calls.append(call)
            if running != nil { askedWhileRunning.append(call) }
        }

        func open(_ screen: Screen, colors: ColorMode, size: TerminalSize, keepPosition: Bool) throws {
            note("open")
            try frames.open(screen, colors: colors, size: size, keepPosition: keepPosition)
        }

        func frame(after action: ScrollView.Action?, size: TerminalSize) throws -> ViewFrame {
            note("frame")
            return try frames.frame(after: action, size: size)
        }

        func apply(_ action: ScrollView.Action, size: TerminalSize) throws {
            note("apply")
            try frames.apply(action, size: size)
        }

        func find(_ search: ViewSearch, in screen: Screen, stop: (Duration) -> Bool) throws -> ViewSearch.Outcome {
            note("find")
            return try frames.find(search, in: screen, stop: stop)
        }

        func beginFind(_ search: ViewSearch, in screen: Screen) -> (any BackgroundSearch)? {
            note("begin")
            let begun = Begun(search: search, screen: screen, owner: self)
            running = begun
            return begun
        }

        func close() -> [RenderFailure] {
            note("close")
            return frames.close()
        }

        final class Begun: BackgroundSearch {
            let search: ViewSearch
            let screen: Screen
            unowned let owner: SearchAheadFrames

            init(search: ViewSearch, screen: Screen, owner: SearchAheadFrames) {
                self.search = search
                self.screen = screen
                self.owner = owner
            }

            func outcome(waiting stop: (Duration) -> Bool) throws(WorkerFailure) -> ViewSearch.Outcome {
                owner.calls.append("taken")
                do {
                    return try owner.frames.find(search, in: screen) { _ in false }
                } catch {
                    throw WorkerFailure(reason: .protocolError("\(error)"))
                }
            }

            func end() -> WorkerFailure? {
                owner.calls.append("end")
                owner.running = nil
                return owner.aheadFailure
            }
        }
    }

    @Test func keysMapToTheNewActions() {
        #expect(ScrollView.action(for: .right()) == .sideways(quarters: 1))
        #expect(ScrollView.action(for: .left()) == .sideways(quarters: -1))
        #expect(ScrollView.action(for: .character("0")) == .leftEdge)
        #expect(ScrollView.action(for: .character("$")) == .rightEdge)
        #expect(ScrollView.promptKeys == ["/", "?", ":"])
    }
}
