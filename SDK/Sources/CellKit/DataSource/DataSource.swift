/// A source of records for `rows CELL from …`: a file format or a database
/// that a plugin teaches cellkit to read, registered by name as a cell is.
///
/// The host opens a source for each binding (``init(_:)``: the file, its
/// options, the fields the binding uses), asks how many records it has, and
/// reads them a batch at a time, as typed values (``read(from:into:)``).
/// A source's code runs only in cellkit's worker process, as a cell's does.
///
/// ```swift
/// /// `rows NumberCell from "any.file" format=numbers count=1000 n=.n square=.square`.
/// final class NumberSource: DataSource {
///     static let format = DataFormat(
///         name: "numbers", summary: "the numbers from 1, and their squares", options: [DataOption("count")])
///     private let total: Int
///     private let fields: [String]
///
///     init(_ request: DataRequest) throws(DataSourceError) {
///         guard let text = request.option("count"), let total = Int(text), total >= 0 else {
///             throw DataSourceError("count= must be a whole number", fix: "write count=1000")
///         }
///         for field in request.fields where field != "n" && field != "square" {
///             throw DataSourceError("no field '\(field)'", fix: "its fields are n and square", field: field)
///         }
///         self.total = total
///         fields = request.fields
///     }
///
///     func count() throws(DataSourceError) -> Int { total }
///
///     func read(from record: Int, into batch: inout DataBatch) throws(DataSourceError) {
///         var n = record + 1
///         while batch.count < batch.capacity && n <= total {
///             for field in fields { batch.append(.integer(Int64(field == "n" ? n : n * n))) }
///             batch.endRecord(at: DataPlace(n))
///             n += 1
///         }
///     }
///
///     func describe(_ place: DataPlace) -> String { "number \(place.key)" }
/// }
/// ```
///
/// One instance is used by one thread at a time; the host may open several
/// instances of the same binding at once (one per thread that reads ahead,
/// one per worker process), so a source keeps no state shared between
/// instances. docs/writing-a-data-source.md explains the contract.
public protocol DataSource: AnyObject, SendableMetatype {
    /// The format's name (`format=NAME`), the file names it claims and its options.
    static var format: DataFormat { get }

    /// Opens the source for one binding: `request` says which file, with
    /// which options, and which fields each record's batch holds, in order.
    ///
    /// - Throws: ``DataSourceError`` when the file cannot be opened, an
    ///   option is wrong or missing, or a field is not one the records have
    ///   (say which fields they have).
    init(_ request: DataRequest) throws(DataSourceError)

    /// How many records there are. Called once per binding, before any read.
    func count() throws(DataSourceError) -> Int

    /// At most how many records there are, when that is known at once and
    /// counting takes long (a database table's largest row id): lets `show`
    /// open before the count is known. `nil` (the default) when there is no
    /// quick answer.
    func estimatedCount() throws(DataSourceError) -> Int?

    /// Appends the records numbered `record` on (from 0, in the source's
    /// order) to `batch`, up to ``DataBatch/capacity`` of them: for each, one
    /// value per requested field (``DataBatch/append(_:)``), then the record's
    /// place (``DataBatch/endRecord(at:)``). Appending none means there are no
    /// more. Rows drawn in order ask for consecutive records: a source keeps
    /// its cursor between calls, and seeks only when asked elsewhere.
    func read(from record: Int, into batch: inout DataBatch) throws(DataSourceError)

    /// Where to cut `records` into `parts` ranges for several workers, each
    /// starting where the source can start reading fast. By default, equal ranges.
    func split(_ records: Range<Int>, parts: Int) throws(DataSourceError) -> [Range<Int>]

    /// What else "changed since it was read" compares, besides the opened
    /// file's size and modification time (which the host always compares):
    /// other files the records come from (a database's `-wal`), and a token
    /// that changes with the records. `watch=true` follows every file named.
    /// By default, nothing else.
    func fingerprint() throws(DataSourceError) -> DataFingerprint

    /// A record's place as an error names it, after the file's name: `row 42`,
    /// `line 7`. By default, `record N` (from 1, from the place's key).
    func describe(_ place: DataPlace) -> String
}

extension DataSource {
    /// No quick answer: the host counts.
    public func estimatedCount() throws(DataSourceError) -> Int? { nil }

    /// Nothing besides the opened file.
    public func fingerprint() throws(DataSourceError) -> DataFingerprint { DataFingerprint() }

    /// `parts` ranges of equal size (the last takes what is left).
    public func split(_ records: Range<Int>, parts: Int) throws(DataSourceError) -> [Range<Int>] {
        DataSplit.equal(records, parts: parts)
    }

    /// `record N`.
    public func describe(_ place: DataPlace) -> String { "record \(place.key)" }
}

/// Cutting record ranges.
enum DataSplit {
    /// `records` in `parts` ranges, as equal as whole records allow, none empty.
    static func equal(_ records: Range<Int>, parts: Int) -> [Range<Int>] {
        let parts = max(1, min(parts, records.count))
        guard !records.isEmpty else { return [records] }
        var ranges: [Range<Int>] = []
        var lower = records.lowerBound
        for part in 1...parts {
            let upper = records.lowerBound + records.count * part / parts
            ranges.append(lower..<upper)
            lower = upper
        }
        return ranges
    }
}
