import CellKitSupport
import Testing

/// Output files and formats: atomic writes, the format from an option or the
/// extension, colour only when asked for or on a terminal, `NO_COLOR`.
@Suite struct BatchOutputTests {
    static let screen = """
        load BasicCells
        screen Report list width=30 border=rounded title=Report
        row TextCell text="All systems go" style=bold
        row ProgressCell label=Disk value=0.5 color=#ff8800

        """

    static let plain = """
        ╭─ Report ───────────────────╮
        │ All systems go             │
        │ Disk       █████░░░░░  50% │
        ╰────────────────────────────╯

        """

    // MARK: - Atomic files

    @Test func aRenderThatFailsLeavesTheOldFileAndNoTemporaryFile() throws {
        let scratch = try Scratch()
        try scratch.write("report.svg", "OLD\n")
        // Many rows, so the SVG is far larger than the 4 KiB the shell allows below.
        let rows = (1...200).map { "row TextCell text=\"row \($0)\"" }.joined(separator: "\n")
        try scratch.write("big.cellkit", "load BasicCells\nscreen Big width=60\n\(rows)\nrender to report.svg\n")
        // The file size limit makes the write fail with EFBIG (SIGXFSZ ignored).
        let result = try CellKitProcess.spawn(
            [
                "/bin/sh", "-c", "trap '' XFSZ; ulimit -f 4; exec \"$0\" \"$@\"", CellKitProcess.executable, "run",
                "big.cellkit",
            ],
            input: "", directory: scratch.directory,
            environment: ["HOME": scratch.directory, "PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": scratch.path("cache")])
        #expect(result.status == 4)
        #expect(result.standardError.contains("big.cellkit:203:11: error: "))
        #expect(result.standardError.contains("report.svg"))
        #expect(scratch.read("report.svg") == "OLD\n")
        // No temporary file is left (.local holds the worker's folder of logs).
        #expect(scratch.list().filter { $0 != ".local" } == ["big.cellkit", "cache", "report.svg"])
    }

    @Test func aRenderOverADirectoryFailsAndChangesNothing() throws {
        let scratch = try Scratch()
        try scratch.write("out/keep.txt", "keep\n")
        try scratch.write("s.cellkit", Self.screen + "render to out format=plain\n")
        let result = try scratch.cellkit(["run", "s.cellkit"])
        #expect(result.status == 4)
        #expect(result.standardError.contains("s.cellkit:5:11: error: "))
        #expect(scratch.list() == ["out", "s.cellkit"])
        #expect(scratch.read("out/keep.txt") == "keep\n")
    }

    @Test func anErrorAfterARenderKeepsTheFileItWroteWhole() throws {
        let scratch = try Scratch()
        try scratch.write("s.cellkit", Self.screen + "render to report.txt\nrow Nope\n")
        let result = try scratch.cellkit(["run", "s.cellkit"])
        #expect(result.status == 1)
        #expect(scratch.read("report.txt") == Self.plain)
        #expect(scratch.list() == ["report.txt", "s.cellkit"])
    }

    // MARK: - Formats

    @Test func theFormatComesFromTheExtensionUnlessFormatSaysOtherwise() throws {
        let scratch = try Scratch()
        try scratch.write(
            "s.cellkit",
            Self.screen + """
                render to r.txt
                render to r.ans
                render to r.html
                render to r.svg
                render to r.json
                render to r2.txt format=json
                render to r.out format=html

                """)
        let result = try scratch.cellkit(["run", "s.cellkit"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "")
        #expect(result.standardError.contains("wrote r.txt (plain, 30 columns)\nwrote r.ans (ansi, 30 columns)\n"))
        #expect(scratch.read("r.txt") == Self.plain)
        #expect(scratch.read("r.ans")?.hasEscapes == true)
        #expect(scratch.read("r.html")?.hasPrefix("<!DOCTYPE html>") == true)
        #expect(scratch.read("r.svg")?.hasPrefix("<svg") == true)
        #expect(scratch.read("r.json")?.hasPrefix("{\n  \"screen\": \"Report\",") == true)
        #expect(scratch.read("r2.txt") == scratch.read("r.json"))
        #expect(scratch.read("r.out") == scratch.read("r.html"))
    }

    // MARK: - Colour

    @Test func standardOutputIsPlainOffATerminalUnlessColourIsForced() throws {
        let scratch = try Scratch()
        try scratch.write("s.cellkit", Self.screen + "render\n")
        let environment = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
        let piped = try scratch.cellkit(["run", "s.cellkit"], environment: environment)
        #expect(piped.standardOutput == Self.plain)

        let forced = try scratch.cellkit(["run", "s.cellkit", "--color", "always"], environment: environment)
        #expect(forced.standardOutput.hasEscapes)
        #expect(forced.standardOutput.contains("38;2;255;136;0m"))  // truecolor, as COLORTERM says

        let forced256 = try scratch.cellkit(
            ["run", "s.cellkit", "--color", "always"], environment: ["TERM": "xterm-256color"])
        #expect(forced256.standardOutput.contains("38;5;208m"))  // the nearest of 256, as TERM says
        #expect(!forced256.standardOutput.contains("38;2;"))

        try scratch.write("f.cellkit", Self.screen + "render format=ansi\n")
        let format = try scratch.cellkit(["run", "f.cellkit"], environment: ["NO_COLOR": "1"])
        #expect(format.standardOutput.hasEscapes)
    }

    @Test func aTerminalGetsColourUnlessNoColorOrNever() throws {
        let scratch = try Scratch()
        try scratch.write("s.cellkit", Self.screen + "render\n")
        let environment = ["TERM": "xterm-256color"]
        let terminal = try CellKitProcess.runOnTerminal(
            ["run", "s.cellkit"], directory: scratch.directory, environment: environment)
        #expect(terminal.status == 0)
        #expect(terminal.output.hasEscapes)

        var noColor = environment
        noColor["NO_COLOR"] = "1"
        let plain = try CellKitProcess.runOnTerminal(
            ["run", "s.cellkit"], directory: scratch.directory, environment: noColor)
        #expect(plain.status == 0)
        #expect(!plain.output.hasEscapes)
        #expect(plain.output.hasSuffix(Self.plain))

        let never = try CellKitProcess.runOnTerminal(
            ["run", "s.cellkit", "--color", "never"], directory: scratch.directory, environment: environment)
        #expect(!never.output.hasEscapes)

        let forced = try CellKitProcess.runOnTerminal(
            ["run", "s.cellkit", "--color", "always"], directory: scratch.directory, environment: noColor)
        #expect(forced.output.hasEscapes)
    }
}

/// `cellkit render STORYBOARD[#SCENE]`.
@Suite struct BatchRenderTests {
    static let storyboard = """
        load BasicCells
        screen Dashboard list width=24 title=Dash border=ascii
        row TextCell text=Hello
        render
        screen Team list width=24
        rows KeyValueCell from people.json key=.name value=.role
        initial Dashboard

        """

    static func scratch() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.write("board.cellkit", storyboard)
        try scratch.write("people.json", #"[{"name": "Ada", "role": "Analyst"}]"#)
        try scratch.write(
            "other.json", #"[{"name": "Grace", "role": "Admiral"}, {"name": "Katherine", "role": "Maths"}]"#)
        return scratch
    }

    @Test func theInitialSceneOrANamedOneIsRenderedAndRenderLinesAreSkipped() throws {
        let scratch = try Self.scratch()
        let initial = try scratch.cellkit(["render", "board.cellkit"])
        #expect(initial.status == 0)
        #expect(
            initial.standardOutput == "+- Dash ---------------+\n| Hello                |\n+----------------------+\n")
        let team = try scratch.cellkit(["render", "board.cellkit#Team", "--width", "20"])
        #expect(team.status == 0)
        #expect(team.standardOutput == "Ada ........ Analyst\n")
    }

    @Test func anUnknownSceneSuggestsTheNearest() throws {
        let scratch = try Self.scratch()
        let result = try scratch.cellkit(["render", "board.cellkit#Teem"])
        #expect(result.status == 2)
        #expect(
            result.standardError.hasSuffix(
                "cellkit: error: board.cellkit has no screen 'Teem'\n  did you mean 'Team'?\n"))
    }

    @Test func severalScreensWithoutAnInitialOneAskWhichToRender() throws {
        let scratch = try Self.scratch()
        try scratch.write("noinitial.cellkit", Self.storyboard.replacing("initial Dashboard\n", with: ""))
        let result = try scratch.cellkit(["render", "noinitial.cellkit"])
        #expect(result.status == 2)
        #expect(
            result.standardError.hasSuffix(
                """
                cellkit: error: noinitial.cellkit has 2 screens and no initial one
                  name the screen to render: cellkit render 'noinitial.cellkit#Dashboard' (screens: Dashboard, Team)
                  or add `initial Dashboard` to noinitial.cellkit

                """))
    }

    @Test func dataReplacesTheBoundFile() throws {
        let scratch = try Self.scratch()
        let result = try scratch.cellkit(["render", "board.cellkit#Team", "--data", "other.json", "--width", "20"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "Grace ...... Admiral\nKatherine .... Maths\n")
        let unbound = try scratch.cellkit(["render", "board.cellkit#Dashboard", "--data", "missing.json"])
        #expect(unbound.status == 4)
        try scratch.write("bad.json", #"[{"name": "Ada", "role": {"title": "Analyst"}}]"#)
        let wrong = try scratch.cellkit(["render", "board.cellkit#Team", "--data", "bad.json"])
        #expect(wrong.status == 1)
        #expect(
            wrong.standardError.contains("bad.json:1:26: error: KeyValueCell.value: expected a String, got an object\n")
        )
        try scratch.write("other-fields.json", #"[{"who": "Ada"}]"#)
        let fields = try scratch.cellkit(["render", "board.cellkit#Team", "--data", "other-fields.json"])
        #expect(fields.status == 1)
        #expect(
            fields.standardError.contains(
                "board.cellkit:6:40: error: no record of other-fields.json has a field 'name'\n"))
        #expect(fields.standardError.contains("  (other-fields.json is read instead of people.json: --data)\n"))
    }

    @Test func outputGoesToAFileInTheFormatOfItsExtensionOrOfFormat() throws {
        let scratch = try Self.scratch()
        let svg = try scratch.cellkit(["render", "board.cellkit", "-o", "dash.svg"])
        #expect(svg.status == 0)
        #expect(svg.standardOutput == "")
        #expect(svg.standardError.hasSuffix("wrote dash.svg (svg, 24 columns)\n"))
        #expect(scratch.read("dash.svg")?.hasPrefix("<svg") == true)
        let json = try scratch.cellkit(["render", "board.cellkit#Team", "-o", "team.txt", "--format", "json"])
        #expect(json.status == 0)
        #expect(scratch.read("team.txt")?.contains("\"cell\": \"BasicCells.KeyValueCell\"") == true)
        let html = try scratch.cellkit(["render", "board.cellkit", "--format", "html"])
        #expect(html.standardOutput.hasPrefix("<!DOCTYPE html>"))
    }

    @Test func errorsInTheStoryboardArePositioned() throws {
        let scratch = try Self.scratch()
        try scratch.write("broken.cellkit", "load BasicCells\nscreen A\nrow TextCell text=x size=3\n")
        let result = try scratch.cellkit(["render", "broken.cellkit"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("broken.cellkit:3:21: error: TextCell has no attribute 'size'"))
        let missing = try scratch.cellkit(["render", "nothere.cellkit"])
        #expect(missing.status == 4)
    }

    /// `--no-window-chrome`: the same picture without the title bar and its
    /// buttons, for `render to FILE.svg` in a script and for `cellkit render`.
    @Test func noWindowChromeDropsTheTitleBarOfSVG() throws {
        let scratch = try Scratch()
        try scratch.write("doc.cellkit", "load BasicCells\nscreen S width=12 title=Hello\nrow TextCell text=hi\n")
        let script = "open doc.cellkit\nrender S to with.svg\n"
        #expect(try scratch.cellkit(["-c", script]).status == 0)
        let bare = try scratch.cellkit(["-c", script.replacing("with.svg", with: "without.svg"), "--no-window-chrome"])
        #expect(bare.status == 0)
        let with = try #require(scratch.read("with.svg"))
        let without = try #require(scratch.read("without.svg"))
        #expect(with.contains("<g class=\"chrome\">"))
        #expect(!without.contains("<g class=\"chrome\">"))
        #expect(without.contains("<g class=\"screen\" transform=\"translate(14 14)\">"))
        let rendered = try scratch.cellkit(["render", "doc.cellkit#S", "--format", "svg", "--no-window-chrome"])
        #expect(rendered.status == 0)
        #expect(rendered.standardOutput == without)
    }
}
