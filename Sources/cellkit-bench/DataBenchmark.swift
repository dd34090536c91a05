import CellKitSupport
import Glibc

/// What users run: the release `cellkit` on issue 7's script and a generated
/// CSV or JSON file, rendered as ANSI, timed as a whole process (start-up,
/// plugin loading, the check pass, the worker and the render included), next
/// to `cellkit-bench table` with as many rows, run in turn in the same call.
///
/// Two untimed runs write through a pipe to this process and are checked in
/// full: one by one worker (`--jobs 1`), which must write exactly one line
/// per record plus the table's four (top border, header row and its rule,
/// bottom border), and one as timed, which must write its very bytes (the
/// same count, lines and hash). The timed runs write to /dev/null, as the
/// issue's table was measured (through a pipe, writing and reading 112 MB
/// took `cellkit` a quarter of a second more CPU, and this process more of
/// the same two cores): each must end with status 0 having passed at least
/// those bytes to `write` (the session's `wchar`, read from
/// `/proc/PID/io` before it is reaped; its few other writes are its
/// requests to the workers and its notes, under a MiB), or the call fails.
/// Peak memory and CPU time are the operating system's accounting of the
/// finished `cellkit` (`wait4`), its worker processes included; `CELLKIT_JOBS`
/// in this process's environment is `cellkit`'s too (`--jobs`).
enum DataBenchmark {
    /// One finished run of a child.
    struct Run {
        var seconds: Double
        var cpuSeconds: Double
        var peakKiB: Int
        var bytes: Int
        var lines: Int
        /// ``OutputHash`` of every byte written.
        var hash: UInt64
    }

    /// Runs `layouts` × `mixes` in turn, a result line each.
    static func run(
        layouts: [ServiceRecords.Layout], mixes: [ServiceRecords.Mix], records: Int, pairs: Int,
        buildDirectory: String, benchExecutable: String
    ) throws {
        for mix in mixes {
            for layout in layouts {
                try run(
                    layout: layout, mix: mix, records: records, pairs: pairs, buildDirectory: buildDirectory,
                    benchExecutable: benchExecutable)
            }
        }
    }

    /// `cellkit` on `records` records of `mix` laid out as `layout`, `pairs` times in turn with `table`.
    static func run(
        layout: ServiceRecords.Layout, mix: ServiceRecords.Mix, records: Int, pairs: Int, buildDirectory: String,
        benchExecutable: String
    ) throws {
        let directory = try ServiceRecords.temporaryDirectory()
        let data = directory + "/" + layout.fileName
        let script = directory + "/services.cellkit"
        let errors = directory + "/stderr.txt"
        defer {
            for file in [data, script, errors] { unlink(file) }
            rmdir(directory)
        }
        let fileBytes = try ServiceRecords.write(layout, mix: mix, count: records, to: data)
        try ServiceRecords.write(Array(ServiceRecords.script(dataPath: data, options: layout.options).utf8), to: script)
        let argv = [
            buildDirectory + "/cellkit", "run", script, "--color", "always", "--plugin-path", buildDirectory,
        ]

        var runs: [Run] = []
        var tables: [Double] = []
        var tableCPU: [Double] = []
        let expected = records + 4
        let reference = try spawnCounting(argv + ["--jobs", "1"], errors: errors)
        try Check.that(
            reference.lines == expected && reference.bytes >= records * 100,
            "cellkit --jobs 1 wrote \(reference.lines) lines (\(reference.bytes) bytes) for \(records) records of "
                + "the \(mix.rawValue) mix as \(layout.rawValue); expected \(expected)")
        let checked = try spawnCounting(argv, errors: errors)
        try Check.that(
            checked.lines == expected && checked.bytes == reference.bytes && checked.hash == reference.hash,
            "cellkit wrote \(checked.lines) lines (\(checked.bytes) bytes) for \(records) records of the "
                + "\(mix.rawValue) mix as \(layout.rawValue); expected \(expected) lines and the "
                + "\(reference.bytes) bytes one worker writes")
        for _ in 0..<max(1, pairs) {
            let run = try spawnToNull(argv, errors: errors)
            try Check.that(
                run.bytes >= reference.bytes && run.bytes < reference.bytes + (1 << 20),
                "cellkit wrote \(run.bytes) bytes in all for \(records) records; the checked run's output was "
                    + "\(reference.bytes) bytes")
            runs.append(run)
            let table = try table(benchExecutable, rows: records)
            tables.append(table.seconds)
            tableCPU.append(table.cpuSeconds)
        }
        let seconds = Measure.median(runs.map(\.seconds))
        let cpuSeconds = Measure.median(runs.map(\.cpuSeconds))
        let tableSeconds = Measure.median(tables)
        var result = ResultLine()
        result.add("scenario", "data-" + layout.rawValue)
        result.add("mix", mix.rawValue)
        result.add("records", records)
        // `CELLKIT_JOBS=N cellkit-bench data …`: the workers `cellkit` shares the render among.
        result.add("jobs", getenv("CELLKIT_JOBS").map { String(cString: $0) } ?? "cores")
        result.add("fileBytes", fileBytes)
        result.add("runs", runs.count)
        result.add("seconds", seconds)
        result.add("minSeconds", runs.map(\.seconds).min() ?? 0)
        result.add("maxSeconds", runs.map(\.seconds).max() ?? 0)
        result.add("rowsPerSecond", Int(Double(records) / seconds))
        result.add("cpuSeconds", cpuSeconds)
        result.add("peakKiB", runs.map(\.peakKiB).max() ?? 0)
        result.add("bytes", reference.bytes)
        result.add("tableSeconds", tableSeconds)
        result.add("tableCPUSeconds", Measure.median(tableCPU))
        result.add("tableRowsPerSecond", Int(Double(records) / tableSeconds))
        result.add("ratio", format2(seconds / tableSeconds))
        // CPU of the whole `cellkit` (its workers included) against the CPU of the engine's render (one
        // thread): the figure the load of other work on the machine moves least.
        result.add("cpuRatio", format2(cpuSeconds / Measure.median(tableCPU)))
        result.print()
    }

    /// The seconds `cellkit-bench table ROWS` takes, run as a process of its own: the engine now.
    static func tableSeconds(_ benchExecutable: String, rows: Int) throws -> Double {
        try table(benchExecutable, rows: rows).seconds
    }

    /// The wall and CPU seconds `cellkit-bench table ROWS` takes, run as a
    /// process of its own (CPU: its own figure, or the wall's if it gives none).
    static func table(_ benchExecutable: String, rows: Int) throws -> (seconds: Double, cpuSeconds: Double) {
        let table = ResultLine.parse(
            try Child.run([benchExecutable, "table", String(rows)]).split(separator: "\n").last.map(String.init) ?? "")
        guard let seconds = table["seconds"].flatMap(Double.init) else {
            throw BenchError("cellkit-bench table \(rows) printed no time")
        }
        return (seconds, table["cpuSeconds"].flatMap(Double.init) ?? seconds)
    }

    /// Runs `argv` with its standard output on /dev/null and its standard
    /// error in the file `errors`; `bytes` is what it passed to `write` in all.
    static func spawnToNull(_ argv: [String], errors: String) throws -> Run {
        let start = Measure.now()
        let pid = try Child.spawnToNull(argv, standardError: errors)
        let written = try Child.bytesWritten(byEnded: pid)
        return try reap(pid, argv: argv, errors: errors, start: start, bytes: written, lines: 0, hash: 0)
    }

    /// Runs `argv` with its standard output read here (bytes and lines
    /// counted, and hashed) and dropped, and its standard error in the file `errors`.
    static func spawnCounting(_ argv: [String], errors: String) throws -> Run {
        let start = Measure.now()
        let (pid, output) = try Child.spawn(argv, standardError: errors)
        var bytes = 0
        var lines = 0
        var hash = OutputHash()
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let n = read(output, chunk.baseAddress, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += n
            lines += hash.add(UnsafeRawBufferPointer(rebasing: chunk[..<n]))
        }
        close(output)
        return try reap(pid, argv: argv, errors: errors, start: start, bytes: bytes, lines: lines, hash: hash.value)
    }

    /// Reaps `pid` (started at `start`) and makes its ``Run``; a status other than 0 is an error.
    static func reap(
        _ pid: pid_t, argv: [String], errors: String, start: UInt64, bytes: Int, lines: Int, hash: UInt64
    ) throws -> Run {
        var wait: Int32 = 0
        var usage = rusage()
        while wait4(pid, &wait, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(Measure.now() - start) / 1e9
        guard wait == 0 else {
            let message = (try? String(decoding: readFile(errors).suffix(2000), as: UTF8.self)) ?? ""
            throw BenchError("\(argv.joined(separator: " ")) failed (status \(wait)):\n\(message)")
        }
        let cpu =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Run(
            seconds: seconds, cpuSeconds: cpu, peakKiB: Int(usage.ru_maxrss), bytes: bytes, lines: lines, hash: hash)
    }
}

/// A hash of a stream of bytes, and its line breaks counted, eight bytes at
/// a step (the output of a million rows is 112 MB: a byte at a time, the
/// check took a core's tenth of a second from the `cellkit` it measures).
/// The stream is hashed as the sequence of its reads' bytes, the same
/// whatever the reads' sizes: bytes are gathered into words across reads.
struct OutputHash {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    private var word: UInt64 = 0
    private var inWord = 0

    /// The hash of every byte added so far (the last word's few bytes too).
    var value: UInt64 {
        inWord == 0 ? hash : Self.mixed(hash, word ^ UInt64(inWord) << 61)
    }

    /// Adds `bytes`; returns the line breaks among them.
    mutating func add(_ bytes: UnsafeRawBufferPointer) -> Int {
        var lines = 0
        var i = 0
        // Finish the word a previous read began.
        while inWord != 0 && i < bytes.count {
            take(bytes[i])
            if bytes[i] == 0x0A { lines += 1 }
            i += 1
        }
        while i + 8 <= bytes.count {
            let w = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            mix(w)
            // Bytes equal to 0x0A, counted without a branch per byte: a byte of `x` is zero exactly where
            // its high bit in `zero` is set (no carry crosses bytes).
            let x = w ^ 0x0A0A_0A0A_0A0A_0A0A
            let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            let zero = ~(((x & low7) &+ low7) | x | low7)
            lines += zero.nonzeroBitCount
            i += 8
        }
        while i < bytes.count {
            take(bytes[i])
            if bytes[i] == 0x0A { lines += 1 }
            i += 1
        }
        return lines
    }

    private mutating func take(_ byte: UInt8) {
        word |= UInt64(byte) << (8 * UInt64(inWord))
        inWord += 1
        if inWord == 8 {
            mix(word)
            word = 0
            inWord = 0
        }
    }

    private mutating func mix(_ w: UInt64) { hash = Self.mixed(hash, w) }

    private static func mixed(_ hash: UInt64, _ w: UInt64) -> UInt64 {
        let h = (hash ^ w) &* 0x100_0000_01b3
        return h ^ h >> 29
    }
}
