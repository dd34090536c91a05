import Foundation
import TestSupport
import Testing

@testable import CellKitSupport

/// Only regular files are replaced: a device or a FIFO is written straight
/// to, other nodes are refused, and the replaced file keeps its mode and,
/// when the process may give it, its owner. Every node is made in a
/// temporary folder (`mknod`, `mkfifo`; the tests run as root), never in /dev.
@Suite("Atomic file writer and special files")
struct AtomicFileWriterNodeTests {
    static var isRoot: Bool { getuid() == 0 }

    /// glibc's `makedev` (a macro Swift cannot see), for majors below 4096 and minors below 256.
    func device(_ major: UInt64, _ minor: UInt64) -> dev_t { dev_t(major << 8 | minor) }

    /// `stat` of a path, not following a link.
    func status(_ path: String) -> stat {
        var st = stat()
        _ = lstat(path, &st)
        return st
    }

    @Test(.enabled(if: isRoot, "mknod needs root"))
    func aCharacterDeviceIsWrittenToNotReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let node = directory.file("mynull")
        #expect(mknod(node, S_IFCHR | 0o666, device(1, 3)) == 0)  // what /dev/null is
        let before = status(node)
        let writer = try AtomicFileWriter(path: node)
        #expect(writer.writesDirectly && writer.temporaryPath.isEmpty)
        try writer.write(String(repeating: "rendered\n", count: 10_000))
        try writer.commit()
        let after = status(node)
        #expect(after.st_mode & S_IFMT == S_IFCHR)
        #expect(after.st_rdev == before.st_rdev && after.st_ino == before.st_ino)
        #expect(directory.names() == ["mynull"])
    }

    @Test func aFIFOIsWrittenToNotReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.file("fifo.txt")
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = LockedBytes()
        let reader = Thread {
            let fd = open(fifo, O_RDONLY)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(fd, &chunk, chunk.count)
                if n <= 0 { break }
                received.append(chunk[..<n])
            }
            close(fd)
            received.finish()
        }
        reader.start()
        let writer = try AtomicFileWriter(path: fifo)  // opens when the reader does
        try writer.write("through the pipe\n")
        try writer.commit()
        #expect(received.waitForAll() == "through the pipe\n")
        #expect(status(fifo).st_mode & S_IFMT == S_IFIFO)
        #expect(directory.names() == ["fifo.txt"])
    }

    @Test(.enabled(if: isRoot, "mknod needs root"))
    func aBlockDeviceIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let node = directory.file("disk")
        #expect(mknod(node, S_IFBLK | 0o600, device(7, 0)) == 0)
        let error = try #require(throws: FileError.self) { try AtomicFileWriter(path: node) }
        #expect(
            error.description
                == "cannot create '\(node)': it is a block device, not a regular file, and is not replaced (EEXIST); "
                + "move or rename that file, or choose another path")
        #expect(status(node).st_mode & S_IFMT == S_IFBLK)
        #expect(directory.names() == ["disk"])
    }

    @Test func aSocketIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("sock")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        let error = try #require(throws: FileError.self) { try AtomicFileWriter(path: path) }
        #expect(error.reason == "it is a socket, not a regular file, and is not replaced")
        #expect(status(path).st_mode & S_IFMT == S_IFSOCK)
    }

    @Test func aDescriptorPathWritesToTheDescriptor() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let writer = try AtomicFileWriter(path: "/dev/fd/\(ends[1])")
        #expect(writer.writesDirectly)
        try writer.write("to the pipe")
        try writer.commit()
        close(ends[1])
        var chunk = [UInt8](repeating: 0, count: 64)
        let n = read(ends[0], &chunk, chunk.count)
        #expect(String(decoding: chunk[..<max(n, 0)], as: UTF8.self) == "to the pipe")
    }

    @Test(.enabled(if: isRoot, "only root can give a file to another user"))
    func theReplacedFilesOwnerAndModeAreKept() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = try directory.write("old", to: "out.txt")
        #expect(chown(target, 65534, 65534) == 0)
        #expect(chmod(target, 0o4750) == 0)
        let writer = try AtomicFileWriter(path: target)
        try writer.write("new")
        try writer.commit()
        #expect(writer.ownerNotice == nil)
        let after = status(target)
        #expect(after.st_uid == 65534 && after.st_gid == 65534)
        #expect(after.st_mode & 0o7777 == 0o4750)
        #expect(directory.read("out.txt") == "new")
    }
}

/// Bytes a reader thread collects, and a wait until it is done.
final class LockedBytes: @unchecked Sendable {
    private let condition = NSCondition()
    private var bytes: [UInt8] = []
    private var done = false

    func append(_ more: ArraySlice<UInt8>) {
        condition.lock()
        bytes += more
        condition.unlock()
    }

    func finish() {
        condition.lock()
        done = true
        condition.signal()
        condition.unlock()
    }

    func waitForAll() -> String {
        condition.lock()
        defer { condition.unlock() }
        while !done { condition.wait() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
