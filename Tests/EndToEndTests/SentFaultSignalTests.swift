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
        let pid = try OutputSignalTests.startWriting(
            in: s, signals: [signal],
            environment: CellKitProcess.sanitizerOptions.merging(["CELLKIT_TEST_RUN": tag]) { $1 },
            error: .file(s.path("stderr.txt")))
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

    // At the prompt: `OutputSignalTests.theREPLRemovesTheTemporaryFileOnASignal(SIGSEGV)`.
}
