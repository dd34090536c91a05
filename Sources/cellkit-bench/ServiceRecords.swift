import CellKitSupport
import Glibc
import TestSupport

/// Records for `cellkit-bench data` and `parse`, made up for any count, in
/// several mixes like real exports (``Mix``) and every layout the data path
/// reads (``Layout``). The default mix is issue 7's records: an id, a name
/// (a third with CJK, some with emoji), a value with up to two decimals and a
/// status word.
///
/// ```
/// id,name,value,status
/// 1,Gateway 網關 0,0.0,ok
/// 2,Auth 🔐 1,9.25,warn
/// ```
///
/// Every mix has the four fields issue 7's script binds (`id`, `name`,
/// `value`, `status`), so the same script draws each, next to the same
/// `cellkit-bench table`.
enum ServiceRecords {
    static let names = ["Gateway 網關", "Auth 🔐", "Billing", "Search 検索", "Cache ⚡", "Queue", "Mail ✉", "Storage 存储"]
    static let statuses = ["ok", "warn", "down", "ok"]

    /// Record `i` (from 1) of the default mix: its four fields as they are written in both formats.
    static func fields(_ i: Int) -> (id: String, name: String, value: String, status: String) {
        let quarters = ((i - 1) * 37) % 100_000
        let fraction = ["0", "25", "5", "75"][quarters % 4]
        return (
            String(i), names[(i - 1) % names.count] + " " + String(i - 1), "\(quarters / 4).\(fraction)",
            statuses[(i - 1) % statuses.count]
        )
    }

    /// `count` records of the default mix as CSV, with a header line.
    static func csv(_ count: Int) -> [UInt8] { encoded(.csv, mix: .services, count: count) }

    /// `count` records of the default mix as a JSON array of objects, one a line.
    static func json(_ count: Int) -> [UInt8] { encoded(.json, mix: .services, count: count) }

    /// A value of a generated record, as an export writes it.
    enum Value {
        /// A number, written bare in JSON (`-2420.81`).
        case number(String)
        /// Text: a JSON string, a CSV field (quoted when it must be), an SQL literal.
        case text(String)
        /// `true` or `false` (1 or 0 in SQLite).
        case bool(Bool)
        /// JSON `null`, an empty CSV field, SQL `NULL`.
        case null
    }

    /// What the records hold: the kinds of data real exports have.
    enum Mix: String, CaseIterable {
        /// Issue 7's records: short names (a third with CJK, some with emoji), numbers as JSON numbers.
        case services
        /// The same records with every number written as a JSON string (`"id": "7"`, `"value": "-2420.81"`),
        /// as many exports write them, negative values among them.
        case strings
        /// Issue 32's records: names of 12 to 60 columns made of CJK, Hangul, emoji, flags and ZWJ
        /// sequences (a quarter 60 columns wide, cut with an ellipsis in the 59-column name column), and
        /// numbers as strings.
        case names
        /// JSON as Python's `json.dump` writes it by default (`ensure_ascii`): every non-ASCII character
        /// as `\uXXXX` (astral ones as surrogate pairs), and names with `"` and `\` (`\"`, `\\`;
        /// CSV doubles the quote).
        case escapes
        /// Nulls and missing fields: a value `null` in every fifth record, a status in every seventh (an
        /// empty CSV field, SQL `NULL`), and two fields the script does not bind (`owner`, `note`) that
        /// only some records have (absent from the JSON object; empty in CSV).
        case nulls
        /// A wide export: 20 columns (numbers, text, a boolean, a quoted list), of which the script binds four.
        case wide

        /// The column names, in file order.
        var columns: [String] {
            switch self {
            case .services, .strings, .names, .escapes: ["id", "name", "value", "status"]
            case .nulls: ["id", "name", "owner", "value", "status", "note"]
            case .wide:
                [
                    "id", "region", "zone", "host", "name", "kind", "owner", "version", "value", "latency_ms",
                    "errors", "cpu", "memory", "active", "status", "started", "updated", "tags", "note", "checksum",
                ]
            }
        }

        /// Whether JSON escapes every non-ASCII character (`json.dump`'s default).
        var asciiJSON: Bool { self == .escapes }

        /// Record `i` (from 1): a value for each of ``columns``, `nil` where the record lacks the field.
        func record(_ i: Int) -> [Value?] {
            let f = ServiceRecords.fields(i)
            switch self {
            case .services:
                return [.number(f.id), .text(f.name), .number(f.value), .text(f.status)]
            case .strings:
                return [.text(f.id), .text(f.name), .text(ServiceRecords.signedValue(i)), .text(f.status)]
            case .names:
                return [
                    .number(f.id), .text(ServiceRecords.longName(i)), .text(ServiceRecords.signedValue(i)),
                    .text(f.status),
                ]
            case .escapes:
                return [.number(f.id), .text(ServiceRecords.escapedName(i)), .number(f.value), .text(f.status)]
            case .nulls:
                return [
                    .number(f.id), .text(f.name), i % 3 == 0 ? .text("team \(i % 17)") : nil,
                    i % 5 == 0 ? .null : .number(f.value), i % 7 == 0 ? .null : .text(f.status),
                    i % 4 == 1 ? .text("moved to rack \(i % 40)") : i % 4 == 2 ? .null : nil,
                ]
            case .wide:
                let region = ["eu-west", "us-east", "ap-south", "sa-east"][i % 4]
                return [
                    .number(f.id), .text(region), .text(region + "-\(i % 3 + 1)"), .text("host-\(i % 997).internal"),
                    .text(f.name), .text(["api", "worker", "cron"][i % 3]), .text("team \(i % 17)"),
                    .text("1.\(i % 9).\(i % 23)"), .number(f.value), .number(String(i * 31 % 4000)),
                    .number(String(i % 13)), .number("0.\(i * 7 % 100)"), .number(String(i * 4099 % 65536)),
                    .bool(i % 6 != 0), .text(f.status), .text("2026-11-\(10 + i % 18)T0\(i % 10):15:00Z"),
                    .text("2026-11-27T1\(i % 10):4\(i % 6):0\(i % 10)Z"), .text("edge, \(region), tier-\(i % 3)"),
                    i % 9 == 0 ? .text("restarted after deploy") : .null,
                    .text(String(i &* 2_654_435_761 & 0xFFFF_FFFF, radix: 16)),
                ]
            }
        }
    }

    /// A value between -5000.00 and 4999.99 with two decimals, as text (`-2420.81`).
    static func signedValue(_ i: Int) -> String {
        let cents = (i &* 7919) % 1_000_000 - 500_000
        let whole = abs(cents) / 100
        let fraction = abs(cents) % 100
        return (cents < 0 ? "-" : "") + "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Pieces of long names, each with its width in terminal columns.
    static let namePieces: [(String, Int)] = [
        ("東京", 4), ("大阪府", 6), ("北京市", 6), ("서울특별시", 10), ("부산", 4), ("データ", 6), ("검색", 4),
        ("🚀", 2), ("🐉", 2), ("👩‍💻", 2), ("👨‍👩‍👧‍👦", 2), ("🏳️‍🌈", 2), ("🇯🇵", 2), ("🇰🇷", 2), ("Ünïcødé", 7),
        (" ", 1), ("Gateway", 7), ("台北", 4), ("処理", 4), ("🧑🏽‍🚀", 2),
    ]

    /// Name `i` of the `names` mix: pieces of ``namePieces`` up to a width of
    /// 12 to 60 columns (a quarter of the names exactly 60), then digits to
    /// make the width exact.
    static func longName(_ i: Int) -> String {
        let target = min(60, 12 + (i &* 7) % 64)
        var name = ""
        var width = 0
        var k = i
        while true {
            let (piece, w) = namePieces[k % namePieces.count]
            if width + w > target - 4 { break }
            name += piece
            width += w
            k = (k &* 31 &+ 7) & 0xFFFF
        }
        let digits = String(i % 10_000)
        name += String(repeating: " ", count: target - width - digits.count) + digits
        return name
    }

    /// Name `i` of the `escapes` mix: issue 7's names with a quote or a backslash in some.
    static func escapedName(_ i: Int) -> String {
        let base = names[(i - 1) % names.count]
        switch i % 4 {
        case 0: return "\"\(base)\" \(i)"
        case 1: return "\(base) \\\\srv\\\(i % 100)"
        case 2: return "\(base) \(i)"
        default: return "\(base) \"edge\" \\ \(i)"
        }
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

        var isDatabase: Bool { self == .sqlite || self == .sqliteQuery }
    }

    /// Writes `count` records of `mix` laid out as `layout` to the new file
    /// `path`, a batch of records at a time (a file of any size, in little
    /// memory); returns its size in bytes.
    static func write(_ layout: Layout, mix: Mix = .services, count: Int, to path: String) throws -> Int {
        if layout.isDatabase { return try writeDatabase(mix: mix, count: count, to: path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw BenchError("cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var total = 0
        try encode(layout, mix: mix, count: count) { bytes in
            var written = 0
            while written < bytes.count {
                let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw BenchError("cannot write \(path): \(String(cString: strerror(errno)))") }
                written += n
            }
            total += bytes.count
        }
        return total
    }

    /// `count` records of `mix` laid out as `layout` (not a database), in memory.
    static func encoded(_ layout: Layout, mix: Mix, count: Int) -> [UInt8] {
        var all: [UInt8] = []
        try? encode(layout, mix: mix, count: count) { all += $0 }
        return all
    }

    /// Lays out `count` records of `mix` as `layout` (not a database),
    /// handing `flush` the bytes about a MiB at a time.
    static func encode(_ layout: Layout, mix: Mix, count: Int, flush: ([UInt8]) throws -> Void) throws {
        let columns = mix.columns
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 20 + 4096)
        switch layout {
        case .csv:
            for (c, column) in columns.enumerated() { bytes += ((c == 0 ? "" : ",") + column).utf8 }
            bytes.append(0x0A)
        case .json, .jsonPretty: bytes += "[\n".utf8
        case .jsonLine: bytes.append(UInt8(ascii: "["))
        case .jsonl, .sqlite, .sqliteQuery: break
        }
        for i in stride(from: 1, through: count, by: 1) {
            let record = mix.record(i)
            let last = i == count
            if layout == .csv {
                for (c, value) in record.enumerated() {
                    if c > 0 { bytes.append(UInt8(ascii: ",")) }
                    appendCSV(value ?? .null, to: &bytes)
                }
                bytes.append(0x0A)
            } else {
                let pretty = layout == .jsonPretty
                bytes += (pretty ? "  {\n" : "{").utf8
                var first = true
                for (column, value) in zip(columns, record) {
                    guard let value else { continue }
                    if !first { bytes += (pretty ? ",\n" : ", ").utf8 }
                    first = false
                    if pretty { bytes += "    ".utf8 }
                    appendJSONString(column, ascii: false, to: &bytes)
                    bytes += ": ".utf8
                    appendJSON(value, ascii: mix.asciiJSON, to: &bytes)
                }
                bytes += (pretty ? "\n  }" : "}").utf8
                switch layout {
                case .json, .jsonPretty: bytes += (last ? "\n" : ",\n").utf8
                case .jsonLine: if !last { bytes += ", ".utf8 }
                default: bytes.append(0x0A)
                }
            }
            if bytes.count >= 1 << 20 {
                try flush(bytes)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        switch layout {
        case .json, .jsonPretty: bytes += "]\n".utf8
        case .jsonLine: bytes.append(UInt8(ascii: "]"))
        default: break
        }
        try flush(bytes)
    }

    /// A value as a CSV field: quoted (quotes doubled) when it holds a comma, a quote or a line break.
    static func appendCSV(_ value: Value, to bytes: inout [UInt8]) {
        switch value {
        case .number(let text): bytes += text.utf8
        case .bool(let flag): bytes += (flag ? "true" : "false").utf8
        case .null: break
        case .text(let text):
            guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
                bytes += text.utf8
                return
            }
            bytes.append(0x22)
            for byte in text.utf8 {
                if byte == 0x22 { bytes.append(0x22) }
                bytes.append(byte)
            }
            bytes.append(0x22)
        }
    }

    /// A value as JSON.
    static func appendJSON(_ value: Value, ascii: Bool, to bytes: inout [UInt8]) {
        switch value {
        case .number(let text): bytes += text.utf8
        case .bool(let flag): bytes += (flag ? "true" : "false").utf8
        case .null: bytes += "null".utf8
        case .text(let text): appendJSONString(text, ascii: ascii, to: &bytes)
        }
    }

    /// A JSON string as Python's `json.dump` writes it: `\"`, `\\`, control
    /// characters escaped; with `ascii`, every other non-ASCII character as
    /// `\uXXXX` in lowercase hex (a surrogate pair above U+FFFF).
    static func appendJSONString(_ text: String, ascii: Bool, to bytes: inout [UInt8]) {
        bytes.append(0x22)
        func escape(_ unit: UInt32) {
            let hex = Array("0123456789abcdef".utf8)
            bytes += "\\u".utf8
            for shift in [12, 8, 4, 0] { bytes.append(hex[Int(unit >> UInt32(shift) & 0xF)]) }
        }
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x22: bytes += "\\\"".utf8
            case 0x5C: bytes += "\\\\".utf8
            case 0x0A: bytes += "\\n".utf8
            case 0..<0x20: escape(v)
            case 0x80... where ascii:
                if v > 0xFFFF {
                    escape(0xD800 + ((v - 0x10000) >> 10))
                    escape(0xDC00 + ((v - 0x10000) & 0x3FF))
                } else {
                    escape(v)
                }
            default: bytes += String(scalar).utf8
            }
        }
        bytes.append(0x22)
    }

    /// The records of `mix` as a table `services` of a new SQLite database at
    /// `path` (numbers as REAL or INTEGER values, text as TEXT, as an export
    /// of them would make them; an integer id is the table's rowid); returns its size.
    static func writeDatabase(mix: Mix, count: Int, to path: String) throws -> Int {
        let first = mix.record(1)
        let declarations = zip(mix.columns, first).map { column, value in
            if column == "id", case .number = value { return "id INTEGER PRIMARY KEY" }
            return column
        }
        try SQLiteDatabase.create(at: path, "CREATE TABLE services(\(declarations.joined(separator: ", ")));")
        var sql = ""
        var pending = 0
        for i in stride(from: 1, through: count, by: 1) {
            sql += pending == 0 ? "INSERT INTO services VALUES(" : ",("
            for (c, value) in mix.record(i).enumerated() {
                if c > 0 { sql += "," }
                switch value ?? .null {
                case .number(let text): sql += text
                case .bool(let flag): sql += flag ? "1" : "0"
                case .null: sql += "NULL"
                case .text(let text):
                    sql +=
                        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
                }
            }
            sql += ")"
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
