import Foundation
import TestSupport
import Testing

@testable import CellKitSupport

@Suite("Reading files")
struct ReadFileTests {
    @Test func readsEveryByte() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var generator = SeededGenerator(seed: 9)
        for size in [0, 1, 4095, 4096, 65_537, 1_000_003] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let path = directory.file("f\(size)")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(try readFile(path) == bytes, "\(size) bytes")
        }
    }

    @Test func readsFilesThatReportNoSize() throws {
        let status = try readTextFile("/proc/self/status")
        #expect(status.hasPrefix("Name:"))
        #expect(status.contains("Umask:"))
    }

    @Test func aMissingFile() throws {
        let error = try #require(throws: FileError.self) { try readFile("/nonexistent/data.json") }
        #expect(error.operation == .open)
        #expect(
            error.description
                == "cannot open '/nonexistent/data.json': No such file or directory (ENOENT); "
                + "does '/nonexistent/data.json' exist? check the spelling")
    }

    @Test func aDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let error = try #require(throws: FileError.self) { try readFile(directory.path) }
        #expect(error.operation == .read)
        #expect(error.errno == EISDIR)
        #expect(error.fix == "'\(directory.path)' is a directory: give the path of a file")
    }

    @Test func textMustBeUTF8() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("bad.txt")
        try Data(Array("héllo\n".utf8) + [0xFF] + Array("x".utf8)).write(
            to: URL(fileURLWithPath: path))
        let error = try #require(throws: FileError.self) { try readTextFile(path) }
        #expect(error.byteOffset == 7)
        #expect(error.operation == .decode)
        #expect(
            error.description
                == "cannot read '\(path)' as UTF-8 text: invalid UTF-8 at byte offset 7 (0xFF) (EILSEQ); "
                + "save the file as UTF-8")
        try directory.write("héllo 😀\n", to: "good.txt")
        #expect(try readTextFile(directory.file("good.txt")) == "héllo 😀\n")
    }

    @Test(arguments: [
        ([0xC0, 0xAF] as [UInt8], 0), ([0x61, 0xED, 0xA0, 0x80], 1), ([0x61, 0x62, 0xE2, 0x82], 2),
        ([0xF4, 0x90, 0x80, 0x80], 0), ([0x80], 0), ([0x61, 0xC3, 0xA9, 0xF0, 0x9F, 0x98], 3),
    ])
    func theFirstBadByteIsNamed(_ bytes: [UInt8], _ offset: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("bad")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: FileError.self) { try readTextFile(path) }
        #expect(error.byteOffset == offset)
        // Foundation refuses the same bytes.
        #expect(String(data: Data(bytes), encoding: .utf8) == nil)
    }
}
