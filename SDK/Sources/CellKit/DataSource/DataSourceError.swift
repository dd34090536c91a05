/// Why a ``DataSource`` could not open or read its records: what went
/// wrong, where (a record's place, a field), and how to fix it. The host
/// shows it at the script's `file:line:col`, naming the source's place.
///
/// ```swift
/// throw DataSourceError("no table named 'userz'", fix: "did you mean 'users'?")
/// ```
public struct DataSourceError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in one sentence.
    public var message: String
    /// What would fix it.
    public var fix: String?
    /// The record it is about, if one.
    public var place: DataPlace?
    /// The field it is about, if one.
    public var field: String?

    /// An error saying `message`, with a fix, about a record and a field when it is about one.
    public init(_ message: String, fix: String? = nil, place: DataPlace? = nil, field: String? = nil) {
        self.message = message
        self.fix = fix
        self.place = place
        self.field = field
    }

    /// The message and the fix.
    public var description: String {
        fix.map { "\(message); \($0)" } ?? message
    }
}

/// What a ``DataSource`` adds to "changed since it was read", besides the
/// opened file's size and modification time: the other files its records
/// come from, and a token that changes with them.
///
/// ```swift
/// let fingerprint = DataFingerprint(files: ["/srv/app.db-wal"], token: "schema 7")
/// ```
public struct DataFingerprint: Hashable, Sendable {
    /// Other files the records come from; `watch=true` follows them too.
    public var files: [String]
    /// A token that changes when the records change.
    public var token: String

    /// A fingerprint of `files` and `token`.
    public init(files: [String] = [], token: String = "") {
        self.files = files
        self.token = token
    }
}
