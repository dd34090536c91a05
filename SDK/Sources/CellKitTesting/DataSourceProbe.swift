@_spi(Host) import CellKit

/// Opens a `DataSource` as cellkit does and reads its records, for a
/// source's tests: every batch is checked for its shape (as many values as
/// fields for each record), and the count the source gives for what it read.
///
/// ```swift
/// let records = try DataSourceProbe.read(KeyValueSource.self, path: "status.kv", fields: ["service", "state"])
/// #expect(records == [[.text("api"), .text("up")], [.text("db"), .text("down")]])
/// ```
public enum DataSourceProbe {
    /// What the probe found wrong with a source (its own errors are thrown as they are).
    public struct Failure: Error, CustomStringConvertible {
        /// What was wrong, in one sentence.
        public var description: String
    }

    /// Every record of the source `type` opens for `path`, `options` and
    /// `fields`: its values, a list per record, read in batches of
    /// `batchSize` as cellkit reads them.
    ///
    /// - Throws: the source's `DataSourceError`, or ``Failure`` when a
    ///   record has more or fewer values than fields, a read appends more
    ///   records than the batch holds, or the records read are not the count.
    public static func read(
        _ type: any DataSource.Type, path: String, options: [String: String] = [:], fields: [String],
        batchSize: Int = 4096
    ) throws -> [[DataValue]] {
        let source = try type.init(DataRequest(path: path, options: options, fields: fields))
        let count = try source.count()
        var records: [[DataValue]] = []
        var batch = DataBatch(fieldCount: fields.count, capacity: batchSize)
        while true {
            batch.removeAll()
            try source.read(from: records.count, into: &batch)
            if let (at, values) = batch.misshapen {
                throw Failure(
                    description: "record \(records.count + at + 1) has \(values) values for \(fields.count) fields")
            }
            guard batch.count <= batch.capacity else {
                throw Failure(description: "a read appended \(batch.count) records to a batch of \(batch.capacity)")
            }
            if batch.count == 0 { break }
            for record in 0..<batch.count { records.append((0..<fields.count).map { batch[record, $0] }) }
        }
        guard records.count == count else {
            throw Failure(description: "count() said \(count) records, and \(records.count) were read")
        }
        return records
    }
}
