#if DEBUG
    @_spi(Host) import CellKit
    import CellKitSupport
    import Glibc

    @testable import PluginDiscovery
    @testable import PluginRuntime

    /// The SQLite data source (Plugins/SQLite) on any file: the input is the
    /// database file. The source is loaded from `libSQLite.so` next to the
    /// running executable, as cellkit loads it; each table and view the file
    /// names is opened with `table=`, then every column is read through
    /// `query=`. Every failure must be a ``DataSourceError``; a trap, a
    /// sanitizer report or a record of the wrong shape is a bug.
    enum SQLiteHarness {
        /// The source's type, loaded once; `nil` where the plugin is not built (the harness then does nothing).
        static let source: (any DataSource.Type)? = {
            guard let executable = try? Path.executable() else { return nil }
            let library = Path.dirname(executable) + "/libSQLite.so"
            guard fileExists(library) else { return nil }
            let host = PluginHost(searchPath: PluginSearchPath(directories: []))
            guard (try? host.load(library, allowUnsafe: true)) != nil else { return nil }
            return try? host.registry.resolve("SQLite.sqlite", kinds: [.dataSource]).registration.dataSource
        }()

        /// Where each input is written (one file per process: libFuzzer runs inputs one at a time), in
        /// `$TMPDIR`. It is removed after each input and, should libFuzzer end the process between the write
        /// and the removal (`-max_total_time`, a timeout), at exit.
        static let file: String = {
            let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            atexit { unlink(SQLiteHarness.file) }
            return "\(directory)/cellkit-fuzz-sqlite-\(getpid()).db"
        }()

        static func run(_ data: [UInt8]) {
            guard let source else { return }
            guard (try? atomicWrite(file, data)) != nil else { return }
            defer { unlink(file) }
            let names =
                read(
                    source, options: ["query": "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view')"],
                    fields: ["name"]
                ).compactMap { $0.first?.text }
            for name in names.prefix(8) {
                let columns = read(
                    source,
                    options: ["query": "SELECT name FROM pragma_table_info('\(name.replacing("'", with: "''"))')"],
                    fields: ["name"]
                ).compactMap { $0.first?.text }
                _ = read(source, options: ["table": name], fields: Array(columns.prefix(16)))
            }
        }

        /// The records `options` select (at most 10,000), or none when the source refuses.
        static func read(_ source: any DataSource.Type, options: [String: String], fields: [String]) -> [[DataValue]] {
            do {
                let opened = try source.init(DataRequest(path: file, options: options, fields: fields, timeout: 0))
                let count = try opened.count()
                precondition(count >= 0, "a negative count")
                _ = try opened.estimatedCount()
                var records: [[DataValue]] = []
                var batch = DataBatch(fieldCount: fields.count, capacity: 512)
                while records.count < min(count, 10_000) {
                    batch.removeAll()
                    try opened.read(from: records.count, into: &batch)
                    precondition(batch.misshapen == nil, "a record of the wrong shape")
                    if batch.count == 0 { break }
                    for record in 0..<batch.count {
                        _ = opened.describe(batch.places[record])
                        records.append((0..<fields.count).map { batch[record, $0] })
                    }
                }
                // A jump back, as `show` makes one.
                if count > 1 {
                    batch.removeAll()
                    try opened.read(from: count / 2, into: &batch)
                }
                return records
            } catch {
                // Every throw of a source is a DataSourceError (typed throws): one that says something.
                precondition(!error.message.isEmpty, "a data-source error that says nothing")
                return []
            }
        }
    }
#endif
