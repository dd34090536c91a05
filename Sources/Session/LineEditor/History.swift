/// The lines the user entered, oldest first, for Up/Down and Ctrl-R.
///
/// - At most `maximumCount` entries; the oldest go first.
/// - A line equal to the previous entry is not recorded again.
/// - Lines starting with a space are not recorded (bash's `ignorespace`), nor
///   are blank ones.
/// - With a file (``HistoryFile``): loaded when created, each recorded line
///   appended at once, and the file compacted (rewritten atomically with the
///   newest `maximumCount` entries, keeping lines other sessions appended) once
///   it holds twice that many lines.
///
/// Persistence failures do not stop the session: the entry is kept in memory
/// and the error is kept in ``lastError`` for the caller to report.
final class History {
    let maximumCount: Int
    private(set) var entries: [String] = []
    let file: HistoryFile?
    /// The most recent failure to write the file, if any.
    private(set) var lastError: (any Error)?
    private var fileLineCount = 0

    /// An in-memory history.
    init(maximumCount: Int = 1000) {
        self.maximumCount = max(1, maximumCount)
        self.file = nil
    }

    /// A history kept in the file at `path` (see ``HistoryFile/defaultPath(environment:)``).
    /// Throws when the file exists but cannot be read; a missing file (and its
    /// directory) is created at the first recorded line.
    init(path: String, maximumCount: Int = 1000) throws {
        self.maximumCount = max(1, maximumCount)
        let file = HistoryFile(path: path)
        self.file = file
        let (loaded, lineCount) = try file.load()
        fileLineCount = lineCount
        for entry in loaded { appendInMemory(entry) }
        if fileLineCount > 2 * self.maximumCount { compact() }
    }

    /// Whether `line` would be recorded: not blank, not starting with a space,
    /// not the same as the newest entry.
    func shouldRecord(_ line: String) -> Bool {
        if line.hasPrefix(" ") { return false }
        if line.allSatisfy(\.isWhitespace) { return false }
        return line != entries.last
    }

    /// Records an accepted line (see ``shouldRecord(_:)``) and appends it to
    /// the file. Returns whether it was recorded.
    @discardableResult
    func add(_ line: String) -> Bool {
        guard shouldRecord(line) else { return false }
        appendInMemory(line)
        guard let file else { return true }
        do {
            try file.append(line)
            fileLineCount += 1
            if fileLineCount > 2 * maximumCount { compact() }
        } catch {
            lastError = error
        }
        return true
    }

    /// Rewrites the file with its newest `maximumCount` entries (consecutive
    /// duplicates removed), re-reading it first so that lines appended by other
    /// sessions are kept; the history lock is held from the read to the rename.
    func compact() {
        guard let file else { return }
        let maximumCount = self.maximumCount
        do {
            // Under the history lock: no other session's append falls between the read and the rename.
            let kept = try file.compact { entries in
                var kept: [String] = []
                for entry in entries where entry != kept.last {
                    kept.append(entry)
                }
                if kept.count > maximumCount { kept.removeFirst(kept.count - maximumCount) }
                return kept
            }
            fileLineCount = kept.count
        } catch {
            lastError = error
        }
    }

    /// Forgets every entry in memory (the file is left alone).
    func removeAll() {
        entries.removeAll()
    }

    private func appendInMemory(_ line: String) {
        guard line != entries.last else { return }
        entries.append(line)
        if entries.count > maximumCount { entries.removeFirst(entries.count - maximumCount) }
    }
}
