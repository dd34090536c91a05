import CellKitSupport
import Glibc
import TestSupport

/// `show` explored as a person does it (issue 34): the release `cellkit` in
/// a 100 × 30 pseudo-terminal, issue 7's records (N of them) on a screen 220
/// columns wide with a section header and a header row, two of them named
/// `Build #9876`: at 9.8% and at 90% of the way down (rows 98,001 and
/// 900,001 of a million, counted as the status line counts them, the header
/// row first). Each key is timed from the bytes sent to the status line
/// that names what it asked for: `/Build #9876` Enter (the first), `n` (the
/// next, at once), `n` again after the first was looked at for a second (as
/// a person reads it: the workers look ahead meanwhile), `:N` Enter (the
/// middle row), `G`, Right until the right edge.
/// The search goes through the worker as `show`'s does: with `CELLKIT_JOBS`
/// workers (the session's `--jobs`), each a block of rows at a time.
///
/// Each pair of runs is one session and `cellkit-bench table N` (the engine
/// on this machine now, for the record).
enum SearchBenchmark {
    /// The name the two rows to find have.
    static let wanted = "Build #9876"
    /// How long the first match is looked at before `n` in `nextAfterReadingMs`.
    static let readingSeconds = 1.0

    static func run(records: Int, pairs: Int, buildDirectory: String, benchExecutable: String) throws {
        let directory = try ServiceRecords.temporaryDirectory()
        let data = directory + "/services.csv"
        defer {
            unlink(data)
            TemporaryDirectory.removeTree(directory + "/home")
            rmdir(directory)
        }
        let marks = [records * 98 / 1000, records * 9 / 10]
        let fileBytes = try writeRecords(records, marking: marks, to: data)
        var runs: [[String: Double]] = []
        var tables: [Double] = []
        for _ in 0..<max(1, pairs) {
            runs.append(
                try session(
                    records: records, marks: marks, data: data, home: directory + "/home",
                    cellkit: buildDirectory + "/cellkit", plugins: buildDirectory))
            tables.append(try DataBenchmark.tableSeconds(benchExecutable, rows: records))
        }
        var result = ResultLine()
        result.add("scenario", "search")
        result.add("records", records)
        result.add("jobs", getenv("CELLKIT_JOBS").map { String(cString: $0) } ?? "cores")
        result.add("fileBytes", fileBytes)
        result.add("runs", runs.count)
        for key in ["showMs", "findMs", "nextMs", "nextAfterReadingMs", "jumpMs", "endMs", "rightEdgeMs"] {
            let samples = runs.compactMap { $0[key] }
            result.add(key, format2(Measure.median(samples)))
            result.add(key.replacingSuffix("Ms", with: "MaxMs"), format2(samples.max() ?? 0))
        }
        result.add("sessionPeakKiB", Int(runs.compactMap { $0["sessionPeakKiB"] }.max() ?? 0))
        result.add("workerPeakKiB", Int(runs.compactMap { $0["workerPeakKiB"] }.max() ?? 0))
        result.add("tableSeconds", Measure.median(tables))
        result.print()
    }

    /// The records of ``ServiceRecords`` as CSV, those numbered in `marks` (from 1) named ``wanted``.
    static func writeRecords(_ count: Int, marking marks: [Int], to path: String) throws -> Int {
        var bytes: [UInt8] = Array("id,name,value,status\n".utf8)
        var total = 0
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw BenchError("cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        func flush() throws {
            let failed = SystemCall.writeAll(fd, bytes)
            guard failed == 0 else { throw BenchError("cannot write \(path): \(String(cString: strerror(failed)))") }
            total += bytes.count
            bytes.removeAll(keepingCapacity: true)
        }
        for i in stride(from: 1, through: count, by: 1) {
            let f = ServiceRecords.fields(i)
            bytes += "\(f.id),\(marks.contains(i) ? wanted : f.name),\(f.value),\(f.status)\n".utf8
            if bytes.count >= 1 << 20 { try flush() }
        }
        try flush()
        return total
    }

    /// One session: the keys timed, in milliseconds, and the peaks of the session and its worker (KiB).
    static func session(records: Int, marks: [Int], data: String, home: String, cellkit: String, plugins: String)
        throws -> [String: Double]
    {
        TemporaryDirectory.removeTree(home)
        mkdir(home, 0o700)
        var environment = [
            "HOME": home, "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "XDG_STATE_HOME": home + "/state",
            "XDG_CACHE_HOME": home + "/cache", "LANG": "C.UTF-8",
        ]
        if let jobs = getenv("CELLKIT_JOBS") { environment["CELLKIT_JOBS"] = String(cString: jobs) }
        let terminal = Screenless(
            try PseudoTerminal.start(
                [cellkit, "--plugin-path", plugins], environment: environment, directory: home, columns: 100,
                rows: 30))
        defer { terminal.end() }
        let prompt = "cellkit> "
        try terminal.wait(for: prompt)
        let columns = "widths=8,*,12,8 align=right,left,right,left divider=light"
        for line in [
            "load ChartCells", "screen Services width=220 border=heavy", "section \"Services\"",
            "row ColumnsCell values=[ID, Name, Value, Status] \(columns) header=true",
            "rows ColumnsCell from \"\(data)\" values=[.id, .name, .value, .status] \(columns)",
        ] {
            try terminal.send(line + "\r")
            try terminal.wait(for: prompt, timeout: 120)
        }
        var times: [String: Double] = [:]
        times["showMs"] = try terminal.timed("show\r", until: "rows 1–")
        try terminal.send("/" + wanted)
        try terminal.wait(for: "/" + wanted)
        times["findMs"] = try terminal.timed("\r", until: "rows \(marks[0] + 1)–")
        times["nextMs"] = try terminal.timed("n", until: "rows \(marks[1] + 1)–")
        // As a person does it: back to the top, the first match again, read for a while, then `n`
        // (the workers look for the next match meanwhile).
        try terminal.send("g")
        try terminal.wait(for: "rows 1–")
        try terminal.send("/" + wanted)
        try terminal.wait(for: "/" + wanted)
        _ = try terminal.timed("\r", until: "rows \(marks[0] + 1)–")
        usleep(UInt32(readingSeconds * 1_000_000))
        times["nextAfterReadingMs"] = try terminal.timed("n", until: "rows \(marks[1] + 1)–")
        let middle = records / 2
        try terminal.send(":\(middle)")
        try terminal.wait(for: ":\(middle)")
        times["jumpMs"] = try terminal.timed("\r", until: "rows \(middle)–")
        times["endMs"] = try terminal.timed("G", until: "of \(records + 1) · end")
        times["rightEdgeMs"] = try terminal.timed(
            String(repeating: "\u{1B}[C", count: 5), until: "columns 121–220 of 220")
        times["sessionPeakKiB"] = Double(peakKiB(terminal.pid))
        times["workerPeakKiB"] = Double(children(of: terminal.pid).map(peakKiB).max() ?? 0)
        try terminal.send("q")
        try terminal.wait(for: prompt)
        try terminal.send("quit\r")
        return times
    }

    static func peakKiB(_ pid: pid_t) -> Int {
        guard let status = try? readTextFile("/proc/\(pid)/status") else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    static func children(of pid: pid_t) -> [pid_t] {
        let text = (try? readTextFile("/proc/\(pid)/task/\(pid)/children")) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0) }
    }

    /// A program in a pseudo-terminal whose output is searched as text (no screen is kept).
    final class Screenless {
        let terminal: PseudoTerminal
        var pid: pid_t { terminal.pid }
        /// What came since the last thing waited for was found.
        private var unread: [UInt8] = []

        init(_ terminal: PseudoTerminal) {
            self.terminal = terminal
        }

        func send(_ keys: String) throws {
            let failed = SystemCall.writeAll(terminal.master, Array(keys.utf8))
            guard failed == 0 else {
                throw BenchError("cannot write to the terminal: \(PseudoTerminal.errorText(failed))")
            }
        }

        /// Reads until `text` comes (in what came since the last wait), or fails after `timeout` seconds.
        func wait(for text: String, timeout: Double = 30) throws {
            let wanted = Array(text.utf8)
            let deadline = Measure.now() + UInt64(timeout * 1e9)
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                if let end = Self.end(of: wanted, in: unread) {
                    unread.removeFirst(end)
                    return
                }
                let now = Measure.now()
                guard now < deadline else {
                    let tail = String(decoding: unread.suffix(400), as: UTF8.self)
                    throw BenchError("timed out waiting for '\(text)'; the terminal last showed: \(tail)")
                }
                var descriptor = pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, Int32(min(1000, (deadline - now) / 1_000_000 + 1))) > 0 else { continue }
                let count = read(terminal.master, &buffer, buffer.count)
                guard count > 0 else { throw BenchError("cellkit ended: it wrote \(unread.count) bytes unread") }
                unread += buffer[..<count]
            }
        }

        /// Milliseconds from sending `keys` to `text` on the terminal.
        func timed(_ keys: String, until text: String) throws -> Double {
            unread.removeAll()
            let start = Measure.now()
            try send(keys)
            try wait(for: text)
            return Double(Measure.now() - start) / 1e6
        }

        /// Where the first occurrence of `wanted` in `bytes` ends.
        private static func end(of wanted: [UInt8], in bytes: [UInt8]) -> Int? {
            guard wanted.count <= bytes.count else { return nil }
            for start in 0...(bytes.count - wanted.count) where bytes[start] == wanted[0] {
                if bytes[start..<start + wanted.count].elementsEqual(wanted) { return start + wanted.count }
            }
            return nil
        }

        /// Ends the program and closes the terminal.
        func end() {
            kill(terminal.pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(terminal.pid, &status, 0) < 0 && errno == EINTR {}
            close(terminal.master)
            close(terminal.slave)
        }
    }
}

extension String {
    /// The string with `suffix` replaced by `replacement` (unchanged without it).
    fileprivate func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
