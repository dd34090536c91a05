/// Records a ``DataSource`` read, a batch at a time: for each record, one
/// ``DataValue`` per requested field, in the order of ``DataRequest/fields``,
/// then the record's ``DataPlace``.
///
/// ```swift
/// let users: [(id: Int, name: String, age: Int)] = [(1, "Ada", 36), (2, "Grace", 85)]
/// var batch = DataBatch(fieldCount: 2, capacity: 4096)
/// for user in users where batch.count < batch.capacity {
///     batch.append(.text(user.name))
///     batch.append(.integer(Int64(user.age)))
///     batch.endRecord(at: DataPlace(user.id))   // a row id, for errors
/// }
/// ```
///
/// The host checks the shape: a record with more or fewer values than
/// fields is an error that names the source.
public struct DataBatch: Sendable {
    /// How many values each record has: the number of requested fields.
    public let fieldCount: Int
    /// How many records the host asks for at most in one read.
    public let capacity: Int
    /// The values, a record after another.
    @_spi(Host) public private(set) var values: [DataValue] = []
    /// Each record's place.
    @_spi(Host) public private(set) var places: [DataPlace] = []
    /// The values of the record being appended, so far.
    private var pending = 0
    /// Set when a record's values did not match ``fieldCount``.
    @_spi(Host) public private(set) var misshapen: (record: Int, values: Int)?

    /// An empty batch of records with `fieldCount` values each, for at most
    /// `capacity` records (the host makes these).
    public init(fieldCount: Int, capacity: Int) {
        self.fieldCount = max(0, fieldCount)
        self.capacity = max(1, capacity)
        values.reserveCapacity(self.fieldCount * self.capacity)
        places.reserveCapacity(self.capacity)
    }

    /// How many records it holds.
    public var count: Int { places.count }

    /// Appends the next value of the record being read.
    public mutating func append(_ value: DataValue) {
        values.append(value)
        pending += 1
    }

    /// Ends the record being read: its values are those appended since the
    /// last record ended, `place` is where it is (for errors).
    public mutating func endRecord(at place: DataPlace) {
        if pending != fieldCount && misshapen == nil { misshapen = (places.count, pending) }
        if pending < fieldCount {
            for _ in pending..<fieldCount { values.append(.null) }
        } else if pending > fieldCount {
            values.removeLast(pending - fieldCount)
        }
        pending = 0
        places.append(place)
    }

    /// Value `field` of record `record` (both from 0).
    public subscript(record: Int, field: Int) -> DataValue {
        values[record * fieldCount + field]
    }

    /// Empties the batch for the next read, keeping its storage.
    @_spi(Host) public mutating func removeAll() {
        values.removeAll(keepingCapacity: true)
        places.removeAll(keepingCapacity: true)
        pending = 0
        misshapen = nil
    }
}
