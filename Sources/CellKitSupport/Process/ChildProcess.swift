import Glibc
import Synchronization

/// Runs another program and waits for it: `swift build` for `cellkit plugin
/// install`. The program is looked up on `PATH`; it inherits the environment
/// and standard error.
///
/// In cellkit (once ``guardPrograms(with:)`` named the executable) the program
/// runs under a ``ProcessGuard``, which ends every process it started, in
/// whatever process group, when the program ends, when the guard is told to
/// stop, or when cellkit is gone; elsewhere (the tests of this module) it runs
/// in a process group of its own (``ChildProcessGroup``). Either is stopped,
/// with everything the program started, when the time limit passes or SIGINT
/// (Ctrl-C) comes; SIGINT then goes on to this process as it would have (the
/// program is out of the terminal's reach in its own group).
///
/// ```swift
/// let build = try ChildProcess.run(["swift", "build", "-c", "release"], in: package)
/// build.status   // 0
/// ```
package enum ChildProcess {
    /// How a program ended, and what it wrote to standard output when that was captured.
    package struct Result: Sendable {
        /// The exit status; 128 + the signal number when a signal ended it.
        package var status: Int32
        /// Standard output, when captured; empty otherwise.
        package var output: String
    }

    /// A program that could not be started.
    package struct StartError: Error, Sendable, CustomStringConvertible {
        /// The program.
        package var program: String
        /// Why (`strerror`).
        package var reason: String

        package var description: String { "cannot run \(program): \(reason)" }
    }

    /// A program that was stopped: it ran past its time limit, or the user pressed Ctrl-C.
    package struct Stopped: Error, Sendable, CustomStringConvertible {
        /// The program.
        package var program: String
        /// Its time limit.
        package var timeout: Duration
        /// Whether Ctrl-C stopped it (else the time limit did).
        package var interrupted: Bool

        package var description: String {
            interrupted
                ? "\(program) was interrupted (Ctrl-C) and stopped with every process it started"
                : "\(program) did not finish within \(timeout.components.seconds) s (the time limit), so it was "
                    + "stopped with every process it started"
        }
    }

    /// How long a program may run: an hour (a release build of a large package on a slow machine).
    package static let defaultTimeout: Duration = .seconds(3600)

    /// Set by SIGINT while a program runs.
    private static let interrupted = Atomic<Bool>(false)

    /// The executable that runs ``ProcessGuard`` (`cellkit --guard`), once set.
    private static let guardExecutable = Mutex<String?>(nil)

    /// How long a guard told to stop may take to end what it runs before its group is killed.
    static let guardGrace: Duration = .seconds(10)

    /// Runs every program from now on under `executable --guard` (this
    /// cellkit, at start-up), which ends whatever the program started
    /// (``ProcessGuard``).
    package static func guardPrograms(with executable: String) {
        guardExecutable.withLock { $0 = executable }
    }

    /// Runs `arguments` (the program first) in `directory`, for at most
    /// `timeout`. Its standard output is captured when `captureOutput`, else
    /// sent to standard error (so that this program's own output stays clean);
    /// with `captureErrors` too, its standard error is captured with it, in
    /// the order written (a build's whole log, for its last lines).
    package static func run(
        _ arguments: [String], in directory: String, captureOutput: Bool = false, captureErrors: Bool = false,
        timeout: Duration = defaultTimeout
    ) throws -> Result {
        var pipeEnds: [Int32] = [-1, -1]
        if captureOutput && pipe(&pipeEnds) != 0 {
            throw StartError(program: arguments[0], reason: String(cString: strerror(errno)))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            if captureErrors { posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2) }
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        } else {
            posix_spawn_file_actions_adddup2(&actions, 2, 1)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // posix_spawn_file_actions_addchdir_np is not visible to Swift: let sh change directory.
        let shell = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory] + arguments
        let guardExecutable = Self.guardExecutable.withLock { $0 }
        // Ctrl-C reaches this process only: note it while the program runs.
        interrupted.store(false, ordering: .sequentiallyConsistent)
        var previous = sigaction()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            ChildProcess.interrupted.store(true, ordering: .sequentiallyConsistent)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_RESTART)
        sigaction(SIGINT, &action, &previous)
        defer {
            sigaction(SIGINT, &previous, nil)
            // Delivered as before, now that the program is gone.
            if interrupted.load(ordering: .sequentiallyConsistent) { raise(SIGINT) }
        }
        let child: ChildProcessGroup
        do {
            child = try ChildProcessGroup.spawn(
                guardExecutable.map { [$0, ProcessGuard.argument] + shell } ?? shell, actions: &actions,
                ending: guardExecutable == nil ? .group : .guardProcess)
        } catch {
            if captureOutput { for end in pipeEnds { close(end) } }
            throw StartError(program: arguments[0], reason: error.reason)
        }
        if captureOutput { close(pipeEnds[1]) }
        let deadline = ContinuousClock.now + timeout
        let goOn = { !interrupted.load(ordering: .sequentiallyConsistent) && ContinuousClock.now < deadline }
        var bytes: [UInt8] = []
        if captureOutput {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while goOn() {
                var entry = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
                if poll(&entry, 1, 100) <= 0 { continue }
                let n = read(pipeEnds[0], &chunk, chunk.count)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                bytes += chunk[..<n]
            }
            close(pipeEnds[0])
        }
        let ended = child.waitForEnd(until: deadline) {
            usleep(20_000)
            return goOn()
        }
        if !ended && guardExecutable != nil {
            // Told to stop, the guard ends everything the program started, then itself.
            kill(child.pid, SIGTERM)
            _ = child.waitForEnd(until: .now + guardGrace)
        }
        let status = child.end()
        guard ended else {
            throw Stopped(
                program: arguments.joined(separator: " "), timeout: timeout,
                interrupted: interrupted.load(ordering: .sequentiallyConsistent))
        }
        let signal = ChildProcessGroup.signal(in: status)
        let exit = signal.map { 128 + $0 } ?? ChildProcessGroup.exitCode(in: status)
        // sh reports a program it cannot find with 127.
        if exit == 127 {
            throw StartError(program: arguments[0], reason: "not found on PATH (or it exited with status 127)")
        }
        return Result(status: exit, output: String(decoding: bytes, as: UTF8.self))
    }
}
