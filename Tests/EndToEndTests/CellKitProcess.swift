import CellKitSupport
import Glibc
import TestSupport

/// Runs the built `cellkit` executable, as a user would, and collects what it printed.
enum CellKitProcess {
    /// The build directory: where `swift build` put `cellkit`, the plugins, and this test binary.
    static var buildDirectory: String { TestPaths.buildDirectory }

    /// The `cellkit` executable.
    static var executable: String { buildDirectory + "/cellkit" }

    /// The repository root (for Examples/ and README.md).
    static var repositoryRoot: String { TestPaths.repositoryRoot }

    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs `cellkit arguments...` in `directory` with `input` on standard
    /// input, and a clean environment: HOME, XDG dirs and TMPDIR in a fresh
    /// temporary directory unless given, no colour variables unless given.
    static func run(
        _ arguments: [String], input: String = "", directory: String? = nil, environment: [String: String] = [:]
    ) throws -> Result {
        let home = try temporaryDirectory()
        defer { try? removeTree(home) }
        var env = [
            "HOME": home, "PATH": "/usr/bin:/bin", "XDG_STATE_HOME": home + "/state", "XDG_CACHE_HOME": home + "/cache",
        ]
        for (key, value) in environment { env[key] = value }
        return try spawn(
            [executable] + arguments, input: input, directory: directory ?? repositoryRoot, environment: env)
    }

    /// The sanitizer settings of the test process (`.ci/run` sets them for its
    /// AddressSanitizer pass: the leak suppressions), passed on to every
    /// program the tests start, whose environment is otherwise clean.
    static let sanitizerOptions: [String: String] = {
        var options: [String: String] = [:]
        for key in ["ASAN_OPTIONS", "LSAN_OPTIONS"] {
            if let value = getenv(key) { options[key] = String(cString: value) }
        }
        return options
    }()

    /// Whether these tests run under AddressSanitizer (`.ci/run`'s second pass).
    ///
    /// The rule: a test whose work is code the sanitized build did not make
    /// runs in the ordinary pass only. Those are the few tests that build
    /// plugin packages with `swift build` (a release SDK and plugin in a
    /// temporary prefix, a scaffolded package) and those that install this
    /// checkout (`cellkit install` builds release, and the installed release
    /// `cellkit` is what they run: uninstall, the manual page, damaged
    /// libraries beside it), and the check that the SDK's documented examples
    /// compile (`swiftc -typecheck`: the compiler's work, not the SDK's).
    /// Under the sanitizer they would build and run the same uninstrumented
    /// code again, while the host code they drive
    /// (loading a plugin, drawing its cells) is run instrumented by the tests
    /// with prebuilt plugins. Tests that give `cellkit install` a `swift` that
    /// fails run in both passes: all they run is this build's `cellkit`.
    static var isSanitized: Bool { sanitizerOptions["ASAN_OPTIONS"] != nil }

    /// Runs any program; returns its status and output.
    static func spawn(_ argv: [String], input: String, directory: String, environment: [String: String]) throws
        -> Result
    {
        let environment = environment.merging(sanitizerOptions) { given, _ in given }
        var inPipe: [Int32] = [0, 0]
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw SpawnError.pipe }
        // Close-on-exec: tests run in parallel, and a child spawned by another
        // test must not inherit this child's pipes (it would hold its output
        // open, and the read below would wait for that child to end too).
        // posix_spawn's dup2 onto 0, 1 and 2 gives this child its ends.
        // (Glibc's module does not export pipe2.)
        for descriptor in inPipe + outPipe + errPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let started = Swift.Result {
            try ChildProcess.start(
                argv, directory: directory, environment: environment, input: .descriptor(inPipe[0]),
                output: .descriptor(outPipe[1]), error: .descriptor(errPipe[1]),
                closing: [inPipe[1], outPipe[0], errPipe[0], inPipe[0], outPipe[1], errPipe[1]])
        }
        close(inPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        let pid = try started.get()
        let bytes = Array(input.utf8)
        _ = bytes.withUnsafeBytes { write(inPipe[1], $0.baseAddress, $0.count) }
        close(inPipe[1])
        // Read both pipes without deadlocking: poll them together.
        var out: [UInt8] = []
        var err: [UInt8] = []
        var fds = [
            pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0),
            pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0),
        ]
        var open = 2
        var chunk = [UInt8](repeating: 0, count: 65536)
        while open > 0 {
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for i in 0..<2 where fds[i].fd >= 0 && fds[i].revents != 0 {
                let n = read(fds[i].fd, &chunk, chunk.count)
                if n > 0 {
                    if i == 0 { out += chunk[..<n] } else { err += chunk[..<n] }
                } else {
                    close(fds[i].fd)
                    fds[i].fd = -1
                    open -= 1
                }
            }
        }
        let exit = ChildProcess.wait(pid)
        return Result(
            status: exit, standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: err, as: UTF8.self))
    }

    enum SpawnError: Error {
        case pipe
        case spawn(String)
    }

    /// A new empty directory under /tmp.
    static func temporaryDirectory() throws -> String {
        try TemporaryDirectory.create(prefix: "cellkit-e2e")
    }
}
