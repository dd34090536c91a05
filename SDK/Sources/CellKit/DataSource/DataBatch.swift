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
    private var values: [Value] = []
    /// The bytes of the texts appended as bytes (``appendText(_:)``), one after another.
    private var bytes: [UInt8] = []
    /// The values appended as a ``DataValue`` that ``Value`` does not hold itself.
    private var others: [DataValue] = []
    /// Each record's place.
    @_spi(Host) public private(set) var places: [DataPlace] = []
    /// The values of the record being appended, so far.
    private var pending = 0
    /// Set when a record's values did not match ``fieldCount``.
    @_spi(Host) public private(set) var misshapen: (record: Int, values: Int)?

    /// A value as the batch keeps it: bits, with no reference to count when
    /// it is copied (a text appended as bytes is a range of ``bytes``).
    private enum Value {
        case null
        case integer(Int64)
        case real(Double)
        case boolean(Bool)
        case text(start: Int, count: Int)
        /// ``others``' value of this index.
        case other(Int)
    }

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
        switch value {
        case .null: values.append(.null)
        case .integer(let number): values.append(.integer(number))
        case .real(let number): values.append(.real(number))
        case .boolean(let flag): values.append(.boolean(flag))
        default:
            values.append(.other(others.count))
            others.append(value)
        }
        pending += 1
    }

    /// Appends the next value of the record being read: text, given as its
    /// UTF-8 bytes, which are copied (invalid UTF-8 reads as U+FFFD). The
    /// same value as `append(.text(…))`, without a `String` made for it
    /// until the host needs one: the quick way for text a source reads as
    /// bytes (a database's column, a file's field).
    ///
    /// ```swift
    /// var batch = DataBatch(fieldCount: 1, capacity: 1)
    /// Array("Ada".utf8).withUnsafeBufferPointer { batch.appendText($0) }
    /// batch.endRecord(at: DataPlace(1))
    /// ```
    public mutating func appendText(_ utf8: UnsafeBufferPointer<UInt8>) {
        values.append(.text(start: bytes.count, count: utf8.count))
        bytes.append(contentsOf: utf8)
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
        switch values[record * fieldCount + field] {
        case .null: .null
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .boolean(let flag): .boolean(flag)
        case .text(let start, let count): .text(String(decoding: bytes[start..<start + count], as: UTF8.self))
        case .other(let index): others[index]
        }
    }

    /// Value `field` of record `record` as text, as ``DataValue/text`` gives
    /// it (`""` for null, `nil` for a list or a blob), made straight from
    /// the batch's bytes or numbers, with no ``DataValue`` between.
    @_spi(Host) public func text(record: Int, field: Int) -> String? {
        switch values[record * fieldCount + field] {
        case .null: ""
        case .integer(let number): String(number)
        case .real(let number): number.description
        case .boolean(let flag): flag ? "true" : "false"
        case .text(let start, let count): String(decoding: bytes[start..<start + count], as: UTF8.self)
        case .other(let index): others[index].text
        }
    }

    /// Whether value `field` of record `record` is null.
    @_spi(Host) public func isNull(record: Int, field: Int) -> Bool {
        if case .null = values[record * fieldCount + field] { return true }
        return false
    }

    /// Empties the batch for the next read, keeping its storage.
    @_spi(Host) public mutating func removeAll() {
        values.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        others.removeAll(keepingCapacity: true)
        places.removeAll(keepingCapacity: true)
        pending = 0
        misshapen = nil
    }
}
