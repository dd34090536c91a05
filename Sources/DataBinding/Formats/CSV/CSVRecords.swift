@_spi(Host) import CellKit
import CellKitSupport
import WorkerProtocol

/// The records of a CSV chunk: its header and each record's fields, with
/// the line each is on; or, counted only, the header and the count. A
/// record's fields are its texts (``columns``: the header), so text made of
/// fields is read by column, and cannot fail (the parser has checked that
/// every record has every column).
struct CSVRecords: ChunkRecords {
    let csv: CSVTable
    let delimiter: CSVDelimiter
    /// How many records there are when they were only counted; `nil` when kept.
    var counted: Int?

    var count: Int { counted ?? csv.records.count }

    func keepingOnlyTheCount() -> any ChunkRecords { CountedRecords(count: count) }

    // MARK: Values

    func value(record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute, owner: String, in table: DataTable)
        throws(Diagnostic) -> AttributeValue?
    {
        let type = binding.descriptor.type
        guard let (text, line, field) = lookup(record: record, fieldPath) else { return nil }
        if text.isEmpty && type != .string { return nil }
        do {
            return try type.parse(text)
        } catch {
            let (column, length) = fieldSpan(field, line: line, in: table)
            throw table.dataError(
                line: line, column: column, length: length, "\(owner): \(error.message)",
                notes: (error.fix.map { [$0] } ?? []) + [table.sourceNote(record, fieldPath, binding, type: type)])
        }
    }

    func fieldText(
        record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute, in table: DataTable,
        message: (String) -> String
    ) throws(Diagnostic) -> String {
        lookup(record: record, fieldPath)?.text ?? ""
    }

    func number(record: Int, _ fieldPath: FieldPath, for binding: BoundAttribute, owner: String, in table: DataTable)
        throws(Diagnostic) -> Double
    {
        guard let (text, line, field) = lookup(record: record, fieldPath) else {
            throw table.noValue(record: record, fieldPath, for: binding, owner: owner)
        }
        guard let number = Double(text.trimmedForNumber), number.isFinite else {
            let (column, length) = fieldSpan(field, line: line, in: table)
            throw table.dataError(
                line: line, column: column, length: length, "\(owner): expected a number, got '\(text)'",
                notes: [table.sourceNote(record, fieldPath, binding, type: binding.descriptor.type)])
        }
        return number
    }

    func position(ofRecord record: Int, in table: DataTable) -> (line: Int, column: Int) {
        (csv.records[record].line, 1)
    }

    /// Field `fieldPath` of record `record`: its text, its line, and which
    /// field of the line it is; `nil` when the header has no such column
    /// (checked when the command ran) or the records were only counted.
    func lookup(record: Int, _ fieldPath: FieldPath) -> (text: String, line: Int, field: Int)? {
        guard record < csv.records.count,
            case .key(let key)? = fieldPath.components.first, let index = csv.header.firstIndex(of: key)
        else { return nil }
        let row = csv.records[record]
        return (index < row.fields.count ? row.fields[index] : "", row.line, index)
    }

    /// The column and width of field `index` on line `line` of the chunk's
    /// text (quotes included), for the caret line.
    private func fieldSpan(_ index: Int, line: Int, in table: DataTable) -> (column: Int, length: Int) {
        guard let source = table.line(line) else { return (1, 1) }
        let separator: Character = delimiter == .tab ? "\t" : delimiter == .semicolon ? ";" : ","
        var field = 0
        var inQuotes = false
        var column = 1
        var start = 1
        for character in source {
            if character == "\"" {
                inQuotes.toggle()
            } else if character == separator && !inQuotes {
                if field == index { return (start, max(1, column - start)) }
                field += 1
                start = column + 1
            }
            column += 1
        }
        return field == index ? (start, max(1, column - start)) : (column, 1)
    }

    // MARK: Text, the quick way

    var columns: [String]? { csv.header }

    func texts(ofRecord record: Int) -> [String] { csv.records[record].fields }

    func forEachTexts(_ body: ([String]) -> Void) {
        for record in csv.records { body(record.fields) }
    }

    // MARK: The check

    /// A column the header does not name: the script's mistake, before any record is checked.
    func missingField(_ fieldPath: FieldPath, in path: String) -> (message: String, notes: [String])? {
        let file = Path.basename(path)
        let header = csv.header
        guard let key = fieldPath.topLevelKey else {
            return (
                "\(fieldPath) is not a column of \(file)",
                [
                    "a CSV record is a row of named columns: write ."
                        + (header.first.map { Lexer.isName($0) ? $0 : "\"\($0)\"" } ?? "name")
                ]
            )
        }
        guard !header.contains(key) else { return nil }
        return (
            "\(file) has no column '\(key)'",
            [Suggestions.didYouMean(key, in: header) ?? "its columns are " + header.joined(separator: ", ")]
        )
    }

    func alwaysFits(_ binding: BoundAttribute) -> Bool { binding.cannotFailOnCSV }
}

// MARK: - Sorted and filtered rows

extension CSVRecords {
    /// A field's text; an empty field is nothing.
    func rowValue(record: Int, _ fieldPath: FieldPath) -> RowValue {
        guard let (text, _, _) = lookup(record: record, fieldPath), !text.isEmpty else { return .null }
        return RowValue(text)
    }

    /// The records are written as they are read: CSV, or TSV.
    var derivedFormat: String { delimiter == .tab ? CSVFormat.tsv.name : CSVFormat.csv.name }

    func derivedHeader() -> [UInt8] {
        var bytes: [UInt8] = []
        appendLine(csv.header, to: &bytes)
        return bytes
    }

    func appendDerived(record: Int, to bytes: inout [UInt8]) {
        appendLine(csv.records[record].fields, to: &bytes)
    }

    /// `fields` as one record: quoted where they hold the delimiter, a quote or a line break.
    private func appendLine(_ fields: [String], to bytes: inout [UInt8]) {
        let separator: UInt8 = delimiter == .tab ? 0x09 : UInt8(ascii: ",")
        for (i, field) in fields.enumerated() {
            if i > 0 { bytes.append(separator) }
            let quoted = field.utf8.contains { $0 == separator || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            guard quoted else {
                bytes += field.utf8
                continue
            }
            bytes.append(UInt8(ascii: "\""))
            for byte in field.utf8 {
                if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(0x0A)
    }
}
