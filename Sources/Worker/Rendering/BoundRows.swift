@_spi(Host) import CellKit
import CellKitSupport
import DataBinding
import WorkerProtocol

/// The rows of a ``Binding``, read from its data file when they are drawn
/// (in the worker): the file is checked to be the one `rows` checked, and
/// each row's values are read from its record, a chunk of records at a
/// time (``DataFile``).
///
/// The binding is compiled once into a plan: each mapping knows the slot
/// of its attribute in the cell's attribute list, constants are converted
/// once, and a row fills a buffer of values by slot (no names, no
/// allocation per row beyond the values themselves).
///
/// A file that changed between `rows` and the drawing is an error that says
/// so, never a crash or rows from another file.
final class BoundRows {
    let binding: Binding
    /// The data file's chunks, for a file cellkit reads itself; `nil` when a plugin's source reads the records.
    private let file: DataFile?
    /// The records a plugin's data source reads (``Binding/source``).
    private let sourceRows: SourceRows?
    /// Each mapping, in the order the script gave them, with its attribute's slot.
    private let entries: [(slot: Int, entry: Entry)]
    private enum Entry {
        case constant(AttributeValue)
        case bound(BoundAttribute)
    }
    /// The cell's attribute names, by slot.
    private let names: [String]
    /// How the bound attributes are read from a record.
    private let reader: RecordReader
    /// The binding's constants, by slot.
    let constants: [(slot: Int, value: AttributeValue)]
    /// ``constants`` as the rows' values are carried.
    private let constantValues: [(slot: Int, value: SlotValue)]

    /// Why the rows cannot be drawn: what the worker sends (``RenderFailure/dataFile``).
    struct Failure: Error, CustomStringConvertible {
        var failure: RenderFailure

        /// A failure with no place in the file: what went wrong, and how to fix it.
        init(description: String, fix: String? = nil) {
            failure = RenderFailure(RenderFailure.dataFile, description, fix: fix)
        }

        /// A failure at a place in the file.
        init(_ diagnostic: Diagnostic) {
            failure = RenderFailure(RenderFailure.dataFile, diagnostic)
        }

        var description: String { failure.description }
    }

    /// Opens the binding's file; `attributes` are the cell's, in slot order.
    /// `plan`: the records that will be read, in order, when not all of them
    /// are (a worker drawing some blocks of the rows): the file reads ahead
    /// the chunks that hold them, and no other.
    /// `source`: the data source type a plugin registered under the binding's
    /// ``Binding/source`` name, when a plugin's source reads the records.
    init(
        _ binding: Binding, attributes: [AttributeInfo], plan: [Range<Int>]? = nil,
        source: (any DataSource.Type)? = nil
    ) throws(Failure) {
        self.binding = binding
        let now = DataFileIdentity(of: binding.path)
        guard now == binding.identity,
            binding.source.map({
                SourceFingerprint(now: $0.fingerprint.files, token: $0.fingerprint.token) == $0.fingerprint
            }) ?? true
        else {
            let was = "it had \(binding.identity.size) bytes"
            let what =
                now.map {
                    $0 == binding.identity
                        ? "a file it reads changed" : "\(was), now \($0.size) and another modification time"
                }
                ?? "\(was), and it is gone"
            throw Failure(
                description: "\(binding.file) changed since `rows` read it (\(what))",
                fix: "run `rows … from \(binding.file)` again")
        }
        names = attributes.map(\.name)
        var slots: [String: Int] = [:]
        for (slot, attribute) in attributes.enumerated() { slots[attribute.name] = slot }
        entries = binding.mappings.compactMap { mapping in
            guard let slot = slots[mapping.attribute] else { return nil }
            if case .constant(let setting) = mapping { return (slot, .constant(setting.value)) }
            guard let bound = BoundAttribute(mapping, type: attributes[slot].type) else { return nil }
            return (slot, .bound(bound))
        }
        var boundSlots: [Int] = []
        var bound: [BoundAttribute] = []
        var constantEntries: [(slot: Int, value: AttributeValue)] = []
        for (slot, entry) in entries {
            switch entry {
            case .bound(let attribute):
                boundSlots.append(slot)
                bound.append(attribute)
            case .constant(let value):
                constantEntries.append((slot, value))
            }
        }
        reader = RecordReader(slots: boundSlots, attributes: bound, cellName: binding.cell.written)
        constants = constantEntries
        constantValues = constantEntries.map { ($0.slot, SlotValue($0.value)) }
        if binding.source != nil {
            guard let source else {
                throw Failure(
                    description: "\(binding.file): no data source named \(binding.source?.name ?? "") is loaded")
            }
            do {
                sourceRows = try SourceRows(
                    binding, type: source, reader: SourceRecordReader(bound, cell: binding.cell.written), plan: plan)
            } catch let error as Failure {
                throw error
            } catch {
                throw Failure(description: "\(binding.file): data sources give fields by name, not paths into them")
            }
            file = nil
            return
        }
        sourceRows = nil
        guard let format = RecordFormats.format(named: binding.format) else {
            throw Failure(description: "\(binding.file): cellkit reads no format named \(binding.format)")
        }
        let file: DataFile
        do {
            file = try DataFile(
                binding.path, format: format, positions: false, starts: binding.chunks.isEmpty ? nil : binding.chunks)
            file.plan = plan
        } catch {
            switch error {
            case .io(let message): throw Failure(description: message)
            case .data(let diagnostic): throw Failure(diagnostic)
            }
        }
        self.file = file
        // Each chunk's records' values are made on the thread that reads it (ahead of the drawing).
        file.prepare = { [reader] table in reader.values(of: table) }
        // The quickest way to the bound values the format has (JSON: text made of top-level members, every
        // bound attribute, is read as those members' texts alone, without a DOM).
        file.read(bound, to: .draw)
    }

    /// How many rows there are (as `rows` counted them).
    var count: Int { binding.count }

    /// Puts record `record`'s values into `values`, by attribute slot (a
    /// missing value makes its slot `nil`: the attribute gets its default),
    /// and `constants` (the binding's, or those the caller does not set
    /// itself: ``constantValues(skipping:)``, chosen once). Every slot of a
    /// bound attribute is written, on every row: a caller may keep the
    /// buffer from one row of a binding to the next.
    ///
    /// The bound values of a chunk's records are made when it is read
    /// ahead, on the reading thread (``RecordReader/values(of:)``): a row
    /// copies its slots. A chunk read on demand, or with an error in a
    /// record, is read a row at a time (the row with the error reports it).
    /// Returns whether every bound attribute got a value (none is left to its default).
    func fill(record: Int, into values: inout [SlotValue?], constants: [(slot: Int, value: SlotValue)])
        throws(Failure) -> Bool
    {
        if !currentRecords.contains(record) { try read(holding: record) }
        if let failure = currentFailures[record] { throw Failure(description: failure) }
        let index = record - currentRecords.lowerBound
        var full = true
        if let made = currentValues {
            let slots = reader.slots
            var at = index * slots.count
            for slot in slots {
                let value = made[at]
                if value == nil { full = false }
                values[slot] = value
                at += 1
            }
        } else if let table = current {
            do {
                try reader.read(index, of: table, plans: currentPlans) { slot, value in
                    if value == nil { full = false }
                    values[slot] = value
                }
            } catch {
                var diagnostic = error
                diagnostic.notes.append("\(binding.file) changed since `rows` checked it: run it again")
                throw Failure(diagnostic)
            }
        }
        for (slot, value) in constants { values[slot] = value }
        return full
    }

    /// Record `record`'s bound values when its chunk's were made ahead and
    /// none is missing: the chunk's values, and where the record's begin (in
    /// the order of ``boundSlots``); `nil` otherwise (read it with
    /// ``fill(record:into:constants:)``). Nothing is copied.
    func madeValues(of record: Int) throws(Failure) -> (values: [SlotValue?], at: Int)? {
        if !currentRecords.contains(record) { try read(holding: record) }
        guard let made = currentValues, currentFailures.isEmpty else { return nil }
        let count = reader.slots.count
        let at = (record - currentRecords.lowerBound) * count
        for index in at..<at + count {
            if case .none = made[index] { return nil }
        }
        return (made, at)
    }

    /// The slot of each bound attribute, in the order of the mappings (and of ``madeValues(of:)``).
    var boundSlots: [Int] { reader.slots }

    /// The constants a row's values hold: those `skipping` (the caller's prepared constants, by slot) does not have.
    func constantValues(skipping: [PreparedValue?]) -> [(slot: Int, value: SlotValue)] {
        constantValues.filter { $0.slot >= skipping.count || skipping[$0.slot] == nil }
    }

    /// The slots ``fill(record:into:constants:)`` writes with all the constants: the bound attributes' and the constants'.
    var filledSlots: [Int] { reader.slots + constantValues.map(\.slot) }

    /// The chunk of records rows are read from, and how its records are read.
    private var current: DataTable?
    /// The records `current` holds, by number in the file.
    private var currentRecords = 0..<0
    /// The bound values of `current`'s records, made when it was read; `nil` when it must be read a row at a time.
    private var currentValues: [SlotValue?]?
    private var currentPlans = RecordReader.Plans.none
    /// The records of the current batch whose values could not be made, with why (a plugin's source).
    private var currentFailures: [Int: String] = [:]

    /// Reads the chunk holding `record`.
    private func read(holding record: Int) throws(Failure) {
        current = nil
        currentRecords = 0..<0
        currentValues = nil
        currentFailures = [:]
        if let sourceRows {
            let made = try sourceRows.made(from: record)
            guard made.records.contains(record) else {
                throw Failure(
                    description: "\(binding.file) has no record \(record + 1): it changed since `rows` read it",
                    fix: "run it again")
            }
            currentRecords = made.records
            currentValues = made.values
            currentFailures = made.failures
            return
        }
        guard let file else { return }
        let found: DataTable?
        do {
            found = try file.table(holding: record)
        } catch {
            switch error {
            case .io(let message): throw Failure(description: message)
            case .data(let diagnostic): throw Failure(diagnostic)
            }
        }
        guard let table = found else {
            throw Failure(
                description: "\(binding.file) has no record \(record + 1): it changed since `rows` read it",
                fix: "run it again")
        }
        current = table
        currentRecords = table.recordBase..<table.recordBase + table.count
        currentValues = table.made as? [SlotValue?]
        if currentValues == nil { currentPlans = reader.plans(for: table) }
    }
}

extension BoundRows {
    /// The attributes of record `record` by name, in the order of the
    /// mappings (for JSON output, which lists each row's attributes).
    func settings(record: Int) throws(Failure) -> [AttributeSetting] {
        var values = [SlotValue?](repeating: nil, count: names.count)
        _ = try fill(record: record, into: &values, constants: constantValues)
        return entries.compactMap { slot, _ in
            values[slot].map { AttributeSetting(name: names[slot], value: $0.attributeValue) }
        }
    }
}
