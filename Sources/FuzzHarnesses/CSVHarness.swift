#if DEBUG
    import CellKitSupport

    /// The CSV parser, with the delimiter chosen by the first byte: every record
    /// has one field per column, and counting the records (what the check
    /// pass does, a chunk without quotes a line at a time) finds the same
    /// header and count, or the same error.
    enum CSVHarness {
        static func run(_ data: [UInt8]) {
            var input = FuzzInput(data)
            let delimiter = input.pick([CSVDelimiter.comma, .semicolon, .tab])
            let bytes = input.rest()
            let parser = CSVParser(delimiter: delimiter)
            let counted = Result { () throws(PositionedError) in try parser.countRecords(bytes) }
            do {
                let table = try parser.parse(bytes)
                for record in table.records {
                    precondition(record.fields.count == table.header.count, "a record of the wrong length")
                    _ = record.values
                }
                guard case .success(let count) = counted, count.header == table.header,
                    count.count == table.records.count
                else { preconditionFailure("counted \(counted), parsed \(table.records.count) records") }
            } catch {
                _ = error.description
                guard case .failure(let countError) = counted, countError == error else {
                    preconditionFailure("counted \(counted), but parsing failed: \(error)")
                }
            }
        }
    }
#endif
