import Foundation
import TestSupport
import Testing

@testable import CellKitSupport

/// The path helpers that ask the file system: what a link holds, where a path leads.
@Suite struct PathFileSystemTests {
    @Test func aLinkTargetIsWhatTheLinkHolds() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try dir.write("x", to: "file")
        try FileManager.default.createSymbolicLink(atPath: dir.file("relative"), withDestinationPath: "file")
        try FileManager.default.createSymbolicLink(atPath: dir.file("absolute"), withDestinationPath: dir.file("file"))
        #expect(try Path.linkTarget(dir.file("relative")) == "file")
        #expect(try Path.linkTarget(dir.file("absolute")) == dir.file("file"))
        // A target longer than the first buffer.
        let long = String(repeating: "d/", count: 200) + "file"
        try FileManager.default.createSymbolicLink(atPath: dir.file("long"), withDestinationPath: long)
        #expect(try Path.linkTarget(dir.file("long")) == long)
    }

    @Test func aFileThatIsNotALinkHasNoTarget() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = try dir.write("x", to: "file")
        let error = try #require(throws: FileError.self) { try Path.linkTarget(file) }
        #expect(error.operation == .readLink)
        #expect(error.errno == EINVAL)
        #expect(throws: FileError.self) { try Path.linkTarget(dir.file("missing")) }
        #expect(throws: FileError.self) { try Path.linkTarget("a\u{0}b") }
    }

    @Test func theCanonicalPathResolvesLinksDotsAndDotDots() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.file("sub"), withIntermediateDirectories: false)
        try dir.write("x", to: "sub/file")
        try FileManager.default.createSymbolicLink(atPath: dir.file("link"), withDestinationPath: "sub")
        let real = try #require(Path.canonical(dir.path))
        #expect(Path.canonical(dir.file("link/./file")) == real + "/sub/file")
        #expect(Path.canonical(dir.file("sub/../sub/file")) == real + "/sub/file")
        #expect(Path.canonical(dir.file("missing")) == nil)
        #expect(Path.canonical("a\u{0}b") == nil)
    }

    @Test func kindsOfFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = try dir.write("x", to: "file")
        #expect(isDirectory(dir.path) && !isRegularFile(dir.path))
        #expect(isRegularFile(file) && !isDirectory(file))
        #expect(!isDirectory(dir.file("missing")) && !isRegularFile(dir.file("missing")))
    }
}

/// One identifier rule for the host: ASCII letters, or (for plugin names) any alphabetic
/// character.
@Suite struct IdentifierTests {
    @Test(arguments: ["a", "_", "first_name", "CardCells", "_1st", "x9"])
    func identifiers(_ name: String) {
        #expect(isIdentifier(name))
        #expect(isIdentifier(name, unicodeLetters: true))
    }

    @Test(arguments: ["", "1st", "first-name", "a b", "a.b", "é", "Café", "e\u{301}"])
    func notASCIIIdentifiers(_ name: String) {
        #expect(!isIdentifier(name))
    }

    @Test func pluginNamesMayUseAnyLetter() {
        #expect(isIdentifier("Café", unicodeLetters: true))
        #expect(isIdentifier("Ζήτα", unicodeLetters: true))
        #expect(!isIdentifier("1Café", unicodeLetters: true))
        #expect(!isIdentifier("a-b", unicodeLetters: true))
        #expect(!isIdentifier("١٢", unicodeLetters: true))  // digits other than 0 to 9 are not letters
    }
}
