import CellKitSupport
import Dispatch
import Foundation
import Glibc
import Testing

/// `ChildProcess.run` (the `swift build` of `cellkit plugin install`) waits
/// with a deadline, and ends the program with everything it started
/// (issue 21: the builder's wait had none).
@Suite struct ChildProcessTests {
    /// The running processes whose command line is exactly `arguments`.
    static func running(_ arguments: [String]) -> [String] {
        let wanted = arguments.joined(separator: "\0") + "\0"
        // CellKitSupport's own reads: Foundation's leak a buffer per file under LeakSanitizer.
        return ((try? listDirectory("/proc")) ?? []).filter { name in
            guard pid_t(name) != nil, let command = try? readFile("/proc/\(name)/cmdline") else { return false }
            return String(decoding: command, as: UTF8.self) == wanted
        }
    }

    @Test func aProgramPastItsTimeLimitIsStoppedWithWhatItStarted() throws {
        // Unique arguments, to find its processes afterwards.
        let seconds = "300.\(UInt32.random(in: 0...UInt32.max))"
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: String?
        Thread.detachNewThread {
            do {
                _ = try ChildProcess.run(
                    ["sh", "-c", "sleep \(seconds) & sleep \(seconds)"], in: "/tmp", timeout: .seconds(1))
                outcome = "it ended by itself"
            } catch let error as ChildProcess.Stopped {
                outcome = error.description
            } catch {
                outcome = "\(error)"
            }
            done.signal()
        }
        // A hard limit, far above the program's 1 s.
        try #require(done.wait(timeout: .now() + 20) == .success, "run did not return within 20 s")
        #expect(
            outcome
                == "sh -c sleep \(seconds) & sleep \(seconds) did not finish within 1 s (the time limit), so it was "
                + "stopped with every process it started")
        // Both sleeps, the one in the background too, are gone: SIGKILL went to the whole
        // group; the one init adopted may take a moment to be reaped on a loaded machine.
        var left = Self.running(["sleep", seconds])
        for _ in 0..<50 where !left.isEmpty {
            usleep(100_000)
            left = Self.running(["sleep", seconds])
        }
        #expect(left.isEmpty, "still running: \(left)")
    }

    @Test func aProgramWithinItsTimeLimitGivesItsStatusAndOutput() throws {
        let result = try ChildProcess.run(
            ["sh", "-c", "echo built; exit 3"], in: "/tmp", captureOutput: true, timeout: .seconds(60))
        #expect(result.status == 3)
        #expect(result.output == "built\n")
    }
}
