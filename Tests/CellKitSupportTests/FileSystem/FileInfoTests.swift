import Foundation
import TestSupport
import Testing

@testable import CellKitSupport

@Suite("File information")
struct FileInfoTests {
    @Test func aRegularFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("12345", to: "file.txt")
        #expect(chmod(path, 0o640) == 0)
        var times = [
            timespec(tv_sec: 1_700_000_000, tv_nsec: 123_456_789),
            timespec(tv_sec: 1_700_000_000, tv_nsec: 123_456_789),
        ]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)

        let info = try #require(try fileInfo(path))
        #expect(info.kind == .regularFile)
        #expect(info.isRegularFile && !info.isDirectory)
        #expect(info.size == 5)
        #expect(info.permissions == 0o640)
        #expect(info.mode == UInt32(S_IFREG) | 0o640)
        #expect(info.uid == getuid())
        #expect(info.gid == getgid())
        #expect(
            info.modificationTime == FileTimestamp(seconds: 1_700_000_000, nanoseconds: 123_456_789))
        #expect(info.modificationTime.description == "1700000000.123456789")
        #expect(fileExists(path))
    }

    @Test func directoriesLinksAndNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("x", to: "file")
        let link = directory.file("link")
        #expect(symlink(file, link) == 0)
        #expect(try fileInfo(directory.path)?.kind == .directory)
        #expect(try fileInfo(directory.path)?.isDirectory == true)
        #expect(try fileInfo(link)?.kind == .regularFile)
        #expect(try fileInfo(link, followingSymbolicLinks: false)?.kind == .symbolicLink)
        #expect(try fileInfo(directory.file("missing")) == nil)
        #expect(try fileInfo(file + "/below") == nil)
        #expect(!fileExists(directory.file("missing")))
        #expect(try fileInfo("/dev/null")?.kind == .other)
    }

    @Test func timestampsOrder() {
        let early = FileTimestamp(seconds: 10, nanoseconds: 999_999_999)
        let late = FileTimestamp(seconds: 11, nanoseconds: 0)
        #expect(early < late)
        #expect(FileTimestamp(seconds: 11, nanoseconds: 1) > late)
        #expect(FileTimestamp(seconds: 3, nanoseconds: 5).description == "3.000000005")
    }
}
