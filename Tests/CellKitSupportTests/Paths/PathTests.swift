import Foundation
import Testing

@testable import CellKitSupport

@Suite("Paths")
struct PathTests {
    @Test(arguments: [
        ("", "."), (".", "."), ("./", "."), ("/", "/"), ("//", "/"), ("///a//b///", "/a/b"),
        ("a", "a"), ("a/", "a"), ("./a", "a"), ("a/./b", "a/b"), ("a/b/..", "a"), ("a/..", "."),
        ("a/../..", ".."), ("../a", "../a"), ("../../a/../b", "../../b"), ("a/b/../../../c", "../c"),
        ("/..", "/"), ("/../a", "/a"), ("/a/../../b", "/b"), ("/a/./b/./c/..", "/a/b"),
        ("a/.../b", "a/.../b"), ("a/..b/c", "a/..b/c"), ("~/x/../y", "~/y"), ("/é/./ü", "/é/ü"),
    ])
    func normalize(_ path: String, _ expected: String) {
        #expect(Path.normalize(path) == expected)
        // Normalising twice changes nothing.
        #expect(Path.normalize(expected) == expected)
    }

    @Test(arguments: [
        (["a", "b"], "a/b"), (["a/", "b"], "a/b"), (["a", "/b"], "/b"), (["a//", "b/"], "a/b/"),
        (["a", "//b"], "//b"),
        (["/", "a"], "/a"), (["//", "a"], "/a"), (["", "a", ""], "a"), ([], ""),
        (["a", "..", "b"], "a/../b"),
        (["/etc", "x", "/usr", "lib"], "/usr/lib"),
    ])
    func join(_ components: [String], _ expected: String) {
        #expect(Path.join(components) == expected)
    }

    @Test func joinTakesSeveralArguments() {
        #expect(
            Path.join("/plugins", "CardCells", "libCardCells.so") == "/plugins/CardCells/libCardCells.so")
    }

    @Test(
        arguments: [
            ("/a/b/c.json", "/a/b", "c.json", "json"), ("/a/b/", "/a", "b", nil),
            ("a/b", "a", "b", nil), ("a", ".", "a", nil), ("/a", "/", "a", nil), ("/", "/", "/", nil),
            ("", ".", "", nil), ("//a//b//", "//a", "b", nil), ("x.tar.gz", ".", "x.tar.gz", "gz"),
            (".bashrc", ".", ".bashrc", nil), ("..", ".", "..", nil), ("a.", ".", "a.", ""),
            ("dir.d/file", "dir.d", "file", nil), ("/p/.config.json", "/p", ".config.json", "json"),
            ("café.ñ", ".", "café.ñ", "ñ"),
        ] as [(String, String, String, String?)])
    func dirnameBasenameAndExtension(
        _ path: String, _ dirname: String, _ basename: String, _ pathExtension: String?
    ) {
        #expect(Path.dirname(path) == dirname)
        #expect(Path.basename(path) == basename)
        #expect(Path.pathExtension(path) == pathExtension)
    }

    @Test func dirnameAndBasenameAgreeWithFoundation() {
        for path in ["/a/b/c.json", "a/b", "a", "/a", "/usr/lib/x.so"] {
            let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: "/base"))
            #expect(Path.basename(path) == url.lastPathComponent)
            #expect(Path.pathExtension(path) ?? "" == url.pathExtension)
        }
    }

    @Test func absolute() throws {
        #expect(Path.absolute("../x", relativeTo: "/home/ada/src") == "/home/ada/x")
        #expect(Path.absolute("./x/", relativeTo: "/") == "/x")
        #expect(Path.absolute("/etc/../usr", relativeTo: "/ignored") == "/usr")
        let current = FileManager.default.currentDirectoryPath
        #expect(try Path.currentDirectory() == current)
        #expect(try Path.absolute("a/../b") == Path.normalize(current + "/b"))
        #expect(try Path.absolute("/x/./y") == "/x/y")
        #expect(Path.isAbsolute("/x") && !Path.isAbsolute("x") && !Path.isAbsolute(""))
    }

    @Test func tildeExpansion() {
        #expect(Path.expandingTilde("~", home: "/home/ada") == "/home/ada")
        #expect(Path.expandingTilde("~/", home: "/home/ada") == "/home/ada")
        #expect(Path.expandingTilde("~/notes/a.txt", home: "/home/ada") == "/home/ada/notes/a.txt")
        #expect(Path.expandingTilde("~/x", home: "/home/ada/") == "/home/ada/x")
        #expect(Path.expandingTilde("~root/x", home: "/home/ada") == "/root/x")
        #expect(Path.expandingTilde("~root", home: "/home/ada") == "/root")
        #expect(Path.expandingTilde("~no-such-user-4711/x", home: "/h") == "~no-such-user-4711/x")
        #expect(Path.expandingTilde("a/~/b", home: "/h") == "a/~/b")
        #expect(Path.expandingTilde("/~", home: "/h") == "/~")
    }

    @Test func theRunningExecutable() throws {
        let path = try Path.executable()
        #expect(Path.isAbsolute(path))
        #expect(try fileInfo(path)?.isRegularFile == true)
        #expect(path == (try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")))
    }
}
