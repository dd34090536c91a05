import Foundation
import Glibc
import Testing

@testable import Console

extension LineEditorTests {
    /// The history list and its file.
    @Suite struct HistoryFiles {
        /// A fresh directory under the temporary directory, removed by `body`'s end.
        private func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
            let directory = NSTemporaryDirectory() + "lineeditor-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try body(directory)
        }

        private func mode(of path: String) -> mode_t? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return info.st_mode & 0o777
        }

        private func fileLines(_ path: String) throws -> [String] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        }

        @Test func rulesInMemory() {
            let history = History(maximumCount: 3)
            #expect(history.add("a"))
            #expect(!history.add("a"))  // consecutive duplicate
            #expect(!history.add(" secret"))  // ignorespace
            #expect(!history.add(""))
            #expect(!history.add("   "))
            #expect(history.add("b"))
            #expect(history.add("a"))  // not consecutive: recorded
            #expect(history.add("c"))
            #expect(history.entries == ["b", "a", "c"])  // oldest dropped
        }

        @Test func persistsAcrossInstances() throws {
            try withTemporaryDirectory { directory in
                let path = directory + "/state/cellkit/history"
                let first = try History(path: path)
                #expect(first.entries.isEmpty)
                first.add("load CardCells")
                first.add(" secret")
                first.add("show\nrow two")
                first.add("back\\slash \\n literal")
                #expect(first.lastError == nil)

                let second = try History(path: path)
                #expect(second.entries == ["load CardCells", "show\nrow two", "back\\slash \\n literal"])
                // One entry per line, escaped.
                #expect(try fileLines(path) == ["load CardCells", "show\\nrow two", "back\\\\slash \\\\n literal"])
                #expect(mode(of: path) == 0o600)
                #expect(mode(of: directory + "/state/cellkit") == 0o700)
            }
        }

        @Test func editorAppendsEachAcceptedLineAtOnce() throws {
            try withTemporaryDirectory { directory in
                let path = directory + "/history"
                let harness = EditorHarness(history: try History(path: path))
                _ = try harness.run(["first", Keys.enter])
                #expect(try fileLines(path) == ["first"])
                _ = try harness.run(["second", Keys.enter])
                #expect(try fileLines(path) == ["first", "second"])
                // A new session recalls them.
                let next = EditorHarness(history: try History(path: path))
                let run = try next.run([Keys.up, Keys.up, Keys.enter])
                #expect(run.result == .line("first"))
            }
        }

        @Test func compactsAtomicallyKeepingTheNewest() throws {
            try withTemporaryDirectory { directory in
                let path = directory + "/history"
                let history = try History(path: path, maximumCount: 3)
                for index in 1...7 { history.add("line \(index)") }
                // 7 > 2 × 3: rewritten with the newest 3.
                #expect(try fileLines(path) == ["line 5", "line 6", "line 7"])
                #expect(mode(of: path) == 0o600)
                let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory)
                #expect(leftovers == ["history"])
                #expect(try History(path: path, maximumCount: 3).entries == ["line 5", "line 6", "line 7"])
            }
        }

        @Test func compactionKeepsLinesOtherSessionsAppended() throws {
            try withTemporaryDirectory { directory in
                let path = directory + "/history"
                let mine = try History(path: path, maximumCount: 2)
                let theirs = try History(path: path, maximumCount: 2)
                for entry in ["a", "b", "c", "d"] { mine.add(entry) }
                theirs.add("theirs")
                #expect(try fileLines(path) == ["a", "b", "c", "d", "theirs"])
                // Mine has written 5 lines > 2 × 2: compacted from the file as it is.
                mine.add("e")
                #expect(try fileLines(path) == ["theirs", "e"])
                theirs.add("f")
                #expect(try fileLines(path) == ["theirs", "e", "f"])
            }
        }

        @Test func loadingCapsAndDeduplicates() throws {
            try withTemporaryDirectory { directory in
                let path = directory + "/history"
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try "a\na\nb\r\n\nc\nd\n".write(toFile: path, atomically: false, encoding: .utf8)
                let history = try History(path: path, maximumCount: 3)
                #expect(history.entries == ["b", "c", "d"])
            }
        }

        @Test func unwritableFileIsReportedNotFatal() throws {
            try withTemporaryDirectory { directory in
                // The history path is a directory: appending fails.
                try FileManager.default.createDirectory(
                    atPath: directory + "/history", withIntermediateDirectories: true)
                let history = History(maximumCount: 10)
                #expect(history.lastError == nil)
                let broken = try History(path: directory + "/history/x/..", maximumCount: 10)
                #expect(broken.add("kept in memory"))
                #expect(broken.entries == ["kept in memory"])
                #expect(broken.lastError is HistoryFileError)
            }
        }

        @Test func escaping() {
            for entry in ["plain", "a\nb", "a\\nb", "\\", "tab\tkept", "cr\r", "trailing\\"] {
                #expect(HistoryFile.unescape(Substring(HistoryFile.escape(entry))) == entry)
                #expect(!HistoryFile.escape(entry).contains("\n"))
            }
            #expect(HistoryFile.unescape("unknown \\q escape") == "unknown \\q escape")
        }

        @Test func defaultPath() {
            #expect(
                HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/ada"])
                    == "/state/cellkit/history")
            #expect(
                HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "/state/", "HOME": "/home/ada"])
                    == "/state/cellkit/history")
            #expect(
                HistoryFile.defaultPath(environment: ["HOME": "/home/ada"])
                    == "/home/ada/.local/state/cellkit/history")
            // A relative XDG_STATE_HOME is ignored, as the XDG spec says.
            #expect(
                HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "rel", "HOME": "/home/ada"])
                    == "/home/ada/.local/state/cellkit/history")
            #expect(HistoryFile.defaultPath(environment: ["HOME": ""]) == nil)
        }
    }
}
