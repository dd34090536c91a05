@_spi(Host) import CellKit
import CellKitSupport
import WorkerProtocol

/// The records of a data file that pass `where=`, in `sort=`'s order,
/// written to a file of their own that a binding reads instead (the
/// workers read it as any data file): CSV stays CSV (TSV, TSV), JSON is
/// written as JSON Lines, each record as it was read.
///
/// ```swift
/// let file = try DataFile(path, positions: false)
/// let derived = try DerivedRows.write(
///     file, filter: try RowFilter.parse(#".status == "failed""#), order: nil,
///     to: "/tmp/cellkit-rows-1/rows-1.csv", directory: "/tmp/cellkit-rows-1")
/// derived.count    // how many records passed
/// derived.format   // "csv"
/// ```
package enum DerivedRows {
    /// How many bytes of records a sort keeps before it spills a run to a
    /// file: `CELLKIT_SORT_RUN_BYTES` when set (tests spill small runs),
    /// else 64 MiB.
    package static var runBytes: Int {
        Environment.current()["CELLKIT_SORT_RUN_BYTES"].flatMap { Int($0) }.map { max(1, $0) } ?? 64 << 20
    }

    /// What a pass wrote.
    package struct Written: Sendable {
        /// How many records passed.
        package var count: Int
        /// The format of the file written (``RecordFormat/name``).
        package var format: String
        /// How many runs the sort spilled.
        package var runs: Int
    }

    /// Why a pass did not write the records.
    package enum Failure: Error {
        /// The file could not be read, or is not records.
        case open(DataTable.OpenError)
        /// A field of `fields` (by its index) no record has: the script's mistake.
        case missingField(index: Int, message: String, notes: [String])
        /// Records whose values cannot be compared (an array where a scalar is).
        case data([Diagnostic])
        /// The records could not be written (a full disk).
        case io(String)
        /// Ctrl-C.
        case interrupted
    }

    /// Reads every record of `file`, keeps those `filter` says are rows (all
    /// without one), and writes them to a new file at `output`, in `order`
    /// (the file's without one); runs of the sort go to `directory`.
    /// `fields` are the fields `filter` and `order` read, in the order
    /// ``Failure/missingField(index:message:notes:)`` counts them.
    package static func write(
        _ file: DataFile, filter: RowFilter?, order: RowOrder?, fields: [FieldPath], to output: String,
        directory: String, runBytes: Int = runBytes, interrupted: () -> Bool = { false }
    ) throws(Failure) -> Written {
        var presence = [FieldPresence](repeating: .init(), count: fields.count)
        var count = 0
        var format = file.format.name
        var writer: RecordFileWriter?
        let sorter = order.map { RowSorter($0, runBytes: runBytes, directory: directory) }
        var index = 0
        var line: [UInt8] = []
        do {
            while true {
                if interrupted() { throw Failure.interrupted }
                let next: DataTable?
                do {
                    next = try file.table(chunk: index)
                } catch {
                    throw Failure.open(error)
                }
                guard let table = next else { break }
                let records = table.records
                if index == 0 {
                    for (i, field) in fields.enumerated() {
                        if let problem = records.missingField(field, in: file.path) {
                            throw Failure.missingField(index: i, message: problem.message, notes: problem.notes)
                        }
                    }
                    format = records.derivedFormat
                    writer = try RecordFileWriter(creating: output, keep: true)
                    try writer!.append(records.derivedHeader())
                }
                for i in fields.indices { presence[i].add(table, fields[i]) }
                for record in 0..<table.count {
                    var nested: RowFilter.NestedValue?
                    do {
                        if let filter, try filter.evaluate({ records.rowValue(record: record, $0) }) != .yes {
                            continue
                        }
                    } catch {
                        nested = error
                    }
                    var keys: [RowValue] = []
                    if let order, nested == nil {
                        keys = order.keys.map { records.rowValue(record: record, $0.field) }
                        if let k = keys.firstIndex(where: { if case .nested = $0 { true } else { false } }),
                            case .nested(let kind) = keys[k]
                        {
                            nested = RowFilter.NestedValue(field: order.keys[k].field, kind: kind)
                        }
                    }
                    if let nested {
                        throw Failure.data([
                            nestedError(
                                nested, record: record, chunk: index, of: file, table: table,
                                sorting: order?.keys.contains { $0.field == nested.field } == true
                                    && filter?.fields.contains { $0.path == nested.field } != true)
                        ])
                    }
                    line.removeAll(keepingCapacity: true)
                    records.appendDerived(record: record, to: &line)
                    if let sorter {
                        try sorter.add(keys: keys, record: line)
                    } else {
                        try writer!.append(line)
                    }
                    count += 1
                }
                index += 1
            }
            for (i, field) in fields.enumerated() {
                if let problem = presence[i].missingEverywhere(field, in: file.path) {
                    throw Failure.missingField(index: i, message: problem.message, notes: problem.notes)
                }
            }
            if writer == nil {
                // No chunk at all (an empty file): an empty file of the same format.
                writer = try RecordFileWriter(creating: output, keep: true)
            }
            try sorter?.finish(into: writer!)
            try writer!.flush()
        } catch let failure as Failure {
            throw failure
        } catch let error as RecordFileError {
            throw .io(error.description)
        } catch {
            throw .io("\(error)")
        }
        return Written(count: count, format: format, runs: sorter?.runCount ?? 0)
    }

    /// "record 3's .tags is an array": where= and sort= compare scalars only.
    private static func nestedError(
        _ nested: RowFilter.NestedValue, record: Int, chunk: Int, of file: DataFile, table: DataTable, sorting: Bool
    ) -> Diagnostic {
        let positioned = (try? file.table(chunk: chunk, positions: true)) ?? nil
        let place = positioned ?? table
        let position = place.records.position(ofRecord: record, in: place)
        return place.dataError(
            line: position.line, column: position.column, length: 1,
            "record \(table.recordBase + record + 1)'s \(nested.field) is \(nested.kind): "
                + (sorting ? "sort=" : "where=") + " compares numbers, text, true, false and null",
            notes: ["name a value inside it: \(nested.field)[0] or \(nested.field).name"])
    }
}
