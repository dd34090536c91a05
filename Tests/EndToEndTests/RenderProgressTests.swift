import CellKitSupport
import Glibc
import TestSupport
import Testing

/// A render that runs longer than a second shows its progress on a
/// terminal's standard error and erases it (issue 18, item 5); nothing of it
/// reaches a pipe, nor a run with `--quiet` or `--no-progress`. `--quiet`
/// drops the `loaded …` and `wrote …` notes, never an error.
@Suite struct RenderProgressTests {
    static let crashy = BuiltPlugins.library("cellkit-fixture-crashy")

    /// 3,000 rows of a cell that takes a millisecond each to draw: at least
    /// 1.5 s with two workers, on any machine.
    static func slowScript(in scratch: Scratch) throws {
        var csv = "text,mode\n"
        for i in 0..<3000 { csv += "r\(i),slow\n" }
        try scratch.write("slow.csv", csv)
        try scratch.write(
            "slow.cellkit",
            """
            load \(crashy)
            screen F width=30
            rows CrashCell from "slow.csv" text=.text mode=.mode
            render to out.txt

            """)
    }

    @Test func aLongRenderShowsProgressOnATerminalAndErasesIt() throws {
        let scratch = try Scratch()
        try Self.slowScript(in: scratch)
        let session = try PTYSession.start(["run", "-j", "2", "slow.cellkit"], directory: scratch.directory)
        try session.waitFor("of 3,000 rows")
        try session.waitFor("rows/s")
        #expect(try session.waitForExit() == 0)
        #expect(!session.screen.text.contains("rendering:"), "erased: \(session.screen.text)")
        #expect(session.screen.text.contains("wrote out.txt (plain, 30 columns)"))
        #expect(scratch.read("out.txt")?.split(separator: "\n").count == 3000)
    }

    /// `-q` silences the progress line with the notes, and `--no-progress`
    /// the progress line alone (issue 33, item 22), as `cargo -q` and `curl -s` do.
    @Test(arguments: [["-q"], ["--quiet"], ["--no-progress"]])
    func quietAndNoProgressShowNoProgressLine(_ flags: [String]) throws {
        let scratch = try Scratch()
        try Self.slowScript(in: scratch)
        let session = try PTYSession.start(["run", "-j", "2"] + flags + ["slow.cellkit"], directory: scratch.directory)
        #expect(try session.waitForExit(timeout: .seconds(60)) == 0)
        let transcript = String(decoding: session.transcript, as: UTF8.self)
        #expect(!transcript.contains("rendering:"), "\(transcript)")
        #expect(!transcript.contains("rows/s"))
        // --no-progress keeps the notes; -q drops them.
        #expect(transcript.contains("wrote out.txt") == (flags == ["--no-progress"]), "\(transcript)")
        #expect(scratch.read("out.txt")?.split(separator: "\n").count == 3000)
    }

    @Test func aPipeNeverSeesProgress() throws {
        let scratch = try Scratch()
        try Self.slowScript(in: scratch)
        let result = try scratch.cellkit(["run", "-j", "2", "slow.cellkit"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("rendering"))
        #expect(!result.standardError.contains("\u{1B}"))
        #expect(result.standardError.hasSuffix("wrote out.txt (plain, 30 columns)\n"))
        #expect(scratch.read("out.txt")?.split(separator: "\n").count == 3000)
    }

    @Test func quietDropsTheNotesButNotTheErrors() throws {
        let scratch = try Scratch()
        try scratch.write(
            "q.cellkit",
            """
            load BasicCells
            screen S width=20
            row TextCell text=hello
            render to out.txt
            row NoSuchCell

            """)
        let chatty = try scratch.cellkit(["run", "q.cellkit"])
        #expect(chatty.standardError.contains("loaded BasicCells"))
        #expect(chatty.standardError.contains("wrote out.txt"))
        for flag in ["--quiet", "-q"] {
            let quiet = try scratch.cellkit(["run", flag, "q.cellkit"])
            #expect(quiet.status == chatty.status)
            #expect(quiet.status != 0)
            #expect(!quiet.standardError.contains("loaded BasicCells"), "\(quiet.standardError)")
            #expect(!quiet.standardError.contains("wrote"), "\(quiet.standardError)")
            #expect(quiet.standardError.contains("q.cellkit:5:5: error:"), "\(quiet.standardError)")
            #expect(scratch.read("out.txt") == "hello\n")
        }
    }
}
