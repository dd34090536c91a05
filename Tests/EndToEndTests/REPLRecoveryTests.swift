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

    /// A `--recover` that dies while it replays leaves a partial journal, newer
    /// than the complete one it was replaying: the next `--recover` replays the
    /// complete one (without the command the earlier recovery died in), says
    /// so, and sets the partial one aside.
    @Test func aRecoveryThatDiesDoesNotHideTheCompleteJournal() throws {
        let home = try PTYSession.makeHome()
        defer { PTYSession.removeHome(home) }
        let part = home + "/part.cellkit"
        try atomicWrite(part, "row TextCell text=x\n")
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
        // The opened script is now a FIFO nobody writes (a script may be a pipe): replaying `open`
        // blocks, and the recovery is killed there.
        unlink(part)
        #expect(mkfifo(part, 0o600) == 0)
        do {
            let second = try PTYSession.start(["--recover"], home: home)
            try waitForJournal(in: home) { $0.contains("recovers ") && $0.contains("run \"open ") }
            second.signal(SIGKILL)
            try second.waitForExit()
        }
        let third = try PTYSession.start(["--recover"], home: home)
        try third.waitFor("recovered 4 commands and 2 screens (A, B)")
        try third.waitFor("an earlier `cellkit --recover` of that session ended before it finished")
        try third.waitFor("skipped the command that was running when that recovery ended:")
        try third.type("quit")
        #expect(try third.waitForExit() == 0)
        #expect(try listDirectory(third.stateDirectory + "/sessions") == [])
    }

    /// Waits until the session journal in `home` satisfies `condition`.
    func waitForJournal(in home: String, until condition: (String) -> Bool) throws {
        let directory = home + "/state/cellkit/sessions"
        let clock = ContinuousClock()
        let deadline = clock.now + PTYSession.timeout
        while clock.now < deadline {
            for name in (try? listDirectory(directory)) ?? [] {
                if let text = try? readTextFile(directory + "/" + name), condition(text) { return }
            }
            var none = pollfd()
            _ = poll(&none, 0, 20)
        }
        throw PTYSession.Failure(description: "timed out waiting for the journal")
    }
}
