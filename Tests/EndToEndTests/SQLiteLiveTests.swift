import CellKitSupport
import Foundation
import TestSupport
import Testing

/// SQLite in a pseudo-terminal: `show` follows the database as another
/// program writes it (`watch=true`), in the rollback journal and in WAL
/// mode; a database another program has locked is waited for with a line
/// that says so, then is a clear error, and the session goes on.
@Suite(.serialized, .enabled(if: SQLiteDatabase.isAvailable, "libsqlite3.so.0 is not installed"))
struct SQLiteLiveTests {
    @Test(arguments: ["DELETE", "WAL"])
    func showFollowsTheDatabaseAsItIsWritten(journal: String) throws {
        let home = try PTYSession.makeHome()
        let database = home + "/live.db"
        try SQLiteDatabase.create(
            at: database,
            "PRAGMA journal_mode=\(journal); CREATE TABLE log(message TEXT); INSERT INTO log VALUES ('first row');")
        let repl = try PTYSession.start(home: home, ownsHome: true, columns: 80, rows: 20)
        try repl.type("screen Live width=40")
        try repl.type("rows TextCell from \"\(database)\" table=log text=.message watch=true")
        try repl.type("show")
        try repl.wait(for: "the first row") { $0.isAlternateScreen && $0.line(0) == "first row" }

        try SQLiteDatabase.create(at: database, "INSERT INTO log VALUES ('second row'), ('third row');")
        try repl.wait(for: "the rows another program added") {
            $0.line(1) == "second row" && $0.line(2) == "third row" && $0.line(19).contains("of 3")
        }
        try repl.send("q")
        try repl.waitForPrompt()
        try repl.type("quit")
        #expect(try repl.waitForExit() == 0)
    }

    @Test func aLockedDatabaseIsWaitedForOnALineThenIsAClearError() throws {
        let home = try PTYSession.makeHome()
        let database = home + "/locked.db"
        try SQLiteDatabase.create(at: database, "CREATE TABLE t(name TEXT); INSERT INTO t VALUES ('only row');")
        let writer = try SQLiteDatabase.lockExclusively(database)
        defer { writer.close() }
        let repl = try PTYSession.start(home: home, ownsHome: true, columns: 100, rows: 20)
        try repl.type("screen Locked width=40")
        try repl.type("rows TextCell from \"\(database)\" table=t text=.name")
        try repl.wait(for: "the line that says what the session waits for") { screen in
            (0..<20).contains { screen.line($0).hasPrefix("waiting for \(database): ") }
        }
        try repl.waitFor("the database is locked by another program")
        try repl.waitForPrompt()
        // The line is gone, the session goes on, and once the lock is released the rows are read.
        writer.close()
        try repl.type("rows TextCell from \"\(database)\" table=t text=.name")
        try repl.type("show")
        try repl.wait(for: "the row") { $0.isAlternateScreen && $0.line(0) == "only row" }
        try repl.send("q")
        try repl.waitForPrompt()
        try repl.type("quit")
        #expect(try repl.waitForExit() == 0)
    }
}
