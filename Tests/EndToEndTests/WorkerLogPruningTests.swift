import CellKitSupport
import Glibc
import TestSupport
import Testing

/// Worker logs do not pile up (issue 33, item 10): when a session starts its
/// first worker, its logs folder keeps the 10 newest logs and none older than
/// 7 days (a log and its rotated `.1` count as one); the log of a session
/// still running is never removed, and nothing else in the folder is touched.
@Suite struct WorkerLogPruningTests {
    /// A process id no process has: the logs of a session that ended.
    static func endedSession() -> pid_t {
        var pid: pid_t = 4_000_000
        while kill(pid, 0) == 0 || errno != ESRCH { pid -= 1 }
        return pid
    }

    /// Writes `name` in `folder`, last changed `age` seconds ago.
    static func write(_ name: String, in folder: String, age: Int) throws {
        let path = folder + "/" + name
        try atomicWrite(path, "what a worker printed\n")
        let time = timeval(tv_sec: Int(Glibc.time(nil)) - age, tv_usec: 0)
        #expect(utimes(path, [time, time]) == 0)
    }

    @Test func oldLogsAreRemovedWhenTheFirstWorkerStarts() throws {
        let home = try HardLimitRun.Home()
        let folder = home.path + "/state/cellkit/workers"
        try createDirectories(folder)
        _ = chmod(home.path + "/state", 0o700)
        _ = chmod(home.path + "/state/cellkit", 0o700)
        _ = chmod(folder, 0o700)
        let ended = Self.endedSession()
        // Twelve logs of an ended session, an hour apart, each with its rotated copy.
        for i in 1...12 {
            try Self.write("worker-\(ended)-\(i).log", in: folder, age: i * 3600)
            try Self.write("worker-\(ended)-\(i).log.1", in: folder, age: i * 3600 + 60)
        }
        // One of a helper worker, eight days old; one of this (running) process, thirty days old.
        try Self.write("worker-\(ended)-j1-13.log", in: folder, age: 8 * 86_400)
        try Self.write("worker-\(getpid())-1.log", in: folder, age: 30 * 86_400)
        try Self.write("notes.txt", in: folder, age: 30 * 86_400)

        let run = try HardLimitRun(["-c", "load BasicCells"], home: home)
        #expect(run.status == 0, "\(run.standardError)")
        let kept = Set(try listDirectory(folder))
        var expected: Set = ["worker-\(getpid())-1.log", "notes.txt"]
        for i in 1...10 { expected.formUnion(["worker-\(ended)-\(i).log", "worker-\(ended)-\(i).log.1"]) }
        #expect(kept == expected, "removed: \(expected.subtracting(kept)), kept: \(kept.subtracting(expected))")
    }
}
