import WorkerProtocol

/// One part of a render shared by several machines (`cellkit render …
/// --shard K/N`, docs/batch.md "One render over many machines"): part
/// ``index`` of ``count`` draws a contiguous run of the list's pieces, so
/// that the parts written one after another are byte for byte the whole
/// render, in plain and ANSI text.
///
/// Where every binding reads a data file of cellkit's, the part reads its
/// share of each file alone (``ShardChecks``). Otherwise the table's rows
/// (static rows and every binding's records, counted across
/// the sections) are cut into `count` runs of about equal rows, each cut
/// moved to the nearest place a data file's chunk starts (or a plugin
/// source's `split` does) when one is within half a part; a part draws the
/// pieces from its first row's to the next part's first row's (the top
/// border, title and header go with the first part that has rows, the
/// bottom border and footers with the last): cut where the blocks of
/// `--jobs` are cut, at a row, nothing a part draws depends on a piece it
/// does not draw. A part with no rows writes nothing and succeeds.
package struct RenderShard: Equatable, Sendable {
    /// Which part, `0..<count`.
    package var index: Int
    /// How many parts.
    package var count: Int
    /// The rows of the table this part draws, when its part of each data
    /// file was planned by bytes (``ShardChecks/plan(_:of:)``: the table is
    /// the part's, its other rows standing in for the whole's); `nil`: cut
    /// by rows here.
    package var planned: Range<Int>?

    /// The parts `--shard` accepts: as many as a Slurm array or a Kubernetes Indexed Job may have.
    static let countRange = 1...1_000_000

    /// Part `index` (from 0) of `count`.
    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// What `--shard` says: a part, or `env/N` (the part from the runner's environment).
    package enum Request: Equatable, Sendable {
        /// `K/N`: the part given.
        case part(RenderShard)
        /// `env/N`: part K of N, K from the runner's environment (``RenderShard/resolve(_:environment:)``).
        case environment(count: Int)
    }

    /// What `--shard VALUE` asks for: `K/N` with `0 ≤ K < N`, or `env/N`.
    static func request(_ value: String) throws(UsageError) -> Request {
        let fields = value.split(separator: "/", omittingEmptySubsequences: false)
        let usage =
            "  give K/N, part K (from 0) of N parts (0/4 to 3/4 for four), or env/N for the part "
            + "in $JOB_COMPLETION_INDEX or $SLURM_ARRAY_TASK_ID"
        guard fields.count == 2, let count = Int(fields[1]), countRange.contains(count) else {
            throw UsageError(
                message: "--shard expects K/N with N from 1 to \(countRange.upperBound), not '\(value)'\n" + usage)
        }
        if fields[0] == "env" { return .environment(count: count) }
        guard let index = Int(fields[0]), (0..<count).contains(index) else {
            throw UsageError(
                message: "--shard \(value): the part must be a number from 0 to \(count - 1) (parts count from 0)\n"
                    + usage)
        }
        return .part(RenderShard(index: index, count: count))
    }

    /// The part a request names: given, or read from the runner's environment
    /// (`JOB_COMPLETION_INDEX`, Kubernetes Indexed Jobs; else
    /// `(SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN) / SLURM_ARRAY_TASK_STEP`,
    /// Slurm arrays, checked against `SLURM_ARRAY_TASK_COUNT` when set).
    static func resolve(_ request: Request, environment: [String: String]) throws(UsageError) -> RenderShard {
        let count: Int
        switch request {
        case .part(let shard): return shard
        case .environment(let n): count = n
        }
        func number(_ name: String) throws(UsageError) -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text) else {
                throw UsageError(message: "--shard env/\(count): \(name) is '\(Sanitized.text(text))', not a number")
            }
            return value
        }
        let index: Int
        let source: String
        if let kubernetes = try number("JOB_COMPLETION_INDEX") {
            index = kubernetes
            source = "JOB_COMPLETION_INDEX (\(kubernetes))"
        } else if let task = try number("SLURM_ARRAY_TASK_ID") {
            let first = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            let step = max(1, try number("SLURM_ARRAY_TASK_STEP") ?? 1)
            if let tasks = try number("SLURM_ARRAY_TASK_COUNT"), tasks != count {
                throw UsageError(
                    message: "--shard env/\(count): the Slurm array has \(tasks) tasks (SLURM_ARRAY_TASK_COUNT)\n"
                        + "  give --shard env/\(tasks), or submit the array with \(count) tasks (--array=0-\(count - 1))"
                )
            }
            index = (task - first) / step
            source = "SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN (\(task) − \(first))"
        } else {
            throw UsageError(
                message: "--shard env/\(count): neither JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) nor "
                    + "SLURM_ARRAY_TASK_ID (a Slurm array) is set\n"
                    + "  run it as one of those, or give the part: --shard K/\(count)")
        }
        guard (0..<count).contains(index) else {
            throw UsageError(
                message: "--shard env/\(count): the part is \(index), from \(source), not one of 0 to \(count - 1)\n"
                    + "  give N as the job's completions or the array's size")
        }
        return RenderShard(index: index, count: count)
    }

    /// The first row of each part of a table of `rows` rows, and `rows` at
    /// the end (`count + 1` numbers, never decreasing): equal shares, each
    /// cut moved to the nearest of `chunkRows` (increasing) within half a share.
    static func cuts(rows: Int, count: Int, chunkRows: [Int]) -> [Int] {
        var cuts = [0]
        for k in 1..<max(count, 1) {
            let aim = rows * k / count
            var nearest = aim
            // The first chunk row at or after `aim`, and the one before it.
            var low = 0
            var high = chunkRows.count
            while low < high {
                let middle = (low + high) / 2
                if chunkRows[middle] < aim { low = middle + 1 } else { high = middle }
            }
            let near = [low - 1, low].filter(chunkRows.indices.contains).map { chunkRows[$0] }
            if let best = near.min(by: { abs($0 - aim) < abs($1 - aim) }), abs(best - aim) <= rows / (2 * count) {
                nearest = best
            }
            cuts.append(min(max(nearest, cuts[cuts.count - 1]), rows))
        }
        cuts.append(rows)
        return cuts
    }

    /// The blocks of `screen`'s table this part draws with up to `workers`
    /// workers (``RenderPart/blocks``, ``RenderPart/drawn``), or `nil` when it
    /// draws nothing. Its rows are cut into blocks as `--jobs` cuts a whole table.
    func blocks(of screen: Screen, workers: Int) -> (blocks: [Int], drawn: Range<Int>)? {
        let (rows, chunkRows) = RenderPart.chunkRows(of: screen)
        // No rows at all: the first part draws what there is (borders, a title).
        guard rows > 0 else { return index == 0 ? ([0], 0..<1) : nil }
        let first: Int
        let end: Int
        if let planned {
            (first, end) = (planned.lowerBound, min(planned.upperBound, rows))
        } else {
            let cuts = Self.cuts(rows: rows, count: count, chunkRows: chunkRows)
            (first, end) = (cuts[index], cuts[index + 1])
        }
        guard first < end else { return nil }
        let inside = chunkRows.filter { $0 > first && $0 < end }.map { $0 - first }
        let own =
            (RenderPart.blocks(rows: end - first, workers: workers, chunkRows: inside) ?? [0]).map { $0 + first }
        let before = first > 0 ? [0] : []
        return (before + own + (end < rows ? [end] : []), before.count..<(before.count + own.count))
    }
}
