/// A parsed CSV file: the header's column names and the records after it.
///
/// ```swift
/// let table = try CSVParser().parse("id,name\n1,Ada\n2,\"Lovelace, A.\"\n")
/// table.header               // ["id", "name"]
/// table.records[1]["name"]   // "Lovelace, A."
/// ```
package struct CSVTable: Hashable, Sendable {
    /// The column names from the first line, in order; unique.
    package let header: [String]
    /// The records, in file order; each has one field per column.
    package let records: [CSVRecord]
    /// With ``CSVParser/fieldCountErrorLimit`` above 0: the errors of the first
    /// records whose fields are more or fewer than the header's columns (such
    /// a record is kept with its fields cut or filled with empty ones), in
    /// file order; empty when every record has the header's number of fields.
    package internal(set) var fieldCountErrors: [PositionedError] = []
    /// How many more records than ``fieldCountErrors`` holds have the wrong number of fields.
    package internal(set) var moreFieldCountErrors = 0

    /// A table of `header` and `records` (empty, for a file whose records
    /// were only counted: ``CSVParser/countRecords(_:)``).
    package init(header: [String], records: [CSVRecord]) {
        self.header = header
        self.records = records
    }
}
