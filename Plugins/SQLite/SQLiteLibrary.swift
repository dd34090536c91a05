import Glibc

/// The dozen functions of libsqlite3 the source calls, found with `dlopen`
/// and `dlsym` when the first database is opened: no headers, no Swift
/// package, no link-time dependency (a machine without SQLite still loads
/// the plugin, and says what to install when a database is opened).
struct SQLiteLibrary: @unchecked Sendable {
    // (@unchecked: C function pointers, set once and never changed.)
    typealias Database = OpaquePointer
    typealias Statement = OpaquePointer

    let open:
        @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Database?>?, Int32, UnsafePointer<CChar>?) ->
            Int32
    let close: @convention(c) (Database?) -> Int32
    let errmsg: @convention(c) (Database?) -> UnsafePointer<CChar>?
    let errstr: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let busyTimeout: @convention(c) (Database?, Int32) -> Int32
    let prepare:
        @convention(c) (
            Database?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Statement?>?,
            UnsafeMutablePointer<UnsafePointer<CChar>?>?
        ) -> Int32
    let step: @convention(c) (Statement?) -> Int32
    let reset: @convention(c) (Statement?) -> Int32
    let finalize: @convention(c) (Statement?) -> Int32
    let readonly: @convention(c) (Statement?) -> Int32
    let bindInt64: @convention(c) (Statement?, Int32, Int64) -> Int32
    let bindDouble: @convention(c) (Statement?, Int32, Double) -> Int32
    /// `sqlite3_bind_text`; its last argument, the destructor, is passed as
    /// ``transient`` (SQLite copies the text).
    let bindText: @convention(c) (Statement?, Int32, UnsafePointer<CChar>?, Int32, Int) -> Int32
    let bindNull: @convention(c) (Statement?, Int32) -> Int32
    let columnCount: @convention(c) (Statement?) -> Int32
    let columnName: @convention(c) (Statement?, Int32) -> UnsafePointer<CChar>?
    let columnType: @convention(c) (Statement?, Int32) -> Int32
    let columnInt64: @convention(c) (Statement?, Int32) -> Int64
    let columnDouble: @convention(c) (Statement?, Int32) -> Double
    let columnText: @convention(c) (Statement?, Int32) -> UnsafePointer<UInt8>?
    let columnBytes: @convention(c) (Statement?, Int32) -> Int32
    let libversion: @convention(c) () -> UnsafePointer<CChar>?

    // Result codes and flags (sqlite3.h).
    static let ok: Int32 = 0
    static let busy: Int32 = 5
    static let locked: Int32 = 6
    static let corrupt: Int32 = 11
    static let cantOpen: Int32 = 14
    static let notADatabase: Int32 = 26
    static let row: Int32 = 100
    static let done: Int32 = 101
    static let openReadOnly: Int32 = 0x0000_0001
    static let openNoMutex: Int32 = 0x0000_8000
    static let openPrivateCache: Int32 = 0x0004_0000
    // Column types.
    static let integer: Int32 = 1
    static let float: Int32 = 2
    static let text: Int32 = 3
    static let blob: Int32 = 4
    static let null: Int32 = 5
    /// `SQLITE_TRANSIENT`, the destructor `(sqlite3_destructor_type)-1`: SQLite copies a bound text.
    static let transient = -1

    /// The library's file name, as Debian and most distributions install it.
    static let soname = "libsqlite3.so.0"
    /// The Debian package that provides it.
    static let package = "libsqlite3-0"

    /// The library, loaded once; or why it could not be.
    static let shared: Result<SQLiteLibrary, SQLiteError> = load()

    private static func load() -> Result<SQLiteLibrary, SQLiteError> {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(
                SQLiteError(
                    "cannot read SQLite databases: \(soname) could not be loaded (\(reason))",
                    fix: "install SQLite's library: apt-get install \(package) (Debian, Ubuntu), "
                        + "dnf install sqlite-libs (Fedora), apk add sqlite-libs (Alpine)"))
        }
        let names = [
            "sqlite3_open_v2", "sqlite3_close_v2", "sqlite3_errmsg", "sqlite3_errstr", "sqlite3_busy_timeout",
            "sqlite3_prepare_v2", "sqlite3_step", "sqlite3_reset", "sqlite3_finalize", "sqlite3_stmt_readonly",
            "sqlite3_bind_int64", "sqlite3_bind_double", "sqlite3_bind_text", "sqlite3_bind_null",
            "sqlite3_column_count", "sqlite3_column_name", "sqlite3_column_type",
            "sqlite3_column_int64", "sqlite3_column_double", "sqlite3_column_text", "sqlite3_column_bytes",
            "sqlite3_libversion",
        ]
        let missing = names.filter { dlsym(handle, $0) == nil }
        guard missing.isEmpty else {
            return .failure(
                SQLiteError(
                    "cannot read SQLite databases: \(soname) lacks \(missing.joined(separator: ", "))",
                    fix: "install a current SQLite 3 library: apt-get install \(package)"))
        }
        // Each was found above; the types are the C declarations of sqlite3.h.
        func function<T>(_ name: String) -> T { unsafeBitCast(dlsym(handle, name)!, to: T.self) }
        let library = SQLiteLibrary(
            open: function("sqlite3_open_v2"), close: function("sqlite3_close_v2"), errmsg: function("sqlite3_errmsg"),
            errstr: function("sqlite3_errstr"), busyTimeout: function("sqlite3_busy_timeout"),
            prepare: function("sqlite3_prepare_v2"), step: function("sqlite3_step"), reset: function("sqlite3_reset"),
            finalize: function("sqlite3_finalize"), readonly: function("sqlite3_stmt_readonly"),
            bindInt64: function("sqlite3_bind_int64"), bindDouble: function("sqlite3_bind_double"),
            bindText: function("sqlite3_bind_text"), bindNull: function("sqlite3_bind_null"),
            columnCount: function("sqlite3_column_count"),
            columnName: function("sqlite3_column_name"), columnType: function("sqlite3_column_type"),
            columnInt64: function("sqlite3_column_int64"), columnDouble: function("sqlite3_column_double"),
            columnText: function("sqlite3_column_text"), columnBytes: function("sqlite3_column_bytes"),
            libversion: function("sqlite3_libversion"))
        return .success(library)
    }
}
