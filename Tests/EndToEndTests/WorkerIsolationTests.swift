import CellKitSupport
import Foundation
import Glibc
import TestSupport
import Testing

/// Plugins that take their process down do not take the session with them
/// (issue 9): plugin code runs in a worker process; when it dies, the
/// command that was running fails with one error that names the plugin, the
/// cell and the row, and the next command works.
///
/// The fixtures (Tests/Fixtures/README.md): `Crashy`'s `CrashCell` traps
/// while it is configured (`mode=trap`), dereferences a bad pointer while it
/// draws (`mode=segv`) or never finishes drawing (`mode=hang`);
/// `TrapsInRegister` traps while it registers.
@Suite(.serialized) struct WorkerIsolationTests {
    static let crashy = BuiltPlugins.library("cellkit-fixture-crashy")
    static let trapsInRegister = BuiltPlugins.library("cellkit-fixture-traps-in-register")

    /// A script whose second screen fails as `failing` says, between two that work.
    static func script(_ failing: String) -> String {
        """
        load \(crashy)
        load BasicCells
        screen S width=40
        row TextCell text="before"
        render
        \(failing)
        screen T width=40
        row TextCell text="still alive"
        render

        """
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var failing: String
        var message: String
        var printed: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "trap in configure", failing: "screen F width=40\nrow CrashCell mode=trap\nrender",
            message: "plugin Crashy crashed (SIGILL, a trap) while configuring row 1 of screen F (CrashCell)",
            printed: "Fatal error: CrashCell was told to trap"),
        Case(
            name: "segfault in draw", failing: "screen F width=40\nrow CrashCell mode=segv\nrender",
            message: "plugin Crashy crashed (SIGSEGV, a bad memory access) while drawing row 1 of screen F (CrashCell)",
            printed: "Program crashed: Bad pointer dereference"),
        Case(
            name: "endless loop in draw", failing: "screen F width=40\nrow CrashCell mode=hang\nrender",
            message:
                "plugin Crashy made no progress for 1 s and was stopped while drawing row 1 of screen F (CrashCell)",
            printed: nil),
        Case(
            name: "trap in register", failing: "load \(trapsInRegister)",
            message: "crashed (SIGILL, a trap) while it was loading",
            printed: "Fatal error: TrapsInRegister traps while it registers"),
    ]

    @Test(arguments: cases) func theRestOfTheScriptRunsUnderKeepGoing(_ test: Case) throws {
        let scratch = try Scratch()
        try scratch.write("crash.cellkit", Self.script(test.failing))
        let result = try scratch.cellkit(
            ["run", "--keep-going", "crash.cellkit"], environment: ["CELLKIT_TIMEOUT": "1"])
        // Exit 3: a plugin error (docs/batch.md).
        #expect(result.status == 3, "\(result.standardError)")
        #expect(result.standardOutput == "before\nstill alive\n")
        #expect(result.standardError.contains("crash.cellkit:"))
        #expect(result.standardError.contains(test.message), "\(result.standardError)")
        // (Under AddressSanitizer the worker runs without Swift's backtracer, which
        // prints what a bad pointer dereference was: docs/safety.md.)
        let backtracer = getenv("ASAN_OPTIONS") == nil
        if let printed = test.printed, backtracer || printed.hasPrefix("Fatal error") {
            #expect(result.standardError.contains("it printed: "))
            #expect(result.standardError.contains(printed))
            #expect(result.standardError.contains("all it printed is in "))
        }
        // One error, no backtrace on the terminal.
        #expect(!result.standardError.contains("Thread 0"))
        #expect(result.standardError.split(separator: "\n").count < 12, "\(result.standardError)")
    }

    /// A cell whose `sizeThatFits` says `Int.max` is drawn cut to 1,000
    /// lines (it trapped the host with an overflow once), and the render
    /// reports the plugin's error; the script goes on.
    @Test func aCellThatSaysItIsEnormousIsCutAndReported() throws {
        let scratch = try Scratch()
        try scratch.write(
            "huge.cellkit", Self.script("screen F width=40\nrow CrashCell mode=huge text=tall\nrender"))
        let result = try scratch.cellkit(["run", "--keep-going", "huge.cellkit"])
        #expect(result.status == 3, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "before")
        #expect(lines.count == 1 + 1_000 + 1 + 1, "before, 1,000 lines of the cut row, still alive, and the end")
        #expect(result.standardOutput.hasSuffix("still alive\n"))
        #expect(
            result.standardError.contains(
                "CrashCell said it is 9223372036854775807 lines tall at width 40; it is drawn cut to 1000 lines, the most a row may have"
            ), "\(result.standardError)")
    }

    @Test func withoutKeepGoingTheRunStopsAtTheCrashWithExitThree() throws {
        let scratch = try Scratch()
        try scratch.write("crash.cellkit", Self.script("screen F width=40\nrow CrashCell mode=trap\nrender"))
        let result = try scratch.cellkit(["run", "crash.cellkit"])
        #expect(result.status == 3)
        #expect(result.standardOutput == "before\n")
    }

    @Test func aPluginThatCrashedThreeTimesIsQuarantinedUntilForced() throws {
        let scratch = try Scratch()
        try scratch.write(
            "crash.cellkit",
            """
            load \(Self.crashy)
            screen F width=40
            row CrashCell mode=trap
            render
            render
            render
            render
            screen G width=40
            row CrashCell text="forgiven"
            render
            load \(Self.crashy) force=true
            render

            """)
        let result = try scratch.cellkit(["run", "--keep-going", "crash.cellkit"])
        #expect(result.status == 3)
        #expect(result.standardError.contains("crash.cellkit:6:1: error: plugin Crashy crashed"))
        #expect(result.standardError.contains("Crashy has crashed 3 times and is quarantined"))
        #expect(
            result.standardError.contains(
                "crash.cellkit:7:1: error: CrashCell belongs to Crashy, which is quarantined: the worker crashed 3 times in its code"
            ))
        #expect(
            result.standardError.contains(
                "crash.cellkit:10:1: error: CrashCell belongs to Crashy, which is quarantined"))
        #expect(result.standardOutput == "forgiven\n")
    }

    @Test func aWorkerThatDiesMidRenderLeavesNoOutputFile() throws {
        let scratch = try Scratch()
        try scratch.write("old.txt", "OLD\n")
        try scratch.write(
            "crash.cellkit",
            """
            load \(Self.crashy)
            screen F width=40
            row CrashCell text="fine"
            row CrashCell mode=segv
            render to old.txt

            """)
        let result = try scratch.cellkit(["run", "crash.cellkit"])
        #expect(result.status == 3)
        #expect(scratch.read("old.txt") == "OLD\n")
        #expect(scratch.list().filter { $0 != ".local" } == ["crash.cellkit", "old.txt"])
    }

    @Test func atThePromptTheSessionGoesOnAfterEachCrash() throws {
        let repl = try PTYSession.start(environment: ["CELLKIT_TIMEOUT": "1"])
        try repl.waitForPrompt()
        try repl.type("load \(Self.crashy)")
        try repl.waitForPrompt()
        try repl.type("screen S width=30")
        try repl.type("row CrashCell text=kept")
        for mode in ["trap", "segv", "hang"] {
            try repl.type("screen F\(mode) width=30")
            try repl.type("row CrashCell mode=\(mode)")
            try repl.type("render")
            try repl.waitFor("plugin Crashy")
            try repl.waitForPrompt()
            // The session, and the screens in it, are still there; a new worker draws.
            try repl.type("render S")
            try repl.waitFor("kept")
            try repl.waitForPrompt()
        }
        try repl.type("screens")
        try repl.waitFor("Fhang")
        try repl.type("load \(Self.trapsInRegister)")
        try repl.waitFor("while it was loading")
        try repl.waitForPrompt()
        try repl.type("quit")
        #expect(try repl.waitForExit() == 0)
    }

    /// A plugin that hangs, or that closes its socket and sleeps (issue 21,
    /// item 1), is ended by Ctrl-C long before the timeout (120 s): the
    /// command is reported as interrupted and the prompt comes back.
    @Test(arguments: ["hang", "close"]) func ctrlCEndsAHangAtThePrompt(mode: String) throws {
        let repl = try PTYSession.start(environment: ["CELLKIT_TIMEOUT": "120"])
        try repl.waitForPrompt()
        try repl.type("load \(Self.crashy)")
        try repl.waitForPrompt()
        try repl.type("screen H width=30")
        try repl.type("row CrashCell mode=\(mode)")
        try repl.type("render")
        try repl.waitFor("render")
        // Let the worker start drawing, then interrupt it.
        Thread.sleep(forTimeInterval: 1)
        try repl.send(PTYSession.control("c"))
        try repl.waitFor("was interrupted", timeout: .seconds(20))
        try repl.waitForPrompt()
        try repl.type("screen T width=30")
        try repl.type("row CrashCell text=afterwards")
        try repl.type("render")
        try repl.waitFor("afterwards")
        try repl.type("quit")
        #expect(try repl.waitForExit() == 0)
    }
}

/// The worker starts at the first command that needs a plugin, never before
/// (start-up stays lean): its folder of logs is made when it starts.
@Suite struct WorkerStartTests {
    @Test(arguments: [["-c", "quit"], ["-c", "help"], ["-c", "screen S\nsection Today\nscreens"], ["--version"]])
    func commandsThatNeedNoPluginStartNoWorker(_ arguments: [String]) throws {
        let scratch = try Scratch()
        let result = try scratch.cellkit(arguments, environment: ["XDG_STATE_HOME": scratch.path("state")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!fileExists(scratch.path("state/cellkit/workers")))
    }

    @Test func aCommandThatNeedsAPluginStartsOne() throws {
        let scratch = try Scratch()
        let result = try scratch.cellkit(
            ["-c", "load BasicCells"], environment: ["XDG_STATE_HOME": scratch.path("state")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(fileExists(scratch.path("state/cellkit/workers")))
        // A worker that ended well leaves no log behind.
        #expect(try listDirectory(scratch.path("state/cellkit/workers")).filter { $0.hasSuffix(".log") } == [])
    }
}

/// The guarantee itself, seen from outside: after plugins were loaded and
/// drawn at the prompt, no plugin library is mapped in the session's
/// process; they are in its worker's.
@Suite(.serialized) struct SessionProcessTests {
    /// The text of a file in /proc (whose size `stat` gives as 0).
    static func procText(_ path: String) -> String {
        TemporaryDirectory.readText(path) ?? ""
    }

    /// The processes whose parent is `pid`.
    static func children(of pid: pid_t) -> [pid_t] {
        ((try? listDirectory("/proc")) ?? []).compactMap { name -> pid_t? in
            guard let child = pid_t(name) else { return nil }
            // "PID (comm) STATE PPID ...": the parent is the second field after the ')'.
            let stat = procText("/proc/\(name)/stat")
            guard let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == pid ? child : nil
        }
    }

    @Test func noPluginLibraryIsMappedInTheSession() throws {
        let repl = try PTYSession.start()
        try repl.waitForPrompt()
        try repl.type("load BasicCells")
        try repl.type("load CardCells")
        try repl.type("screen S width=40")
        try repl.type("row TextCell text=mapped")
        try repl.type("row ProfileCell name=Ada")
        try repl.type("render")
        try repl.waitFor("╭─ Ada")
        try repl.waitForPrompt()
        // Every path that reaches plugin code: describe, show, reload, validate.
        try repl.type("describe ProfileCell")
        try repl.waitFor("name")
        try repl.type("show")
        try repl.wait(for: "the view") { $0.isAlternateScreen }
        try repl.send("q")
        try repl.waitForPrompt()
        try repl.type("reload")
        try repl.waitFor("reloaded")
        try repl.waitForPrompt()

        let session = Self.procText("/proc/\(repl.pid)/maps")
        #expect(session.contains("libCellKit.so"), "the session links the SDK")
        #expect(!session.contains("libBasicCells.so"))
        #expect(!session.contains("libCardCells.so"))

        let workers = Self.children(of: repl.pid).filter {
            Self.procText("/proc/\($0)/cmdline").contains("--worker")
        }
        #expect(workers.count == 1)
        if let worker = workers.first {
            let maps = Self.procText("/proc/\(worker)/maps")
            #expect(maps.contains("libBasicCells.so"))
            #expect(maps.contains("libCardCells.so"))
        }
        try repl.type("quit")
        #expect(try repl.waitForExit() == 0)
    }
}
