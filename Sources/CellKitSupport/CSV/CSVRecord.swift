/// One record (row) of a CSV table: its fields in header order, and the line it starts on.
///
/// ```swift
/// let table = try CSVParser().parse("name,role\nAda,Analyst\n")
/// let record = table.records[0]
/// record["role"]   // "Analyst"
/// record.line      // 2
/// record.values    // ["name": "Ada", "role": "Analyst"]
/// ```
package struct CSVRecord: Hashable, Sendable {
    /// The line the record starts on, from 1 (a quoted field may take it over more lines).
    package let line: Int
    /// The fields, in the order of `header`; as many as the header has names.
    package let fields: [String]
    private let columns: CSVHeader

    init(line: Int, fields: [String], header: CSVHeader) {
        self.line = line
        self.fields = fields
        self.columns = header
    }

    /// The column names, in order.
    package var header: [String] { columns.names }

    /// The field in column `name`, or `nil` when there is no such column.
    package subscript(name: String) -> String? {
        columns.index[name].map { fields[$0] }
    }

    /// The fields by column name.
    package var values: [String: String] {
        Dictionary(uniqueKeysWithValues: zip(columns.names, fields))
    }

    /// Whether both records start on the same line and have the same columns and fields.
    package static func == (lhs: CSVRecord, rhs: CSVRecord) -> Bool {
        lhs.line == rhs.line && lhs.fields == rhs.fields && lhs.header == rhs.header
    }

    /// Hashes what `==` compares.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(line)
        hasher.combine(fields)
        hasher.combine(header)
    }
}
