/// What the host asks a ``DataSource`` to open: the file a `rows` command
/// names, its source options (`table=users`), and the fields its mappings use.
///
/// ```swift
/// // rows UserCell from "app.db" table=users name=.name age=.age
/// request.path              // "/home/ada/app.db"
/// request.option("table")   // "users"
/// request.fields            // ["name", "age"]: each record's values, in this order
/// ```
public struct DataRequest: Sendable {
    /// The file, as an absolute path.
    public var path: String
    /// The source's options the command gave, by name (only names the
    /// format declares in ``DataFormat/options``).
    public var options: [String: String]
    /// The fields each record's values are for, in order: the names the
    /// mappings use (`.name` → `name`, `."Full Name"` → `Full Name`).
    public var fields: [String]
    /// How long the source may wait for what another program holds (a
    /// database's lock) before it gives up with an error, in seconds.
    public var timeout: Double
    /// The order `sort=` asks for, first key first, when the format declares
    /// the option `sort` (a source that declares it reads its records in this
    /// order); empty otherwise. Its fields are among the names the source
    /// checks, as ``fields``'.
    public var order: [DataSortKey] = []
    /// The records `where=` asks for, when the format declares the option
    /// `where` (a source that declares it reads only those); `nil` otherwise.
    public var filter: DataFilter?

    /// A request for `fields` of the file at `path`, with `options`.
    public init(path: String, options: [String: String] = [:], fields: [String], timeout: Double = 5) {
        self.path = path
        self.options = options
        self.fields = fields
        self.timeout = timeout
    }

    /// The value of option `name`, if the command gave it.
    public func option(_ name: String) -> String? {
        options[name]
    }
}

/// What a ``DataSource`` reads, said as data: its name, the file names it
/// claims and its options. The host keeps it with the plugin's cells, so a
/// script is checked, completed and described without loading the plugin.
///
/// ```swift
/// static let format = DataFormat(
///     name: "sqlite", summary: "a table or a query of an SQLite database",
///     fileExtensions: ["db", "sqlite", "sqlite3"],
///     options: [
///         DataOption("table", summary: "the table whose rows are read"),
///         DataOption("query", summary: "a read-only SELECT whose rows are read"),
///     ])
/// ```
public struct DataFormat: Sendable {
    /// Its name: what `format=` says, and how `describe` lists it (`sqlite`).
    public var name: String
    /// One line about it.
    public var summary: String
    /// The file name endings it claims, without the dot (`db`, `sqlite`):
    /// a file named so is read by it without `format=`.
    public var fileExtensions: [String]
    /// The options a `rows` command may give it (`table=`, `query=`).
    public var options: [DataOption]

    /// A format named `name`.
    public init(name: String, summary: String = "", fileExtensions: [String] = [], options: [DataOption] = []) {
        self.name = name
        self.summary = summary
        self.fileExtensions = fileExtensions
        self.options = options
    }
}

/// An option of a ``DataFormat``: a `name=value` a `rows` command gives the source.
///
/// ```swift
/// let table = DataOption("table", summary: "the table whose rows are read")
/// ```
public struct DataOption: Sendable {
    /// Its name, as the command writes it.
    public var name: String
    /// One line about it, for `describe` and completion.
    public var summary: String

    /// An option named `name`.
    public init(_ name: String, summary: String = "") {
        self.name = name
        self.summary = summary
    }
}
