import CellKitSupport
import Glibc
import TestSupport
import Testing

/// A fault signal another process sends (`kill -SEGV`, `kill -BUS`) is no
/// crash (issue 33, item 11): it ends cellkit as a terminating signal does —
/// the temporary file of a write removed, the children ended, the terminal
/// given back, death by that signal — never a crash report followed by the
/// run going on and failing for the file the handler removed.
@Suite struct SentFaultSignalTests {
    @Test(arguments: [SIGSEGV, SIGBUS, SIGILL, SIGFPE])
    func aFaultSentMidWriteEndsTheRunByThatSignal(_ signal: Int32) throws {
        let s = try Scratch()
        try OutputSignalTests.longRender(in: s)
        let tag = "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        var environment = ["HOME": s.directory, "PATH": "/usr/bin:/bin", "CELLKIT_TEST_RUN": tag]
        for (key, value) in CellKitProcess.sanitizerOptions { environment[key] = value }
        let pid = try ChildProcess.start(
            [CellKitProcess.executable, "render", "doc.cellkit#S", "-o", "out.txt", "--format", "plain"],
            directory: s.directory, environment: environment, error: .file(s.path("stderr.txt")),
            defaultSignals: [signal])
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while !s.list().contains(where: { $0.hasPrefix(".out.txt.tmp-") }) && clock.now < deadline {
            usleep(10_000)
        }
        #expect(s.list().contains { $0.hasPrefix(".out.txt.tmp-") }, "the render never started writing")
        kill(pid, signal)
        let status = ChildProcess.wait(pid)
        #expect(status == 128 + signal, "ended with status \(status)")
        let errors = s.read("stderr.txt") ?? ""
        #expect(!errors.contains("crashed") && !errors.contains("Backtracing"), "\(errors)")
        #expect(!errors.contains("error:"), "\(errors)")
        #expect(!s.list().contains { $0.contains("out.txt") }, "\(s.list())")
        let left = ProcessLifetimeTests.leftOver(tag: tag, patience: .seconds(10))
        #expect(left.isEmpty, "left running: \(left)")
    }

    /// At the prompt: the REPL's handlers do the same, and give the terminal back.
    @Test func aFaultSentToTheREPLEndsItByThatSignal() throws {
        let home = try PTYSession.makeHome()
        try atomicWrite(home + "/data.csv", "name\n" + (0..<200_000).map { "row \($0)\n" }.joined())
        let repl = try PTYSession.start(home: home, ownsHome: true)
        try repl.type("screen S width=30")
        try repl.type("rows TextCell from \"\(home)/data.csv\" text=.name")
        try repl.waitForPrompt()
        try repl.type("render to \"\(home)/out.txt\"")
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        func writing() -> Bool { ((try? listDirectory(home)) ?? []).contains { $0.hasPrefix(".out.txt.tmp-") } }
        while !writing() && clock.now < deadline { usleep(10_000) }
        #expect(writing(), "the render never started writing")
        repl.signal(SIGSEGV)
        #expect(try repl.waitForExit() == 128 + SIGSEGV)
        #expect(repl.isTerminalCooked)
        #expect(!repl.screen.history.contains("crashed"), "\(repl.screen.dump)")
        #expect(!((try? listDirectory(home)) ?? []).contains { $0.contains("out.txt") })
    }
}
