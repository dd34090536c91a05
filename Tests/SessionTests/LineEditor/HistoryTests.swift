import Foundation
import Glibc
import TestSupport
import Testing

@testable import Session

extension LineEditorTests {
    /// The history list and its file.
    @Suite struct HistoryFiles {
        /// The path of a directory that does not exist yet, in a fresh temporary
        /// directory removed by `body`'s end.
        private func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
            let temporary = try TemporaryDirectory(prefix: "lineeditor")
            try body(temporary.file("state"))
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
                let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
                #expect(leftovers == ["history", "history.lock"])
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

        /// Two sessions appending while both compact: the history lock keeps
        /// every line; only the oldest go, by compaction. Each session's lines
        /// left in the file are then the newest of its own, without a gap.
        @Test(arguments: 1...4) func twoSessionsAtOnceLoseNoLine(_ round: Int) throws {
            try withTemporaryDirectory { directory in
                let path = directory + "/history"
                let perSession = 300
                let done = DispatchGroup()
                let start = DispatchSemaphore(value: 0)
                for name in ["a", "b"] {
                    done.enter()
                    Thread {
                        defer { done.leave() }
                        start.wait()  // both at once
                        guard let history = try? History(path: path, maximumCount: 40) else { return }
                        for index in 1...perSession { history.add("\(name)\(index)") }
                    }.start()
                }
                start.signal()
                start.signal()
                done.wait()
                let lines = try fileLines(path)
                #expect(lines.count >= 40)
                for name in ["a", "b"] {
                    let numbers = lines.filter { $0.hasPrefix(name) }.compactMap { Int($0.dropFirst()) }
                    // None left is fine (the other session appended more than 40 since); a gap is not.
                    guard let first = numbers.min() else { continue }
                    #expect(numbers == Array(first...perSession), "session \(name) lost lines: \(numbers)")
                }
            }
        }

        /// The protocol itself, without timing luck: while another session
        /// holds the history lock exclusive, neither an append nor a
        /// compaction touches the file; each goes on when it is released.
        @Test func appendsAndCompactionWaitForTheHistoryLock() throws {
            try withTemporaryDirectory { directory in
                let path = directory + "/history"
                let history = try History(path: path, maximumCount: 2)
                for entry in ["a", "b", "c", "d"] { history.add(entry) }
                let lock = open(path + ".lock", O_RDWR | O_CREAT, 0o600)
                defer { close(lock) }
                #expect(flock(lock, LOCK_EX) == 0)
                let finished = DispatchSemaphore(value: 0)
                nonisolated(unsafe) let waiting = history
                Thread {
                    waiting.add("e")  // appends, then compacts (5 > 2 × 2)
                    finished.signal()
                }.start()
                #expect(finished.wait(timeout: .now() + .milliseconds(300)) == .timedOut)
                #expect(try fileLines(path) == ["a", "b", "c", "d"])
                // Another session's line, appended while it holds the lock.
                try "theirs\n".data(using: .utf8).map { data in
                    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                    try handle.seekToEnd()
                    try handle.write(contentsOf: data)
                    try handle.close()
                }
                #expect(flock(lock, LOCK_UN) == 0)
                #expect(finished.wait(timeout: .now() + .seconds(10)) == .success)
                #expect(try fileLines(path) == ["theirs", "e"])
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
            #expect(HistoryFile.defaultPath(environment: ["HOME": "/tmp"]) == "/tmp/.local/state/cellkit/history")
            // A relative XDG_STATE_HOME is ignored, as the XDG spec says.
            #expect(
                HistoryFile.defaultPath(environment: ["XDG_STATE_HOME": "rel", "HOME": "/tmp"])
                    == "/tmp/.local/state/cellkit/history")
            // A home that does not exist is not made (issue 33, item 9): no history in it.
            #expect(HistoryFile.defaultPath(environment: ["HOME": "/nonexistent/home"]) == nil)
            #expect(HistoryFile.defaultPath(environment: ["HOME": ""]) == nil)
        }
    }
}
