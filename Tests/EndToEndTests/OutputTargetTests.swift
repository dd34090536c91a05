import CellKitSupport
import Glibc
import TestSupport
import Testing

/// What `render -o FILE` and `render to FILE` do with what is at FILE: a
/// regular file is replaced atomically (its mode kept; its owner kept, or a
/// note says why not); a character device or a FIFO is written to, never
/// replaced; anything else is refused. `-o -` and `-o /dev/stdout` are
/// standard output. A file size limit or a signal in the middle of a render
/// leaves no temporary file. Nodes are made in a scratch folder, never in /dev.
@Suite struct OutputTargetTests {
    static let storyboard = "screen S width=30\nrow TextCell text=hello\n"
    static var isRoot: Bool { getuid() == 0 }

    /// Whether another user can reach the built `cellkit` and the libraries
    /// beside it: every folder above it searchable by others (a checkout
    /// cloned into `mktemp -d`, mode 0700, is not).
    static var buildReachableByOthers: Bool {
        var directory = Path.dirname(CellKitProcess.executable)
        while true {
            var st = stat()
            guard stat(directory, &st) == 0, st.st_mode & S_IXOTH != 0 else { return false }
            let parent = Path.dirname(directory)
            if parent == directory { return true }
            directory = parent
        }
    }

    func kind(_ path: String) -> mode_t {
        var st = stat()
        guard lstat(path, &st) == 0 else { return 0 }
        return st.st_mode & S_IFMT
    }

    @Test(.enabled(if: isRoot, "mknod needs root"))
    func renderToACharacterDeviceWritesToIt() throws {
        let s = try Scratch()
        try s.write("doc.cellkit", Self.storyboard)
        #expect(mknod(s.path("mynull"), S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)  // what /dev/null is
        let result = try s.cellkit(["render", "doc.cellkit#S", "-o", "mynull", "--format", "plain"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.hasSuffix("wrote mynull (plain, 30 columns)\n"))
        #expect(kind(s.path("mynull")) == S_IFCHR)
        #expect(s.list() == ["doc.cellkit", "mynull"])
    }

    @Test func renderToAFIFOWritesToIt() throws {
        let s = try Scratch()
        #expect(mkfifo(s.path("fifo.txt"), 0o600) == 0)
        let commands = Self.storyboard + "render to \"fifo.txt\"\n"
        // A reader on the FIFO, then cellkit writing to it.
        let result = try CellKitProcess.spawn(
            [
                "/bin/sh", "-c", "cat fifo.txt > got.txt & \"$0\" -c \"$1\"; status=$?; wait; exit $status",
                CellKitProcess.executable, commands,
            ],
            input: "", directory: s.directory, environment: ["HOME": s.directory, "PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(s.read("got.txt") == "hello\n")
        #expect(kind(s.path("fifo.txt")) == S_IFIFO)
        // (.cache and .local hold the registry cache and the worker's logs: HOME is the scratch folder.)
        #expect(s.list().filter { $0 != ".cache" && $0 != ".local" } == ["fifo.txt", "got.txt"])
    }

    @Test(.enabled(if: isRoot, "mknod needs root"))
    func aBlockDeviceIsRefused() throws {
        let s = try Scratch()
        try s.write("doc.cellkit", Self.storyboard)
        #expect(mknod(s.path("disk"), S_IFBLK | 0o600, dev_t(7 << 8)) == 0)
        let result = try s.cellkit(["render", "doc.cellkit#S", "-o", "disk", "--format", "plain"])
        #expect(result.status == 4)
        #expect(
            result.standardError.hasSuffix(
                "cellkit: error: cannot create 'disk': it is a block device, not a regular file, and is not replaced "
                    + "(EEXIST); move or rename that file, or choose another path\n"))
        #expect(kind(s.path("disk")) == S_IFBLK)
    }

    @Test(arguments: ["-", "/dev/stdout"])
    func standardOutputByName(_ name: String) throws {
        let s = try Scratch()
        try s.write("doc.cellkit", Self.storyboard)
        let result = try s.cellkit(["render", "doc.cellkit#S", "-o", name, "--format", "plain"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "hello\n")
        #expect(s.list() == ["doc.cellkit"])
        let implied = try s.cellkit(["render", "doc.cellkit#S", "-o", name])
        #expect(implied.status == 0 && implied.standardOutput == "hello\n", "\(implied.standardError)")
    }

    /// Run as another user (setpriv), cellkit cannot give the new file to the
    /// old one's owner: it says so, and drops the setuid bit it would otherwise copy.
    /// (The file is writable by others: one they may not write is not replaced,
    /// see `LocalUserTests.aReadOnlyFileIsNotReplacedByItsOwner`.)
    @Test(
        .enabled(
            if: isRoot && fileExists("/usr/bin/setpriv") && buildReachableByOthers,
            "needs root, setpriv, and a build other users can reach"))
    func anOwnerThatCannotBeKeptIsReported() throws {
        let s = try Scratch()
        #expect(chmod(s.directory, 0o777) == 0)
        try s.write("doc.cellkit", "load BasicCells\n" + Self.storyboard)
        let out = try s.write("out.txt", "old\n")
        #expect(chmod(out, 0o4757) == 0)
        let result = try CellKitProcess.spawn(
            [
                "/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", CellKitProcess.executable,
                "--no-cache", "render", "doc.cellkit#S", "-o", "out.txt", "--format", "plain",
            ],
            input: "", directory: s.directory, environment: ["HOME": s.directory, "PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.hasSuffix(
                "wrote out.txt (plain, 30 columns)\nnote: out.txt now belongs to uid 65534, gid 65534 "
                    + "(it belonged to uid 0, gid 0, which only root can keep)\n"))
        var st = stat()
        #expect(stat(out, &st) == 0)
        #expect(st.st_uid == 65534 && st.st_mode & 0o7777 == 0o757)
        #expect(s.read("out.txt") == "hello\n")
    }

    /// `ulimit -f`: the write that passes the limit fails (SIGXFSZ is ignored),
    /// which is an I/O error, exit 4, and the temporary file is removed.
    @Test func aFileSizeLimitIsAnIOErrorAndLeavesNothing() throws {
        let s = try Scratch()
        try s.write("doc.cellkit", Self.storyboard + "rows TextCell from \"data.csv\" text=.name\n")
        try s.write("data.csv", "name\n" + (0..<2000).map { "row \($0)\n" }.joined())
        // SIGXFSZ at its default (it would end the process), whatever the test runner does with it.
        let pid = try Self.start(
            [
                "/bin/sh", "-c", "ulimit -f 4; exec \"$0\" render doc.cellkit#S -o out.txt --format plain",
                CellKitProcess.executable,
            ],
            directory: s.directory, standardError: s.path("errors"))
        let status = ChildProcess.wait(pid)
        #expect(status == 4, "ended with status \(status)")
        #expect(
            s.read("errors")?.contains(
                "cellkit: error: cannot write 'out.txt': File too large (EFBIG); the file would pass the file size "
                    + "limit (ulimit -f): raise the limit or write less\n") == true, "\(s.read("errors") ?? "")")
        #expect(!s.list().contains { $0.contains("out.txt") }, "\(s.list())")
    }

    /// SIGINT or SIGTERM while a long render writes its temporary file: the
    /// process ends by that signal, and the temporary file goes with it.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalMidRenderLeavesNoTemporaryFile(_ signal: Int32) throws {
        let s = try Scratch()
        try s.write("doc.cellkit", "screen S width=30\nrows TextCell from \"data.csv\" text=.name\n")
        try s.write("data.csv", "name\n" + (0..<200_000).map { "row \($0)\n" }.joined())
        let pid = try Self.start(
            [CellKitProcess.executable, "render", "doc.cellkit#S", "-o", "out.txt", "--format", "plain"],
            directory: s.directory)
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while !s.list().contains(where: { $0.hasPrefix(".out.txt.tmp-") }) && clock.now < deadline {
            usleep(10_000)
        }
        #expect(s.list().contains { $0.hasPrefix(".out.txt.tmp-") }, "the render never started writing")
        kill(pid, signal)
        let status = ChildProcess.wait(pid)
        #expect(status == 128 + signal, "ended with status \(status)")
        #expect(!s.list().contains { $0.contains("out.txt") }, "\(s.list())")
    }

    /// Starts a program in `directory` (via sh, for the directory), its
    /// output discarded (standard error to a file if given), with SIGINT,
    /// SIGTERM and SIGXFSZ at their defaults and unblocked (the test runner
    /// may ignore or block them).
    static func start(_ argv: [String], directory: String, standardError: String? = nil) throws -> pid_t {
        try ChildProcess.start(
            argv, directory: directory, environment: ["HOME": directory, "PATH": "/usr/bin:/bin"],
            error: standardError.map { .file($0) } ?? .null, defaultSignals: [SIGINT, SIGTERM, SIGXFSZ])
    }
}
