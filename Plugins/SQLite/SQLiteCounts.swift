import CellKit
import Glibc
import Synchronization

/// The counts a worker has taken of a database, kept while the database is
/// unchanged: a count reads every page of a table (ten million rows: a tenth
/// of a second with the file in memory, several times that without), and
/// `show` asks for the same one several times (the jump that needs the
/// exact rows, the seek that asks whether the rowids run without a gap, each
/// worker of a shared search).
///
/// A count is kept with what the database files said when it was taken:
/// the database's inode, size, times of change and its 100-byte header
/// (with the change counter every transaction in rollback-journal mode
/// increases, the page count and the schema cookie), and in WAL mode the
/// `-wal` file's size, times and header (whose salts change when the log
/// starts again from its beginning). A write changes one of them, so a
/// count is never used for a database written since.
enum SQLiteCounts {
    private struct Key: Hashable {
        var sql: String
        var parameters: [String]
        var database: String
        var state: [Int64]
    }

    private static let kept = Mutex<[Key: Int64]>([:])
    /// Counts of more databases and statements than this start the cache afresh.
    private static let limit = 256

    /// The count `sql` gives on `connection`, from a count kept while its database is unchanged, or taken now.
    static func count(_ sql: String, parameters: [CellKit.DataValue] = [], on connection: SQLiteConnection)
        throws(SQLiteError) -> Int64?
    {
        guard let state = state(of: connection.path) else {
            return try connection.integer(sql, parameters: parameters)
        }
        let key = Key(sql: sql, parameters: parameters.map { "\($0)" }, database: connection.path, state: state)
        if let known = kept.withLock({ $0[key] }) { return known }
        guard let count = try connection.integer(sql, parameters: parameters) else { return nil }
        // Kept only if the files did not change while it was counted.
        guard Self.state(of: connection.path) == state else { return count }
        kept.withLock { kept in
            if kept.count >= limit { kept.removeAll() }
            kept[key] = count
        }
        return count
    }

    /// What the database at `path` and its `-wal` file say of their contents
    /// now; `nil` when the database cannot be read.
    static func state(of path: String) -> [Int64]? {
        guard var database = fileState(path, headerRange: 0..<100) else { return nil }
        database += fileState(path + "-wal", headerRange: 0..<32) ?? [-1]
        return database
    }

    /// A file's device, inode, size and times of change (of its contents and
    /// of its inode), and the bytes of `headerRange` (as numbers); `nil` when
    /// it is missing.
    private static func fileState(_ path: String, headerRange: Range<Int>) -> [Int64]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        var header = [UInt8](repeating: 0, count: headerRange.count)
        let read = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(headerRange.lowerBound)) }
        return [
            Int64(info.st_dev), Int64(info.st_ino), Int64(info.st_size), Int64(info.st_mtim.tv_sec),
            Int64(info.st_mtim.tv_nsec), Int64(info.st_ctim.tv_sec), Int64(info.st_ctim.tv_nsec), Int64(read),
        ] + header.map { Int64($0) }
    }
}
