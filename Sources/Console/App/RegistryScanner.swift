import CellKitSupport
import Glibc
import PluginHost

/// Scans plugin libraries for the registry cache in a child process
/// (`cellkit --scan-plugin PATH`), as GStreamer's plugin scanner does: a
/// plugin that crashes, exits or hangs while registering only ends the
/// child, and `cellkit plugins` lists it as broken.
///
/// The child applies the trust policy again before it opens the library (the
/// parent applied it to the path as found on the plugin path), unless
/// `--allow-unsafe-plugins` was given: a scan is a load.
enum RegistryScanner {
    /// How long a scan may take before the child is killed and the plugin
    /// listed as broken, in seconds: `CELLKIT_SCAN_TIMEOUT`, else 10.
    static func timeout(environment: [String: String]) -> Double {
        guard let text = environment["CELLKIT_SCAN_TIMEOUT"], let seconds = Double(text), seconds > 0 else {
            return 10
        }
        return seconds
    }

    /// Runs `executable --scan-plugin path` and reads the record it prints.
    static func scan(_ path: String, executable: String, allowUnsafe: Bool, timeout: Double) -> RegistryCache.Record {
        var fallback = RegistryCache.Record(
            path: path, size: 0, mtimeSeconds: 0, mtimeNanoseconds: 0, isPlugin: true,
            name: PluginSearchPath.pluginName(fromFile: Path.basename(path)) ?? Path.basename(path), version: "",
            summary: "", abiVersion: 0, compilerVersion: 0, registrations: [], error: nil)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            fallback.error = "could not start the scanner"
            return fallback
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments =
            [executable, "--no-cache"] + (allowUnsafe ? ["--allow-unsafe-plugins"] : []) + ["--scan-plugin", path]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            fallback.error = "could not start the scanner: \(String(cString: strerror(spawned)))"
            return fallback
        }
        let (bytes, timedOut) = readAll(pipeEnds[0], timeout: timeout)
        close(pipeEnds[0])
        if timedOut { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if timedOut {
            fallback.error =
                "did not finish registering within \(formatSeconds(timeout)) s (the scanner's time limit, "
                + "CELLKIT_SCAN_TIMEOUT)"
            return fallback
        }
        let signal = status & 0x7F
        if signal != 0 {
            fallback.error = "crashed while registering (signal \(signal))"
            return fallback
        }
        guard let value = try? JSONParser().parse(bytes), let record = RegistryCache.Record(json: value) else {
            let code = (status >> 8) & 0xFF
            fallback.error = "ended the scanner (exit status \(code)) while registering: does it call exit()?"
            return fallback
        }
        return record
    }

    /// Everything the child writes until it closes the pipe, or what came
    /// before the deadline and `true` if it passed.
    private static func readAll(_ descriptor: Int32, timeout: Double) -> ([UInt8], Bool) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        let deadline = now() + timeout
        while true {
            let left = deadline - now()
            if left <= 0 { return (bytes, true) }
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { continue }
            let n = read(descriptor, &chunk, chunk.count)
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if n <= 0 { return (bytes, false) }
            bytes += chunk[..<n]
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// `cellkit --scan-plugin PATH`: checks, scans in this process and prints the record.
    static func printRecord(of path: String, allowUnsafe: Bool) -> Int32 {
        let record = RegistryCache.scanInProcess(path, trustPolicy: allowUnsafe ? nil : TrustPolicy())
        guard let text = try? record.json.serialized() else { return 1 }
        print(text)
        return 0
    }
}
