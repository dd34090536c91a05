@_spi(Host) import CellKit
import CellKitSupport
import Glibc

/// The worker as the session sees it: a `cellkit --worker` process started
/// at the first request that needs one, asked one request at a time, and
/// started again after it dies (docs/design.md, "Two processes").
///
/// The session never runs plugin code; everything that does happens in the
/// worker. When the worker dies — a trap, a signal, a hang past the timeout,
/// Ctrl-C — the request fails with a ``WorkerFailure`` that says what it was
/// doing (from the ``Breadcrumb``) and what it printed (from its log), and
/// the next request starts a new worker, which ``onStart`` brings back to the
/// session's state.
final class WorkerProcess {
    /// The executable to start with `--worker` (this one).
    let executable: String
    /// The environment the worker gets.
    let environment: [String: String]
    /// Where worker logs and breadcrumb pages go.
    let stateDirectory: String
    /// A request that makes no progress for this long is a hang (seconds).
    var timeout: Int = WorkerProcess.defaultTimeout
    /// Called after a worker started, before the request that needed it:
    /// the session replays what a new worker needs (the plugins' loads).
    var onStart: ((WorkerProcess) throws(WorkerFailure) -> Void)?
    /// Checked while waiting: a Ctrl-C ends the request.
    var interruptRequested: () -> Bool = { false }

    static let defaultTimeout = 10
    /// How long a worker that is crashing (its log says so) may take to end.
    static let dyingGrace: Duration = .seconds(60)
    /// The protocol version both ends must speak.
    static let protocolVersion = 1

    private var pid: pid_t = 0
    private var channel: WorkerChannel?
    private var breadcrumb: Breadcrumb?
    private var logPath: String?
    private var starting = false

    /// How many workers were started (for tests and the status line).
    private(set) var starts = 0

    init(executable: String, environment: [String: String], stateDirectory: String) {
        self.executable = executable
        self.environment = environment
        self.stateDirectory = stateDirectory
    }

    deinit {
        stop()
    }

    var isRunning: Bool { channel != nil }

    /// Ends the worker (it exits when its socket closes; killed if it does not).
    func stop() {
        guard let channel else { return }
        close(channel.descriptor)
        self.channel = nil
        var status: Int32 = 0
        for _ in 0..<50 {
            if waitpid(pid, &status, WNOHANG) == pid {
                removeLog()
                return
            }
            usleep(2000)
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        removeLog()
    }

    /// Sends `request` and returns the final answer; chunks of rendered
    /// bytes go to `onChunk` as they come.
    func send(
        _ request: WorkerRequest, onChunk: ([UInt8]) throws(WorkerFailure) -> Void = { _ throws(WorkerFailure) in }
    )
        throws(WorkerFailure) -> WorkerResponse
    {
        if channel == nil { try start() }
        guard let channel, let breadcrumb else { throw WorkerFailure(reason: .couldNotStart("no worker")) }
        breadcrumb.reset()
        var writer = WireWriter()
        request.encode(into: &writer)
        guard channel.send(writer.bytes) else { throw died(while: request) }
        while true {
            let payload: [UInt8]
            var lastProgress = breadcrumb.progress
            var dyingSince: ContinuousClock.Instant?
            do {
                payload = try channel.receive(
                    pollInterval: Int32(max(1, timeout)) * 1000,
                    stillAlive: {
                        let now = breadcrumb.progress
                        defer { lastProgress = now }
                        if now != lastProgress { return true }
                        // No progress: a hang, unless the worker is crashing and still writing
                        // its backtrace (slow on a loaded machine): then it is left to end.
                        guard logShowsACrash() else { return false }
                        let clock = ContinuousClock()
                        let since = dyingSince ?? clock.now
                        dyingSince = since
                        return clock.now - since < Self.dyingGrace
                    }, interrupted: interruptRequested)
            } catch .timedOut {
                throw died(while: request, because: .hung(seconds: timeout))
            } catch .interrupted {
                throw died(while: request, because: .interrupted)
            } catch .malformed(let what) {
                throw died(while: request, because: .protocolError(what))
            } catch {
                throw died(while: request)
            }
            var reader = WireReader(payload)
            let response: WorkerResponse
            do {
                response = try WorkerResponse.decode(&reader)
            } catch {
                throw died(while: request, because: .protocolError(error.message))
            }
            if case .chunk(let bytes) = response {
                try onChunk(bytes)
                continue
            }
            return response
        }
    }

    // MARK: - Starting

    private func start() throws(WorkerFailure) {
        guard !starting else { throw WorkerFailure(reason: .couldNotStart("the worker died while starting")) }
        starting = true
        defer { starting = false }
        try? createDirectories(stateDirectory)
        guard let breadcrumb = Breadcrumb.create(directory: stateDirectory) ?? Breadcrumb.create(directory: "/tmp")
        else { throw WorkerFailure(reason: .couldNotStart("cannot make its breadcrumb page in \(stateDirectory)")) }
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw WorkerFailure(reason: .couldNotStart(String(cString: strerror(errno))))
        }
        // Descriptors above those the child gets, so that the dup2s below do not
        // overwrite one another (the breadcrumb may well be 3 and the socket 4).
        let socketCopy = fcntl(pair[1], F_DUPFD_CLOEXEC, 10)
        let breadcrumbCopy = fcntl(breadcrumb.descriptor, F_DUPFD_CLOEXEC, 10)
        close(pair[1])
        defer {
            close(socketCopy)
            close(breadcrumbCopy)
        }
        let log = stateDirectory + "/worker-\(getpid())-\(starts + 1).log"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        posix_spawn_file_actions_adddup2(&actions, socketCopy, 3)
        posix_spawn_file_actions_adddup2(&actions, breadcrumbCopy, 4)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A process group of its own: Ctrl-C at the terminal reaches the session only.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let arguments = [executable, "--worker"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var workerEnvironment = environment
        // Under AddressSanitizer (CI's second pass), Swift's backtracer trips the sanitizer
        // while it reports a crash, and the worker never ends: a plain crash is enough there.
        if workerEnvironment["ASAN_OPTIONS"] != nil && workerEnvironment["SWIFT_BACKTRACE"] == nil {
            workerEnvironment["SWIFT_BACKTRACE"] = "enable=no"
        }
        var env: [UnsafeMutablePointer<CChar>?] = workerEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in env { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, &attributes, &argv, &env)
        guard spawned == 0 else {
            close(pair[0])
            throw WorkerFailure(reason: .couldNotStart("\(executable): \(String(cString: strerror(spawned)))"))
        }
        pid = child
        starts += 1
        logPath = log
        self.breadcrumb = breadcrumb
        let channel = WorkerChannel(descriptor: pair[0])
        self.channel = channel
        // The worker speaks first: which build it is.
        let hello: [UInt8]
        do {
            hello = try channel.receive(pollInterval: Int32(max(1, timeout)) * 1000, stillAlive: { false })
        } catch {
            throw died(while: nil)
        }
        var reader = WireReader(hello)
        guard case .hello(let version, let abi, _)? = try? WorkerResponse.decode(&reader) else {
            throw died(while: nil, because: .protocolError("no hello"))
        }
        guard version == Self.protocolVersion, abi == Int(PluginABI.version) else {
            stop()
            throw WorkerFailure(
                reason: .couldNotStart(
                    "\(executable) is another build (protocol \(version), SDK ABI \(abi)); this cellkit speaks protocol \(Self.protocolVersion), SDK ABI \(PluginABI.version)"
                ))
        }
        try onStart?(self)
    }

    // MARK: - Dying

    /// The worker is gone or must go: ends it, and says why and where.
    private func died(while request: WorkerRequest?, because cause: WorkerFailure.Reason? = nil) -> WorkerFailure {
        if let channel {
            close(channel.descriptor)
            self.channel = nil
        }
        var status: Int32 = 0
        if cause != nil { kill(pid, SIGKILL) }
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let reason: WorkerFailure.Reason
        if let cause {
            reason = cause
        } else if status & 0x7F != 0 {
            reason = .signal(status & 0x7F)
        } else {
            reason = .exited((status >> 8) & 0xFF)
        }
        let log = logPath.flatMap { try? readTextFile($0) } ?? ""
        var failure = WorkerFailure(reason: reason)
        failure.breadcrumb = breadcrumb?.snapshot()
        failure.message = Self.trapMessage(in: log).map { Sanitized.text($0) }
        failure.logPath = log.isEmpty ? nil : logPath
        if log.isEmpty { removeLog() }
        logPath = nil
        breadcrumb = nil
        return failure
    }

    /// The line of a worker's log that says why it died: Swift's `Fatal
    /// error: …`, else the backtracer's `Program crashed: …` with the function
    /// it crashed in, else the first line.
    static func trapMessage(in log: String) -> String? {
        let lines = log.split(separator: "\n").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        if let fatal = lines.first(where: { $0.contains("Fatal error") }) { return fatal }
        if let crashed = lines.first(where: { $0.hasPrefix("*** Program crashed:") }) {
            var text = crashed.dropFirst(4)
            while text.hasSuffix("*") || text.hasSuffix(" ") { text = text.dropLast() }
            // "0  0x00007f… CrashCell.draw(in:) + 416 in libX.so at /…/File.swift:25:25"
            if let frame = lines.first(where: { $0.hasPrefix("0 ") }), let address = frame.firstRange(of: " 0x") {
                let rest = frame[address.upperBound...].drop { $0 != " " }.dropFirst()
                let function = rest.prefix { $0 != "+" }.trimmingSpaces
                var place = ""
                if let at = rest.ranges(of: " at ").last {
                    place = " at " + (rest[at.upperBound...].split(separator: "/").last.map(String.init) ?? "")
                }
                if !function.isEmpty { return "\(text), in \(function)\(place)" }
            }
            return String(text)
        }
        return lines.first
    }

    /// Whether the worker's log shows it crashing: a Swift trap, the
    /// backtracer, or a sanitizer's report.
    private func logShowsACrash() -> Bool {
        guard let logPath, let log = try? readTextFile(logPath) else { return false }
        return log.contains("Fatal error") || log.contains("*** Signal") || log.contains("Program crashed")
            || log.contains("Sanitizer")
    }

    private func removeLog() {
        if let logPath { unlink(logPath) }
        logPath = nil
    }
}

/// The worker died or had to be stopped while it worked on a request.
struct WorkerFailure: Error, Equatable {
    enum Reason: Equatable {
        /// Killed by a signal (a trap is SIGILL or SIGTRAP, a bad pointer SIGSEGV).
        case signal(Int32)
        /// It exited by itself (a plugin called `exit`).
        case exited(Int32)
        /// No progress for this many seconds.
        case hung(seconds: Int)
        /// Ctrl-C.
        case interrupted
        /// It sent something that is not a message.
        case protocolError(String)
        /// It could not be started.
        case couldNotStart(String)
    }

    var reason: Reason
    /// What it was doing.
    var breadcrumb: Breadcrumb.Snapshot?
    /// The first line it printed (the trap message), made safe for a terminal.
    var message: String?
    /// Where the whole of what it printed is.
    var logPath: String?

    /// `trapped (SIGILL)`, `was killed after 10 s without progress`.
    var what: String {
        switch reason {
        case .signal(let number): "crashed (\(Self.signalName(number)))"
        case .exited(let status): "exited with status \(status)"
        case .hung(let seconds): "made no progress for \(seconds) s and was stopped"
        case .interrupted: "was interrupted"
        case .protocolError(let what): "sent a bad message (\(what)) and was stopped"
        case .couldNotStart(let why): "could not start: \(why)"
        }
    }

    static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGILL: "SIGILL, a trap"
        case SIGTRAP: "SIGTRAP, a trap"
        case SIGSEGV: "SIGSEGV, a bad memory access"
        case SIGBUS: "SIGBUS, a bad memory access"
        case SIGABRT: "SIGABRT, an abort"
        case SIGFPE: "SIGFPE, an arithmetic error"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }
}

/// Text from a worker's log, made safe to print on a terminal.
enum Sanitized {
    /// Control characters (C0, DEL, C1) shown as `\u{…}` escapes.
    static func text(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
