import CellKitSupport
import Glibc
import TestSupport
import Testing

@testable import Session

/// What a worker prints is kept bounded (issue 21, item 5): the last 16 KiB
/// in memory, at most 1 MiB in the log file and 1 MiB in its rotated copy;
/// and the log file is only ever a new one, never a file or link that was
/// there.
@Suite struct WorkerLogTests {
    /// Writes `bytes` into the log's pipe, draining as it goes, as the session does.
    func feed(_ bytes: [UInt8], to log: WorkerLog) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].prefix(32 << 10).withUnsafeBytes {
                write(log.writeEnd, $0.baseAddress, $0.count)
            }
            if count > 0 { written += count }
            log.drain()
        }
    }

    @Test func aFloodKeepsTheLastBytesInMemoryAndAtMostTwoMiBOnDisk() throws {
        let directory = try TemporaryDirectory.create(prefix: "worker-log")
        defer { TemporaryDirectory.removeTree(directory) }
        let log = try #require(WorkerLog(path: directory + "/worker.log"))
        let line = Array(repeating: UInt8(ascii: "x"), count: 1023) + [10]
        for _ in 0..<(3 << 10) { feed(line, to: log) }
        feed(Array("the last line\n".utf8), to: log)
        log.closeWriteEnd()
        log.drain()
        #expect(log.isAtEnd)
        #expect(log.printed == 3 << 20 + 14)
        #expect(log.excerpt.utf8.count == WorkerLog.tailSize)
        #expect(log.excerpt.hasSuffix("x\nthe last line\n"))
        #expect(!log.showsACrash)
        #expect(log.path == directory + "/worker.log")
        let current = try #require(try fileInfo(directory + "/worker.log")).size
        let rotated = try #require(try fileInfo(directory + "/worker.log.1")).size
        #expect(rotated == WorkerLog.fileLimit)
        #expect(current == 14)
        log.remove()
        #expect(try listDirectory(directory).isEmpty)
    }

    @Test func aCrashReportIsKeptFromItsFirstLineWhateverFollows() throws {
        let directory = try TemporaryDirectory.create(prefix: "worker-log")
        defer { TemporaryDirectory.removeTree(directory) }
        let log = try #require(WorkerLog(path: directory + "/worker.log"))
        feed(Array("noise\nFile.swift:3: Fatal error: told to trap\n".utf8), to: log)
        feed(Array(repeating: UInt8(ascii: "b"), count: 100 << 10), to: log)
        #expect(log.showsACrash)
        #expect(log.excerpt.hasPrefix("File.swift:3: Fatal error: told to trap\nbbb"))
        #expect(WorkerProcess.trapMessage(in: log.excerpt) == "File.swift:3: Fatal error: told to trap")
    }

    @Test func aLinkPlantedAtTheLogPathIsNeitherFollowedNorTruncated() throws {
        let directory = try TemporaryDirectory.create(prefix: "worker-log")
        defer { TemporaryDirectory.removeTree(directory) }
        let victim = directory + "/victim"
        try atomicWrite(victim, "precious\n")
        #expect(symlink(victim, directory + "/worker.log") == 0)
        let log = try #require(WorkerLog(path: directory + "/worker.log"))
        feed(Array("printed\n".utf8), to: log)
        #expect(try readTextFile(victim) == "precious\n")
        let path = try #require(log.path)
        #expect(path != directory + "/worker.log")
        #expect(try readTextFile(path) == "printed\n")
    }
}
