#if DEBUG
    import CellKitSupport
    import DataBinding
    import Glibc

    /// Large data files read a chunk at a time: the first byte picks CSV, a
    /// JSON array or JSON Lines, the next two a chunk size from 64 bytes to
    /// 4 KiB; the rest is the file. The chunks cover the file, in order, without gaps; and when the
    /// whole file parses, every chunk parses with the count the scan gave it,
    /// and the chunks hold exactly the whole file's records, on the same lines.
    /// (A misjudged chunk sends the check pass to the whole file, but drawing
    /// finds a row through the scan's counts: a CSV file of lone CRs, which
    /// the scan once counted as one record, passed `rows` and failed to draw.)
    /// Three parts of the file read alone (`render --shard`) hold its records
    /// too, or one of them says that it does not end between two records.
    enum RecordChunkerHarness {
        static func run(_ data: [UInt8]) {
            var input = FuzzInput(data)
            let kind = input.byte() % 3
            let isCSV = kind == 0
            let isLines = kind == 2
            let format: any RecordFormat = [CSVFormat.csv, JSONArrayFormat(), JSONLinesFormat()][Int(kind)]
            let target = input.int(in: 64...4096)
            let bytes = Array(input.rest())
            let path = "/tmp/cellkit-fuzz-records-\(getpid()).\(format.name)"
            defer { unlink(path) }
            // (`atomicWrite` returns an optional notice, `nil` when all is well: `try?` cannot tell success.)
            do {
                try atomicWrite(path, bytes)
            } catch {
                return
            }
            guard
                let chunker = try? RecordChunker(path: path, layout: format.layout(), targetBytes: target)
            else { return }
            var chunks: [RecordChunker.RecordChunk] = []
            var offset = 0
            while let chunk = try? chunker.chunk(chunks.count) {
                precondition(chunk.range.lowerBound == offset, "a gap or an overlap between chunks")
                precondition(chunk.firstRecord == chunks.reduce(0) { $0 + $1.count }, "records numbered wrong")
                offset = chunk.range.upperBound
                chunks.append(chunk)
                if chunk.isLast { break }
            }
            precondition(offset == bytes.count, "the chunks end at \(offset), the file at \(bytes.count)")
            if isCSV {
                guard let whole = try? CSVParser().parse(bytes) else { return }
                var records: [CSVRecord] = []
                for chunk in chunks {
                    let table: CSVTable
                    do {
                        table = try CSVParser().parse(chunk.text)
                    } catch {
                        preconditionFailure("chunk \(chunk.index) of a file that parses does not: \(error)")
                    }
                    precondition(table.records.count == chunk.count, "chunk \(chunk.index): the scan miscounted")
                    precondition(table.header == whole.header, "a chunk with another header")
                    for record in table.records {
                        let original = whole.records[records.count]
                        precondition(record.fields == original.fields, "a record read differently")
                        precondition(record.line + chunk.lineOffset == original.line, "a record on another line")
                        records.append(record)
                    }
                }
                precondition(records.count == whole.records.count, "records lost or added")
                if let read = parts(path, format: format, bytes: bytes, target: target) {
                    var fields: [[String]] = []
                    for chunk in read {
                        guard let table = try? CSVParser().parse(chunk.text) else {
                            preconditionFailure("a part's chunk of a file that parses does not")
                        }
                        precondition(table.records.count == chunk.count, "a part's chunk miscounted")
                        fields += table.records.map(\.fields)
                    }
                    precondition(fields == whole.records.map(\.fields), "parts lost, added or read records differently")
                }
            } else {
                // The whole file's records: the array's elements, or each line that is not blank parsed alone.
                let all: [JSONValue]
                if !isLines {
                    guard let whole = try? JSONParser().parse(bytes), case .array(let elements) = whole else { return }
                    all = elements
                } else {
                    var values: [JSONValue] = []
                    for line in bytes.split(separator: 0x0A)
                    where line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) {
                        guard let value = try? JSONParser().parse(line) else { return }
                        values.append(value)
                    }
                    all = values
                }
                precondition(records(of: chunks, isLines: isLines) == all, "records lost, added or read differently")
                guessed(path, format: format, isLines: isLines, target: target, bytes: bytes, all: all)
                if let read = parts(path, format: format, bytes: bytes, target: target) {
                    precondition(records(of: read, isLines: isLines) == all, "parts lost, added or read records")
                }
            }
        }

        /// The chunks of three parts of the file read alone (`render --shard`:
        /// each from the place between records found near a third of the
        /// file, ``RecordChunker/recordBreak(atOrAfter:)``); `nil` when a
        /// part finds that it does not end between two records (a guess the
        /// bytes misled: the part says so), never a part that reads wrongly.
        static func parts(_ path: String, format: any RecordFormat, bytes: [UInt8], target: Int)
            -> [RecordChunker.RecordChunk]?
        {
            let count = 3
            var chunks: [RecordChunker.RecordChunk] = []
            for k in 0..<count {
                guard let probe = try? RecordChunker(path: path, layout: format.layout(), targetBytes: target),
                    let start = try? probe.recordBreak(atOrAfter: bytes.count * k / count),
                    let end = try? probe.recordBreak(atOrAfter: bytes.count * (k + 1) / count)
                else { preconditionFailure("no place between records near a cut") }
                precondition(start <= end, "a later cut found an earlier place")
                guard start < end else { continue }
                guard let part = try? RecordChunker(path: path, layout: format.layout(), targetBytes: target),
                    part.limit(from: .init(offset: start, record: 0, line: 1, lineStart: start), to: end)
                else { preconditionFailure("a part not in the file") }
                var index = 0
                do {
                    while let chunk = try part.chunk(index) {
                        chunks.append(chunk)
                        index += 1
                        if chunk.isLast { break }
                    }
                } catch {
                    guard error.cutInsideRecord != nil else {
                        preconditionFailure("a part of a file that reads failed")
                    }
                    return nil
                }
            }
            return chunks
        }

        /// The records of JSON chunks (of JSON Lines, `isLines`), each chunk's as many as its count says.
        static func records(of chunks: [RecordChunker.RecordChunk], isLines: Bool) -> [JSONValue] {
            var all: [JSONValue] = []
            for chunk in chunks {
                let text = isLines ? JSONCutScanner.arrayOfLines(chunk.text) : chunk.text
                guard let value = try? JSONParser().parse(text), case .array(let records) = value else {
                    preconditionFailure("chunk \(chunk.index) of an array that parses does not")
                }
                precondition(records.count == chunk.count, "chunk \(chunk.index): the scan miscounted")
                all += records
            }
            return all
        }

        /// Chunks guessed, each confirmed by the parse of the one before it,
        /// and read exactly from the first guess that fails: each start
        /// confirmed is on its line, and a reader given the starts reads the
        /// whole file's records, as many in each chunk as the starts say.
        static func guessed(
            _ path: String, format: any RecordFormat, isLines: Bool, target: Int, bytes: [UInt8], all: [JSONValue]
        ) {
            // (An empty file has no chunk to guess, and starts a reader does not adopt: it reads nothing.)
            guard !bytes.isEmpty,
                let chunker = try? RecordChunker(path: path, layout: format.layout(), targetBytes: target)
            else { return }
            var index = 0
            var guessing = true
            while true {
                if guessing,
                    let guess = chunker.guessedChunk(
                        index,
                        check: { text in
                            let array = isLines ? JSONCutScanner.arrayOfLines(text) : text
                            guard case .array(let records)? = try? JSONParser().parse(array) else { return nil }
                            return RecordChunker.CheckedChunk(
                                count: records.count, lineBreaks: RecordChunker.lineBreaks(in: text),
                                lastLineBreak: text.lastIndex { $0 == 0x0A || $0 == 0x0D })
                        }),
                    let start = chunker.confirm(guess, index: index)
                {
                    let before = bytes[..<start.offset]
                    let breaks = zip(before.indices, before).filter { i, byte in
                        byte == 0x0D || (byte == 0x0A && (i == 0 || bytes[i - 1] != 0x0D))
                    }.count
                    precondition(start.line == breaks + 1, "a guessed chunk on another line")
                    if guess.isLast { break }
                } else {
                    guessing = false
                    guard let chunk = try? chunker.chunk(index) else {
                        preconditionFailure("the exact reading after guesses of a file that parses failed")
                    }
                    if chunk.isLast { break }
                }
                index += 1
            }
            guard let starts = chunker.chunkStarts,
                let reader = try? RecordChunker(path: path, layout: format.layout(), targetBytes: target),
                (try? reader.adopt(starts)) == true
            else { preconditionFailure("the starts of guessed chunks are not the file's") }
            var chunks: [RecordChunker.RecordChunk] = []
            while let chunk = try? reader.chunk(chunks.count) {
                chunks.append(chunk)
                if chunk.isLast { break }
            }
            precondition(
                records(of: chunks, isLines: isLines) == all, "guessed chunks lost, added or read records differently")
        }
    }
#endif
