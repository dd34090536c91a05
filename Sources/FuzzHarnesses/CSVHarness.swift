#if DEBUG
    import CellKitSupport

    /// The CSV parser, with the delimiter chosen by the first byte: every record
    /// has one field per column.
    enum CSVHarness {
        static func run(_ data: [UInt8]) {
            var input = FuzzInput(data)
            let delimiter = input.pick([CSVDelimiter.comma, .semicolon, .tab])
            do {
                let table = try CSVParser(delimiter: delimiter).parse(input.rest())
                for record in table.records {
                    precondition(record.fields.count == table.header.count, "a record of the wrong length")
                    _ = record.values
                }
            } catch {
                _ = error.description
            }
        }
    }
#endif
