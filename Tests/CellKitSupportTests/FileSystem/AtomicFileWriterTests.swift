import Foundation
import TestSupport
import Testing

@testable import CellKitSupport

@Suite("Atomic file writer")
struct AtomicFileWriterTests {
    private struct RenderFailed: Error {}

    @Test func commitReplacesTheTargetAndLeavesNothingElse() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = try directory.write("old", to: "out.txt")
        let writer = try AtomicFileWriter(path: target)
        try writer.write("new ")
        try writer.write(Array("contents".utf8))

        // Until the commit, the target is as it was and the temporary file is beside it.
        let temporary = Path.basename(writer.temporaryPath)
        #expect(temporary.hasPrefix(".out.txt.tmp-\(getpid())-"))
        #expect(Path.dirname(writer.temporaryPath) == directory.path)
        #expect(directory.names() == [temporary, "out.txt"])
        #expect(directory.read("out.txt") == "old")

        try writer.commit()
        #expect(directory.read("out.txt") == "new contents")
        #expect(directory.names() == ["out.txt"])
    }

    @Test func abortLeavesTheTargetAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = try directory.write("old", to: "out.txt")
        let writer = try AtomicFileWriter(path: target)
        try writer.write(String(repeating: "x", count: 200_000))
        writer.abort()
        writer.abort()
        #expect(directory.read("out.txt") == "old")
        #expect(directory.names() == ["out.txt"])
        let error = try #require(throws: FileError.self) { try writer.commit() }
        #expect(error.errno == EBADF)
        #expect(error.reason == "the writer was already committed or aborted")
    }

    @Test func aWriterDroppedWithoutCommitLeavesTheTargetAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = try directory.write("old", to: "out.txt")
        func renderButForgetToCommit() throws {
            let writer = try AtomicFileWriter(path: target)
            // More than the buffer, so the temporary file really holds data.
            try writer.write(String(repeating: "x", count: 200_000))
            #expect(directory.names().count == 2)
        }
        try renderButForgetToCommit()
        #expect(directory.read("out.txt") == "old")
        #expect(directory.names() == ["out.txt"])
    }

    @Test func anErrorThrownPastTheWriterLeavesTheTargetAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = try directory.write("old", to: "out.txt")
        func renderAndFail() throws {
            let writer = try AtomicFileWriter(path: target)
            try writer.write("half a rep")
            throw RenderFailed()
        }
        #expect(throws: RenderFailed.self) { try renderAndFail() }
        #expect(directory.read("out.txt") == "old")
        #expect(directory.names() == ["out.txt"])
    }

    @Test func aFailedWriteAbortsAndCommitRefuses() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = try directory.write("old", to: "out.txt")
        let writer = try AtomicFileWriter(path: target)
        try writer.write("the start")
        // Make the next write(2) fail (EBADF) by putting a read-only descriptor in its place.
        let readOnly = open("/dev/null", O_RDONLY)
        #expect(dup2(readOnly, writer.descriptor) == writer.descriptor)
        close(readOnly)
        let error = try #require(throws: FileError.self) {
            try writer.write(String(repeating: "x", count: 100_000))
        }
        #expect(error.operation == .write)
        #expect(error.errno == EBADF)
        // The temporary file is gone, the target as it was, and a commit gets the same error.
        #expect(directory.names() == ["out.txt"])
        #expect(throws: error) { try writer.commit() }
        #expect(directory.read("out.txt") == "old")
    }

    @Test func aNewFileAppearsOnlyOnCommit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = directory.file("new.json")
        let writer = try AtomicFileWriter(path: target)
        try writer.write("{}")
        #expect(!fileExists(target))
        try writer.commit()
        #expect(directory.read("new.json") == "{}")
        #expect(try fileInfo(target)?.permissions == 0o644 & ~ProcessUmask.current)
        #expect(throws: FileError.self) { try writer.write("more") }
    }

    @Test(arguments: [0o600, 0o755, 0o640] as [UInt32])
    func theReplacedFilesPermissionsAreKept(_ mode: UInt32) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = try directory.write("old", to: "out")
        #expect(chmod(target, mode_t(mode)) == 0)
        try atomicWrite(target, "new")
        #expect(try fileInfo(target)?.permissions == mode)
        #expect(directory.read("out") == "new")
    }

    @Test func givenPermissionsWin() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let target = try directory.write("old", to: "out")
        try atomicWrite(target, Array("new".utf8), permissions: 0o604)
        #expect(try fileInfo(target)?.permissions == 0o604)
        try atomicWrite(directory.file("fresh"), "x", permissions: 0o600)
        #expect(try fileInfo(directory.file("fresh"))?.permissions == 0o600)
    }

    @Test func aSymbolicLinkIsKeptAndItsFileReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try createDirectories(directory.file("real"))
        let real = try directory.write("old", to: "real/config.json")
        let link = directory.file("config.json")
        #expect(symlink("real/config.json", link) == 0)
        try atomicWrite(link, "new")
        #expect(try fileInfo(link, followingSymbolicLinks: false)?.kind == .symbolicLink)
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "new")
        #expect(directory.names() == ["config.json", "real"])
        #expect(try listDirectory(directory.file("real")) == ["config.json"])
    }

    @Test func largeAndManySmallWritesAddUp() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var generator = SeededGenerator(seed: 11)
        var expected: [UInt8] = []
        let writer = try AtomicFileWriter(path: directory.file("big"))
        for _ in 0..<300 {
            let count = [1, 100, 5_000, 70_000].randomElement(using: &generator)!
            let chunk = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            expected += chunk
            try writer.write(chunk)
        }
        try writer.commit()
        #expect(try readFile(directory.file("big")) == expected)
    }

    @Test func aMissingDirectoryOrADirectoryTarget() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.file("missing/out.txt")
        let error = try #require(throws: FileError.self) { try AtomicFileWriter(path: missing) }
        #expect(
            error.description
                == "cannot create '\(missing)': No such file or directory (ENOENT); "
                + "does the directory '\(directory.file("missing"))' exist?")
        let isDirectory = try #require(throws: FileError.self) {
            try atomicWrite(directory.path, "x")
        }
        #expect(isDirectory.errno == EISDIR)
        #expect(directory.names() == [])
    }
}
