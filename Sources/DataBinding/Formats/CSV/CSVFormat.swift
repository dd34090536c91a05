import CellKitSupport

/// CSV: a header line that names the columns, then a record a line (a
/// quoted field may hold line breaks), every field text. TSV is the same
/// format with a tab between fields: a second registration of it
/// (``tsv``), not a folder of its own.
///
/// What makes it fast lives here: chunks cut after a record's line break,
/// each repeating the header (``CSVLayout``); a check of text made of
/// fields counts the records without keeping a field (``CSVChunkReader``);
/// a record's fields are its texts, read by column (``CSVRecords``).
package struct CSVFormat: RecordFormat {
    /// `.csv`, `format=csv`: fields split by commas.
    package static let csv = CSVFormat(name: "csv", delimiter: .comma)
    /// `.tsv`, `format=tsv`: fields split by tabs.
    package static let tsv = CSVFormat(name: "tsv", delimiter: .tab)

    package let name: String
    /// The character between fields.
    package let delimiter: CSVDelimiter

    package var fileEndings: [String] { [name] }

    package func layout() -> any RecordLayout { CSVLayout(delimiter: delimiter) }

    package func parse(
        _ bytes: [UInt8], path: String, positions: Bool, place: ChunkPlace?, firstRecord: Int, recordErrorLimit: Int
    ) throws(DataTable.OpenError) -> DataTable {
        var parser = CSVParser(delimiter: delimiter, firstRecord: firstRecord + 1)
        parser.fieldCountErrorLimit = recordErrorLimit
        // The bytes as they are: the parser checks every byte's UTF-8 (ill-formed UTF-8 is its error, with its
        // place), and the table makes their text only for an error.
        do {
            let csv = try parser.parse(bytes)
            var table = DataTable(
                path: path, records: CSVRecords(csv: csv, delimiter: delimiter), utf8: bytes, positioned: true,
                place: place)
            if !csv.fieldCountErrors.isEmpty {
                let text = table.text
                table.recordErrors = csv.fieldCountErrors.map {
                    DataTable.parseError(path, text, $0, place: place, notes: [])
                }
            }
            table.moreRecordErrors = csv.moreFieldCountErrors
            return table
        } catch {
            throw .data(
                DataTable.parseError(path, String(decoding: bytes, as: UTF8.self), error, place: place, notes: []))
        }
    }

    package func reader(for bound: [BoundAttribute], to use: ChunkUse) -> any ChunkReader {
        guard case .check(let errorLimit) = use else { return CSVChunkReader(format: self) }
        // Text made of fields cannot fail on a CSV record: a check of only such needs no field, only the count.
        return CSVChunkReader(
            format: self, countsOnly: bound.allSatisfy(\.cannotFailOnCSV), recordErrorLimit: errorLimit)
    }

    package func largeRecord(
        _ record: RecordChunker.Failure.LargeRecord, head: [UInt8], text: String, place: ChunkPlace
    ) -> LargeRecordVerdict {
        .tooLarge(notes: [
            "a quote left open makes the rest of the file one field: check the quotes of the record that starts here"
        ])
    }
}

/// How the chunks of a CSV binding are read: parsed, or, for a check that
/// needs no field's value (every bound attribute text made of fields),
/// only checked and counted: no `String` of the chunk, no field kept.
struct CSVChunkReader: ChunkReader {
    let format: CSVFormat
    var countsOnly = false
    /// How many records with more or fewer fields than the header a chunk
    /// reports before it counts the rest (0: the first is its error).
    var recordErrorLimit = 0

    var checksLittle: Bool { countsOnly }

    func table(of chunk: RecordChunker.RecordChunk, path: String, place: ChunkPlace, positions: Bool)
        -> Result<DataTable, DataTable.OpenError>
    {
        if countsOnly,
            let (header, count) = try? CSVParser(delimiter: format.delimiter, firstRecord: chunk.firstRecord + 1)
                .countRecords(chunk.text)
        {
            // The scanner checks the UTF-8 itself. (A chunk that does not check is parsed: its error is the parser's.)
            let records = CSVRecords(
                csv: CSVTable(header: header, records: []), delimiter: format.delimiter, counted: count)
            return .success(DataTable(path: path, records: records, text: "", positioned: true, place: place))
        }
        return Result { () throws(DataTable.OpenError) in
            try format.parse(
                chunk.text, path: path, positions: positions, place: place, firstRecord: chunk.firstRecord,
                recordErrorLimit: recordErrorLimit)
        }
    }
}
