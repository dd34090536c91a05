@_spi(Host) import CellKit
import CellKitSupport
import DataBinding
import Dispatch
import PluginRuntime
import WorkerProtocol

/// The rows of a binding whose records a plugin's ``DataSource`` reads
/// (`rows … from "app.db" table=users`): a batch of records at a time, made
/// into the cell's values by slot on a thread of their own while the batch
/// before is drawn, as a data file's chunks are (docs/design.md, "Data
/// sources").
///
/// The source is used by one thread at a time: every read runs on
/// ``queue``, in order.
final class SourceRows: @unchecked Sendable {
    // (@unchecked: the source and the batch are touched only on `queue`; the rest is immutable.)
    /// How many records a batch holds.
    static let batchSize = 4096

    /// The values of a batch's records, by bound slot in the order of
    /// ``SourceRecordReader``'s attributes, and the records whose values
    /// could not be made (with why).
    struct Made: @unchecked Sendable {
        var records: Range<Int>
        var values: [SlotValue?]
        var failures: [Int: String]
    }

    let binding: Binding
    private let source: any DataSource
    private let reader: SourceRecordReader
    private let sourceName: String
    /// The records a worker drawing some blocks of the rows reads, in order
    /// (``BoundRows``' plan); `nil`: every record.
    private let plan: [Range<Int>]?
    private var batch: DataBatch
    private let queue = DispatchQueue(label: "cellkit.source-rows")
    /// The batch being read ahead (touched by the caller's thread only; its result by ``queue`` until it is done).
    private var ahead: Pending?
    private final class Pending: @unchecked Sendable {
        let start: Int
        let done = DispatchGroup()
        /// Set on ``queue`` before ``done`` is left; read after.
        var made: Result<Made, BoundRows.Failure> = .failure(BoundRows.Failure(description: "a batch was not read"))

        init(start: Int) {
            self.start = start
            done.enter()
        }
    }

    /// Opens the binding's source: `type`, with the binding's options and
    /// the fields `reader` asks for. With a `plan` (the records that will be
    /// read, in order), a batch ends where its planned range does, and the
    /// batch read ahead is the next planned one: no record of another
    /// worker's blocks is read.
    init(_ binding: Binding, type: any DataSource.Type, reader: SourceRecordReader, plan: [Range<Int>]? = nil)
        throws(BoundRows.Failure)
    {
        self.binding = binding
        self.reader = reader
        self.plan = plan?.filter { !$0.isEmpty }
        sourceName = binding.source?.name ?? type.format.name
        let request: DataRequest
        do {
            request = try DataRequest(binding, fields: reader.fields)
        } catch {
            throw BoundRows.Failure(description: "\(binding.file): sort= or where=: \(error.message)")
        }
        do {
            source = try type.init(request)
        } catch {
            throw BoundRows.Failure(description: Self.describe(error, file: binding.file, source: nil))
        }
        batch = DataBatch(fieldCount: reader.fields.count, capacity: Self.batchSize)
    }

    /// The values of the batch that starts at `record`, and reads the next one ahead.
    func made(from record: Int) throws(BoundRows.Failure) -> Made {
        let result: Result<Made, BoundRows.Failure>
        if let ahead, ahead.start == record {
            ahead.done.wait()
            result = ahead.made
        } else {
            ahead?.done.wait()
            result = queue.sync { read(from: record) }
        }
        ahead = nil
        let made = try result.get()
        if !made.records.isEmpty, let next = planned(from: made.records.upperBound) { readAhead(from: next) }
        return made
    }

    /// The first record at or after `record` that will be read, `nil` when none is.
    private func planned(from record: Int) -> Int? {
        guard let plan else { return record < binding.count ? record : nil }
        return plan.first { $0.upperBound > record }.map { max($0.lowerBound, record) }
    }

    /// Where the batch that starts at `record` ends at the latest: the end of
    /// its planned range (or of the rows).
    private func end(from record: Int) -> Int {
        plan?.first { $0.contains(record) }?.upperBound ?? binding.count
    }

    private func readAhead(from record: Int) {
        let pending = Pending(start: record)
        ahead = pending
        queue.async {
            pending.made = self.read(from: record)
            pending.done.leave()
        }
    }

    /// Reads the batch that starts at `record` and makes its values (on ``queue``).
    private func read(from record: Int) -> Result<Made, BoundRows.Failure> {
        // (Up to the rows' end, a full batch: the source steps past its last
        // record, and SQLite ends its read, which a writer waits for.)
        let end = end(from: record)
        let wanted = end < binding.count ? min(Self.batchSize, max(1, end - record)) : Self.batchSize
        if wanted != batch.capacity {
            batch = DataBatch(fieldCount: reader.fields.count, capacity: wanted)
        } else {
            batch.removeAll()
        }
        do {
            try source.read(from: record, into: &batch)
        } catch {
            return .failure(BoundRows.Failure(description: Self.describe(error, file: binding.file, source: source)))
        }
        if let (at, count) = batch.misshapen {
            return .failure(
                BoundRows.Failure(
                    description:
                        "the \(sourceName) data source gave record \(record + at + 1) of \(binding.file) \(count) "
                        + "values for \(reader.fields.count) fields; this is a bug in the plugin"))
        }
        return .success(made(of: batch, from: record))
    }

    /// The values of `batch`'s records, the first numbered `record`. (The
    /// batch is a parameter, not the property: read from a property, each
    /// use would copy it, a retain of each of its arrays.)
    private func made(of batch: DataBatch, from record: Int) -> Made {
        var values: [SlotValue?] = []
        values.reserveCapacity(batch.count * reader.count)
        var failures: [Int: String] = [:]
        // Text (most bound attributes) goes from the batch to the slot with no `AttributeValue` between.
        let texts = (0..<reader.count).map(reader.isText)
        for index in 0..<batch.count {
            for attribute in 0..<reader.count {
                do {
                    if texts[attribute] {
                        values.append(try reader.textValue(of: attribute, record: index, in: batch).map(SlotValue.init))
                    } else {
                        values.append(try reader.value(of: attribute, record: index, in: batch).map(SlotValue.init))
                    }
                } catch {
                    values.append(nil)
                    if failures[record + index] == nil {
                        failures[record + index] = Self.describe(
                            error, at: batch.places[index], file: binding.file, source: source)
                    }
                }
            }
        }
        return Made(records: record..<record + batch.count, values: values, failures: failures)
    }

    /// A value's error, at its place: `app.db, table users, rowid 7, field age: UserCell.age: …`.
    static func describe(
        _ error: SourceRecordReader.ValueFailure, at place: DataPlace, file: String, source: any DataSource
    ) -> String {
        "\(file), \(source.describe(place)), field \(error.field): \(error.message)"
            + (error.fix.map { "\n  \($0)" } ?? "")
    }

    /// A source's error: `app.db: no table named 'userz'` with its fix.
    static func describe(_ error: DataSourceError, file: String, source: (any DataSource)?) -> String {
        var place = ""
        if let source, let at = error.place { place += ", " + source.describe(at) }
        if let field = error.field { place += ", field \(field)" }
        return "\(file)\(place): \(error.message)" + (error.fix.map { "\n  \($0)" } ?? "")
    }
}
