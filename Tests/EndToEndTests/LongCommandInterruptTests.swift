import CellKitSupport
import Foundation
import Glibc
import TestSupport
import Testing

/// Ctrl-C at the prompt stops a long command at once (issue 33, items 6 and
/// 7): a render shared by several workers, and the check pass of `rows` over
/// a large file. Nothing is written or added, the error says the command was
/// interrupted, and the session goes on.
@Suite struct LongCommandInterruptTests {
    /// Presses Ctrl-C, waits for `text` and the prompt (30 s at most): how long it took.
    static func interrupt(_ repl: PTYSession, until text: String) throws -> Duration {
        let clock = ContinuousClock()
        let sent = clock.now
        try repl.send(PTYSession.control("c"))
        try repl.waitFor(text, timeout: .seconds(30))
        try repl.waitForPrompt()
        return clock.now - sent
    }

    /// Item 7: `rows` over 200,000 JSON records, each value converted (a
    /// number, so every record is parsed and checked: seconds of work on any
    /// machine). Ctrl-C a moment in: the check stops, no row is added.
    @Test func ctrlCStopsTheCheckOfRowsAndAddsNothing() throws {
        let scratch = try Scratch()
        let count = 200_000
        var records: [String] = []
        records.reserveCapacity(count)
        for i in 0..<count { records.append("{\"v\": \(i % 100).5, \"t\": \"row \(i)\"}") }
        try scratch.write("big.json", "[\n" + records.joined(separator: ",\n") + "\n]\n")
        let repl = try PTYSession.start(columns: 160, directory: scratch.directory)
        try repl.waitForPrompt()
        try repl.type("screen S")
        try repl.type("load BasicCells")
        try repl.waitFor("loaded BasicCells")
        try repl.waitForPrompt()
        try repl.type("rows ProgressCell from \"big.json\" value=.v label=.t")
        // The line is read and the terminal is back in its normal mode (Ctrl-C is a signal).
        Thread.sleep(forTimeInterval: 1)
        let waited = try Self.interrupt(repl, until: "the check was interrupted (Ctrl-C)")
        // Well before the check could have ended (seconds more), with generous room for a loaded machine.
        #expect(waited < .seconds(5), "\(waited)")
        #expect(repl.screen.history.contains("no rows were added"), "\(repl.screen.dump)")
        try repl.type("screens")
        try repl.wait(for: "the list of screens") { $0.lines.contains { $0.hasPrefix("*  S ") } }
        let line = try #require(repl.screen.lines.first { $0.hasPrefix("*  S ") })
        #expect(!line.contains("\(count)"), "\(line)")
        try repl.type("quit")
        #expect(try repl.waitForExit() == 0)
    }

    /// Item 6: `render to FILE` shared by two workers, Ctrl-C while they draw:
    /// the render stops within moments, no file is written, no worker is
    /// left, and the error says it was interrupted. The rows are wide full
    /// bars, whose bytes keep each worker's socket busy: before, Ctrl-C was
    /// seen only when a socket had been idle for 100 ms, seconds later or
    /// never (the whole file written, as with fast rows on a release build).
    /// 400,000 rows: seconds of drawing even for a debug build on a quiet
    /// machine (60,000 were drawn whole in the second waited, once in a
    /// fresh clone's CI, before Ctrl-C was pressed).
    @Test func ctrlCStopsARenderSharedByWorkersAndWritesNothing() throws {
        let scratch = try Scratch()
        try scratch.write("many.csv", "t\n" + (0..<400_000).map { "row \($0)\n" }.joined())
        let repl = try PTYSession.start(["--jobs", "2"], directory: scratch.directory)
        try repl.waitForPrompt()
        try repl.type("load BasicCells")
        try repl.waitFor("loaded BasicCells")
        try repl.waitForPrompt()
        try repl.type("screen S width=500")
        try repl.type("rows ProgressCell from \"many.csv\" value=1 label=.t")
        try repl.waitForPrompt()
        try repl.type("render to out.txt")
        try repl.waitFor("rows/s")  // both workers are drawing
        Thread.sleep(forTimeInterval: 1)
        let waited = try Self.interrupt(repl, until: "was interrupted")
        // At once: between two chunks (a generous bound for a loaded machine; it was seconds, or the end).
        #expect(waited < .seconds(2.5), "\(waited)")
        #expect(scratch.read("out.txt") == nil)
        #expect(!scratch.list().contains { $0.hasPrefix(".out.txt") }, "\(scratch.list())")
        #expect(ParallelRenderTests.children(of: repl.pid).isEmpty)
        try repl.type("quit")
        #expect(try repl.waitForExit() == 0)
    }
}
