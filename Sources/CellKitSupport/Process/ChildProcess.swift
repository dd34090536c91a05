import Glibc

/// Runs another program and waits for it: `swift build` for `cellkit plugin
/// install`. The program is looked up on `PATH`; it inherits the environment
/// and standard error.
///
/// ```swift
/// let build = try ChildProcess.run(["swift", "build", "-c", "release"], in: package)
/// build.status   // 0
/// ```
public enum ChildProcess {
    /// How a program ended, and what it wrote to standard output when that was captured.
    public struct Result: Sendable {
        /// The exit status; 128 + the signal number when a signal ended it.
        public var status: Int32
        /// Standard output, when captured; empty otherwise.
        public var output: String
    }

    /// A program that could not be started.
    public struct StartError: Error, Sendable, CustomStringConvertible {
        /// The program.
        public var program: String
        /// Why (`strerror`).
        public var reason: String

        public var description: String { "cannot run \(program): \(reason)" }
    }

    /// Runs `arguments` (the program first) in `directory`. Its standard
    /// output is captured when `captureOutput`, else sent to standard error
    /// (so that this program's own output stays clean).
    public static func run(_ arguments: [String], in directory: String, captureOutput: Bool = false)
        throws(StartError) -> Result
    {
        var pipeEnds: [Int32] = [-1, -1]
        if captureOutput && pipe(&pipeEnds) != 0 {
            throw StartError(program: arguments[0], reason: String(cString: strerror(errno)))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        } else {
            posix_spawn_file_actions_adddup2(&actions, 2, 1)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // posix_spawn_file_actions_addchdir_np is not visible to Swift: let sh change directory.
        let shell = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = shell.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, &argv, environ)
        if captureOutput { close(pipeEnds[1]) }
        guard spawned == 0 else {
            if captureOutput { close(pipeEnds[0]) }
            throw StartError(program: arguments[0], reason: String(cString: strerror(spawned)))
        }
        var bytes: [UInt8] = []
        if captureOutput {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(pipeEnds[0], &chunk, chunk.count)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                bytes += chunk[..<n]
            }
            close(pipeEnds[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        let exit = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        // sh reports a program it cannot find with 127.
        if exit == 127 {
            throw StartError(program: arguments[0], reason: "not found on PATH (or it exited with status 127)")
        }
        return Result(status: exit, output: String(decoding: bytes, as: UTF8.self))
    }
}
