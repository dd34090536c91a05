import CellKitSupport
import Foundation
import Glibc
import TestSupport
import Testing

/// No hang from hostile plugins (issue 21): every wait on a worker or a
/// scanner has a deadline, Ctrl-C ends it, and the child is ended with its
/// whole process group; what a worker prints is kept bounded in memory and
/// on disk.
///
/// Every run here is under a hard limit (``HardLimitRun``): past it the
/// session is killed and the test fails, long before a hang would end.
/// The fixtures: `Crashy` (Tests/Fixtures/README.md) with `mode=close`,
/// `fork`, `flood`, and `CELLKIT_FIXTURE_CRASHY_REGISTER`; the preloaded
/// `libcellkit-fixture-stops-worker.so`.
@Suite(.serialized) struct WorkerHangTests {
    static let crashy = BuiltPlugins.library("cellkit-fixture-crashy")
    static let stopsWorker = BuiltPlugins.library("cellkit-fixture-stops-worker")

    /// A script whose second screen fails as `mode` says, between two that work.
    static func script(mode: String) -> String {
        """
        load \(crashy)
        load BasicCells
        screen S width=40
        row TextCell text="before"
        render
        screen F width=40
        row CrashCell mode=\(mode)
        render
        screen T width=40
        row TextCell text="still alive"
        render

        """
    }

    /// Item 1: a plugin that closes the worker's socket and sleeps, while
    /// drawing: the session stops it at the time limit and goes on.
    @Test func aPluginThatClosesItsSocketWhileDrawingIsStopped() throws {
        let run = try HardLimitRun(
            ["run", "--keep-going", "crash.cellkit"], files: ["crash.cellkit": Self.script(mode: "close")],
            environment: ["CELLKIT_TIMEOUT": "2"])
        #expect(run.status == 3, "\(run.standardError)")
        #expect(run.standardOutput == "before\nstill alive\n")
        #expect(
            run.standardError.contains(
                "plugin Crashy closed its connection to the session and did not end within 2 s, so it was stopped "
                    + "while drawing row 1 of screen F (CrashCell)"), "\(run.standardError)")
        #expect(run.leftOver.isEmpty, "processes left running: \(run.leftOver)")
    }

    /// Item 1, in `register`: the load fails, the session goes on.
    @Test func aPluginThatClosesItsSocketWhileRegisteringIsStopped() throws {
        let run = try HardLimitRun(
            [
                "--keep-going", "-c",
                "load \(Self.crashy)\nload BasicCells\nscreen T width=20\nrow TextCell text=after\nrender",
            ],
            environment: ["CELLKIT_TIMEOUT": "2", "CELLKIT_FIXTURE_CRASHY_REGISTER": "close"])
        #expect(run.status == 3, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "the plugin \(Self.crashy) closed its connection to the session and did not end within 2 s, so it "
                    + "was stopped while it was loading"), "\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("after\n"), "\(run.standardOutput)")
        #expect(run.leftOver.isEmpty, "processes left running: \(run.leftOver)")
    }

    // Item 1 at the prompt (Ctrl-C ends the wait for a worker that closed its
    // socket) is `WorkerIsolationTests.ctrlCEndsAHangAtThePrompt(mode: "close")`.

    /// The plugin directory `cellkit plugins` scans, with the fixture in it as `libCrashy.so`.
    static func pluginDirectory(in run: HardLimitRun.Home) throws -> String {
        let directory = run.path + "/plugins"
        try createDirectories(directory)
        _ = chmod(directory, 0o755)
        try atomicWrite(directory + "/libCrashy.so", try readFile(crashy))
        _ = chmod(directory + "/libCrashy.so", 0o755)
        return directory
    }

    /// Item 2: the scanner's child closes every descriptor and sleeps while
    /// it registers: `cellkit plugins` lists it as broken at the scan limit.
    @Test func aPluginThatClosesEveryDescriptorWhileScannedIsListedAsBroken() throws {
        let home = try HardLimitRun.Home()
        let plugins = try Self.pluginDirectory(in: home)
        let run = try HardLimitRun(
            ["plugins"], home: home,
            environment: [
                "CELLKIT_PLUGIN_PATH": plugins, "CELLKIT_SCAN_TIMEOUT": "1",
                "CELLKIT_FIXTURE_CRASHY_REGISTER": "close-all",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        let line = try #require(run.standardOutput.split(separator: "\n").first { $0.hasPrefix("Crashy ") })
        #expect(
            line.contains(
                "broken: did not finish registering within 1 s (the scanner's time limit, CELLKIT_SCAN_TIMEOUT)"),
            "\(line)")
        #expect(run.standardOutput.contains("BasicCells "))
        #expect(run.leftOver.isEmpty, "processes left running: \(run.leftOver)")
    }

    /// Item 2 at the prompt: Ctrl-C ends `plugins` while a scan hangs, long
    /// before the scan limit (120 s); the interrupted scan is not kept in the
    /// cache, so the next listing scans the plugin again.
    @Test func ctrlCEndsAScanThatHangsAtThePrompt() throws {
        let home = try HardLimitRun.Home()
        let plugins = try Self.pluginDirectory(in: home)
        let repl = try PTYSession.start(
            home: home.path, ownsHome: false,
            environment: [
                "CELLKIT_PLUGIN_PATH": plugins, "CELLKIT_SCAN_TIMEOUT": "120",
                "CELLKIT_FIXTURE_CRASHY_REGISTER": "close-all",
            ])
        try repl.waitForPrompt()
        try repl.type("plugins")
        Thread.sleep(forTimeInterval: 1)
        try repl.send(PTYSession.control("c"))
        try repl.waitForPrompt(timeout: .seconds(10))
        try repl.type("quit")
        #expect(try repl.waitForExit() == 0)
        let run = try HardLimitRun(["plugins"], home: home, environment: ["CELLKIT_PLUGIN_PATH": plugins])
        let line = try #require(run.standardOutput.split(separator: "\n").first { $0.hasPrefix("Crashy ") })
        #expect(line.contains(" available "), "\(line)")
    }

    /// Item 16: a plugin that prints while it registers is scanned as it
    /// loads: its prints do not reach the scanner's answer.
    @Test func aPluginThatPrintsWhileScannedIsListed() throws {
        let home = try HardLimitRun.Home()
        let plugins = try Self.pluginDirectory(in: home)
        let run = try HardLimitRun(
            ["plugins"], home: home,
            environment: ["CELLKIT_PLUGIN_PATH": plugins, "CELLKIT_FIXTURE_CRASHY_REGISTER": "print"])
        #expect(run.status == 0, "\(run.standardError)")
        let line = try #require(run.standardOutput.split(separator: "\n").first { $0.hasPrefix("Crashy ") })
        #expect(line.contains(" available "), "\(line)")
        #expect(line.contains("1 cell"), "\(line)")
        #expect(!run.standardOutput.contains("says hello"))
    }

    /// Item 3: a worker stopped (SIGSTOP) before it says hello is ended at
    /// the time limit; the command fails and the session goes on.
    @Test(
        .disabled(
            if: CellKitProcess.sanitizerOptions["ASAN_OPTIONS"] != nil,
            "under AddressSanitizer the preloaded C fixture is instrumented, and the uninstrumented /bin/sh the run starts cannot load it; the plain pass of .ci/run runs this test"
        ))
    func aWorkerStoppedBeforeItSaysHelloIsEnded() throws {
        let environment = [
            "CELLKIT_TIMEOUT": "2", "CELLKIT_FIXTURE_STOP_WORKER": "1", "LD_PRELOAD": Self.stopsWorker,
        ]
        let run = try HardLimitRun(
            ["--keep-going", "-c", "load BasicCells\nscreen After\nscreens"], environment: environment)
        #expect(run.status == 3, "\(run.standardError)")
        #expect(
            run.standardError.contains("could not start: it did not say hello within 2 s, so it was stopped"),
            "\(run.standardError)")
        #expect(run.standardOutput.contains("After"))
        #expect(run.leftOver.isEmpty, "processes left running: \(run.leftOver)")
    }

    /// Item 4: a plugin that forks a child holding the socket, then
    /// aborts: reported as the abort at once, and the child dies with it.
    @Test func aPluginThatForksAndCrashesIsReportedAndItsChildEnded() throws {
        let run = try HardLimitRun(
            ["run", "--keep-going", "crash.cellkit"], files: ["crash.cellkit": Self.script(mode: "fork")],
            environment: ["CELLKIT_TIMEOUT": "5"])
        #expect(run.status == 3, "\(run.standardError)")
        #expect(run.standardOutput == "before\nstill alive\n")
        #expect(
            run.standardError.contains(
                "plugin Crashy crashed (SIGABRT, an abort) while drawing row 1 of screen F (CrashCell)"),
            "\(run.standardError)")
        #expect(!run.standardError.contains("made no progress"))
        #expect(run.leftOver.isEmpty, "processes left running: \(run.leftOver)")
    }

    /// Item 5: a plugin that prints 160 MiB, then traps: the session keeps
    /// the last of it (its memory stays far below what was printed), the
    /// log on disk is capped at 2 × 1 MiB, and the trap message is found.
    @Test func aPluginThatFloodsItsLogCostsBoundedMemoryAndDisk() throws {
        let home = try HardLimitRun.Home()
        let run = try HardLimitRun(
            ["run", "--keep-going", "crash.cellkit"], home: home, files: ["crash.cellkit": Self.script(mode: "flood")],
            environment: ["CELLKIT_TIMEOUT": "5", "CELLKIT_FIXTURE_FLOOD_MIB": "160"])
        #expect(run.status == 3, "\(run.standardError)")
        #expect(run.standardOutput == "before\nstill alive\n")
        #expect(run.standardError.contains("plugin Crashy crashed (SIGILL, a trap)"), "\(run.standardError)")
        #expect(run.standardError.contains("Fatal error: CrashCell flooded its log"), "\(run.standardError)")
        // The session's peak: nowhere near the 160 MiB printed (AddressSanitizer's shadow memory and
        // quarantine make any peak meaningless, so its pass checks the disk only).
        if CellKitProcess.sanitizerOptions["ASAN_OPTIONS"] == nil {
            #expect(run.sessionPeakKiB < 100 << 10, "\(run.sessionPeakKiB) KiB")
        }
        let workers = home.path + "/state/cellkit/workers"
        let sizes = try listDirectory(workers).filter { $0.contains(".log") }.map {
            try #require(try fileInfo(workers + "/" + $0)).size
        }
        #expect(!sizes.isEmpty)
        #expect(sizes.reduce(0, +) <= 2 << 20 + 64 << 10, "\(sizes)")
    }

    /// Item 8: a time limit from the environment out of range is a warning
    /// that names the variable and the range, never a trap.
    @Test(arguments: ["2147484", "0", "-3", "ten", "99999999999999999999"])
    func aTimeoutOutOfRangeIsAWarning(_ value: String) throws {
        let run = try HardLimitRun(["-c", "load BasicCells"], environment: ["CELLKIT_TIMEOUT": value])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "cellkit: warning: CELLKIT_TIMEOUT must be a whole number of seconds from 1 to 86400, not '\(value)'; using 10"
            ), "\(run.standardError)")
        #expect(run.standardError.contains("loaded BasicCells"))
    }

    @Test(arguments: ["nan", "inf", "1e300", "0", "-1", "soon"])
    func aScanTimeoutOutOfRangeIsAWarning(_ value: String) throws {
        let run = try HardLimitRun(["plugins"], environment: ["CELLKIT_SCAN_TIMEOUT": value])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "cellkit: warning: CELLKIT_SCAN_TIMEOUT must be a number of seconds from 0.1 to 86400, not '\(value)'; using 10"
            ), "\(run.standardError)")
        #expect(run.standardOutput.contains("BasicCells "))
    }

    /// Item 6: a hang is stopped once the time limit has passed since the
    /// last progress, not up to twice the limit later.
    @Test func aHangIsStoppedAtTheTimeLimit() throws {
        let run = try HardLimitRun(
            ["run", "--keep-going", "crash.cellkit"], files: ["crash.cellkit": Self.script(mode: "hang")],
            environment: ["CELLKIT_TIMEOUT": "6"])
        #expect(run.status == 3, "\(run.standardError)")
        #expect(run.standardError.contains("made no progress for 6 s"), "\(run.standardError)")
        // The whole run (two workers, three renders) within the limit and a margin of 4.5 s,
        // well under twice the limit (12 s), where a hang that began just after a look ended.
        #expect(run.elapsed < .seconds(10.5), "\(run.elapsed)")
    }
}

/// A run of the built `cellkit` under a hard limit: past `limit` the session
/// is killed (SIGKILL) and the run throws. It records what the session
/// printed, how long it took, the most memory it held, and the processes it
/// started that are still running afterwards.
struct HardLimitRun {
    /// A home directory (and XDG state and cache under it), removed with the last copy.
    final class Home: Sendable {
        let path: String
        init() throws { path = try CellKitProcess.temporaryDirectory() }
        deinit { TemporaryDirectory.removeTree(path) }
    }

    struct TimedOut: Error, CustomStringConvertible {
        var arguments: [String]
        var output: String
        var description: String { "cellkit \(arguments.joined(separator: " ")) did not end in time: \(output)" }
    }

    var status: Int32
    var standardOutput: String
    var standardError: String
    var elapsed: Duration
    /// The session's peak resident memory (`VmHWM`), as last seen while it ran (looked at
    /// every 100 ms; the mark only grows). Not `ru_maxrss`: a child started with
    /// `posix_spawn` shares the test process's memory until it `exec`s, and counts its peak.
    var sessionPeakKiB: Int
    /// Processes started by the run (they carry its tag) still running a moment after it ended.
    var leftOver: [String]

    init(
        _ arguments: [String], home: Home? = nil, files: [String: String] = [:], environment: [String: String] = [:],
        limit: Duration = .seconds(30)
    ) throws {
        let home = try home ?? Home()
        for (name, text) in files { try atomicWrite(home.path + "/" + name, text) }
        let tag = "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        var env = [
            "HOME": home.path, "PATH": "/usr/bin:/bin", "XDG_STATE_HOME": home.path + "/state",
            "XDG_CACHE_HOME": home.path + "/cache", "CELLKIT_TEST_RUN": tag,
        ]
        for (key, value) in environment { env[key] = value }
        for (key, value) in CellKitProcess.sanitizerOptions where env[key] == nil { env[key] = value }
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw CellKitProcess.SpawnError.pipe }
        for descriptor in outPipe + errPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let clock = ContinuousClock()
        let start = clock.now
        let started = Result {
            try ChildProcess.start(
                [CellKitProcess.executable] + arguments, directory: home.path, environment: env,
                output: .descriptor(outPipe[1]), error: .descriptor(errPipe[1]))
        }
        close(outPipe[1])
        close(errPipe[1])
        let pid = try started.get()
        var out: [UInt8] = []
        var err: [UInt8] = []
        var fds = [
            pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0),
            pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0),
        ]
        var chunk = [UInt8](repeating: 0, count: 65536)
        var killed = false
        var peak = 0
        while fds.contains(where: { $0.fd >= 0 }) {
            if clock.now - start > limit {
                kill(pid, SIGKILL)
                killed = true
                break
            }
            peak = Self.peakKiB(of: pid) ?? peak
            if poll(&fds, 2, 100) <= 0 { continue }
            for i in 0..<2 where fds[i].fd >= 0 && fds[i].revents != 0 {
                let n = read(fds[i].fd, &chunk, chunk.count)
                if n > 0 {
                    if i == 0 { out += chunk[..<n] } else { err += chunk[..<n] }
                } else {
                    close(fds[i].fd)
                    fds[i].fd = -1
                }
            }
        }
        for fd in fds where fd.fd >= 0 { close(fd.fd) }
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR {}
        elapsed = clock.now - start
        if killed {
            throw TimedOut(arguments: arguments, output: String(decoding: out + err, as: UTF8.self))
        }
        status = waitStatus & 0x7F == 0 ? (waitStatus >> 8) & 0xFF : 128 + (waitStatus & 0x7F)
        standardOutput = String(decoding: out, as: UTF8.self)
        standardError = String(decoding: err, as: UTF8.self)
        sessionPeakKiB = peak
        // A worker whose session is gone notices within 200 ms.
        Thread.sleep(forTimeInterval: 0.5)
        leftOver = Self.processes(tagged: tag)
    }

    /// `VmHWM` of a running process, in KiB.
    static func peakKiB(of pid: pid_t) -> Int? {
        let status = TemporaryDirectory.readText("/proc/\(pid)/status") ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.dropFirst(6).filter(\.isNumber))
    }

    /// The processes whose environment holds `CELLKIT_TEST_RUN=tag`: "pid command line".
    static func processes(tagged tag: String) -> [String] {
        let wanted = "CELLKIT_TEST_RUN=\(tag)"
        return ((try? listDirectory("/proc")) ?? []).compactMap { name -> String? in
            // A zombie's environment reads as empty: only running processes are found.
            guard pid_t(name) != nil, let environ = TemporaryDirectory.readText("/proc/\(name)/environ"),
                environ.split(separator: "\0").contains(where: { $0 == wanted })
            else { return nil }
            let command = TemporaryDirectory.readText("/proc/\(name)/cmdline") ?? ""
            return "\(name) \(command.split(separator: "\0").joined(separator: " "))"
        }
    }
}
