import CellKitSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The file the history is kept in: one entry per line, UTF-8.
///
/// Entries are escaped so that one entry is one line: a backslash is written
/// `\\`, a newline `\n`, a carriage return `\r`. Appends open the file with
/// `O_APPEND` and write a whole line in one `write`, so concurrent sessions
/// interleave whole lines and a crash loses nothing already accepted.
/// Rewrites (compaction) go to a temporary file in the same directory that is
/// synced and renamed over the original. New files get mode 0600 and missing
/// directories mode 0700; a directory another user could change is refused.
///
/// Sessions share the file through the history lock, `flock` on `PATH.lock`
/// (the history file itself is replaced by compaction, so it cannot carry the
/// lock): an append holds it shared, a compaction holds it exclusive from the
/// re-read to the rename, so no line another session appends in between is lost.
struct HistoryFile: Sendable {
    let path: String

    init(path: String) {
        self.path = path
    }

    /// `$XDG_STATE_HOME/cellkit/history` when `XDG_STATE_HOME` is set to an
    /// absolute path (the XDG spec says to ignore relative ones), otherwise
    /// `$HOME/.local/state/cellkit/history`; `nil` when no home directory is known,
    /// or it does not exist (it is not created: ``XDGDirectories/mayMake(_:)``).
    /// An unset `HOME` falls back to the user database; a `HOME` that is set but
    /// empty or relative means there is no home directory to use.
    static func defaultPath(
        environment: [String: String] = Environment.current().variables
    ) -> String? {
        if let state = environment["XDG_STATE_HOME"], Path.isAbsolute(state) {
            return Path.join(state, "cellkit/history")
        }
        let home: String?
        if let value = environment["HOME"] {
            home = Path.isAbsolute(value) ? value : nil
        } else {
            home = Environment(environment).homeDirectory()
        }
        guard let home else { return nil }
        let directories = XDGDirectories(environment: Environment(environment), home: home)
        guard directories.mayMake(directories.stateHome) else { return nil }
        return Path.join(directories.stateHome, "cellkit/history")
    }

    // MARK: Escaping

    /// One entry as one line (without the newline).
    static func escape(_ entry: String) -> String {
        var line = ""
        line.reserveCapacity(entry.utf8.count)
        for scalar in entry.unicodeScalars {
            switch scalar {
            case "\\": line += "\\\\"
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            default: line.unicodeScalars.append(scalar)
            }
        }
        return line
    }

    /// The entry a line stands for. Unknown escapes are kept as they are.
    static func unescape(_ line: Substring) -> String {
        var entry = ""
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else {
                entry.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.next() {
            case "\\": entry += "\\"
            case "n": entry += "\n"
            case "r": entry += "\r"
            case let other?: entry.unicodeScalars.append(contentsOf: ["\\", other])
            case nil: entry += "\\"
            }
        }
        return entry
    }

    // MARK: Reading and writing

    /// The entries in the file, oldest first, and the number of lines read.
    /// A missing file is empty. Invalid UTF-8 is repaired, not refused.
    func load() throws -> (entries: [String], lineCount: Int) {
        let contents: [UInt8]
        do {
            contents = try readFile(path)
        } catch {
            if error.operation == .open && error.errno == ENOENT { return ([], 0) }
            throw HistoryFileError(path: path, operation: error.operation.rawValue, errno: error.errno)
        }
        var entries: [String] = []
        var lineCount = 0
        // Split bytes, not characters: "\r\n" is one Character.
        for var line in contents.split(separator: 0x0A, omittingEmptySubsequences: true) {
            lineCount += 1
            if line.last == 0x0D { line = line.dropLast() }  // edited on another system
            if line.isEmpty { continue }
            entries.append(Self.unescape(Substring(String(decoding: line, as: UTF8.self))))
        }
        return (entries, lineCount)
    }

    /// Appends one entry as one line, creating the file (0600) and its directory
    /// (0700) if needed.
    func append(_ entry: String) throws {
        try createDirectory()
        try locked(exclusive: false) { () throws in try appendUnlocked(entry) }
    }

    /// Runs `body` holding the history lock: shared (appends) or exclusive
    /// (compaction). When the lock file cannot be opened (a read-only
    /// directory), `body` runs without it.
    func locked<T>(exclusive: Bool, _ body: () throws -> T) throws -> T {
        let descriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else { return try body() }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Re-reads the file and rewrites it with what `keep` returns from its
    /// entries, holding the history lock exclusive throughout; returns what was kept.
    func compact(_ keep: ([String]) -> [String]) throws -> [String] {
        try createDirectory()
        return try locked(exclusive: true) { () throws -> [String] in
            let kept = keep(try load().entries)
            try rewrite(kept)
            return kept
        }
    }

    private func appendUnlocked(_ entry: String) throws {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw HistoryFileError(path: path, operation: "open", errno: errno)
        }
        defer { close(descriptor) }
        try writeAll(Array((Self.escape(entry) + "\n").utf8), to: descriptor, operation: "write")
    }

    /// Replaces the file's contents with `entries`, atomically: a temporary
    /// file in the same directory, synced, then renamed over the file. Call it
    /// holding the history lock exclusive (``compact(_:)`` does).
    func rewrite(_ entries: [String]) throws {
        try createDirectory()
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(
            temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw HistoryFileError(path: temporary, operation: "create", errno: errno)
        }
        var bytes: [UInt8] = []
        for entry in entries {
            bytes.append(contentsOf: (Self.escape(entry) + "\n").utf8)
        }
        var isOpen = true
        do {
            try writeAll(bytes, to: descriptor, operation: "write")
            guard fsync(descriptor) == 0 else {
                throw HistoryFileError(path: temporary, operation: "fsync", errno: errno)
            }
            isOpen = false
            guard close(descriptor) == 0 else {
                throw HistoryFileError(path: temporary, operation: "close", errno: errno)
            }
            guard rename(temporary, path) == 0 else {
                throw HistoryFileError(path: path, operation: "rename", errno: errno)
            }
        } catch {
            if isOpen { close(descriptor) }
            unlink(temporary)
            throw error
        }
    }

    private func writeAll(_ bytes: [UInt8], to descriptor: Int32, operation: String) throws {
        let failure = SystemCall.writeAll(descriptor, bytes)
        guard failure == 0 else { throw HistoryFileError(path: path, operation: operation, errno: failure) }
    }

    /// `mkdir -p` of the file's directory, new directories with mode 0700; a
    /// directory another user could change (plant a link named `history` in) is
    /// refused, with the fix (``PrivateDirectory``).
    private func createDirectory() throws {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        do {
            try PrivateDirectory.prepare(directory)
        } catch  where error.errno == EPERM {
            throw HistoryFileError(
                path: path, operation: "check its folder", errno: EPERM,
                reason: "not written: the folder \(error.path) is refused: \(error.reason)"
                    + (error.fix.map { "; " + $0 } ?? ""))
        } catch {
            throw HistoryFileError(path: error.path, operation: "create directory", errno: error.errno)
        }
    }
}
