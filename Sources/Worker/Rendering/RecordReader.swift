@_spi(Host) import CellKit
import CellKitSupport
import DataBinding
import WorkerProtocol

/// How the bound attributes of a binding are read from a record: each
/// attribute's slot, and per chunk the plans that read text made of fields
/// straight from a record (``TextPlan``). Immutable after `init`, so the
/// thread that reads a chunk ahead makes its records' values
/// (``values(of:)``) while the drawing thread draws the chunk before.
final class RecordReader: @unchecked Sendable {
    // (@unchecked: `BoundAttribute` is a class that nothing changes after `rows` made it.)
    /// The slot of each bound attribute, in the order of the mappings.
    let slots: [Int]
    private let attributes: [BoundAttribute]
    private let cellName: String

    init(slots: [Int], attributes: [BoundAttribute], cellName: String) {
        self.slots = slots
        self.attributes = attributes
        self.cellName = cellName
    }

    /// Per attribute, the plan that reads its value from a record's texts
    /// by column (a CSV record's fields, or the members a quick JSON pass
    /// kept: `columns`) or by key (a parsed JSON record: `keys`); `nil` for
    /// one that goes the general way.
    enum Plans: Sendable {
        case none
        case columns([TextPlan?])
        case keys([TextPlan?])
    }

    /// The plans for the records of `table`: against the columns of records
    /// kept as texts (``ChunkRecords/columns``: a CSV header, the keys a
    /// quick pass read), or the keys of other records, looked for first
    /// where the first record has them.
    func plans(for table: DataTable) -> Plans {
        let records = table.records
        if let columns = records.columns {
            return .columns(
                makeTextPlans { path in path.topLevelKey.flatMap { columns.firstIndex(of: $0) }.map { .column($0) } })
        }
        return .keys(
            makeTextPlans { path in path.topLevelKey.map { key in .key(key, hint: records.hint(forKey: key)) } })
    }

    /// Reads record `index` of `table`, giving each bound attribute's slot
    /// and value to `write` (`nil`: the attribute gets its default).
    func read(
        _ index: Int, of table: DataTable, plans: Plans, into write: (Int, SlotValue?) -> Void
    ) throws(Diagnostic) {
        let fields: [String]? = if case .columns = plans { table.records.texts(ofRecord: index) } else { nil }
        for (i, attribute) in attributes.enumerated() {
            switch plans {
            case .columns(let plans):
                if let fields, let plan = plans[i] {
                    write(slots[i], plan.value(fields))
                    continue
                }
            case .keys(let plans):
                if let plan = plans[i], let value = plan.value(record: index, of: table.records) {
                    write(slots[i], value)
                    continue
                }
            case .none:
                break
            }
            write(slots[i], try table.value(record: index, for: attribute, cell: cellName).map(SlotValue.init))
        }
    }

    /// The bound values of every record of `table`, `slots.count` a record
    /// in the order of ``slots``; `nil` when a record has an error (its row
    /// reads it again, and reports it).
    func values(of table: DataTable) -> [SlotValue?]? {
        guard !attributes.isEmpty else { return nil }
        let plans = plans(for: table)
        var values: [SlotValue?] = []
        values.reserveCapacity(table.count * slots.count)
        // Every value text made of fields (most bindings): read from each record's fields, with nothing else to look at.
        if case .columns(let columnPlans) = plans, !columnPlans.contains(where: { $0 == nil }) {
            let textPlans = columnPlans.map { $0! }
            let lists = textPlans.map(\.fieldsInOrder)
            func append(_ fields: [String]) {
                for (plan, list) in zip(textPlans, lists) {
                    values.append(list == fields.count ? .texts(fields) : plan.value(fields))
                }
            }
            table.records.forEachTexts(append)
            return values
        }
        do {
            for index in 0..<table.count {
                try read(index, of: table, plans: plans) { _, value in values.append(value) }
            }
        } catch {
            return nil
        }
        return values
    }

    /// Text from a record's fields without going through field paths and
    /// typed lookups: what most bound rows are. A field by column index
    /// (``ChunkRecords/columns``); a JSON member by key, looked for first
    /// where it was in the first record (records of a file mostly share
    /// their keys' order).
    enum TextPlan: Sendable {
        enum Part: Sendable {
            case literal(String)
            case column(Int)
            case key(String, hint: Int)
        }
        case string([Part])
        case strings([Part])

        /// The value from a record's texts (``ChunkRecords/texts(ofRecord:)``).
        func value(_ fields: [String]) -> SlotValue {
            func text(_ part: Part) -> String {
                switch part {
                case .literal(let text): text
                case .column(let index): index < fields.count ? fields[index] : ""
                case .key: ""
                }
            }
            switch self {
            case .string(let parts):
                if parts.count == 1 { return .text(text(parts[0])) }
                return .text(parts.map(text).joined())
            case .strings(let parts):
                // The record's fields themselves, when they are the list (no copy).
                if fieldsInOrder == fields.count { return .texts(fields) }
                return .texts(parts.map(text))
            }
        }

        /// For a list of every field of a record in order, how many fields that is (`nil` for any other plan).
        var fieldsInOrder: Int? {
            guard case .strings(let parts) = self,
                parts.indices.allSatisfy({ if case .column($0) = parts[$0] { true } else { false } })
            else { return nil }
            return parts.count
        }

        /// The value from record `record` of `records`, by key; `nil` when
        /// a member is not there, or is not text, a number, a Boolean or null
        /// (the general way says what is wrong).
        func value(record: Int, of records: any ChunkRecords) -> SlotValue? {
            func text(_ part: Part) -> String? {
                switch part {
                case .literal(let text): text
                case .column: nil
                case .key(let key, let hint): records.text(ofRecord: record, key: key, hint: hint)
                }
            }
            var texts: [String] = []
            texts.reserveCapacity(parts.count)
            for part in parts {
                guard let text = text(part) else { return nil }
                texts.append(text)
            }
            if case .strings = self { return .texts(texts) }
            return .text(texts.count == 1 ? texts[0] : texts.joined())
        }

        private var parts: [Part] {
            switch self {
            case .string(let parts), .strings(let parts): parts
            }
        }
    }

    /// The plans, with each field found by `part` (`nil`: that entry goes the general way).
    private func makeTextPlans(_ part: (FieldPath) -> TextPlan.Part?) -> [TextPlan?] {
        attributes.map { attribute in
            guard attribute.cannotFailOnCSV else { return nil }
            switch attribute.source {
            case .field(let path):
                // A JSON value is converted to the attribute's type the general way.
                guard case .column = part(path) else { return nil }
                return part(path).map { .string([$0]) }
            case .template(let template):
                var parts: [TextPlan.Part] = []
                for element in template.parts {
                    switch element {
                    case .text(let text): parts.append(.literal(text))
                    case .field(let path, _):
                        guard let part = part(path) else { return nil }
                        parts.append(part)
                    }
                }
                return .string(parts)
            case .list(let elements):
                var parts: [TextPlan.Part] = []
                for element in elements {
                    switch element {
                    case .text(let text): parts.append(.literal(text))
                    case .field(let path):
                        guard let part = part(path) else { return nil }
                        parts.append(part)
                    case .list: return nil
                    }
                }
                return .strings(parts)
            }
        }
    }
}
