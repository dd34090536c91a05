import CellKitSupport
import Glibc
import TestSupport

/// The records of issue 7's script (Examples/services.cellkit), made up for
/// any count: an id, a name (a third with CJK, some with emoji), a value with
/// up to two decimals and a status word. The same records as CSV and as JSON
/// (one object a line, as a program would write them).
///
/// ```
/// id,name,value,status
/// 1,Gateway 網關 0,0.0,ok
/// 2,Auth 🔐 1,9.25,warn
/// ```
enum ServiceRecords {
    static let names = ["Gateway 網關", "Auth 🔐", "Billing", "Search 検索", "Cache ⚡", "Queue", "Mail ✉", "Storage 存储"]
    static let statuses = ["ok", "warn", "down", "ok"]

    /// Record `i` (from 1): its four fields as they are written in both formats.
    static func fields(_ i: Int) -> (id: String, name: String, value: String, status: String) {
        let quarters = ((i - 1) * 37) % 100_000
        let fraction = ["0", "25", "5", "75"][quarters % 4]
        return (
            String(i), names[(i - 1) % names.count] + " " + String(i - 1), "\(quarters / 4).\(fraction)",
            statuses[(i - 1) % statuses.count]
        )
    }

    /// `count` records as CSV, with a header line.
    static func csv(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 40 + 32)
        bytes += "id,name,value,status\n".utf8
        for i in stride(from: 1, through: count, by: 1) {
            let f = fields(i)
            bytes += "\(f.id),\(f.name),\(f.value),\(f.status)\n".utf8
        }
        return bytes
    }

    /// `count` records as a JSON array of objects, one a line.
    static func json(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 80 + 8)
        bytes += "[\n".utf8
        for i in stride(from: 1, through: count, by: 1) {
            let f = fields(i)
            bytes +=
                "{\"id\": \(f.id), \"name\": \"\(f.name)\", \"value\": \(f.value), \"status\": \"\(f.status)\"}".utf8
            bytes += (i < count ? ",\n" : "\n").utf8
        }
        bytes += "]\n".utf8
        return bytes
    }

    /// How a file of these records is laid out: what real exports write.
    enum Layout: String, CaseIterable {
        /// CSV with a header line.
        case csv
        /// A JSON array, one record a line (``json(_:)``).
        case json
        /// A JSON array pretty-printed as `json.dump(indent=2)` writes it: a member a line.
        case jsonPretty = "json-pretty"
        /// A JSON array on one line, as `json.dump` and `JSON.stringify` write it.
        case jsonLine = "json-line"
        /// JSON Lines: one record a line, no array.
        case jsonl
        /// An SQLite database, a table of the records (`table=services`), read by the SQLite plugin.
        case sqlite
        /// The same database, read through `query="SELECT … FROM services"`.
        case sqliteQuery = "sqlite-query"

        /// The data file's name: its extension says the format.
        var fileName: String {
            switch self {
            case .csv: "services.csv"
            case .jsonl: "services.jsonl"
            case .sqlite, .sqliteQuery: "services.db"
            default: "services.json"
            }
        }

        /// What `rows … from FILE` adds to say which records of the file.
        var options: String {
            switch self {
            case .sqlite: " table=services"
            case .sqliteQuery: " query=\"SELECT id, name, value, status FROM services\""
            default: ""
            }
        }
    }

    /// Writes `count` records laid out as `layout` to the new file `path`, a
    /// batch of records at a time (a file of any size, in little memory);
    /// returns its size in bytes.
    static func write(_ layout: Layout, count: Int, to path: String) throws -> Int {
        if layout == .sqlite || layout == .sqliteQuery { return try writeDatabase(count: count, to: path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw BenchError("cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var total = 0
        var bytes: [UInt8] = []
        func flush() throws {
            var written = 0
            while written < bytes.count {
                let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw BenchError("cannot write \(path): \(String(cString: strerror(errno)))") }
                written += n
            }
            total += bytes.count
            bytes.removeAll(keepingCapacity: true)
        }
        switch layout {
        case .csv: bytes += "id,name,value,status\n".utf8
        case .json, .jsonPretty: bytes += "[\n".utf8
        case .jsonLine: bytes += "[".utf8
        case .jsonl, .sqlite, .sqliteQuery: break
        }
        for i in stride(from: 1, through: count, by: 1) {
            let f = fields(i)
            let last = i == count
            switch layout {
            case .csv:
                bytes += "\(f.id),\(f.name),\(f.value),\(f.status)\n".utf8
            case .json, .jsonl, .jsonLine:
                bytes +=
                    "{\"id\": \(f.id), \"name\": \"\(f.name)\", \"value\": \(f.value), \"status\": \"\(f.status)\"}"
                    .utf8
                if layout == .json { bytes += (last ? "\n" : ",\n").utf8 }
                if layout == .jsonLine && !last { bytes += ", ".utf8 }
                if layout == .jsonl { bytes += "\n".utf8 }
            case .jsonPretty:
                bytes += "  {\n    \"id\": \(f.id),\n    \"name\": \"\(f.name)\",\n    \"value\": \(f.value),\n".utf8
                bytes += "    \"status\": \"\(f.status)\"\n  }\(last ? "" : ",")\n".utf8
            case .sqlite, .sqliteQuery: break
            }
            if bytes.count >= 1 << 20 { try flush() }
        }
        switch layout {
        case .json, .jsonPretty: bytes += "]\n".utf8
        case .jsonLine: bytes += "]".utf8
        case .csv, .jsonl, .sqlite, .sqliteQuery: break
        }
        try flush()
        return total
    }

    /// The records as a table `services` of a new SQLite database at `path`
    /// (the value a REAL, as an export of them would make it); returns its size.
    static func writeDatabase(count: Int, to path: String) throws -> Int {
        try SQLiteDatabase.create(
            at: path, "CREATE TABLE services(id INTEGER PRIMARY KEY, name TEXT, value REAL, status TEXT);")
        var sql = ""
        var pending = 0
        for i in stride(from: 1, through: count, by: 1) {
            let f = fields(i)
            sql += pending == 0 ? "INSERT INTO services VALUES" : ","
            sql += "(\(f.id),'\(f.name)',\(f.value),'\(f.status)')"
            pending += 1
            if pending == 10_000 || i == count {
                try SQLiteDatabase.create(at: path, sql + ";")  // (each statement a transaction of its own)
                sql = ""
                pending = 0
            }
        }
        return (try? fileInfo(path))?.size ?? 0
    }

    /// Issue 7's script, binding `dataPath`.
    static func script(dataPath: String, options: String = "") -> String {
        """
        load ChartCells
        screen Services list width=100 border=heavy
        row ColumnsCell values=["ID", "Name", "Value", "Status"] widths=8,*,12,8 align=right,left,right,left divider=light header=true
        rows ColumnsCell from "\(dataPath)"\(options) values=[.id, .name, .value, .status] widths=8,*,12,8 align=right,left,right,left divider=light
        render

        """
    }

    /// Writes `bytes` to `path`.
    static func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try atomicWrite(path, bytes)
        } catch {
            throw BenchError("cannot write \(path): \(error)")
        }
    }

    /// A new empty directory under `$TMPDIR` (or /tmp).
    static func temporaryDirectory() throws -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/cellkit-bench-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw BenchError("cannot make a directory in \(base): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }
}
