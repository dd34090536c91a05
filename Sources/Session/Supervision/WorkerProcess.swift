@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import WorkerProtocol

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
    /// Told the worker's progress counter (rows drawn) while a request runs: ``RenderProgress``.
    var onProgress: ((UInt64) -> Void)?
    /// Which of the session's workers this is (`--jobs`): 0 for the first; names its log.
    var lane = 0

    static let defaultTimeout = 10
    /// The longest `timeout` taken: a day, as `--timeout` allows.
    static let timeoutRange = 1...86_400
    /// How long a worker that is crashing (its log says so) may take to end.
    static let dyingGrace: Duration = .seconds(60)
    /// How often a wait looks at the worker's progress, whether it ended, and Ctrl-C (milliseconds).
    static let pollInterval: Int32 = 100
    /// The protocol version both ends must speak.
    static let protocolVersion = ProcessInterface.protocolVersion

    private var child: ChildProcessGroup?
    private var channel: WorkerChannel?
    private var breadcrumb: Breadcrumb?
    private var log: WorkerLog?
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

    /// `CELLKIT_TIMEOUT`, if it is set to a number of seconds in
    /// ``timeoutRange``; any other value is reported through `warn` and ignored.
    static func timeout(environment: [String: String], warn: (String) -> Void = printWarning) -> Int? {
        guard let text = environment["CELLKIT_TIMEOUT"] else { return nil }
        guard let seconds = Int(text), timeoutRange.contains(seconds) else {
            warn(
                "cellkit: warning: CELLKIT_TIMEOUT must be a whole number of seconds from \(timeoutRange.lowerBound) "
                    + "to \(timeoutRange.upperBound), not '\(Sanitized.text(text))'; using \(defaultTimeout)")
            return nil
        }
        return seconds
    }

    /// Writes a warning line to standard error.
    static func printWarning(_ text: String) {
        _ = SystemCall.writeAll(2, Array((text + "\n").utf8))
    }

    /// The hang limit as a duration, whatever `timeout` was set to.
    private var limit: Duration {
        .seconds(min(max(timeout, Self.timeoutRange.lowerBound), Self.timeoutRange.upperBound))
    }

    /// Ends the worker (it exits when its socket closes; killed, with its
    /// process group, if it does not within a moment).
    func stop() {
        guard let channel, let child else { return }
        close(channel.descriptor)
        self.channel = nil
        _ = child.waitForEnd(until: .now + .milliseconds(100)) {
            log?.drain(waiting: 5)
            return true
        }
        child.end()
        self.child = nil
        log?.remove()
        log = nil
        breadcrumb = nil
    }

    /// Sends `request` and returns the final answer; chunks of rendered
    /// bytes go to `onChunk` as they come.
    func send(
        _ request: WorkerRequest,
        onChunk: (ArraySlice<UInt8>) throws(WorkerFailure) -> Void = { _ throws(WorkerFailure) in }
    )
        throws(WorkerFailure) -> WorkerResponse
    {
        var writer = WireWriter()
        request.encode(into: &writer)
        // Too large for one frame: refused here, before the worker is asked.
        guard writer.bytes.count <= WorkerChannel.maximumFrame else {
            throw WorkerFailure(reason: .requestTooLarge(Self.tooLarge(request, bytes: writer.bytes.count)))
        }
        if channel == nil { try start() }
        guard let channel, let breadcrumb, let child, let log else {
            throw WorkerFailure(reason: .couldNotStart("no worker"))
        }
        breadcrumb.reset()
        log.drain()
        guard channel.send(writer.bytes) else { throw died(while: request) }
        while true {
            let payload: [UInt8]
            let clock = ContinuousClock()
            var deadline = ProgressDeadline(limit: limit, progress: breadcrumb.progress, at: clock.now)
            var dyingSince: ContinuousClock.Instant?
            var ended = false
            do {
                payload = try channel.receive(
                    pollInterval: Self.pollInterval,
                    stillAlive: {
                        onProgress?(breadcrumb.progress)
                        // Gone, though something it forked may hold the socket open.
                        if child.hasEnded {
                            ended = true
                            return false
                        }
                        guard deadline.hasPassed(progress: breadcrumb.progress, at: clock.now) else { return true }
                        // No progress: a hang, unless the worker is crashing and still writing
                        // its backtrace (slow on a loaded machine): then it is left to end.
                        guard log.showsACrash else { return false }
                        let since = dyingSince ?? clock.now
                        dyingSince = since
                        return clock.now - since < Self.dyingGrace
                    }, interrupted: interruptRequested, log: log)
            } catch .timedOut {
                throw died(while: request, because: ended ? nil : .hung(seconds: timeout))
            } catch .interrupted {
                throw died(while: request, because: .interrupted)
            } catch .malformed(let what) {
                throw died(while: request, because: .protocolError(what))
            } catch {
                throw died(while: request)
            }
            let response: WorkerResponse
            let chunk: ArraySlice<UInt8>?
            do {
                // Rendered bytes (most frames of a render) stay where they were received.
                chunk = try WorkerResponse.chunkBytes(inFrame: payload)
                response = chunk == nil ? try WorkerResponse(frame: payload) : .chunk([])
            } catch {
                throw died(while: request, because: .protocolError(error.message))
            }
            if let chunk {
                onProgress?(breadcrumb.progress)
                try onChunk(chunk)
                // Ctrl-C during a render that keeps the socket busy: no wait ever times out to see it.
                if interruptRequested() { throw died(while: request, because: .interrupted) }
                continue
            }
            return response
        }
    }

    /// "screen F is too large to send to the plugin worker: 70.0 MiB (73400320 bytes), more than the 64 MiB …".
    static func tooLarge(_ request: WorkerRequest, bytes: Int) -> String {
        let what: String
        switch request {
        case .render(let screen, _, _, _, _), .openView(let screen, _, _, _, _): what = "screen \(screen.name)"
        case .load(let path, _): what = "the load of \(path)"
        case .validate: what = "the validation request"
        case .checkSource(let binding, _): what = "the check of \(binding.file)"
        case .viewAction, .closeView, .search: what = "the view request"
        }
        func mebibytes(_ count: Int) -> String {
            let tenths = (count * 10 + (1 << 20) / 2) >> 20
            return "\(tenths / 10).\(tenths % 10) MiB"
        }
        return "\(what) is too large to send to the plugin worker: \(mebibytes(bytes)) (\(bytes) bytes), more than "
            + "the \(WorkerChannel.maximumFrame >> 20) MiB a request may be; make its text shorter or split it "
            + "into smaller screens"
    }

    // MARK: - Starting

    private func start() throws(WorkerFailure) {
        guard !starting else { throw WorkerFailure(reason: .couldNotStart("the worker died while starting")) }
        starting = true
        defer { starting = false }
        try? createDirectories(stateDirectory)
        // The logs of sessions long gone go, before this one adds its own (docs/batch.md).
        WorkerLogDirectory.pruneOnce(stateDirectory)
        guard let breadcrumb = Breadcrumb.create(directory: stateDirectory) ?? Breadcrumb.create(directory: "/tmp")
        else { throw WorkerFailure(reason: .couldNotStart("cannot make its breadcrumb page in \(stateDirectory)")) }
        let name = "worker-\(getpid())-" + (lane == 0 ? "" : "j\(lane)-") + "\(starts + 1).log"
        guard let log = WorkerLog(path: stateDirectory + "/" + name) else {
            throw WorkerFailure(reason: .couldNotStart("cannot make a pipe: \(String(cString: strerror(errno)))"))
        }
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw WorkerFailure(reason: .couldNotStart(String(cString: strerror(errno))))
        }
        // Descriptors above those the child gets, so that the dup2s below do not
        // overwrite one another (the breadcrumb may well be 3 and the socket 4).
        let socketCopy = fcntl(pair[1], F_DUPFD_CLOEXEC, 10)
        let breadcrumbCopy = fcntl(breadcrumb.descriptor, F_DUPFD_CLOEXEC, 10)
        let logCopy = fcntl(log.writeEnd, F_DUPFD_CLOEXEC, 10)
        close(pair[1])
        log.closeWriteEnd()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // What it prints goes through a pipe the session drains (``WorkerLog``).
        posix_spawn_file_actions_adddup2(&actions, logCopy, 1)
        posix_spawn_file_actions_adddup2(&actions, logCopy, 2)
        posix_spawn_file_actions_adddup2(&actions, socketCopy, 3)
        posix_spawn_file_actions_adddup2(&actions, breadcrumbCopy, 4)
        var workerEnvironment = environment
        // Under AddressSanitizer (CI's second pass), Swift's backtracer trips the sanitizer
        // while it reports a crash, and the worker never ends: a plain crash is enough there.
        if workerEnvironment["ASAN_OPTIONS"] != nil && workerEnvironment["SWIFT_BACKTRACE"] == nil {
            workerEnvironment["SWIFT_BACKTRACE"] = "enable=no"
        }
        // A process group of its own: Ctrl-C at the terminal reaches the session only,
        // and the session ends the worker with everything it started (``ChildProcessGroup``).
        let child: ChildProcessGroup
        do {
            // Once it is started, only the worker holds the log's write end and the socket's
            // other end: their end of file is how its end is seen, at once (not when `start`
            // returns, a second after a hello that never came).
            defer {
                close(socketCopy)
                close(breadcrumbCopy)
                close(logCopy)
            }
            child = try ChildProcessGroup.spawn(
                [executable, "--worker"], environment: workerEnvironment, actions: &actions)
        } catch {
            close(pair[0])
            throw WorkerFailure(reason: .couldNotStart("\(executable): \(error.reason)"))
        }
        self.child = child
        starts += 1
        self.log = log
        self.breadcrumb = breadcrumb
        let channel = WorkerChannel(descriptor: pair[0])
        self.channel = channel
        // The worker speaks first: which build it is. One that does not (stopped,
        // stuck in a constructor) within the time limit is ended.
        let hello: [UInt8]
        let clock = ContinuousClock()
        var deadline = ProgressDeadline(limit: limit, progress: 0, at: clock.now)
        var ended = false
        do {
            hello = try channel.receive(
                pollInterval: Self.pollInterval,
                stillAlive: {
                    ended = child.hasEnded
                    return !ended && !deadline.hasPassed(progress: 0, at: clock.now)
                }, interrupted: interruptRequested, log: log)
        } catch .timedOut {
            throw died(
                while: nil,
                because: ended ? nil : .couldNotStart("it did not say hello within \(timeout) s, so it was stopped"))
        } catch .interrupted {
            throw died(while: nil, because: .interrupted)
        } catch {
            throw died(while: nil)
        }
        guard case .hello(let version, let abi, _)? = try? WorkerResponse(frame: hello) else {
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

    /// The worker is gone or must go: ends it with its process group, and
    /// says why and where. With no `cause` (its socket closed, it ended), it
    /// is given the time limit to end by itself — more if it is printing a
    /// crash report — so that its own status and report are kept; one that
    /// closed its socket and goes on is stopped. Ctrl-C ends the wait.
    private func died(while request: WorkerRequest?, because cause: WorkerFailure.Reason? = nil) -> WorkerFailure {
        if let channel {
            close(channel.descriptor)
            self.channel = nil
        }
        var reason = cause
        if let child, cause == nil {
            let clock = ContinuousClock()
            var wait = clock.now + limit
            var interrupted = false
            let ended = child.waitForEnd(until: .now + Self.dyingGrace + limit) {
                log?.drain(waiting: 20)
                if log?.showsACrash == true { wait = max(wait, clock.now + Self.dyingGrace) }
                interrupted = interruptRequested()
                return !interrupted && clock.now < wait
            }
            if !ended { reason = interrupted ? .interrupted : .closedConnection(seconds: timeout) }
        }
        let status = child?.end() ?? 0
        child = nil
        // What it printed last: until every writer is gone (its group was killed), within a moment.
        let drained = ContinuousClock.now + .seconds(1)
        while let log, !log.isAtEnd, ContinuousClock.now < drained { log.drain(waiting: 20) }
        if reason == nil {
            if let signal = ChildProcessGroup.signal(in: status) {
                reason = .signal(signal)
            } else {
                reason = .exited(ChildProcessGroup.exitCode(in: status))
            }
        }
        var failure = WorkerFailure(reason: reason ?? .exited(0))
        failure.breadcrumb = breadcrumb?.snapshot()
        if let log {
            failure.message = Self.trapMessage(in: log.excerpt).map { Sanitized.text($0) }
            failure.logPath = log.path
            if log.printed == 0 { log.remove() }
        }
        log = nil
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
}

/// The worker died or had to be stopped while it worked on a request.
struct WorkerFailure: Error, Equatable, Sendable {
    enum Reason: Equatable, Sendable {
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
        /// It closed its connection to the session (descriptor 3) and did not end within this many seconds.
        case closedConnection(seconds: Int)
        /// The request was not sent: it is larger than a frame may be (what, and how large).
        case requestTooLarge(String)
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
        case .closedConnection(let seconds):
            "closed its connection to the session and did not end within \(seconds) s, so it was stopped"
        case .requestTooLarge(let what): "was not asked: \(what)"
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
