import Glibc

/// Sorts records by a ``RowOrder`` in bounded memory: records are kept
/// until they hold about ``runBytes`` (their keys, their bytes and what
/// each costs besides), then sorted and spilled to a run file; the runs are
/// merged, k ways at once, into the output. Equal keys keep the order the
/// records were added in (each carries its number). A run file's name is
/// removed as soon as it is created, so none is left behind, whatever ends
/// the process.
///
/// Whether a key compares as numbers is known only once every value has
/// been seen: a run sorted as numbers before a value that is not one came
/// is read back and sorted again as text before the merge.
package final class RowSorter {
    package let order: RowOrder
    /// How many bytes of records are kept before a run is spilled.
    package let runBytes: Int
    /// The private folder the runs are created in.
    let directory: String
    /// For each key, whether every value so far is a number (or nothing).
    private var numeric: [Bool]
    private var kept = Kept()
    private var bytes = 0
    private var runs: [Run] = []
    private var sequence = 0
    private var created = 0

    /// How many runs were spilled (for tests).
    package private(set) var runCount = 0

    /// What one record costs besides its bytes, its keys' values and their
    /// texts (the flat arrays' words, and what a sort allocates for it).
    static let entryOverhead = 48

    /// One record: its keys' values, its number, its bytes (a run's, read back; the heap's of a merge).
    struct Entry {
        var keys: [RowValue]
        var sequence: Int
        var record: ArraySlice<UInt8>
    }

    /// The records kept, laid out flat: no allocation per record but its
    /// keys' texts longer than a String holds inline.
    struct Kept {
        var bytes: [UInt8] = []
        /// Where each record's bytes end.
        var ends: [Int] = []
        /// The keys' values, `width` a record.
        var keys: [RowValue] = []
        var sequences: [Int] = []

        var count: Int { sequences.count }

        mutating func append(keys values: some Collection<RowValue>, sequence: Int, record: some Collection<UInt8>) {
            keys += values
            sequences.append(sequence)
            bytes += record
            ends.append(bytes.count)
        }

        func record(_ i: Int) -> ArraySlice<UInt8> {
            bytes[(i == 0 ? 0 : ends[i - 1])..<ends[i]]
        }
    }

    struct Run {
        let file: RecordFileWriter
        let count: Int
        /// The comparison it was sorted by.
        let numeric: [Bool]
    }

    package init(_ order: RowOrder, runBytes: Int, directory: String) {
        self.order = order
        self.runBytes = max(1, runBytes)
        self.directory = directory
        numeric = order.keys.map { _ in true }
    }

    /// Adds a record (its bytes as the output holds them) with its keys' values.
    package func add(keys: [RowValue], record: [UInt8]) throws(RecordFileError) {
        for (k, key) in keys.enumerated() where numeric[k] {
            if case .value(_, nil) = key { numeric[k] = false }
        }
        kept.append(keys: keys, sequence: sequence, record: record)
        sequence += 1
        bytes += record.count + Self.entryOverhead + keys.count * MemoryLayout<RowValue>.stride
        for case .value(let text, _) in keys where text.utf8.count > 15 { bytes += text.utf8.count + 32 }
        if bytes >= runBytes { try spill() }
    }

    /// Writes every record added, in order, to `output`.
    func finish(into output: RecordFileWriter) throws(RecordFileError) {
        if runs.isEmpty {
            for i in sortedIndexes(numeric: numeric) { try output.append(kept.record(i)) }
            kept = Kept()
            return
        }
        if kept.count > 0 { try spill() }
        // Runs sorted as numbers before a key's value that is not one came: sorted again, as text.
        for (i, run) in runs.enumerated() where run.numeric != numeric {
            kept = try Self.kept(of: run, keys: order.keys.count)
            runs[i] = try writeRun()
        }
        try merge(into: output)
    }

    /// The kept records' indexes in order, each key as numbers where
    /// `numeric` says so: their keys laid out flat first (whether each is
    /// nothing, its number, its text), ties by their numbers.
    private func sortedIndexes(numeric: [Bool]) -> [Int] {
        let count = kept.count
        let width = order.keys.count
        var nulls = [Bool](repeating: false, count: count * width)
        var numbers = [Double](repeating: 0, count: numeric.contains(true) ? count * width : 0)
        var texts = [String](repeating: "", count: numeric.contains(false) ? count * width : 0)
        for (j, key) in kept.keys.enumerated() {
            switch key {
            case .null, .nested: nulls[j] = true
            case .value(let text, let number):
                if numeric[j % width] { numbers[j] = number ?? 0 } else { texts[j] = text }
            }
        }
        let descending = order.keys.map(\.descending)
        let sequences = kept.sequences
        var indexes = Array(0..<count)
        indexes.sort { a, b in
            for k in 0..<width {
                let (p, q) = (a * width + k, b * width + k)
                let order: RowValue.Ordering
                if nulls[p] || nulls[q] {
                    order = nulls[p] == nulls[q] ? .same : nulls[p] ? .ascending : .descending
                } else if numeric[k] {
                    order = numbers[p] < numbers[q] ? .ascending : numbers[p] > numbers[q] ? .descending : .same
                } else {
                    order = RowValue.compareText(texts[p], texts[q])
                }
                if order != .same { return (order == .ascending) != descending[k] }
            }
            return sequences[a] < sequences[b]
        }
        return indexes
    }

    private func spill() throws(RecordFileError) {
        runs.append(try writeRun())
        runCount += 1
        bytes = 0
    }

    /// Sorts the records kept and writes them to a new run file.
    private func writeRun() throws(RecordFileError) -> Run {
        let width = order.keys.count
        created += 1
        let file = try RecordFileWriter(creating: "\(directory)/run-\(created)", keep: false)
        for i in sortedIndexes(numeric: numeric) {
            try file.append(UInt64(kept.sequences[i]))
            for key in kept.keys[(i * width)..<((i + 1) * width)] {
                switch key {
                case .null, .nested:
                    try file.append(UInt8(0))
                case .value(let text, let number):
                    try file.append(UInt8(number == nil ? 1 : 2))
                    if let number { try file.append(number.bitPattern) }
                    try file.append(UInt32(text.utf8.count))
                    try file.append(text.utf8)
                }
            }
            let record = kept.record(i)
            try file.append(UInt32(record.count))
            try file.append(record)
        }
        try file.finish()
        let run = Run(file: file, count: kept.count, numeric: numeric)
        kept = Kept()
        return run
    }

    /// The next entry of a run.
    private static func entry(_ reader: inout RecordFileReader, keys: Int) throws(RecordFileError) -> Entry {
        let sequence = Int(try reader.integer(UInt64.self))
        var values: [RowValue] = []
        values.reserveCapacity(keys)
        for _ in 0..<keys {
            let tag = try reader.integer(UInt8.self)
            guard tag != 0 else {
                values.append(.null)
                continue
            }
            let number = tag == 2 ? Double(bitPattern: try reader.integer(UInt64.self)) : nil
            let length = Int(try reader.integer(UInt32.self))
            values.append(.value(text: String(decoding: try reader.read(length), as: UTF8.self), number: number))
        }
        let length = Int(try reader.integer(UInt32.self))
        return Entry(keys: values, sequence: sequence, record: try reader.read(length))
    }

    /// A run read back, to be sorted again.
    private static func kept(of run: Run, keys: Int) throws(RecordFileError) -> Kept {
        var reader = RecordFileReader(run.file)
        var kept = Kept()
        for _ in 0..<run.count {
            let entry = try entry(&reader, keys: keys)
            kept.append(keys: entry.keys, sequence: entry.sequence, record: entry.record)
        }
        return kept
    }

    /// Merges the runs into `output`: a heap of each run's next entry.
    private func merge(into output: RecordFileWriter) throws(RecordFileError) {
        let keys = order.keys.count
        var readers = runs.map { RecordFileReader($0.file) }
        var left = runs.map(\.count)
        var heap: [(entry: Entry, run: Int)] = []
        let order = self.order
        let numeric = self.numeric
        func less(_ a: (entry: Entry, run: Int), _ b: (entry: Entry, run: Int)) -> Bool {
            switch order.compare(a.entry.keys, b.entry.keys, numeric: numeric) {
            case .ascending: true
            case .descending: false
            case .same: a.entry.sequence < b.entry.sequence
            }
        }
        func push(_ item: (entry: Entry, run: Int)) {
            heap.append(item)
            var i = heap.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                guard less(heap[i], heap[parent]) else { break }
                heap.swapAt(i, parent)
                i = parent
            }
        }
        func pop() -> (entry: Entry, run: Int) {
            let top = heap[0]
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                var i = 0
                while true {
                    let l = 2 * i + 1
                    let r = l + 1
                    var smallest = i
                    if l < heap.count && less(heap[l], heap[smallest]) { smallest = l }
                    if r < heap.count && less(heap[r], heap[smallest]) { smallest = r }
                    if smallest == i { break }
                    heap.swapAt(i, smallest)
                    i = smallest
                }
            }
            return top
        }
        for i in runs.indices where left[i] > 0 {
            push((try Self.entry(&readers[i], keys: keys), i))
            left[i] -= 1
        }
        while !heap.isEmpty {
            let (entry, run) = pop()
            try output.append(entry.record)
            if left[run] > 0 {
                push((try Self.entry(&readers[run], keys: keys), run))
                left[run] -= 1
            }
        }
        runs = []
    }
}
