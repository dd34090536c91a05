import CellKitSupport
import Glibc
import PluginDiscovery
import Synchronization
import WorkerProtocol

/// Scans plugin libraries for the registry cache in a child process
/// (`cellkit --scan-plugin PATH`), as GStreamer's plugin scanner does: a
/// plugin that crashes, exits or hangs while registering only ends the
/// child, and `cellkit plugins` lists it as broken.
///
/// The child applies the trust policy again before it opens the library (the
/// parent applied it to the path as found on the plugin path), unless
/// `--allow-unsafe-plugins` was given: a scan is a load.
///
/// The child answers on descriptor 3, a pipe of its own, with its standard
/// output and error on /dev/null: what a plugin prints cannot corrupt the
/// answer. It runs in a process group of its own, which is killed when the
/// time limit passes or the user presses Ctrl-C, whether or not the child
/// closed its pipe (a plugin may close every descriptor and go on).
enum RegistryScanner {
    /// The default time limit, in seconds.
    static let defaultTimeout = 10.0
    /// The time limits `CELLKIT_SCAN_TIMEOUT` may set, in seconds.
    static let timeoutRange = 0.1...86_400.0
    /// The descriptor the child answers on.
    static let replyDescriptor = ProcessInterface.scanReplyDescriptor

    /// How long a scan may take before the child is killed and the plugin
    /// listed as broken, in seconds: `CELLKIT_SCAN_TIMEOUT`, else 10. A value
    /// out of ``timeoutRange`` is reported through `warn` and ignored.
    static func timeout(
        environment: [String: String], warn: (String) -> Void = WorkerProcess.printWarning
    ) -> Double {
        guard let text = environment["CELLKIT_SCAN_TIMEOUT"] else { return defaultTimeout }
        guard let seconds = Double(text), timeoutRange.contains(seconds) else {
            warn(
                "cellkit: warning: CELLKIT_SCAN_TIMEOUT must be a number of seconds from "
                    + "\(formatSeconds(timeoutRange.lowerBound)) to \(formatSeconds(timeoutRange.upperBound)), "
                    + "not '\(Sanitized.text(text))'; using \(formatSeconds(defaultTimeout))")
            return defaultTimeout
        }
        return seconds
    }

    /// The record of a library that was not scanned: its name only, and why (set by the caller).
    static func placeholder(for path: String) -> RegistryCache.Record {
        RegistryCache.Record(
            path: path, size: 0, mtimeSeconds: 0, mtimeNanoseconds: 0, isPlugin: true,
            name: PluginSearchPath.pluginName(fromFile: Path.basename(path)) ?? Path.basename(path), version: "",
            summary: "", abiVersion: 0, compilerVersion: 0, registrations: [], error: nil)
    }

    /// Runs `executable --scan-plugin path` and reads the record it answers.
    static func scan(
        _ path: String, executable: String, allowUnsafe: Bool, timeout: Double,
        interrupted: () -> Bool = { REPLSignals.interruptRequested.load(ordering: .sequentiallyConsistent) }
    ) -> RegistryCache.Record {
        var fallback = placeholder(for: path)
        // Ctrl-C: this scan and those after it in the same command are not made, nor kept in the
        // cache (a refused record is not), so the plugin is scanned again next time.
        let interruption = "the scan was interrupted (Ctrl-C); it is scanned again next time"
        if interrupted() {
            fallback.refusal = interruption
            return fallback
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            fallback.error = "could not start the scanner"
            return fallback
        }
        // Close-on-exec, above 3: only the dup2 below gives the child its end.
        let readEnd = fcntl(pipeEnds[0], F_DUPFD_CLOEXEC, 10)
        let writeEnd = fcntl(pipeEnds[1], F_DUPFD_CLOEXEC, 10)
        close(pipeEnds[0])
        close(pipeEnds[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, replyDescriptor)
        let arguments =
            [executable, "--no-cache"] + (allowUnsafe ? ["--allow-unsafe-plugins"] : []) + ["--scan-plugin", path]
        let child: ChildProcessGroup
        do {
            defer { close(writeEnd) }
            child = try ChildProcessGroup.spawn(arguments, actions: &actions)
        } catch {
            close(readEnd)
            fallback.error = "could not start the scanner: \(error.reason)"
            return fallback
        }
        let seconds = min(max(timeout, timeoutRange.lowerBound), timeoutRange.upperBound)
        let deadline = ContinuousClock.now + .milliseconds(Int64((seconds * 1000).rounded(.up)))
        var bytes: [UInt8] = []
        var stopped = false
        // The answer, until the pipe closes; then the child's end; both within the deadline.
        let answered = readAll(readEnd, into: &bytes, until: deadline) {
            stopped = interrupted()
            return !stopped
        }
        close(readEnd)
        let ended =
            answered
            && child.waitForEnd(until: deadline) {
                usleep(10_000)
                stopped = interrupted()
                return !stopped
            }
        let status = child.end()
        if stopped {
            fallback.refusal = interruption
            return fallback
        }
        if !ended {
            fallback.error =
                "did not finish registering within \(formatSeconds(timeout)) s (the scanner's time limit, "
                + "CELLKIT_SCAN_TIMEOUT)"
            return fallback
        }
        if let signal = ChildProcessGroup.signal(in: status) {
            fallback.error = "crashed while registering (signal \(signal))"
            return fallback
        }
        guard let value = try? JSONParser().parse(bytes), let record = RegistryCache.Record(json: value) else {
            let code = ChildProcessGroup.exitCode(in: status)
            // The plugin's own status: PluginLoader's exit guard keeps it.
            fallback.error = "called exit(\(code)) while registering, which ended the scanner"
            return fallback
        }
        return record
    }

    /// Reads everything the child writes until it closes the pipe: `true`,
    /// or `false` if `deadline` passed or `step` said to stop first.
    private static func readAll(
        _ descriptor: Int32, into bytes: inout [UInt8], until deadline: ContinuousClock.Instant, step: () -> Bool
    ) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while ContinuousClock.now < deadline && step() {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, 100)
            if ready <= 0 { continue }
            let n = read(descriptor, &chunk, chunk.count)
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if n <= 0 { return true }
            // An answer is a few KiB; a child that sends more is not answering.
            guard bytes.count < 16 << 20 else { return true }
            bytes += chunk[..<n]
        }
        return false
    }

    private static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
