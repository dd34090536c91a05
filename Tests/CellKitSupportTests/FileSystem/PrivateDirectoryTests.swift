import Glibc
import TestSupport
import Testing

@testable import CellKitSupport

/// `PrivateDirectory`: a state folder is made 0700 and used only when no other
/// user could change it; `makeTemporary` gives a new 0700 folder each time.
@Suite struct PrivateDirectoryTests {
    func mode(_ path: String) -> UInt32 {
        ((try? fileInfo(path, followingSymbolicLinks: false))?.permissions ?? 0) & 0o777
    }

    func refusal(_ path: String) -> FileError? {
        do {
            try PrivateDirectory.check(path)
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingFolderIsMadeWithMode700() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let made = try PrivateDirectory.prepare(directory.file("state/cellkit/workers"))
        #expect(mode(made) == 0o700)
        #expect(mode(directory.file("state/cellkit")) == 0o700)
        #expect(refusal(made) == nil)
    }

    @Test func aFolderOthersCanWriteIsRefusedWithTheFix() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let open = directory.file("open")
        #expect(mkdir(open, 0o700) == 0 && chmod(open, 0o777) == 0)
        let error = try #require(refusal(open))
        #expect(error.errno == EPERM)
        #expect(error.reason == "it can be written by others (mode 777)")
        #expect(error.fix == "run `chmod go-w \(open)`")
        // A folder inside it is refused too: others could rename it away.
        #expect(mkdir(open + "/inner", 0o700) == 0)
        #expect(
            refusal(open + "/inner")?.reason.hasPrefix("the folder above it, \(open), can be written by others") == true
        )
    }

    @Test func aSymbolicLinkIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(mkdir(directory.file("real"), 0o700) == 0)
        #expect(symlink("real", directory.file("link")) == 0)
        #expect(refusal(directory.file("link"))?.reason == "it is a symbolic link (to 'real')")
    }

    @Test(.enabled(if: getuid() == 0, "only root can give a folder to another user"))
    func aFolderOfAnotherUserIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let theirs = directory.file("theirs")
        #expect(mkdir(theirs, 0o700) == 0 && chown(theirs, 65534, 65534) == 0)
        #expect(refusal(theirs)?.reason == "it belongs to another user (uid 65534), who could plant links in it")
    }

    /// A folder still to be made is judged by the nearest folder above it, and is
    /// not made.
    @Test func aFolderToMakeIsCheckedWithoutBeingMade() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try PrivateDirectory.checkBeforeMaking(directory.file("state/cellkit/workers")))
        #expect(!fileExists(directory.file("state")))
        _ = try directory.write("a file\n", to: "file")
        #expect(try !PrivateDirectory.checkBeforeMaking(directory.file("file/cellkit/workers")))
        let open = directory.file("open")
        #expect(mkdir(open, 0o700) == 0 && chmod(open, 0o777) == 0)
        #expect(throws: FileError.self) { try PrivateDirectory.checkBeforeMaking(open + "/cellkit/workers") }
    }

    @Test func temporaryFoldersAreNewAndPrivate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = Environment(["TMPDIR": directory.path])
        let first = try PrivateDirectory.makeTemporary(prefix: "cellkit-workers", environment: environment)
        let second = try PrivateDirectory.makeTemporary(prefix: "cellkit-workers", environment: environment)
        #expect(first != second)
        #expect(first.hasPrefix(directory.path + "/cellkit-workers-"))
        #expect(mode(first) == 0o700 && mode(second) == 0o700)
        #expect(refusal(first) == nil)
    }
}
