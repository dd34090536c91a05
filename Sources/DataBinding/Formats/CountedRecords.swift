@_spi(Host) import CellKit
import WorkerProtocol

/// Records of which only the count is kept (``ChunkRecords/keepingOnlyTheCount()``):
/// a chunk whose values were made as it was read, or that a check counted.
struct CountedRecords: ValuelessRecords {
    let count: Int

    func keepingOnlyTheCount() -> any ChunkRecords { self }

    func alwaysFits(_ binding: BoundAttribute) -> Bool { true }
}

/// Records kept without their values (counted, or read only the quick way:
/// ``ChunkRecords/texts(ofRecord:)``). Read the general way, every field
/// is missing.
protocol ValuelessRecords: ChunkRecords {}

extension ValuelessRecords {
    func value(record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute, owner: String, in table: DataTable)
        throws(Diagnostic) -> AttributeValue?
    { nil }

    func fieldText(
        record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute, in table: DataTable,
        message: (String) -> String
    ) throws(Diagnostic) -> String { "" }

    func number(record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute, owner: String, in table: DataTable)
        throws(Diagnostic) -> Double
    {
        throw table.noValue(record: record, fieldPath, for: binding, owner: owner)
    }

    func position(ofRecord record: Int, in table: DataTable) -> (line: Int, column: Int) { (1, 1) }
}
