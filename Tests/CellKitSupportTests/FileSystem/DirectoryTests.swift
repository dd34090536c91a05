import Foundation
import TestSupport
import Testing

@testable import CellKitSupport

@Suite("Directories")
struct DirectoryTests {
    @Test func createsEveryMissingLevelOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let deep = directory.file("a/b/c")
        try createDirectories(deep, mode: 0o700)
        try createDirectories(deep)
        try createDirectories(deep + "/")
        #expect(try fileInfo(deep)?.isDirectory == true)
        #expect(try fileInfo(deep)?.permissions == 0o700 & ~ProcessUmask.current)
        #expect(try fileInfo(directory.file("a"))?.permissions == 0o700 & ~ProcessUmask.current)
        try createDirectories(directory.file("a/./b/../d"))
        #expect(try listDirectory(directory.file("a")) == ["b", "d"])
    }

    @Test func aFileInTheWay() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("x", to: "plugins")
        let error = try #require(throws: FileError.self) { try createDirectories(file) }
        #expect(error.errno == EEXIST)
        #expect(
            error.description
                == "cannot create the directory '\(file)': a file that is not a directory is already "
                + "there (EEXIST); move or rename that file, or choose another path")
        let below = try #require(throws: FileError.self) { try createDirectories(file + "/x/y") }
        #expect(below.errno == ENOTDIR)
        #expect(below.path == file + "/x/y")
        #expect(below.fix == "a part of '\(file)/x/y' is a file, not a directory")
    }

    @Test func listsNamesSorted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for name in ["b.so", ".hidden", "a.so", "é", "Z"] {
            try directory.write("", to: name)
        }
        try createDirectories(directory.file("sub"))
        #expect(try listDirectory(directory.path) == [".hidden", "Z", "a.so", "b.so", "sub", "é"])
        #expect(try listDirectory(directory.file("sub")) == [])
        #expect(try listDirectory(directory.path) == (directory.names()))
    }

    @Test func listingWhatIsNotADirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = try #require(throws: FileError.self) {
            try listDirectory(directory.file("missing"))
        }
        #expect(missing.errno == ENOENT)
        let file = try directory.write("x", to: "file")
        let notDirectory = try #require(throws: FileError.self) { try listDirectory(file) }
        #expect(
            notDirectory.description
                == "cannot list the directory '\(file)': Not a directory (ENOTDIR); "
                + "'\(file)' is a file, not a directory")
    }

    @Test(.enabled(if: getuid() != 0, "root is never refused"))
    func aDirectoryWithoutPermission() throws {
        let directory = try TemporaryDirectory()
        defer {
            chmod(directory.path, 0o700)
            directory.remove()
        }
        #expect(chmod(directory.path, 0o500) == 0)
        let error = try #require(throws: FileError.self) {
            try createDirectories(directory.file("x"))
        }
        #expect(error.errno == EACCES)
        #expect(error.fix?.hasPrefix("check the permissions") == true)
    }
}
