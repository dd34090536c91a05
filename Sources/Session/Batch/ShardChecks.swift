@_spi(Host) import CellKit
import CellKitSupport
import DataBinding
import WorkerProtocol

/// What a part of a sharded render reads (`cellkit render --shard K/N`,
/// docs/batch.md "What a part reads"): its share of each data file and a
/// little around it, never the whole file.
///
/// Under `--shard`, `rows CELL from FILE` checks the mappings and keeps the
/// file's check for later (``add(_:_:)``); once the screen to draw is known,
/// ``plan(_:of:)`` cuts it. The screen's rows lie one after another: each
/// static row counts as 1, each data file as its size in bytes, and part K
/// of N takes from K/N of the whole to (K + 1)/N. A cut inside a file moves
/// to the first place between two records at or after it, as the bytes
/// there say (``DataFile/recordBreak(atOrAfter:)``): every part finds the
/// same places, and each checks that its own last record ends where the
/// next part starts. A part checks and draws the records that start in its
/// share; the rows before and after it stand as one row each, never read
/// or drawn, so that what it draws (borders, a section's header) is what
/// the whole render draws there.
final class ShardChecks {
    /// A binding whose check waits for the part, with its check.
    private var pending: [(binding: Binding, check: PartCheck)] = []

    /// Keeps `binding`'s check (its count is 0 until the part is planned).
    func add(_ binding: Binding, _ check: PartCheck) {
        pending.append((binding, check))
    }

    /// The check kept for `binding`.
    func check(of binding: Binding) -> PartCheck? {
        pending.first { $0.binding == binding && $0.binding.identity == binding.identity }?.check
    }

    /// `screen` as part `shard` draws it, and the rows it draws (`nil`:
    /// cut by rows, ``RenderShard/blocks(of:workers:)``). Each binding whose
    /// check waits is checked: its part, when every binding of a list
    /// waits; else whole (a plugin's source, sorted or filtered rows: they
    /// are cut by rows), and a grid by part 0 alone (it draws it whole).
    func plan(_ shard: RenderShard, of screen: Screen) throws(ConsoleError) -> (
        screen: Screen, rows: Range<Int>?, numbers: PartRowNumbers?
    ) {
        var screen = screen
        let places = screen.sections.indices.flatMap { s in screen.sections[s].rows.indices.map { (s, $0) } }
        var files: [Int: (check: PartCheck, file: DataFile)] = [:]  // by index in `places`
        for (i, (s, r)) in places.enumerated() {
            guard case .bound(let binding) = screen.sections[s].rows[r], let check = check(of: binding) else {
                continue
            }
            files[i] = (check, try check.open())
        }
        let boundCount = places.filter { screen.sections[$0.0].rows[$0.1].isBound }.count
        guard screen.kind == .list, files.count == boundCount else {
            guard screen.kind == .list || shard.index == 0 else { return (screen, nil, nil) }
            for (i, (check, file)) in files {
                let (s, r) = places[i]
                guard case .bound(var binding) = screen.sections[s].rows[r] else { continue }
                (binding.count, binding.chunks) = try check.run(file, from: 0, to: file.size, firstRecord: 0)
                screen.sections[s].rows[r] = .bound(binding)
            }
            return (screen, nil, nil)
        }

        // Where each row source lies: a static row is 1, a data file its size.
        let weights = places.indices.map { files[$0]?.file.size ?? 1 }
        let total = weights.reduce(0, +)
        func cut(_ k: Int) throws(ConsoleError) -> Int {
            guard k > 0 else { return 0 }
            guard k < shard.count else { return total }
            let aim = total / shard.count * k + total % shard.count * k / shard.count
            var base = 0
            for (i, weight) in weights.enumerated() {
                defer { base += weight }
                guard aim < base + weight else { continue }
                guard let (check, file) = files[i] else { return aim }
                let place = try check.atItsPlace { () throws(DataTable.OpenError) in
                    try file.recordBreak(atOrAfter: aim - base)
                }
                return base + place
            }
            return total
        }
        let start = try cut(shard.index)
        let end = max(start, try cut(shard.index + 1))

        guard start < end else { return (screen, 0..<0, nil) }
        let numbers = PartRowNumbers()
        var before = 0  // rows of the part's table before its own
        var own = 0
        var rows = 0
        var base = 0
        // The row after the part's own is read and laid out (a separator under the last row looks at it): when it
        // is a record, it is read too.
        var nextRowFound = false
        for (i, (s, r)) in places.enumerated() {
            defer { base += weights[i] }
            guard let (check, file) = files[i], case .bound(var binding) = screen.sections[s].rows[r] else {
                if base < start { before += 1 } else if base < end { own += 1 } else { nextRowFound = true }
                rows += 1
                numbers.add(section: s, .row)
                continue
            }
            let lo = min(max(start - base, 0), file.size)
            let hi = min(max(end - base, 0), file.size)
            binding.chunks = []
            binding.count = 0
            if let records = try check.atItsPlace({ () throws(DataTable.OpenError) in try file.recordExtent() }) {
                let earlier = lo > records.lowerBound ? 1 : 0
                let later = hi < records.upperBound ? 1 : 0
                let mine = lo < hi && lo < records.upperBound && hi > records.lowerBound
                var read = 0
                var firstRead: Int?  // where the first record read starts
                if later == 1 && !nextRowFound {
                    // The part's records, then the next one.
                    nextRowFound = true
                    let next = max(hi, records.lowerBound)
                    let first = mine ? lo : next
                    firstRead = first
                    let afterNext = try check.atItsPlace { () throws(DataTable.OpenError) in
                        try file.endOfRecord(startingAt: next)
                    }
                    (read, binding.chunks) = try check.run(
                        file, from: first, to: afterNext, through: mine ? hi : nil, firstRecord: earlier)
                    read = max(0, read - 1)
                } else if mine {
                    firstRead = lo
                    (read, binding.chunks) = try check.run(file, from: lo, to: hi, firstRecord: earlier)
                }
                binding.count = earlier + read + later
                before += earlier
                own += read
                numbers.add(
                    section: s,
                    .part(file: file, start: firstRead, earlier: earlier, count: binding.count))
            } else {
                if lo < hi {
                    // No records: checked whole (its header names the fields), by the part that holds it.
                    (_, binding.chunks) = try check.run(file, from: 0, to: file.size, firstRecord: 0)
                }
                numbers.add(section: s, .part(file: file, start: nil, earlier: 0, count: 0))
            }
            rows += binding.count
            screen.sections[s].rows[r] = .bound(binding)
        }
        // A table of no rows at all is drawn by part 0 (its borders, a title).
        return (screen, rows == 0 ? nil : before..<before + own, numbers)
    }
}

/// The check of a data file's records that `rows` keeps for the part that
/// draws them (``ShardChecks``): what `rows` checks of the whole file,
/// done over a part of it, its errors at the script's place and the file's.
struct PartCheck {
    var path: String
    var format: any RecordFormat
    var bound: [BoundAttribute]
    var cell: String
    var command: ValidatedCommand
    var span: SourceSpan
    var notes: [String]
    var recordLimit: Int

    /// The file, to be looked at near where parts start.
    func open() throws(ConsoleError) -> DataFile {
        try atItsPlace { () throws(DataTable.OpenError) in
            try DataFile(path, format: format, recordLimit: recordLimit, positions: false)
        }
    }

    /// What `body` finds in the file; its error is the `rows` command's, at the file's name.
    func atItsPlace<T>(_ body: () throws(DataTable.OpenError) -> T) throws(ConsoleError) -> T {
        do {
            return try body()
        } catch {
            throw error.consoleError(command, at: span)
        }
    }

    /// Checks the records from `start` to `end` of `file` (places between
    /// two records), as `rows` checks a whole file: how many, and where
    /// their chunks start (records numbered from `firstRecord`). An error in
    /// them is found again from the true place of `start` in the file (a
    /// scan of the bytes before it), so that its line and record are the file's.
    func run(_ file: DataFile, from start: Int, to end: Int, through: Int? = nil, firstRecord: Int)
        throws(ConsoleError) -> (count: Int, chunks: [RecordChunker.ChunkStart])
    {
        let whole = start == 0 && end == file.size
        let place = RecordChunker.ChunkStart(offset: start, record: firstRecord, line: 1, lineStart: start)
        do {
            let part = try opened(whole ? nil : (place, end, through))
            let count = try DataBinder.check(part, bound, cell: cell, wholeFile: whole)
            return (count, part.chunkStarts ?? [])
        } catch {
            if start > 0, error.hasDataPlaces, let exact = try? file.exactStart(at: start),
                let again = try? opened((exact, end, through))
            {
                // Again from the true place of its start, for the places of the errors.
                do throws(DataCheckFailure) {
                    _ = try DataBinder.check(again, bound, cell: cell, wholeFile: whole)
                } catch {
                    throw error.consoleError(command, at: span, notes: notes)
                }
            }
            if error.endsInsideRecord { throw partError(file, endingAt: through ?? end) }
            throw error.consoleError(command, at: span, notes: notes)
        }
    }

    /// The error of a part whose scan did not end between two records
    /// where the next part starts (`offset`).
    private func partError(_ file: DataFile, endingAt offset: Int) -> ConsoleError {
        let line = (try? file.exactStart(at: offset)).map { ", line \($0.line)" } ?? ""
        return ConsoleError(
            .script,
            command.command.diagnostic(
                "\(Path.basename(path)): this part ends at byte \(offset)\(line), where the next part starts, "
                    + "but a record goes on past it",
                at: span,
                notes: notes + [
                    "a quoted field or a bracket left open before it makes the rest of the file one record: "
                        + "a render without --shard says where",
                    "or where records start could not be told from the bytes there (a CSV field with line breaks "
                        + "and no quote near them, a JSON record holding an array of records): render with "
                        + "another number of parts",
                ]))
    }

    /// The file read from `part` alone (the whole file without one).
    private func opened(_ part: (start: RecordChunker.ChunkStart, end: Int, through: Int?)?) throws(DataCheckFailure)
        -> DataFile
    {
        do {
            return try DataFile(
                path, format: format, recordLimit: recordLimit, chunkBytes: DataFile.checkChunkBytes(path),
                positions: false,
                part: part)
        } catch {
            throw DataCheckFailure(open: error)
        }
    }
}

/// The numbers of a part's rows in the whole render (``ShardChecks``): a
/// part's table stands one row for the rows of a data file before its
/// share, so its row 3 may be the file's record 2,501. Found when an error
/// names a row, by a scan of the file before the part (no part reads it
/// otherwise).
final class PartRowNumbers {
    /// A row source of the part's table.
    enum Source {
        /// A static row.
        case row
        /// A binding's rows in the part's table: `earlier` rows (0 or 1)
        /// standing for the records before `start` (where the first record
        /// the part reads starts in `file`; `nil` when it reads none), `count` in all.
        case part(file: DataFile, start: Int?, earlier: Int, count: Int)
    }

    private var sections: [Int: [Source]] = [:]

    func add(section: Int, _ source: Source) {
        sections[section, default: []].append(source)
    }

    /// The number (from 0) in the whole render's section `section` of the
    /// part's row `row`; `nil` when it cannot be told (a file that cannot be read).
    func wholeRow(section: Int, row: Int) -> Int? {
        var whole = 0
        var first = 0  // the part's row of the source's first
        for source in sections[section] ?? [] {
            switch source {
            case .row:
                if row == first { return whole + 0 }
                whole += 1
                first += 1
            case .part(let file, let start, let earlier, let count):
                if row < first + count {
                    guard let start, row - first >= earlier,
                        let records = try? file.exactStart(at: start).record
                    else { return nil }
                    return whole + records + (row - first - earlier)
                }
                // Every record of the file is before the row.
                guard let records = try? file.exactStart(at: file.size).record else { return nil }
                whole += records
                first += count
            }
        }
        return nil
    }
}

extension DataCheckFailure {
    /// Whether its errors have places in the data file (a part's lines are counted from its start).
    var hasDataPlaces: Bool {
        if case .data? = open { return true }
        return !dataErrors.isEmpty
    }

    /// Whether the part's scan did not end between two records (``RecordChunker/Failure/cutInsideRecord``).
    var endsInsideRecord: Bool {
        guard case .io(let message)? = open else { return false }
        return message.hasSuffix(", inside a record")
    }
}
