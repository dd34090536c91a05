import Glibc

/// Start-up to a result: `cellkit -c 'quit'`, run many times.
enum StartupBenchmark {
    static func run(executable: String, runs: Int = 40) throws {
        var samples: [Double] = []
        for _ in 0..<runs {
            samples.append(try Measure.seconds { try Child.run([executable, "--no-cache", "-c", "quit"]) })
        }
        var result = ResultLine()
        result.add("scenario", "startup")
        result.add("runs", runs)
        result.add("medianMs", format2(Measure.median(samples) * 1000))
        result.add("minMs", format2((samples.min() ?? 0) * 1000))
        result.print()
    }
}

/// Runs a program and waits; returns what it printed.
enum Child {
    @discardableResult
    static func run(_ argv: [String]) throws -> String {
        let child = try spawn(argv)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(child.output, &chunk, chunk.count)
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        close(child.output)
        var wait: Int32 = 0
        waitpid(child.pid, &wait, 0)
        guard wait == 0 else { throw BenchError("\(argv.joined(separator: " ")) failed (status \(wait))") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Starts `argv` (no shell: its start-up is what some scenarios time)
    /// with its standard output on a pipe whose read end is `output`, and
    /// its standard error in the file `standardError` when given.
    static func spawn(_ argv: [String], standardError: String? = nil) throws -> (pid: pid_t, output: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw BenchError("pipe failed") }
        defer { close(ends[1]) }
        do {
            let pid = try start(argv, standardError: standardError) { actions in
                posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
                posix_spawn_file_actions_addclose(&actions, ends[0])
                posix_spawn_file_actions_addclose(&actions, ends[1])
            }
            return (pid, ends[0])
        } catch {
            close(ends[0])
            throw error
        }
    }

    /// Starts `argv` with its standard output on /dev/null and its standard
    /// error in the file `standardError`.
    static func spawnToNull(_ argv: [String], standardError: String) throws -> pid_t {
        try start(argv, standardError: standardError) { actions in
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
    }

    /// Starts `argv` with the file actions `output` adds for its standard
    /// output, and its standard error in the file `standardError` when given.
    private static func start(
        _ argv: [String], standardError: String?, output: (inout posix_spawn_file_actions_t) -> Void
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        output(&actions)
        if let standardError {
            posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        var args: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for a in args { free(a) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, argv[0], &actions, nil, &args, environ)
        guard status == 0 else { throw BenchError("cannot run \(argv[0]): \(String(cString: strerror(status)))") }
        return pid
    }

    /// Waits until `pid` has ended, without reaping it, and returns the bytes
    /// its process passed to `write` in all (`wchar` of `/proc/PID/io`, still
    /// there while it is a zombie).
    static func bytesWritten(byEnded pid: pid_t) throws -> Int {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 {
            guard errno == EINTR else { throw BenchError("waitid failed: \(String(cString: strerror(errno)))") }
        }
        // (A file of /proc has no size: read until the end.)
        let fd = open("/proc/\(pid)/io", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw BenchError("cannot read /proc/\(pid)/io: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var text: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            text += buffer[..<n]
        }
        let io = String(decoding: text, as: UTF8.self)
        guard let line = io.split(separator: "\n").first(where: { $0.hasPrefix("wchar:") }),
            let bytes = Int(line.dropFirst("wchar:".count).drop(while: { $0 == " " }))
        else { throw BenchError("no wchar in /proc/\(pid)/io") }
        return bytes
    }
}
