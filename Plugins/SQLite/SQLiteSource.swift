import CellKit

/// The rows of an SQLite database: `rows CELL from "app.db" table=NAME …`
/// (a table or a view, in rowid order) or `query="SELECT …"` (one
/// statement that only reads). The database is opened read-only, always:
/// no script can change it.
///
/// Only the columns the binding uses are read. INTEGER, REAL, TEXT and NULL
/// are given as typed values (a REAL bound to text draws as its shortest
/// decimal, `0.5`, `3.0`); a BLOB is an error naming its column.
final class SQLiteSource: DataSource {
    static let format = DataFormat(
        name: "sqlite", summary: "the rows of a table, a view or a read-only query of an SQLite database",
        fileExtensions: ["db", "sqlite", "sqlite3"],
        options: [
            DataOption("table", summary: "the table or view whose rows are drawn, in rowid order"),
            DataOption("query", summary: "one SELECT that only reads; its rows are drawn in its order"),
            DataOption("sort", summary: "the order of the rows: the query's ORDER BY"),
            DataOption("where", summary: "which rows are drawn: the query's WHERE, its values bound as parameters"),
        ])

    private let connection: SQLiteConnection
    private let library: SQLiteLibrary
    /// How many fields each record has.
    private let fieldCount: Int32
    /// Reads every record: the requested columns (then the rowid, in rowid order).
    private let select: String
    /// Counts the records.
    private let countSQL: String
    /// The values of `where=`, bound to the `?` of ``select`` and ``countSQL`` in order.
    private let parameters: [DataValue]
    /// The table, when records are read in rowid order (a table with rowids).
    private let rowidTable: String?
    /// `table users` or `the query`, for places in errors.
    private let origin: String
    /// The statement stepping through the records, and the record it gives next.
    private var cursor: SQLiteLibrary.Statement?
    private var next = 0
    /// The rowid of every ``checkpointStride``-th record read: a seek starts from the nearest one.
    private var checkpoints: [Int: Int64] = [:]
    private static let checkpointStride = 1024

    init(_ request: DataRequest) throws(DataSourceError) {
        do {
            connection = try SQLiteConnection(path: request.path, timeout: request.timeout)
        } catch {
            throw error.dataSourceError
        }
        library = connection.library
        fieldCount = Int32(request.fields.count)
        // sort= and where=: the query's ORDER BY and WHERE.
        var parameters: [DataValue] = []
        let condition =
            try request.filter.map { filter throws(DataSourceError) in
                " WHERE " + (try Self.sql(filter, &parameters))
            } ?? ""
        self.parameters = parameters
        let fields = request.fields + (request.filter?.fields ?? []) + request.order.map(\.field)
        func ordered(by tiebreak: String?) -> String {
            let keys = request.order.map { SQLiteConnection.quoted($0.field) + ($0.descending ? " DESC" : "") }
            guard !keys.isEmpty else { return "" }
            return " ORDER BY " + (keys + (tiebreak.map { [$0] } ?? [])).joined(separator: ", ")
        }
        let selects = request.filter != nil || !request.order.isEmpty
        switch (request.option("table"), request.option("query")) {
        case (let table?, nil) where selects:
            // Records found by offset: in the order asked for, equal ones in rowid order.
            let (columns, hasRowid) = try Self.columns(ofTable: table, in: connection)
            try Self.check(fields, among: columns, of: "table \(table)")
            origin = "table \(table)"
            rowidTable = nil
            let from = " FROM \(SQLiteConnection.quoted(table))\(condition)"
            select = "SELECT \(Self.columnList(request.fields))\(from)\(ordered(by: hasRowid ? "rowid" : nil))"
            countSQL = "SELECT count(*)\(from)"
        case (let table?, nil):
            let (columns, hasRowid) = try Self.columns(ofTable: table, in: connection)
            try Self.check(fields, among: columns, of: "table \(table)")
            let list = Self.columnList(request.fields)
            origin = "table \(table)"
            if hasRowid {
                rowidTable = table
                select = "SELECT \(list), rowid FROM \(SQLiteConnection.quoted(table))"
            } else {
                rowidTable = nil
                select = "SELECT \(list) FROM \(SQLiteConnection.quoted(table))"
            }
            countSQL = "SELECT count(*) FROM \(SQLiteConnection.quoted(table))"
        case (nil, let query?):
            let statement = try Self.readOnlyStatement(query, in: connection)
            try Self.check(fields, among: statement.columns, of: "the query")
            origin = "the query"
            rowidTable = nil
            select = "SELECT \(Self.columnList(request.fields)) FROM (\(statement.text))\(condition)\(ordered(by: nil))"
            countSQL = "SELECT count(*) FROM (\(statement.text))\(condition)"
        case (.some, .some):
            throw DataSourceError(
                "table= and query= both say which rows to read",
                fix: "give one of them: table=NAME or query=\"SELECT …\"")
        case (nil, nil):
            let tables = (try? Self.tables(in: connection)) ?? []
            throw DataSourceError(
                "which rows? an SQLite database is read with table= or query=",
                fix: "add table=NAME"
                    + (tables.isEmpty ? "" : " (its tables are \(tables.joined(separator: ", ")))")
                    + " or query=\"SELECT …\"")
        }
    }

    deinit {
        _ = library.finalize(cursor)
    }

    func count() throws(DataSourceError) -> Int {
        do {
            return Int(try SQLiteCounts.count(countSQL, parameters: parameters, on: connection) ?? 0)
        } catch {
            throw error.dataSourceError
        }
    }

    /// A table's largest rowid (rowids counted from 1 are never fewer than the rows), found at once.
    func estimatedCount() throws(DataSourceError) -> Int? {
        guard let rowidTable else { return nil }
        let table = SQLiteConnection.quoted(rowidTable)
        do {
            guard let low = try connection.integer("SELECT min(rowid) FROM \(table)") else { return 0 }
            guard low >= 1, let high = try connection.integer("SELECT max(rowid) FROM \(table)") else { return nil }
            return Int(high)
        } catch {
            throw error.dataSourceError
        }
    }

    func read(from record: Int, into batch: inout DataBatch) throws(DataSourceError) {
        // A query has no rowid to seek by: asked for records further on (a
        // worker's next block), its cursor steps over those between, rather
        // than run the query again from its start.
        if rowidTable == nil, let cursor, record > next {
            while next < record {
                let status = library.step(cursor)
                if status == SQLiteLibrary.done { return }  // the records ended before it
                guard status == SQLiteLibrary.row else {
                    throw connection.error(status, doing: "reading \(origin)").dataSourceError
                }
                next += 1
            }
        }
        if cursor == nil || next != record {
            do {
                try seek(to: record)
            } catch {
                throw error.dataSourceError
            }
        }
        guard let cursor else { return }
        while batch.count < batch.capacity {
            let status = library.step(cursor)
            guard status == SQLiteLibrary.row else {
                if status == SQLiteLibrary.done { return }
                throw connection.error(status, doing: "reading \(origin)").dataSourceError
            }
            for column in 0..<fieldCount { append(cursor, column, to: &batch) }
            let key: Int64
            if rowidTable != nil {
                key = library.columnInt64(cursor, fieldCount)
                if next % Self.checkpointStride == 0 { checkpoints[next] = key }
            } else {
                key = Int64(next + 1)
            }
            batch.endRecord(at: DataPlace(key))
            next += 1
        }
    }

    func fingerprint() throws(DataSourceError) -> DataFingerprint {
        // A database in WAL mode keeps its latest changes in the -wal file.
        DataFingerprint(files: [connection.path + "-wal"])
    }

    func describe(_ place: DataPlace) -> String {
        rowidTable != nil ? "\(origin), rowid \(place.key)" : "\(origin), row \(place.key)"
    }

    // MARK: - Reading

    /// Starts the cursor at `record`: from the nearest checkpoint before it, by rowid, or by an offset.
    ///
    /// A table whose rowids run without a gap (most: rows added, none deleted)
    /// finds a record's rowid by arithmetic, so a worker that draws every other
    /// block of a shared render, or `show` jumping to the end, starts at once;
    /// another table walks its rowids (which reads no column) from the nearest
    /// checkpoint, noting checkpoints on the way. Whether the rowids have a
    /// gap takes a count of the table (a fifth of a second for ten million
    /// rows; the count of the exact rows, when it was taken, is the same:
    /// ``SQLiteCounts``), so it is asked only by a seek past the checkpoints
    /// known: the first rows (`show`'s first frame) and those read before are
    /// found from their checkpoint.
    private func seek(to record: Int) throws(SQLiteError) {
        _ = library.finalize(cursor)
        cursor = nil
        var sql = select
        if let table = rowidTable {
            let known =
                record < Self.checkpointStride
                || checkpoints[record / Self.checkpointStride * Self.checkpointStride] != nil
            if dense == nil, !known { dense = try Self.firstRowidIfDense(of: table, in: connection) }
            if let first = dense ?? nil {
                sql += " WHERE rowid >= \(first + Int64(record)) ORDER BY rowid"
            } else {
                let (from, rowid) = try checkpoint(before: record, in: table)
                sql += " WHERE rowid >= \(rowid) ORDER BY rowid LIMIT -1 OFFSET \(record - from)"
            }
        } else if record > 0 {
            sql += " LIMIT -1 OFFSET \(record)"
        }
        cursor = try connection.prepare(sql, parameters: parameters)
        next = record
    }

    /// For a table of rowids: its first rowid when they run from it without
    /// a gap (`nil` inside), found once, at the first seek past the checkpoints known.
    private var dense: Int64??

    /// The first rowid of `table` when its rowids run without a gap; `nil` otherwise.
    private static func firstRowidIfDense(of table: String, in connection: SQLiteConnection) throws(SQLiteError)
        -> Int64?
    {
        let name = SQLiteConnection.quoted(table)
        guard let count = try SQLiteCounts.count("SELECT count(*) FROM \(name)", on: connection), count > 0,
            let low = try connection.integer("SELECT min(rowid) FROM \(name)"),
            let high = try connection.integer("SELECT max(rowid) FROM \(name)"), high - low + 1 == count
        else { return nil }
        return low
    }

    /// The checkpoint nearest at or before `record`: the record and its rowid,
    /// after walking the rowids from the last checkpoint known to it.
    private func checkpoint(before record: Int, in table: String) throws(SQLiteError) -> (record: Int, rowid: Int64) {
        var from = record / Self.checkpointStride * Self.checkpointStride
        while from > 0 && checkpoints[from] == nil { from -= Self.checkpointStride }
        let target = record / Self.checkpointStride * Self.checkpointStride
        guard from < target, let start = checkpoints[from] ?? (from == 0 ? Int64.min : nil) else {
            return (from, checkpoints[from] ?? Int64.min)
        }
        let walk = try connection.prepare(
            "SELECT rowid FROM \(SQLiteConnection.quoted(table)) WHERE rowid >= \(start) ORDER BY rowid")
        defer { _ = library.finalize(walk) }
        var at = from
        while at <= target, library.step(walk) == SQLiteLibrary.row {
            if at % Self.checkpointStride == 0 { checkpoints[at] = library.columnInt64(walk, 0) }
            at += 1
        }
        let reached = min(target, (at - 1) / Self.checkpointStride * Self.checkpointStride)
        return (reached, checkpoints[reached] ?? Int64.min)
    }

    /// Appends column `column` of the cursor's row to `batch`, typed: text as its bytes, with no `String` made.
    private func append(_ statement: SQLiteLibrary.Statement, _ column: Int32, to batch: inout DataBatch) {
        switch library.columnType(statement, column) {
        case SQLiteLibrary.integer: batch.append(.integer(library.columnInt64(statement, column)))
        case SQLiteLibrary.float: batch.append(.real(library.columnDouble(statement, column)))
        case SQLiteLibrary.text: connection.withText(statement, column) { batch.appendText($0) }
        case SQLiteLibrary.blob: batch.append(.blob(count: Int(library.columnBytes(statement, column))))
        default: batch.append(.null)
        }
    }

    // MARK: - sort= and where=

    /// `filter` as an SQL condition, its values appended to `parameters`
    /// (each a `?`): `== null` is `IS NULL`; `contains` is `instr(…) > 0`.
    private static func sql(_ filter: DataFilter, _ parameters: inout [DataValue]) throws(DataSourceError) -> String {
        switch filter {
        case .and(let a, let b): return "(\(try sql(a, &parameters)) AND \(try sql(b, &parameters)))"
        case .or(let a, let b): return "(\(try sql(a, &parameters)) OR \(try sql(b, &parameters)))"
        case .not(let a): return "(NOT \(try sql(a, &parameters)))"
        case .compare(let a, let op, let b):
            if op == .equal || op == .notEqual, let side = [a, b].first(where: { $0 != .value(.null) }),
                [a, b].contains(.value(.null))
            {
                return "(\(try operand(side, &parameters)) IS \(op == .equal ? "" : "NOT ")NULL)"
            }
            let x = try operand(a, &parameters)
            let y = try operand(b, &parameters)
            switch op {
            case .equal: return "(\(x) = \(y))"
            case .notEqual: return "(\(x) <> \(y))"
            case .less: return "(\(x) < \(y))"
            case .lessOrEqual: return "(\(x) <= \(y))"
            case .greater: return "(\(x) > \(y))"
            case .greaterOrEqual: return "(\(x) >= \(y))"
            case .contains: return "(instr(\(x), \(y)) > 0)"
            @unknown default: throw unknown("the comparison '\(op.rawValue)'")
            }
        @unknown default: throw unknown("part of it")
        }
    }

    private static func operand(_ operand: DataOperand, _ parameters: inout [DataValue]) throws(DataSourceError)
        -> String
    {
        switch operand {
        case .field(let name): return SQLiteConnection.quoted(name)
        case .value(let value):
            parameters.append(value)
            return "?"
        @unknown default: throw unknown("an operand")
        }
    }

    /// What a later cellkit's `where=` may hold that this source cannot say in SQL.
    private static func unknown(_ what: String) -> DataSourceError {
        DataSourceError(
            "where=: this SQLite source cannot turn \(what) into SQL",
            fix: "install the SQLite plugin of this cellkit's release")
    }

    // MARK: - Opening

    private static func columnList(_ fields: [String]) -> String {
        fields.isEmpty ? "NULL" : fields.map(SQLiteConnection.quoted).joined(separator: ", ")
    }

    /// The database's tables and views, by name (SQLite's own left out).
    private static func tables(in connection: SQLiteConnection) throws(SQLiteError) -> [String] {
        try connection.texts(
            "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
                + "ORDER BY name")
    }

    /// The columns of table or view `table`, and whether it has rowids.
    private static func columns(ofTable table: String, in connection: SQLiteConnection)
        throws(DataSourceError) -> (columns: [String], hasRowid: Bool)
    {
        do throws(SQLiteError) {
            guard !table.isEmpty, !table.utf8.contains(0) else {
                throw SQLiteError("table= needs the name of a table", fix: "write table=NAME")
            }
            let literal = SQLiteConnection.literal(table)
            let kinds = try connection.texts(
                "SELECT type FROM sqlite_schema WHERE type IN ('table', 'view') AND name = \(literal) COLLATE NOCASE")
            guard let kind = kinds.first else {
                let tables = try tables(in: connection)
                throw SQLiteError(
                    "no table named '\(table)'",
                    fix: Suggestions.nearest(to: table, in: tables).map { "did you mean '\($0)'?" }
                        ?? (tables.isEmpty
                            ? "it has no tables" : "its tables are \(tables.joined(separator: ", "))"))
            }
            let columns = try connection.texts("SELECT name FROM pragma_table_info(\(literal))")
            var hasRowid = false
            if kind == "table",
                let statement = try? connection.prepare("SELECT rowid FROM \(SQLiteConnection.quoted(table)) LIMIT 0")
            {
                _ = connection.library.finalize(statement)
                hasRowid = true
            }
            return (columns, hasRowid)
        } catch {
            throw error.dataSourceError
        }
    }

    /// A query that is exactly one statement which only reads: its text
    /// (without a trailing `;`) and the names of its columns.
    private static func readOnlyStatement(_ query: String, in connection: SQLiteConnection)
        throws(DataSourceError) -> (text: String, columns: [String])
    {
        let library = connection.library
        let first: (statement: SQLiteLibrary.Statement?, tail: String)
        do {
            first = try connection.prepareFirst(query)
        } catch {
            throw error.dataSourceError
        }
        guard let statement = first.statement else {
            throw DataSourceError("query= holds no statement", fix: "write query=\"SELECT …\"")
        }
        defer { _ = library.finalize(statement) }
        guard library.readonly(statement) != 0 else {
            throw DataSourceError(
                "query= would change the database: cellkit only ever reads one",
                fix: "write a SELECT (or WITH … SELECT) that reads the rows to draw")
        }
        // What follows it may be semicolons, spaces and comments: nothing SQLite would run.
        var rest = first.tail
        while rest.contains(where: { !$0.isWhitespace && $0 != ";" }) {
            let following = try? connection.prepareFirst(rest)
            guard let following, following.statement == nil, following.tail.utf8.count < rest.utf8.count else {
                _ = following.flatMap { library.finalize($0.statement) }
                throw DataSourceError(
                    "query= holds more than one statement: cellkit runs exactly one",
                    fix: "keep the one SELECT whose rows are drawn")
            }
            rest = following.tail
        }
        let tail = first.tail
        let used = query.utf8.count - tail.utf8.count
        var text = String(decoding: query.utf8.prefix(used), as: UTF8.self)
        while let last = text.last, last.isWhitespace || last == ";" { text.removeLast() }
        return (text, connection.columnNames(statement))
    }

    /// Every requested field must be a column (SQLite compares names without case).
    private static func check(_ fields: [String], among columns: [String], of origin: String) throws(DataSourceError) {
        let known = Set(columns.map { $0.lowercased() })
        for field in fields where !known.contains(field.lowercased()) {
            throw DataSourceError(
                "\(origin) has no column '\(field)'",
                fix: Suggestions.nearest(to: field, in: columns).map { "did you mean '\($0)'?" }
                    ?? "its columns are \(columns.joined(separator: ", "))",
                field: field)
        }
    }
}
