import CellKitSupport
import Glibc
import TestSupport
import Testing

/// Helpers for the batch tests: a scratch directory with files in it, and
/// runs of `cellkit` with standard output on a pseudo-terminal.
final class Scratch {
    let directory: String

    init() throws {
        directory = try CellKitProcess.temporaryDirectory()
    }

    /// The directory goes, with everything in it, when the scratch does.
    deinit {
        TemporaryDirectory.removeTree(directory)
    }

    /// Writes `text` to `name` (relative to the directory); returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let path = self.path(name)
        try createDirectories(Path.dirname(path))
        try atomicWrite(path, text)
        return path
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// The file's text, or `nil` when it is not there.
    func read(_ name: String) -> String? {
        (try? readTextFile(path(name)))
    }

    /// The names in the directory, sorted (hidden ones included).
    func list() -> [String] {
        ((try? listDirectory(directory)) ?? []).sorted()
    }

    /// Runs `cellkit arguments...` in this directory.
    func cellkit(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws
        -> CellKitProcess.Result
    {
        try CellKitProcess.run(arguments, input: input, directory: directory, environment: environment)
    }
}

/// Where the built plugins are, for `load PATH` in scripts.
enum BuiltPlugins {
    static func library(_ name: String) -> String { CellKitProcess.buildDirectory + "/lib\(name).so" }
}

extension CellKitProcess {
    /// Runs `cellkit arguments...` with standard output and standard error on
    /// a new pseudo-terminal (so `isatty(1)` is true) and standard input from
    /// /dev/null; returns the status and what the terminal showed, with the
    /// terminal's CR LF line ends turned back into LF.
    static func runOnTerminal(
        _ arguments: [String], directory: String, environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        typealias OpenPT = @convention(c) (Int32) -> Int32
        typealias FDCall = @convention(c) (Int32) -> Int32
        typealias PTSName = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32
        // Not exported by the Glibc module; look them up in libc.
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(nil, name).map { unsafeBitCast($0, to: type) }
        }
        guard let openpt = symbol("posix_openpt", as: OpenPT.self), let grantpt = symbol("grantpt", as: FDCall.self),
            let unlockpt = symbol("unlockpt", as: FDCall.self), let ptsname = symbol("ptsname_r", as: PTSName.self)
        else { throw SpawnError.spawn("no pseudo-terminal functions") }
        let master = openpt(O_RDWR | O_NOCTTY)
        var name = [CChar](repeating: 0, count: 256)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, ptsname(master, &name, name.count) == 0 else {
            throw SpawnError.spawn("no pseudo-terminal")
        }
        let slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var size = winsize(ws_row: 24, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slave = open(slavePath, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw SpawnError.spawn("cannot open \(slavePath)") }

        let home = try temporaryDirectory()
        defer { TemporaryDirectory.removeTree(home) }
        var env = [
            "HOME": home, "PATH": "/usr/bin:/bin", "XDG_STATE_HOME": home + "/state", "XDG_CACHE_HOME": home + "/cache",
        ]
        for (key, value) in environment { env[key] = value }
        let spawned = Swift.Result {
            try ChildProcess.start(
                [executable] + arguments, directory: directory, environment: env, output: .descriptor(slave),
                error: .descriptor(slave), closing: [master, slave])
        }
        close(slave)
        let pid: pid_t
        do {
            pid = try spawned.get()
        } catch {
            close(master)
            throw error
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(master, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }  // EIO once the child's side is closed
            bytes += chunk[..<n]
        }
        close(master)
        let exit = ChildProcess.wait(pid)
        var text = String(decoding: bytes, as: UTF8.self)
        text = text.split(separator: "\r\n", omittingEmptySubsequences: false).joined(separator: "\n")
        return (exit, text)
    }
}

extension String {
    /// Whether the text has an ANSI escape sequence in it.
    var hasEscapes: Bool { contains("\u{1B}[") }
}
