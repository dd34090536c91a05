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
    private let file: DataFile
    /// Each mapping, in the order the script gave them, with its attribute's slot.
    private let entries: [(slot: Int, entry: Entry)]
    private enum Entry {
        case constant(AttributeValue)
        case bound(BoundAttribute)
    }
    private let cellName: String
    /// The cell's attribute names, by slot.
    private let names: [String]

    /// Why the rows cannot be drawn.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Opens the binding's file; `attributes` are the cell's, in slot order.
    /// `plan`: the records that will be read, in order, when not all of them
    /// are (a worker drawing some blocks of the rows): the file reads ahead
    /// the chunks that hold them, and no other.
    init(_ binding: Binding, attributes: [AttributeInfo], plan: [Range<Int>]? = nil) throws(Failure) {
        self.binding = binding
        cellName = binding.cell.written
        let now = DataFileIdentity(of: binding.path)
        guard now == binding.identity else {
            let was = "it had \(binding.identity.size) bytes"
            let what = now.map { "\(was), now \($0.size) and another modification time" } ?? "\(was), and it is gone"
            throw Failure(
                description:
                    "\(binding.file) changed since `rows` read it (\(what)); run `rows … from \(binding.file)` again")
        }
        do {
            file = try DataFile(
                binding.path, format: binding.format, positions: false,
                starts: binding.chunks.isEmpty ? nil : binding.chunks)
            file.plan = plan
        } catch {
            switch error {
            case .io(let message): throw Failure(description: message)
            case .data(let diagnostic): throw Failure(description: diagnostic.rendered())
            }
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
        // Text made of top-level JSON members, every bound attribute: the
        // chunks are read for those members' texts alone, without a DOM
        // (a chunk that is not so simple is parsed, and read the general way).
        if file.format == .json || file.format == .jsonLines {
            var keys: [String] = []
            var allText = true
            for case (_, .bound(let attribute)) in entries {
                guard let textKeys = attribute.textKeys else {
                    allText = false
                    break
                }
                for key in textKeys where !keys.contains(key) { keys.append(key) }
            }
            if allText && !keys.isEmpty {
                file.scalarKeys = keys
                file.scalarTextFormat = { AttributeValue.double($0).description }
            }
        }
    }

    /// How many rows there are (as `rows` counted them).
    var count: Int { binding.count }

    /// Per entry, how to make its value straight from a record when it is
    /// text made of fields (``TextPlan``), resolved once per binding: against
    /// a CSV file's header or the keys of a JSON chunk read as texts
    /// (`columnPlans`), or a parsed JSON file's first record (`keyPlans`);
    /// `nil` for an entry that goes the general way.
    private var columnPlans: [TextPlan?]?
    private var keyPlans: [TextPlan?]?

    /// Text from a record's fields without going through field paths and
    /// typed lookups: what most bound rows are. A CSV field by column
    /// index; a JSON member by key, looked for first where it was in the
    /// first record (records of a file mostly share their keys' order).
    private enum TextPlan {
        enum Part {
            case literal(String)
            case column(Int)
            case key(String, hint: Int)
        }
        case string([Part])
        case strings([Part])

        /// The value from a CSV record's fields (or a JSON record's texts, ``DataTable/keyTexts``).
        func value(_ fields: [String]) -> AttributeValue {
            func text(_ part: Part) -> String {
                switch part {
                case .literal(let text): text
                case .column(let index): index < fields.count ? fields[index] : ""
                case .key: ""
                }
            }
            switch self {
            case .string(let parts):
                if parts.count == 1 { return .string(text(parts[0])) }
                return .string(parts.map(text).joined())
            case .strings(let parts):
                // The record's fields themselves, when they are the list (no copy).
                if parts.count == fields.count
                    && parts.indices.allSatisfy({ if case .column($0) = parts[$0] { true } else { false } })
                {
                    return .strings(fields)
                }
                return .strings(parts.map(text))
            }
        }

        /// The value from a JSON record; `nil` when a member is not text, a
        /// number, a Boolean or null (the general way says what is wrong).
        func value(_ record: JSONValue) -> AttributeValue? {
            guard case .object(let object) = record else { return nil }
            func text(_ part: Part) -> String? {
                switch part {
                case .literal(let text):
                    return text
                case .column:
                    return nil
                case .key(let key, let hint):
                    if hint < object.count, object[hint].key == key { return object[hint].value.scalarText }
                    // A record without it is an error, said the general way.
                    guard let index = object.index(forKey: key) else { return nil }
                    return object[index].value.scalarText
                }
            }
            var texts: [String] = []
            texts.reserveCapacity(parts.count)
            for part in parts {
                guard let text = text(part) else { return nil }
                texts.append(text)
            }
            if case .strings = self { return .strings(texts) }
            return .string(texts.count == 1 ? texts[0] : texts.joined())
        }

        private var parts: [Part] {
            switch self {
            case .string(let parts), .strings(let parts): parts
            }
        }
    }

    /// The plans, with each field found by `part` (`nil`: that entry goes the general way).
    private func makeTextPlans(_ part: (FieldPath) -> TextPlan.Part?) -> [TextPlan?] {
        entries.map { _, entry in
            guard case .bound(let attribute) = entry, attribute.cannotFailOnCSV else { return nil }
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

    /// Puts the values of record `record` into `values`, by attribute slot
    /// (a missing value leaves its slot `nil`: the attribute keeps its default).
    /// The binding's constants, by slot.
    var constants: [(slot: Int, value: AttributeValue)] {
        entries.compactMap { slot, entry in
            if case .constant(let value) = entry { return (slot, value) }
            return nil
        }
    }

    /// Puts record `record`'s values into `values`, by slot; the constants
    /// too, but for the slots `skipping` has (the caller sets those itself).
    func fill(record: Int, into values: inout [AttributeValue?], skipping: [PreparedValue?] = []) throws(Failure) {
        // (The table itself is not copied per row: a copy retains and releases each of its fields.)
        if !currentRecords.contains(record) { try read(holding: record) }
        let index = record - currentRecords.lowerBound
        let fields: [String]? = csvRecords?[index].fields ?? keyTexts?[index]
        let json: JSONValue? = jsonRecords?[index]
        for (i, (slot, entry)) in entries.enumerated() {
            if let fields {
                if let plan = columnPlans?[i] {
                    values[slot] = plan.value(fields)
                    continue
                }
            } else if let plan = keyPlans?[i] {
                if let json, let value = plan.value(json) {
                    values[slot] = value
                    continue
                }
            }
            switch entry {
            case .constant(let value):
                if slot >= skipping.count || skipping[slot] == nil { values[slot] = value }
            case .bound(let attribute):
                guard let table = current else { return }
                do {
                    values[slot] = try table.value(record: index, for: attribute, cell: cellName)
                } catch {
                    throw Failure(
                        description:
                            "\(error.rendered())\n(\(binding.file) changed since `rows` checked it: run it again)")
                }
            }
        }
    }

    /// The chunk of records rows are read from, and its records (kept
    /// apart, so a row reads its fields without copying the table).
    private var current: DataTable?
    /// The records `current` holds, by number in the file.
    private var currentRecords = 0..<0
    private var csvRecords: [CSVRecord]?
    private var jsonRecords: [JSONValue]?
    private var keyTexts: [[String]]?

    /// Reads the chunk holding `record`.
    private func read(holding record: Int) throws(Failure) {
        current = nil
        currentRecords = 0..<0
        csvRecords = nil
        jsonRecords = nil
        keyTexts = nil
        let found: DataTable?
        do {
            found = try file.table(holding: record)
        } catch {
            switch error {
            case .io(let message): throw Failure(description: message)
            case .data(let diagnostic): throw Failure(description: diagnostic.rendered())
            }
        }
        guard let table = found else {
            throw Failure(
                description:
                    "\(binding.file) has no record \(record + 1): it changed since `rows` read it; run it again")
        }
        current = table
        currentRecords = table.recordBase..<table.recordBase + table.count
        switch table.storage {
        case .csv(let csv, _):
            if columnPlans == nil {
                columnPlans = makeTextPlans { path in
                    path.topLevelKey.flatMap { csv.header.firstIndex(of: $0) }.map { .column($0) }
                }
            }
            csvRecords = csv.records
        case .json where table.countedRecords != nil:
            // Read as the texts of the keys every bound attribute is made of (see `init`).
            if columnPlans == nil {
                let keys = table.checkedKeys
                columnPlans = makeTextPlans { path in
                    path.topLevelKey.flatMap { keys.firstIndex(of: $0) }.map { .column($0) }
                }
            }
            keyTexts = table.keyTexts
        case .json(_, let records):
            if keyPlans == nil {
                let first: JSONObject? = if case .object(let object)? = records.first { object } else { nil }
                keyPlans = makeTextPlans { path in
                    path.topLevelKey.map { key in .key(key, hint: first?.index(forKey: key) ?? 0) }
                }
            }
            jsonRecords = records
        }
    }
}

extension BoundRows {
    /// The attributes of record `record` by name, in the order of the
    /// mappings (for JSON output, which lists each row's attributes).
    func settings(record: Int) throws(Failure) -> [AttributeSetting] {
        var values = [AttributeValue?](repeating: nil, count: names.count)
        try fill(record: record, into: &values)
        return entries.compactMap { slot, _ in values[slot].map { AttributeSetting(name: names[slot], value: $0) } }
    }
}
