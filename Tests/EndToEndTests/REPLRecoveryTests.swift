import CellKitSupport
import Glibc
import Testing

/// `cellkit --recover` after the REPL was killed: the screens come back.
@Suite(.serialized) struct REPLRecoveryTests {
    typealias Keys = PTYSession

    @Test func recoversTheScreensOfAKilledSession() throws {
        let home = try PTYSession.makeHome()
        defer { PTYSession.removeHome(home) }
        do {
            let first = try PTYSession.start(home: home)
            try first.type("screen Kept border=rounded")
            try first.type("row TextCell text=Survivor")
            try first.type("rwo TextCell text=Typo")
            try first.type("render")
            try first.wait(for: "the screen rendered") { $0.lines.contains { $0.hasPrefix("│ Survivor ") } }
            try first.waitForPrompt()
            first.signal(SIGKILL)
            #expect(try first.waitForExit() == 128 + SIGKILL)
        }
        let second = try PTYSession.start(["--recover"], home: home)
        try second.waitFor("recovered 2 commands and 1 screen (Kept)")
        try second.type("screens")
        try second.wait(for: "the recovered screen") { $0.lines.contains { $0.hasPrefix("*  Kept") } }
        try second.type("render")
        try second.wait(for: "the recovered row, once") { $0.lines.filter { $0.hasPrefix("│ Survivor ") }.count == 1 }
        try second.type("quit")
        #expect(try second.waitForExit() == 0)
        #expect(try listDirectory(second.stateDirectory + "/sessions") == [])
    }

    @Test func theCommandThatWasRunningIsReportedAndSkipped() throws {
        let home = try PTYSession.makeHome()
        defer { PTYSession.removeHome(home) }
        // Opening a FIFO nobody writes to blocks: the command is still running when the process is killed.
        // (A script may be a pipe; a data file may not: `rows … from` a FIFO is refused at once.)
        #expect(mkfifo(home + "/stuck.cellkit", 0o600) == 0)
        do {
            let first = try PTYSession.start(home: home)
            try first.type("screen Kept")
            try first.type("row TextCell text=Before")
            try first.waitForPrompt()
            try first.send("open \"\(home)/stuck.cellkit\"", Keys.enter)
            try waitForJournal(in: home) { $0.contains("run \"open ") }
            first.signal(SIGKILL)
            try first.waitForExit()
        }
        let second = try PTYSession.start(["--recover"], home: home)
        try second.waitFor("recovered 2 commands and 1 screen (Kept)")
        try second.waitFor("skipped the command that was running when that session ended:")
        try second.wait(for: "the skipped command") {
            $0.lines.contains("  open \"\(home)/stuck.cellkit\"")
        }
        try second.type("render")
        try second.wait(for: "the row added before") { $0.lines.contains("Before") }
    }

    @Test func aSecondKillAfterRecoveryLosesNothing() throws {
        let home = try PTYSession.makeHome()
        defer { PTYSession.removeHome(home) }
        do {
            let first = try PTYSession.start(home: home)
            try first.type("screen One")
            try first.waitForPrompt()
            first.signal(SIGKILL)
            try first.waitForExit()
        }
        do {
            let second = try PTYSession.start(["--recover"], home: home)
            try second.waitFor("recovered 1 command and 1 screen (One)")
            try second.type("screen Two")
            try second.waitForPrompt()
            second.signal(SIGHUP)
            try second.waitForExit()
        }
        let third = try PTYSession.start(home: home)
        try third.waitFor("a session ended without quitting; `cellkit --recover` brings its screens back")
        // Keys typed before the editor takes the terminal go through the tty's
        // line discipline (Ctrl-D there is not a key): wait for the prompt.
        try third.waitForPrompt()
        try third.send(Keys.control("d"))
        try third.waitForExit()
        let fourth = try PTYSession.start(["--recover"], home: home)
        try fourth.waitFor("recovered 2 commands and 2 screens (One, Two)")
    }

    /// A `--recover` killed while it replays a slow command (an `open` of a
    /// script that is a FIFO nobody writes yet) leaves a partial journal,
    /// newer than the complete one it was replaying, which is still there: the
    /// next `--recover` replays all of the complete one, the slow command too
    /// (it had succeeded), says so, and only then removes both (issue 21,
    /// item 19: the command was skipped and the journals removed, so it was
    /// lost). Killed twice in the same command, the third recovery still gets
    /// every command back.
    @Test(arguments: [1, 2]) func aRecoveryKilledMidReplayLosesNothing(kills: Int) throws {
        let home = try PTYSession.makeHome()
        defer { PTYSession.removeHome(home) }
        let sessions = home + "/state/cellkit/sessions"
        let part = home + "/part.cellkit"
        try atomicWrite(part, "row TextCell text=slow\n")
        do {
            let first = try PTYSession.start(home: home)
            try first.type("screen A")
            try first.type("row TextCell text=one")
            try first.type("open \"\(part)\"")
            try first.type("screen B")
            try first.type("row TextCell text=two")
            try first.waitForPrompt()
            first.signal(SIGKILL)
            try first.waitForExit()
        }
        let original = try #require(try listDirectory(sessions).first)
        let journal = try readTextFile(sessions + "/" + original)
        // Replaying `open` now blocks until someone writes the FIFO: the recovery is killed there.
        unlink(part)
        #expect(mkfifo(part, 0o600) == 0)
        for _ in 0..<kills {
            let before = try listDirectory(sessions)
            let recovery = try PTYSession.start(["--recover"], home: home)
            try waitForJournal(in: home, excluding: before) { $0.contains("recovers ") && $0.contains("run \"open ") }
            recovery.signal(SIGKILL)
            try recovery.waitForExit()
            // The complete journal is untouched.
            #expect(try readTextFile(sessions + "/" + original) == journal)
        }
        #expect(try listDirectory(sessions).count == 1 + kills)
        // The slow command finishes this time.
        unlink(part)
        try atomicWrite(part, "row TextCell text=slow\n")
        let last = try PTYSession.start(["--recover"], home: home)
        try last.waitFor("recovered 5 commands and 2 screens (A, B)")
        try last.waitFor("an earlier `cellkit --recover` of that session ended before it finished")
        try last.type("render A")
        try last.wait(for: "the rows of A, the opened one too") {
            $0.lines.contains("one") && $0.lines.contains("slow")
        }
        try last.type("render B")
        try last.wait(for: "the row of B") { $0.lines.contains("two") }
        // Only this session's journal is left, and it goes when the session ends normally.
        #expect(try listDirectory(sessions).count == 1)
        try last.type("quit")
        #expect(try last.waitForExit() == 0)
        #expect(try listDirectory(sessions) == [])
    }

    /// Waits until a session journal in `home` (not one of `excluding`) satisfies `condition`.
    func waitForJournal(in home: String, excluding: [String] = [], until condition: (String) -> Bool) throws {
        let directory = home + "/state/cellkit/sessions"
        let clock = ContinuousClock()
        let deadline = clock.now + PTYSession.timeout
        while clock.now < deadline {
            for name in (try? listDirectory(directory)) ?? [] where !excluding.contains(name) {
                if let text = try? readTextFile(directory + "/" + name), condition(text) { return }
            }
            var none = pollfd()
            _ = poll(&none, 0, 20)
        }
        throw PTYSession.Failure(description: "timed out waiting for the journal")
    }
}
