import CellKitSupport
import Foundation
import Glibc
import TestSupport
import Testing

/// Ctrl-C during `cellkit plugin install` ends the build with everything it
/// started (issue 21): the build runs in a process group of its own, which
/// cellkit kills before it ends by the signal. (Before, a SIGINT that
/// reached cellkit alone left `swift build` and its children running.)
@Suite struct PluginBuildHangTests {
    @Test func ctrlCDuringABuildEndsTheBuildWithCellKit() throws {
        let home = try HardLimitRun.Home()
        // A `swift` that builds forever: a shell with a child in the background.
        let bin = home.path + "/bin"
        try createDirectories(bin)
        try atomicWrite(bin + "/swift", "#!/bin/sh\nsleep 301 &\nsleep 302\n")
        #expect(chmod(bin + "/swift", 0o755) == 0)
        let package = home.path + "/package"
        try createDirectories(package)
        try atomicWrite(package + "/Package.swift", "// swift-tools-version:6.0\n")
        let tag = "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let pid = try ChildProcess.start(
            [CellKitProcess.executable, "plugin", "install", package], directory: home.path,
            environment: [
                "HOME": home.path, "PATH": bin + ":/usr/bin:/bin", "XDG_STATE_HOME": home.path + "/state",
                "XDG_CACHE_HOME": home.path + "/cache", "CELLKIT_TEST_RUN": tag,
            ].merging(CellKitProcess.sanitizerOptions) { given, _ in given },
            defaultSignals: [SIGINT])
        let clock = ContinuousClock()
        let start = clock.now
        var reaped = false
        defer {
            // Whatever happens, nothing is left running.
            for line in HardLimitRun.processes(tagged: tag) { kill(pid_t(line.prefix { $0 != " " }) ?? 0, SIGKILL) }
            if !reaped {
                kill(pid, SIGKILL)
                _ = ChildProcess.wait(pid)
            }
        }
        // The build is running when both sleeps are.
        while HardLimitRun.processes(tagged: tag).filter({ $0.contains("sleep 30") }).count < 2 {
            try #require(clock.now - start < .seconds(15), "the build did not start")
            Thread.sleep(forTimeInterval: 0.05)
        }
        kill(pid, SIGINT)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            try #require(clock.now - start < .seconds(30), "cellkit did not end after SIGINT")
            Thread.sleep(forTimeInterval: 0.05)
        }
        reaped = true
        // Ended by the signal, as it would have without a build running.
        #expect(status & 0x7F == SIGINT)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(HardLimitRun.processes(tagged: tag).isEmpty, "\(HardLimitRun.processes(tagged: tag))")
    }
}
