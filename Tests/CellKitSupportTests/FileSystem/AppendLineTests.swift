import Foundation
import Testing

@testable import CellKitSupport

@Suite("Appending lines")
struct AppendLineTests {
    @Test func appendsLinesToANewOrExistingFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let journal = directory.file("history")
        try appendLine(journal, "load CardCells")
        try appendLine(journal, "row ProfileCell name=\"Ada\" é")
        try appendLine(journal, "")
        #expect(try directory.read("history") == "load CardCells\nrow ProfileCell name=\"Ada\" é\n\n")
        #expect(try fileInfo(journal)?.permissions == 0o644 & ~ProcessUmask.current)
        try appendLine(directory.file("private"), "x", permissions: 0o600)
        #expect(try fileInfo(directory.file("private"))?.permissions == 0o600)
    }

    @Test func aLineBreakWouldMakeTwoLines() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for line in ["a\nb", "a\r\nb", "a\r"] {
            let error = try #require(throws: FileError.self) {
                try appendLine(directory.file("history"), line)
            }
            #expect(error.errno == EINVAL)
            #expect(error.reason == "the line to append contains a line break")
        }
        #expect(try directory.names() == [])
    }

    @Test func aFullDisk() throws {
        let error = try #require(throws: FileError.self) { try appendLine("/dev/full", "x") }
        #expect(
            error.description
                == "cannot write '/dev/full': No space left on device (ENOSPC); "
                + "the disk is full: free some space")
    }

    @Test func aMissingDirectory() throws {
        let error = try #require(throws: FileError.self) {
            try appendLine("/nonexistent/state/history", "x")
        }
        #expect(error.operation == .create)
        #expect(error.fix == "does the directory '/nonexistent/state' exist?")
    }
}
