import CellKitSupport
import Testing

/// `cellkit run`, `-c` and standard input, as a batch job uses them: exit
/// codes, stopping or going on after errors, error positions across files.
@Suite struct BatchRunTests {
    static let good = """
        load BasicCells
        screen Hello list width=20
        row TextCell text="Hello, batch"
        render

        """

    // MARK: - Exit codes

    @Test func aScriptThatWorksExitsZeroAndPrintsTheScreenOnStandardOutput() throws {
        let scratch = try Scratch()
        try scratch.write("ok.cellkit", Self.good)
        let result = try scratch.cellkit(["run", "ok.cellkit"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "Hello, batch\n")
        #expect(result.standardError.hasPrefix("loaded BasicCells "))
    }

    @Test func aScriptErrorExitsOne() throws {
        let scratch = try Scratch()
        try scratch.write("bad.cellkit", "load BasicCells\nscreen A\nrow TextCell txt=hi\n")
        let result = try scratch.cellkit(["run", "bad.cellkit"])
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError.hasSuffix(
                """
                bad.cellkit:3:14: error: TextCell has no attribute 'txt'
                  row TextCell txt=hi
                               ^~~
                  did you mean 'text'?

                """))
    }

    @Test(arguments: [
        (["frob"], "cellkit: error: unknown command 'frob'\n"),
        (["rnu", "x.cellkit"], "cellkit: error: unknown command 'rnu'; did you mean 'run'?\n"),
        (["x.cellkit"], "cellkit: error: unknown command 'x.cellkit'; to run a script, write: cellkit run x.cellkit\n"),
        (["run"], "cellkit: error: run needs at least one script file\n"),
        (["--keepgoing", "run", "x"], "cellkit: error: unknown option '--keepgoing'; did you mean '--keep-going'?\n"),
        (
            ["render", "x.cellkit", "--width", "0"],
            "cellkit: error: --width expects a number of columns from 1 to 10000, not '0'\n"
        ),
        (
            ["run", "x.cellkit", "--color", "sometimes"],
            "cellkit: error: --color expects auto, always or never, not 'sometimes'\n"
        ),
        (["-c"], "cellkit: error: -c needs a value\n"),
        (
            ["render", "x.cellkit#A", "--format", "pdf"],
            "cellkit: error: unknown format 'pdf'\n  use one of plain, ansi, html, svg, json\n"
        ),
        (
            ["render", "x.cellkit#A", "-o", "out.pdf"],
            "cellkit: error: cannot tell the format of 'out.pdf' from its extension\n"
        ),
    ])
    func aWrongCommandLineExitsTwo(_ arguments: [String], _ message: String) throws {
        let result = try CellKitProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix(message))
    }

    @Test func aPluginThatCannotBeLoadedExitsThree() throws {
        let scratch = try Scratch()
        try scratch.write("missing.cellkit", "load NoSuchCells\n")
        let missing = try scratch.cellkit(["run", "missing.cellkit"])
        #expect(missing.status == 3)
        #expect(
            missing.standardError.hasPrefix(
                "missing.cellkit:1:6: error: no plugin named 'NoSuchCells' on the plugin path\n"))

        // A real plugin built against another ABI version (Tests/Fixtures/FixtureOtherABI).
        let otherABI = BuiltPlugins.library("cellkit-fixture-other-abi")
        try scratch.write("abi.cellkit", "load \"\(otherABI)\"\n")
        let refused = try scratch.cellkit(["run", "abi.cellkit"])
        #expect(refused.status == 3)
        #expect(refused.standardError.hasPrefix("abi.cellkit:1:6: error: "))
        #expect(refused.standardError.contains("needs CellKit SDK "))
    }

    @Test func aFileThatCannotBeReadOrWrittenExitsFour() throws {
        let scratch = try Scratch()
        let missing = try scratch.cellkit(["run", "nowhere.cellkit"])
        #expect(missing.status == 4)
        #expect(missing.standardError.hasPrefix("cellkit: error: cannot open 'nowhere.cellkit'"))

        try scratch.write("out.cellkit", Self.good.replacing("render\n", with: "render to no/such/dir/x.txt\n"))
        let unwritable = try scratch.cellkit(["run", "out.cellkit"])
        #expect(unwritable.status == 4)
        #expect(unwritable.standardError.contains("out.cellkit:4:11: error: "))

        try scratch.write("data.cellkit", "load BasicCells\nscreen A\nrows TextCell from gone.json text=.t\n")
        let data = try scratch.cellkit(["run", "data.cellkit"])
        #expect(data.status == 4)
        #expect(data.standardError.contains("data.cellkit:3:20: error: cannot open 'gone.json'"))
    }

    @Test func helpListsTheExitCodesAsTheBatchGuideDoes() throws {
        let result = try CellKitProcess.run(["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("usage: cellkit"))
        #expect(
            result.standardOutput.contains(
                "exit status: 0 success, 1 script error, 2 usage error, 3 plugin error, 4 I/O error"))
        let guide = try readTextFile(CellKitProcess.repositoryRoot + "/docs/batch.md")
        for row in ["| 0 |", "| 1 |", "| 2 |", "| 3 |", "| 4 |"] {
            #expect(guide.contains(row), "docs/batch.md has no row \(row)")
        }
    }

    // MARK: - Stopping, or going on

    static let threeErrors = """
        load BasicCells
        screen A width=20
        load NoSuchCells
        row TextCell text=one
        row TextCel text=two
        row TextCell text=three style=loud
        render

        """

    @Test func theFirstErrorStopsTheRun() throws {
        let scratch = try Scratch()
        try scratch.write("three.cellkit", Self.threeErrors)
        let result = try scratch.cellkit(["run", "three.cellkit"])
        #expect(result.status == 3)
        #expect(result.standardOutput == "")
        #expect(result.standardError.contains("three.cellkit:3:6: error: no plugin named 'NoSuchCells'"))
        #expect(!result.standardError.contains("three.cellkit:5"))
    }

    @Test func keepGoingReportsEveryErrorWithTheExitCodeOfTheFirst() throws {
        let scratch = try Scratch()
        try scratch.write("three.cellkit", Self.threeErrors)
        let result = try scratch.cellkit(["run", "three.cellkit", "--keep-going"])
        #expect(result.status == 3)
        #expect(result.standardOutput == "one\n")
        let errors = result.standardError
        #expect(errors.contains("three.cellkit:3:6: error: no plugin named 'NoSuchCells'"))
        #expect(errors.contains("three.cellkit:5:5: error: no cell named 'TextCel'"))
        #expect(errors.contains("three.cellkit:6:31: error: style=: 'loud' is not one of"))
        #expect(errors.hasSuffix("3 errors\n"))
    }

    /// docs/batch.md: `--keep-going` reports every error, "then how many
    /// there were": one too.
    @Test func keepGoingCountsASingleErrorToo() throws {
        let scratch = try Scratch()
        try scratch.write(
            "one.cellkit", "load BasicCells\nscreen A width=20\nrow TxtCell\nrow TextCell text=ok\nrender\n")
        let result = try scratch.cellkit(["run", "one.cellkit", "--keep-going"])
        #expect(result.status == 1)
        #expect(result.standardOutput == "ok\n")
        #expect(result.standardError.contains("one.cellkit:3:5: error: no cell named 'TxtCell'"))
        #expect(result.standardError.hasSuffix("\n1 error\n"))
        // Without --keep-going the run stops at the error, and no count follows it.
        let stop = try scratch.cellkit(["run", "one.cellkit"])
        #expect(!stop.standardError.contains("1 error\n"))
    }

    // MARK: - Several files

    @Test func filesRunInOneSessionAndErrorsNameTheirFile() throws {
        let scratch = try Scratch()
        try scratch.write("a.cellkit", "load BasicCells\nscreen A width=20\nrow TextCell text=from-a\n")
        try scratch.write(
            "b.cellkit", "# b adds to A\nrow TextCell text=from-b\nrow TextCell text=x wrap=maybe\nrender A\n")
        let stop = try scratch.cellkit(["run", "a.cellkit", "b.cellkit"])
        #expect(stop.status == 1)
        #expect(stop.standardOutput == "")
        #expect(stop.standardError.contains("b.cellkit:3:26: error: wrap=: expected a Bool, got 'maybe'\n"))

        try scratch.write("c.cellkit", "row TextCel\n")
        let goOn = try scratch.cellkit(["run", "a.cellkit", "b.cellkit", "c.cellkit", "--keep-going"])
        #expect(goOn.status == 1)
        #expect(goOn.standardOutput == "from-a\nfrom-b\n")
        #expect(goOn.standardError.contains("b.cellkit:3:26: error: "))
        #expect(goOn.standardError.contains("c.cellkit:1:5: error: no cell named 'TextCel'"))
        #expect(goOn.standardError.hasSuffix("2 errors\n"))
    }

    @Test func anErrorInAnOpenedFileIsPositionedInIt() throws {
        let scratch = try Scratch()
        try scratch.write(
            "inner/screens.cellkit", "screen Inner\nrow TextCell text=ok\nrow TextCell alignment=middle\n")
        try scratch.write("main.cellkit", "load BasicCells\n\nopen inner/screens.cellkit\nrender Inner\n")
        let result = try scratch.cellkit(["run", "main.cellkit"])
        #expect(result.status == 1)
        #expect(
            result.standardError.hasSuffix(
                """
                inner/screens.cellkit:3:24: error: alignment=: 'middle' is not one of left, center, right
                  row TextCell alignment=middle
                                         ^~~~~~
                  TextCell.alignment is one of left, center, right
                main.cellkit:3:6: note: in inner/screens.cellkit, opened here; nothing of it was kept
                  open inner/screens.cellkit
                       ^~~~~~~~~~~~~~~~~~~~~

                """))
    }

    // MARK: - -c and standard input

    @Test func dashCRunsCommandsNamedCommandLine() throws {
        let ok = try CellKitProcess.run(["-c", "load BasicCells\nscreen A width=12\nrow TextCell text=hi\nrender"])
        #expect(ok.status == 0)
        #expect(ok.standardOutput == "hi\n")
        let bad = try CellKitProcess.run(["-c", "screen A\nrender B"])
        #expect(bad.status == 1)
        #expect(bad.standardError.hasPrefix("<command line>:2:8: error: no screen named 'B'\n"))
    }

    /// `;` is not a command separator: the first (and only) error says so,
    /// at the `;`, instead of one error per word read as an argument.
    @Test func aSemicolonBetweenCommandsIsOneErrorThatSaysSo() throws {
        let result = try CellKitProcess.run(["-c", "screen S width=30; row TextCell text=hi"])
        #expect(result.status == 1)
        #expect(
            result.standardError == """
                <command line>:1:18: error: ';' does not separate commands
                  screen S width=30; row TextCell text=hi
                                   ^
                  put each command on a line of its own (in -c, a newline inside the quotes, or one -c per command)

                """)
        // Quoted, it is text; -c again is the next line.
        let ok = try CellKitProcess.run([
            "-c", "load BasicCells", "-c", "screen S width=30", "-c", "row TextCell text=\"a; row\"", "-c", "render",
        ])
        #expect(ok.status == 0)
        #expect(ok.standardOutput == "a; row\n")
    }

    @Test func aScriptOnStandardInputRunsWhenItIsNotATerminal() throws {
        let ok = try CellKitProcess.run([], input: Self.good)
        #expect(ok.status == 0)
        #expect(ok.standardOutput == "Hello, batch\n")
        let bad = try CellKitProcess.run([], input: "load BasicCells\nscren A\n")
        #expect(bad.status == 1)
        #expect(bad.standardError.contains("<stdin>:2:1: error: unknown command 'scren'\n"))
        let dash = try CellKitProcess.run(["run", "-"], input: Self.good)
        #expect(dash.status == 0)
        #expect(dash.standardOutput == "Hello, batch\n")
    }
}
