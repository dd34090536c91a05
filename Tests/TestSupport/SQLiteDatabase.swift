import Glibc

/// A SQLite database a test writes, through the system's `libsqlite3.so.0`
/// opened with `dlopen` (as the SQLite plugin opens it): no package, no
/// headers, no `sqlite3` program needed.
///
/// ```swift
/// try SQLiteDatabase.create(at: dir + "/app.db", """
///     CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT);
///     INSERT INTO users(name) VALUES ('Ada'), ('Grace');
///     """)
/// ```
public enum SQLiteDatabase {
    /// Why a database could not be written.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private typealias Open =
        @convention(c) (
            UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?
        ) -> Int32
    private typealias Exec =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?, OpaquePointer?,
            UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        ) -> Int32
    fileprivate typealias Close = @convention(c) (OpaquePointer?) -> Int32

    /// Whether the library is on this machine (tests that need it say so when it is not).
    public static var isAvailable: Bool { dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL) != nil }

    /// Creates (or opens) the database at `path` and runs `sql` in it.
    public static func create(at path: String, _ sql: String) throws {
        try open(path, sql).close()
    }

    /// Holds an exclusive lock on the database at `path` (as a program
    /// writing it does) until ``Connection/close()``: readers wait, then fail.
    public static func lockExclusively(_ path: String) throws -> Connection {
        try open(path, "PRAGMA journal_mode=DELETE; BEGIN EXCLUSIVE;")
    }

    /// An open database; closed by ``close()``.
    public final class Connection {
        private let database: OpaquePointer?
        private let closeFunction: Close
        private var isOpen = true

        fileprivate init(_ database: OpaquePointer?, close: Close) {
            self.database = database
            self.closeFunction = close
        }

        /// Closes it (a lock it held is released).
        public func close() {
            if isOpen { _ = closeFunction(database) }
            isOpen = false
        }

        deinit { close() }
    }

    private static func open(_ path: String, _ sql: String) throws -> Connection {
        guard let library = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL),
            let open = dlsym(library, "sqlite3_open_v2"), let exec = dlsym(library, "sqlite3_exec"),
            let close = dlsym(library, "sqlite3_close_v2")
        else { throw Failure(description: "libsqlite3.so.0 is not installed (apt-get install libsqlite3-0)") }
        var database: OpaquePointer?
        // SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        guard unsafeBitCast(open, to: Open.self)(path, &database, 0x2 | 0x4, nil) == 0 else {
            _ = unsafeBitCast(close, to: Close.self)(database)
            throw Failure(description: "cannot create \(path)")
        }
        let connection = Connection(database, close: unsafeBitCast(close, to: Close.self))
        var message: UnsafeMutablePointer<CChar>?
        guard unsafeBitCast(exec, to: Exec.self)(database, sql, nil, nil, &message) == 0 else {
            let text = message.map { String(cString: $0) } ?? "an error"
            throw Failure(description: "SQL failed in \(path): \(text)")
        }
        return connection
    }
}
