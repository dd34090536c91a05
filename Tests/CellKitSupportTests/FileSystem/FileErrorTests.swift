import Glibc
import TestSupport
import Testing

@testable import CellKitSupport

@Suite("File errors")
struct FileErrorTests {
    @Test(arguments: [
        (
            FileError.Operation.open, ENOENT, "/d/x.json",
            "cannot open '/d/x.json': No such file or directory (ENOENT); "
                + "does '/d/x.json' exist? check the spelling"
        ),
        (
            .create, ENOENT, "/d/x.json",
            "cannot create '/d/x.json': No such file or directory (ENOENT); "
                + "does the directory '/d' exist?"
        ),
        (
            .open, EACCES, "/d/x",
            "cannot open '/d/x': Permission denied (EACCES); "
                + "check the permissions of '/d/x' and of the directories above it"
        ),
        (
            .write, ENOSPC, "/d/x",
            "cannot write '/d/x': No space left on device (ENOSPC); the disk is full: free some space"
        ),
        (
            .read, EISDIR, "/d",
            "cannot read '/d': Is a directory (EISDIR); '/d' is a directory: give the path of a file"
        ),
        (
            .open, ENOTDIR, "/f/x",
            "cannot open '/f/x': Not a directory (ENOTDIR); a part of '/f/x' is a file, not a directory"
        ),
        (
            .listDirectory, ENOTDIR, "/f",
            "cannot list the directory '/f': Not a directory (ENOTDIR); '/f' is a file, not a directory"
        ),
        (
            .rename, EROFS, "/r/x",
            "cannot replace '/r/x': Read-only file system (EROFS); "
                + "the file system is read-only: write somewhere else"
        ),
        (.sync, EIO, "/d/x", "cannot flush to disk '/d/x': Input/output error (EIO)"),
        (.read, 12_345, "/d/x", "cannot read '/d/x': Unknown error 12345"),
    ])
    func messagesNameThePathTheCauseAndAFix(
        _ operation: FileError.Operation, _ code: Int32, _ path: String, _ expected: String
    ) {
        let error = FileError(path: path, operation: operation, errno: code)
        #expect(error.description == expected)
        #expect(error.errno == code)
        #expect(error.path == path)
    }

    /// Issue 33, item 16: a link that leads nowhere, through other links or
    /// not, is not called missing (it is there): the error says where the
    /// links lead, to the end.
    @Test func aLinkThatLeadsNowhereSaysWhereItLeads() throws {
        let directory = try TemporaryDirectory()
        let first = directory.path + "/first"
        #expect(symlink("second", first) == 0 && symlink(directory.path + "/missing", directory.path + "/second") == 0)
        let chain = "a symbolic link to 'second', a symbolic link to '\(directory.path)/missing', which does not exist"
        #expect(FileError.danglingLink(first) == chain)
        let error = try #require(throws: FileError.self) { try readFile(first) }
        #expect(
            error.description
                == "cannot open '\(first)': it is \(chain) (ENOENT); create the file it leads to, or point the link "
                + "at one that exists")
        // Not a link, a link to a file, a loop: nothing to say.
        #expect(symlink("loop", directory.path + "/loop") == 0 && symlink("first", directory.path + "/third") == 0)
        for path in [directory.path + "/missing", directory.path + "/loop", directory.path] {
            #expect(FileError.danglingLink(path) == nil, "\(path)")
        }
        #expect(FileError.danglingLink(directory.path + "/third")?.hasPrefix("a symbolic link to 'first', a ") == true)
    }

    @Test func aPathWithANulCharacterIsRefusedBeforeCallingC() throws {
        let error = try #require(throws: FileError.self) { try readFile("/etc/passwd\u{0}.json") }
        #expect(error.errno == EINVAL)
        #expect(error.reason == "the path contains a NUL character")
    }
}
