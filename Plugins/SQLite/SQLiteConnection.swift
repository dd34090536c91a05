import CellKit
import Glibc

/// Why SQLite could not do what the source asked: the library's message,
/// in the source's words, with the fix.
struct SQLiteError: Error {
    var message: String
    var fix: String?

    init(_ message: String, fix: String? = nil) {
        self.message = message
        self.fix = fix
    }

    var dataSourceError: DataSourceError { DataSourceError(message, fix: fix) }
}

/// A read-only connection to one database file, and the statements the
/// source runs on it. Opened with `SQLITE_OPEN_READONLY` and `PRAGMA
/// query_only`: nothing this connection runs can change the file.
final class SQLiteConnection {
    let library: SQLiteLibrary
    let path: String
    private let database: SQLiteLibrary.Database

    /// Opens `path` read-only, waiting up to `timeout` seconds for another
    /// program's lock before a read fails.
    init(path: String, timeout: Double) throws(SQLiteError) {
        let library: SQLiteLibrary
        switch SQLiteLibrary.shared {
        case .success(let loaded): library = loaded
        case .failure(let error): throw error
        }
        self.library = library
        self.path = path
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            throw SQLiteError("cannot open it: \(reason)", fix: "check the file's name, or where the script looks")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw SQLiteError("it is not a file", fix: "give the path of an SQLite database file")
        }
        var handle: SQLiteLibrary.Database?
        let flags = SQLiteLibrary.openReadOnly | SQLiteLibrary.openNoMutex | SQLiteLibrary.openPrivateCache
        let status = library.open(path, &handle, flags, nil)
        guard status == SQLiteLibrary.ok, let handle else {
            let message = handle.map { String(cString: library.errmsg($0)!) } ?? Self.text(of: status, library)
            _ = library.close(handle)
            throw SQLiteError("cannot open it as an SQLite database: \(message)")
        }
        database = handle
        _ = library.busyTimeout(handle, Int32(clamping: Int((max(0, timeout) * 1000).rounded())))
        // A second guard: even a statement that slipped past the read-only check could not write.
        try execute("PRAGMA query_only = 1")
        // The first read of the schema: a file that is not a database says so here.
        try execute("SELECT count(*) FROM sqlite_schema")
    }

    deinit {
        _ = library.close(database)
    }

    /// `sqlite3_errstr`'s text for a result code.
    static func text(of status: Int32, _ library: SQLiteLibrary) -> String {
        library.errstr(status).map { String(cString: $0) } ?? "error \(status)"
    }

    /// The error SQLite reported for `status`, in words a person can act on.
    func error(_ status: Int32, doing what: String) -> SQLiteError {
        let detail = String(cString: library.errmsg(database)!)
        switch status & 0xFF {
        case SQLiteLibrary.notADatabase:
            return SQLiteError(
                "not an SQLite database (\(detail))",
                fix: "check the file; a CSV or JSON file is read with format=csv or format=json")
        case SQLiteLibrary.corrupt:
            return SQLiteError(
                "the database is damaged: \(detail)",
                fix: "check it with `sqlite3 \(path) 'PRAGMA integrity_check'`, or restore it from a copy")
        case SQLiteLibrary.busy, SQLiteLibrary.locked:
            return SQLiteError(
                "the database is locked by another program, which kept it past the time limit (\(detail))",
                fix: "try again once the program that writes it has finished, or raise the limit: set timeout=SECONDS")
        default:
            return SQLiteError("\(what) failed: \(detail)")
        }
    }

    /// Runs a statement that needs no result but its success.
    func execute(_ sql: String) throws(SQLiteError) {
        let statement = try prepare(sql)
        defer { _ = library.finalize(statement) }
        while true {
            let status = library.step(statement)
            if status == SQLiteLibrary.row { continue }
            if status == SQLiteLibrary.done { return }
            throw error(status, doing: "reading")
        }
    }

    /// Prepares the first statement of `sql`: `nil` when it holds none
    /// (only spaces and comments). `tail` is the text after it.
    func prepareFirst(_ sql: String) throws(SQLiteError) -> (statement: SQLiteLibrary.Statement?, tail: String) {
        var statement: SQLiteLibrary.Statement?
        var tail = ""
        let status: Int32 = sql.withCString { text in
            var rest: UnsafePointer<CChar>?
            let status = library.prepare(database, text, -1, &statement, &rest)
            if let rest { tail = String(cString: rest) }
            return status
        }
        guard status == SQLiteLibrary.ok else {
            _ = library.finalize(statement)
            throw error(status, doing: "preparing the statement")
        }
        return (statement, tail)
    }

    /// Prepares the one statement `sql` holds, its parameters (`?`) bound
    /// to `parameters` in order: values are never pasted into SQL.
    func prepare(_ sql: String, parameters: [CellKit.DataValue] = []) throws(SQLiteError) -> SQLiteLibrary.Statement {
        guard let statement = try prepareFirst(sql).statement else {
            throw SQLiteError("an empty statement", fix: "write a SELECT")
        }
        for (i, value) in parameters.enumerated() {
            let index = Int32(i + 1)
            let status: Int32
            switch value {
            case .integer(let number): status = library.bindInt64(statement, index, number)
            case .real(let number): status = library.bindDouble(statement, index, number)
            case .null: status = library.bindNull(statement, index)
            default:
                let text = value.text ?? ""
                status = text.withCString {
                    library.bindText(statement, index, $0, Int32(text.utf8.count), SQLiteLibrary.transient)
                }
            }
            guard status == SQLiteLibrary.ok else {
                _ = library.finalize(statement)
                throw error(status, doing: "binding a value of where=")
            }
        }
        return statement
    }

    /// The first column of the first row of `sql` as a whole number (`count(*)`, `max(rowid)`).
    func integer(_ sql: String, parameters: [CellKit.DataValue] = []) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql, parameters: parameters)
        defer { _ = library.finalize(statement) }
        let status = library.step(statement)
        guard status == SQLiteLibrary.row else {
            if status == SQLiteLibrary.done { return nil }
            throw error(status, doing: "reading")
        }
        guard library.columnType(statement, 0) != SQLiteLibrary.null else { return nil }
        return library.columnInt64(statement, 0)
    }

    /// The text values of the first column of every row of `sql`.
    func texts(_ sql: String) throws(SQLiteError) -> [String] {
        let statement = try prepare(sql)
        defer { _ = library.finalize(statement) }
        var texts: [String] = []
        while true {
            let status = library.step(statement)
            if status == SQLiteLibrary.done { return texts }
            guard status == SQLiteLibrary.row else { throw error(status, doing: "reading") }
            texts.append(text(statement, 0))
        }
    }

    /// Column `index` of the current row as text.
    func text(_ statement: SQLiteLibrary.Statement, _ index: Int32) -> String {
        withText(statement, index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 bytes of column `index` of the current
    /// row, valid only during the call (until the statement steps on).
    func withText<Result>(
        _ statement: SQLiteLibrary.Statement, _ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let bytes = library.columnText(statement, index)
        let count = Int(library.columnBytes(statement, index))
        return body(UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
    }

    /// The names of a prepared statement's columns.
    func columnNames(_ statement: SQLiteLibrary.Statement) -> [String] {
        (0..<library.columnCount(statement)).map { library.columnName(statement, $0).map { String(cString: $0) } ?? "" }
    }

    /// `name` as an SQL identifier, in double quotes.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacing("\"", with: "\"\"") + "\""
    }

    /// `text` as an SQL string literal, in single quotes.
    static func literal(_ text: String) -> String {
        "'" + text.replacing("'", with: "''") + "'"
    }
}
