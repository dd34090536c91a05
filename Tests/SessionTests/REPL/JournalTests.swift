import CellKitSupport
import Glibc
import Testing

@testable import Session

/// The session journal `--recover` reads.
@Suite struct REPLJournalTests {
    @Test func nothingIsWrittenBeforeTheFirstCommand() throws {
        let root = try REPLTestSupport.temporaryDirectory()
        defer { REPLTestSupport.remove(root) }
        let directory = root + "/sessions"
        let journal = Journal(directory: directory)
        #expect(!fileExists(directory))
        journal.begin("screen Main")
        journal.finish(succeeded: true)
        #expect(journal.isOpen)
        #expect(try fileInfo(journal.path)?.permissions == 0o600)
        #expect(try fileInfo(directory)?.permissions == 0o700)
        journal.close()
        #expect(!fileExists(journal.path))
    }

    @Test func recordsCommandsOutcomesDirectoriesAndTheOneThatWasRunning() throws {
        let directory = try REPLTestSupport.temporaryDirectory()
        defer { REPLTestSupport.remove(directory) }
        let journal = Journal(directory: directory)
        journal.begin("screen \"Main view\"")
        journal.finish(succeeded: true)
        journal.begin("rwo x")
        journal.finish(succeeded: false)
        journal.begin("open a.cellkit")
        journal.begin("row TextCell text=nested")  // run by the open: not recorded on its own
        journal.finish(succeeded: true)
        journal.finish(succeeded: true)
        journal.begin("render")

        let text = try readTextFile(journal.path)
        let cwd = try Path.currentDirectory()
        #expect(
            text == """
                cellkit-journal 1
                cwd "\(cwd)"
                run "screen \\"Main view\\""
                ok
                run "rwo x"
                failed
                run "open a.cellkit"
                ok
                run "render"

                """)
        let contents = try Journal.read(journal.path)
        #expect(contents.succeeded.map(\.text) == ["screen \"Main view\"", "open a.cellkit"])
        #expect(contents.entries.map(\.directory) == [cwd, cwd, cwd])
        #expect(contents.interrupted == "render")
    }

    @Test func aLineCutShortByACrashIsSkipped() throws {
        let directory = try REPLTestSupport.temporaryDirectory()
        defer { REPLTestSupport.remove(directory) }
        let path = directory + "/session-1-1.journal"
        try atomicWrite(path, "cellkit-journal 1\nrun \"screen A\"\nok\nrun \"row Te")
        let contents = try Journal.read(path)
        #expect(contents.succeeded.map(\.text) == ["screen A"])
        #expect(contents.interrupted == nil)
    }

    @Test func aJournalIsAbandonedWhenNoSessionHoldsItsLock() throws {
        let directory = try REPLTestSupport.temporaryDirectory()
        defer { REPLTestSupport.remove(directory) }
        let live = Journal(directory: directory)
        live.begin("screen Live")
        live.finish(succeeded: true)
        #expect(Journal.abandoned(in: directory) == [])

        let older = directory + "/session-99999-100.journal"
        try atomicWrite(older, "cellkit-journal 1\n")
        var times = [timespec(tv_sec: 100, tv_nsec: 0), timespec(tv_sec: 100, tv_nsec: 0)]
        utimensat(AT_FDCWD, older, &times, 0)
        let newer = directory + "/session-99998-200.journal"
        try atomicWrite(newer, "cellkit-journal 1\n")
        try atomicWrite(directory + "/notes.txt", "")
        #expect(Journal.abandoned(in: directory) == [newer, older])
        #expect(Journal.latestAbandoned(in: directory) == newer)
        live.close()
    }

    @Test func theDirectoryFollowsXDG() {
        #expect(
            Journal.directory(environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/ada"])
                == "/state/cellkit/sessions")
        #expect(Journal.directory(environment: ["HOME": "/tmp"]) == "/tmp/.local/state/cellkit/sessions")
        #expect(
            Journal.directory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/tmp"])
                == "/tmp/.local/state/cellkit/sessions")
        // A home that does not exist is not made (issue 33, item 9): no journal in it.
        #expect(Journal.directory(environment: ["HOME": "/nonexistent/home"]) == nil)
    }
}
