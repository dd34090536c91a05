import CellKitSupport
import Glibc
import TestSupport
import Testing

/// Issue 21: every signal that ends a run in the middle of a write removes the
/// temporary file; SIGPIPE does not end the session (it would end it with no word
/// when the worker's socket closes); a closed standard output ends the run quietly,
/// as SIGPIPE would; an output path that is a dangling or looping symbolic link is
/// refused and kept; a cellkit size limit gives no `ulimit -f` hint.
@Suite struct OutputSignalTests {
    /// A render that takes a while to write (200,000 rows), to signal it mid-write.
    static func longRender(in s: Scratch) throws {
        try s.write("doc.cellkit", "screen S width=30\nrows TextCell from \"data.csv\" text=.name\n")
        try s.write("data.csv", "name\n" + (0..<200_000).map { "row \($0)\n" }.joined())
    }

    /// Starts the long render of `longRender` to `out.txt`, with `signals` at their
    /// default action and unblocked (the test runner may ignore or block them), the
    /// `environment` added to a plain one and standard error where `error` says, and
    /// waits (60 s at most) until its temporary file is there.
    static func startWriting(
        in s: Scratch, signals: [Int32], environment: [String: String] = [:],
        error: TestSupport.ChildProcess.Stream = .null
    ) throws -> pid_t {
        let pid = try ChildProcess.start(
            [CellKitProcess.executable, "render", "doc.cellkit#S", "-o", "out.txt", "--format", "plain"],
            directory: s.directory,
            environment: ["HOME": s.directory, "PATH": "/usr/bin:/bin"].merging(environment) { $1 }, error: error,
            defaultSignals: signals)
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while !s.list().contains(where: { $0.hasPrefix(".out.txt.tmp-") }) && clock.now < deadline {
            usleep(10_000)
        }
        return pid
    }

    /// SIGXCPU (what `ulimit -t` sends), SIGUSR1, SIGALRM and the other signals that
    /// end a process (35 is SIGRTMIN + 1, a real-time signal), sent while the output is
    /// being written: the run ends by that signal, and neither the temporary file nor a
    /// partial out.txt is left.
    @Test(arguments: [SIGXCPU, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGHUP, SIGQUIT, Int32(35)])
    func aSignalMidWriteLeavesNoTemporaryFile(_ signal: Int32) throws {
        let s = try Scratch()
        try Self.longRender(in: s)
        let pid = try Self.startWriting(in: s, signals: [signal])
        #expect(s.list().contains { $0.hasPrefix(".out.txt.tmp-") }, "the render never started writing")
        kill(pid, signal)
        let status = ChildProcess.wait(pid)
        #expect(status == 128 + signal, "ended with status \(status)")
        #expect(!s.list().contains { $0.contains("out.txt") }, "\(s.list())")
    }

    /// The REPL's handlers do the same for these signals (SIGXCPU here), and give the
    /// terminal back: `render to FILE` of a long screen, signalled mid-write. So for a
    /// fault another process sent (`kill -SEGV`, issue 33, item 11): no crash report,
    /// and the session ends by that signal instead of going on.
    @Test(arguments: [SIGXCPU, SIGSEGV])
    func theREPLRemovesTheTemporaryFileOnASignal(_ signal: Int32) throws {
        let home = try PTYSession.makeHome()
        try atomicWrite(home + "/data.csv", "name\n" + (0..<200_000).map { "row \($0)\n" }.joined())
        let repl = try PTYSession.start(home: home, ownsHome: true)
        try repl.type("screen S width=30")
        try repl.type("rows TextCell from \"\(home)/data.csv\" text=.name")
        try repl.waitForPrompt()
        try repl.type("render to \"\(home)/out.txt\"")
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        func names() -> [String] { (try? listDirectory(home)) ?? [] }
        while !names().contains(where: { $0.hasPrefix(".out.txt.tmp-") }) && clock.now < deadline {
            usleep(10_000)
        }
        #expect(names().contains { $0.hasPrefix(".out.txt.tmp-") }, "the render never started writing")
        repl.signal(signal)
        #expect(try repl.waitForExit() == 128 + signal)
        #expect(!names().contains { $0.contains("out.txt") }, "\(names())")
        #expect(repl.isTerminalCooked)
        #expect(!repl.screen.history.contains("crashed"), "\(repl.screen.dump)")
    }

    /// SIGPIPE sent to the session while it writes: ignored (a write to a closed pipe
    /// fails instead), so the run goes on and writes its file whole.
    @Test func sigpipeDoesNotEndTheSession() throws {
        let s = try Scratch()
        try Self.longRender(in: s)
        let pid = try Self.startWriting(in: s, signals: [SIGPIPE])
        #expect(s.list().contains { $0.hasPrefix(".out.txt.tmp-") }, "the render never started writing")
        kill(pid, SIGPIPE)
        let status = ChildProcess.wait(pid)
        #expect(status == 0, "ended with status \(status)")
        #expect(s.list().filter { $0.contains("out.txt") } == ["out.txt"], "\(s.list())")
        #expect(s.read("out.txt")?.hasSuffix("row 199999\n") == true)
    }

    /// `cellkit run x.cellkit | head -1`: once the reader is gone, the run ends at the
    /// next write, quietly (no error for each later render), by SIGPIPE as `yes | head
    /// -1` does: the shell sees 141.
    @Test func aClosedStandardOutputEndsTheRunQuietly() throws {
        let s = try Scratch()
        try s.write("rows.csv", "name\n" + (0..<5000).map { "row \($0)\n" }.joined())
        try s.write(
            "many.cellkit",
            "screen S width=30\nrows TextCell from \"rows.csv\" text=.name\nrender\nrender\nrender\nrender\n")
        let result = try CellKitProcess.spawn(
            [
                "/bin/bash", "-c",
                "\"$0\" run many.cellkit 2>errors | head -1; echo \"${PIPESTATUS[0]} ${PIPESTATUS[1]}\"",
                CellKitProcess.executable,
            ], input: "", directory: s.directory, environment: ["HOME": s.directory, "PATH": "/usr/bin:/bin"])
        #expect(result.standardOutput == "row 0\n141 0\n", "\(result.standardOutput)")
        let errors = s.read("errors") ?? ""
        #expect(!errors.contains("error") && !errors.contains("Broken pipe"), "\(errors)")
    }

    // MARK: - Symbolic links as output paths

    /// `-o` onto a dangling symbolic link: refused (as `cp` refuses to write through
    /// one: it would create a file wherever the link says), and the link stays a link.
    @Test func aDanglingLinkIsRefusedAndKept() throws {
        let s = try Scratch()
        try s.write("doc.cellkit", "screen S width=30\nrow TextCell text=hello\n")
        #expect(symlink("missing/target.txt", s.path("out.txt")) == 0)
        let result = try s.cellkit(["render", "doc.cellkit#S", "-o", "out.txt", "--format", "plain"])
        #expect(result.status == 4)
        #expect(
            result.standardError.hasSuffix(
                "cellkit: error: cannot create 'out.txt': it is a symbolic link to 'missing/target.txt', which does "
                    + "not exist, and cellkit does not write through it (ENOENT); create the file it points to "
                    + "first, remove the link, or write to another file\n"), "\(result.standardError)")
        #expect((try? Path.linkTarget(s.path("out.txt"))) == "missing/target.txt")
        #expect(!fileExists(s.path("missing")))
        #expect(s.list() == ["doc.cellkit", "out.txt"])
    }

    /// A link that leads back to itself: refused, kept.
    @Test func aLoopingLinkIsRefusedAndKept() throws {
        let s = try Scratch()
        try s.write("doc.cellkit", "screen S width=30\nrow TextCell text=hello\n")
        #expect(symlink("out.txt", s.path("out.txt")) == 0)
        let result = try s.cellkit(["render", "doc.cellkit#S", "-o", "out.txt", "--format", "plain"])
        #expect(result.status == 4)
        #expect(
            result.standardError.contains(
                "cannot create 'out.txt': it is a symbolic link (to 'out.txt') that leads back to itself (ELOOP)"))
        #expect((try? Path.linkTarget(s.path("out.txt"))) == "out.txt")
    }

    /// A link to an existing file in another folder: the file is replaced (its
    /// temporary file made in its own folder), the link kept.
    @Test func aLinkToAFileWritesTheFileAndKeepsTheLink() throws {
        let s = try Scratch()
        try s.write("doc.cellkit", "screen S width=30\nrow TextCell text=hello\n")
        try s.write("elsewhere/real.txt", "old\n")
        #expect(symlink("elsewhere/real.txt", s.path("out.txt")) == 0)
        let result = try s.cellkit(["render", "doc.cellkit#S", "-o", "out.txt", "--format", "plain"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect((try? Path.linkTarget(s.path("out.txt"))) == "elsewhere/real.txt")
        #expect(s.read("elsewhere/real.txt") == "hello\n")
        #expect(try listDirectory(s.path("elsewhere")) == ["real.txt"])
    }

    // MARK: - Size limits

    /// A data file of 300 MB (sparse, so nothing is written) is not refused for
    /// its size: its first record, 300 MB of NUL bytes, is past the limit for
    /// one record, an error at its line with the fix, and nothing about
    /// `ulimit -f`, which belongs to EFBIG from the system's file size limit
    /// on a write only.
    @Test func aDataRecordOverTheLimitGivesNoUlimitHint() throws {
        let s = try Scratch()
        try s.write("doc.cellkit", "screen S width=30\nrows TextCell from \"big.csv\" text=.name\nrender\n")
        let big = try s.write("big.csv", "name\n")
        #expect(truncate(big, 300_000_000) == 0)
        let result = try s.cellkit(["run", "doc.cellkit"])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "big.csv:2:1: error: record 1 is larger than 16 MiB, the limit for one record (docs/limits.md)\n"),
            "\(result.standardError)")
        #expect(result.standardError.contains("a quote left open makes the rest of the file one field"))
        #expect(!result.standardError.contains("limit for a data file"))
        #expect(!result.standardError.contains("ulimit"))
    }
}
