import Glibc

/// Starts programs for the tests, as a user's shell would: in a directory,
/// with exactly the environment given, standard streams where the test wants
/// them; and waits for them.
///
/// ```swift
/// let pid = try ChildProcess.start(["/bin/echo", "hi"], directory: "/tmp", environment: ["PATH": "/usr/bin:/bin"])
/// #expect(ChildProcess.wait(pid) == 0)
/// ```
public enum ChildProcess {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// /dev/null.
        case null
        /// A descriptor of the test process (a pipe's end, a terminal).
        case descriptor(Int32)
        /// A file, created or truncated.
        case file(String)
    }

    /// Why a program could not be started.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `argv` in `directory` (through /bin/sh, which changes directory
    /// first) with `environment` and nothing else, its standard streams as
    /// given, the descriptors in `closing` closed in the child, and the signals
    /// in `defaultSignals` at their default action and unblocked (the test
    /// runner may ignore or block them). Returns its process id.
    public static func start(
        _ argv: [String], directory: String, environment: [String: String], input: Stream = .null,
        output: Stream = .null, error: Stream = .null, closing: [Int32] = [], defaultSignals: [Int32] = []
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(Int32(0), input), (1, output), (2, error)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            }
        }
        for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if !defaultSignals.isEmpty {
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for signal in defaultSignals { sigaddset(&defaults, signal) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            posix_spawnattr_setsigmask(&attributes, &unblocked)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        }

        // posix_spawn_file_actions_addchdir_np is not visible to Swift: let sh change directory.
        let shell = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory] + argv
        var argvC: [UnsafeMutablePointer<CChar>?] = shell.map { strdup($0) } + [nil]
        var envC: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argvC { free(pointer) }
            for pointer in envC { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argvC, &envC)
        guard status == 0 else {
            throw Failure(
                description: "cannot start \(argv.first ?? "a program"): \(String(cString: strerror(status)))")
        }
        return pid
    }

    /// Waits for the child `pid` to end: its exit status, or 128 + the number
    /// of the signal that ended it (as shells report it).
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
