import CellKitSupport
import Glibc
import TestSupport
import Testing

/// Issue 21, "another local user": a folder for worker logs that someone else made
/// or can write to is refused (a planted symbolic link would otherwise truncate the
/// victim's file); with no home directory, or one that does not exist, plugins still
/// load; `plugin uninstall` takes a plugin's name and removes exactly its files.
/// Each test reproduces what the issue reported; those that need another uid switch
/// to it with setpriv (as root), and are skipped where they cannot.
@Suite struct LocalUserTests {
    static let storyboard = "load BasicCells\nscreen S width=30\nrow TextCell text=hello\nrender\n"
    static var isRoot: Bool { getuid() == 0 }
    static var canSwitchUser: Bool {
        isRoot && fileExists("/usr/bin/setpriv") && OutputTargetTests.buildReachableByOthers
    }

    /// Plants, in `folder`, a symbolic link to `victim` under each name a session
    /// started in the next few thousand process IDs would give its first worker's log
    /// (`worker-PID-1.log`): what another user could do to a folder they can write.
    static func plantLogLinks(in folder: String, to victim: String) {
        func number(_ file: String) -> Int? {
            (TemporaryDirectory.readText(file)?.prefix { $0.isNumber }).flatMap { Int($0) }
        }
        let last = number("/proc/sys/kernel/ns_last_pid") ?? 0
        let maximum = number("/proc/sys/kernel/pid_max") ?? 4_194_304
        for offset in 1...3000 {
            let pid = (last + offset - 1) % maximum + 1
            _ = symlink(victim, folder + "/worker-\(pid)-1.log")
        }
    }

    /// Runs `cellkit ARGUMENTS` in `directory` with exactly `environment` (no HOME or
    /// XDG folder unless given), as `uid` when one is given (through setpriv).
    static func run(
        _ arguments: [String], in directory: String, environment: [String: String], uid: uid_t? = nil
    ) throws -> CellKitProcess.Result {
        let prefix =
            uid.map { ["/usr/bin/setpriv", "--reuid=\($0)", "--regid=\($0)", "--clear-groups"] } ?? []
        return try CellKitProcess.spawn(
            prefix + [CellKitProcess.executable] + arguments, input: "", directory: directory,
            environment: environment.merging(["PATH": "/usr/bin:/bin"]) { given, _ in given })
    }

    // MARK: - Worker logs

    /// The state folder for worker logs, with links named like the logs planted in it,
    /// belongs to another user: it is refused with the fix, the victim file keeps its
    /// bytes, and the plugin loads all the same.
    @Test(.enabled(if: isRoot, "only root can give a folder to another user"))
    func aWorkerLogFolderOfAnotherUserIsRefused() throws {
        try checkRefusal(owner: 65534, mode: 0o700) { _ in
            "it belongs to another user (uid 65534), who could plant links in it; remove it (as that user or root) "
                + "so that cellkit makes its own, or use another folder"
        }
    }

    /// The same with a folder of ours that others can write to (mode 777).
    @Test func aWorkerLogFolderOthersCanWriteIsRefused() throws {
        try checkRefusal(owner: getuid(), mode: 0o777) { logs in
            "it can be written by others (mode 777); run `chmod go-w \(logs)`"
        }
    }

    private func checkRefusal(owner: uid_t, mode: mode_t, reason: (String) -> String) throws {
        let s = try Scratch()
        try s.write("doc.cellkit", Self.storyboard)
        let victim = try s.write("precious.txt", "keep me\n")
        let logs = s.path("state/cellkit/workers")
        try createDirectories(logs)
        Self.plantLogLinks(in: logs, to: victim)
        #expect(chown(logs, owner, owner) == 0 && chmod(logs, mode) == 0)
        let before = try listDirectory(logs).count
        let result = try Self.run(
            ["--no-cache", "run", "doc.cellkit"], in: s.directory,
            environment: ["HOME": s.directory, "XDG_STATE_HOME": s.path("state")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "hello\n")
        #expect(s.read("precious.txt") == "keep me\n")
        #expect(try listDirectory(logs).count == before, "a file was made in the refused folder")
        #expect(
            result.standardError.hasPrefix(
                "cellkit: warning: worker logs do not go to \(logs): \(reason(logs))\n  they go to "),
            "\(result.standardError)")
    }

    /// With no home directory (a uid with no passwd entry, no HOME), logs used to go to
    /// `/tmp/cellkit-workers-UID`, whoever made it: another user who made it first, with
    /// links named like the logs, had the victim's file truncated. Now they go to a
    /// folder nobody can predict; the victim keeps its bytes.
    @Test(.enabled(if: canSwitchUser, "needs root, setpriv, and a build other users can reach"))
    func withNoHomeTheLogsGoWhereNoOtherUserCanPlantLinks() throws {
        let uid: uid_t = 54321  // no passwd entry: no home directory at all
        let s = try Scratch()
        #expect(chmod(s.directory, 0o777) == 0)
        try s.write("doc.cellkit", Self.storyboard)
        let victim = try s.write("precious.txt", "keep me\n")
        #expect(chown(victim, uid, uid) == 0 && chmod(victim, 0o600) == 0)
        let shared = "/tmp/cellkit-workers-\(uid)"  // made by "another user": root, mode 777
        TemporaryDirectory.removeTree(shared)
        defer { TemporaryDirectory.removeTree(shared) }
        #expect(mkdir(shared, 0o777) == 0 && chmod(shared, 0o777) == 0)
        Self.plantLogLinks(in: shared, to: victim)
        let planted = try listDirectory(shared).count

        let result = try Self.run(["--no-cache", "run", "doc.cellkit"], in: s.directory, environment: [:], uid: uid)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "hello\n")
        #expect(s.read("precious.txt") == "keep me\n")
        #expect(try listDirectory(shared).count == planted)
    }

    /// A HOME that does not exist (or cannot: a path under a file) is not created, and
    /// plugins load: the logs go to a private folder of their own. (The session used to
    /// fail to start its worker, naming the cellkit executable as the missing path.)
    @Test(arguments: ["missing-home", "file/home"])
    func aHomeThatDoesNotExistStillLoadsPlugins(_ home: String) throws {
        let s = try Scratch()
        try s.write("doc.cellkit", Self.storyboard)
        try s.write("file", "a file, not a folder\n")
        let result = try Self.run(
            ["--no-cache", "run", "doc.cellkit"], in: s.directory, environment: ["HOME": s.path(home)])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "hello\n")
        #expect(!result.standardError.contains("error"), "\(result.standardError)")
        #expect(!fileExists(s.path(home)), "the missing home directory was created")
    }

    /// Nor is it made by what keeps files there (issue 33, item 9): the registry
    /// cache (`cellkit plugins`, a script naming a cell), the REPL's history and
    /// its journal. (The cache made `HOME/.cache/cellkit/registry.json`.)
    @Test func aHomeThatDoesNotExistIsNotCreatedByTheCacheTheHistoryOrTheJournal() throws {
        let s = try Scratch()
        try s.write("doc.cellkit", Self.storyboard)
        let home = s.path("missing/home")
        for arguments in [["plugins"], ["run", "doc.cellkit"], ["-c", "screen S\nrow TextCell text=hi\nrender"]] {
            let result = try Self.run(arguments, in: s.directory, environment: ["HOME": home])
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            #expect(!fileExists(s.path("missing")), "\(arguments) made the missing home")
        }
        let repl = try PTYSession.start(
            home: s.path("pty"), ownsHome: false,
            environment: ["HOME": home, "XDG_STATE_HOME": "", "XDG_CACHE_HOME": ""], directory: s.directory)
        try repl.waitForPrompt()
        try repl.type("screen S width=20")
        try repl.waitForPrompt()
        try repl.type("row TextCell text=hi")
        try repl.waitForPrompt()
        try repl.type("quit")
        #expect(try repl.waitForExit() == 0)
        #expect(!fileExists(s.path("missing")), "the REPL made the missing home")
    }

    /// The registry cache's folder can be written by others, who planted
    /// `registry.json` as a link to a file of yours: the cache is not saved there
    /// (it was written through the link, replacing the file), and the run works.
    @Test func aRegistryCacheFolderOthersCanWriteIsNotWrittenTo() throws {
        let s = try Scratch()
        let victim = try s.write("precious.txt", "keep me\n")
        try createDirectories(s.path("cache/cellkit"))
        #expect(chmod(s.path("cache/cellkit"), 0o777) == 0)
        #expect(symlink(victim, s.path("cache/cellkit/registry.json")) == 0)
        let result = try Self.run(
            ["plugins"], in: s.directory,
            environment: [
                "HOME": s.directory, "XDG_CACHE_HOME": s.path("cache"), "XDG_STATE_HOME": s.path("state"),
            ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("BasicCells"))
        #expect(s.read("precious.txt") == "keep me\n")
        #expect(try listDirectory(s.path("cache/cellkit")) == ["registry.json"])
    }

    // MARK: - plugin uninstall

    /// `plugin uninstall` takes a name: a path is refused before anything is removed,
    /// and a name removes that plugin's library and `NAME.resources`, not another
    /// plugin's `My_NAME.resources`.
    @Test func uninstallTakesAPluginNameAndRemovesExactlyItsFiles() throws {
        let s = try Scratch()
        let plugins = "home/.local/lib/cellkit/plugins"
        for file in [
            "home/proj/victim.so", "home/proj/victim.resources/Cell.nib", "\(plugins)/libCardCells.so",
            "\(plugins)/CardCells.resources/ProfileCell.nib", "\(plugins)/libMy_CardCells.so",
            "\(plugins)/My_CardCells.resources/Other.nib",
        ] {
            try s.write(file, "bytes\n")
        }
        let home = ["HOME": s.path("home"), "XDG_CACHE_HOME": s.path("cache")]
        let path = try Self.run(
            ["plugin", "uninstall", "../../../../proj/victim"], in: s.path(plugins), environment: home)
        #expect(path.status == 2, "\(path.standardError)")
        #expect(
            path.standardError
                == "cellkit: error: '../../../../proj/victim' is not a plugin name: plugin uninstall takes the name "
                + "of a plugin in the user plugin folder, such as CardCells, not a path\n"
                + "  installed there: CardCells, My_CardCells\n")
        #expect(s.read("home/proj/victim.so") == "bytes\n")
        #expect(s.read("home/proj/victim.resources/Cell.nib") == "bytes\n")

        let name = try Self.run(["plugin", "uninstall", "CardCells"], in: s.directory, environment: home)
        #expect(name.status == 0, "\(name.standardError)")
        #expect(
            name.standardOutput
                == "removed CardCells: \(s.path(plugins))/libCardCells.so, \(s.path(plugins))/CardCells.resources\n")
        #expect(try listDirectory(s.path(plugins)).sorted() == ["My_CardCells.resources", "libMy_CardCells.so"])
        #expect(s.read("\(plugins)/My_CardCells.resources/Other.nib") == "bytes\n")
    }

    // MARK: - A read-only output file

    /// Another user's run cannot replace the read-only (0444) file it owns with `-o` or
    /// `save`, though it can rename over it in its folder: refused with the reason, as
    /// `cp` and the shell's `>` refuse it, and the file keeps its bytes.
    @Test(.enabled(if: canSwitchUser, "needs root, setpriv, and a build other users can reach"))
    func aReadOnlyFileIsNotReplacedByItsOwner() throws {
        let s = try Scratch()
        #expect(chmod(s.directory, 0o777) == 0)
        try s.write("doc.cellkit", Self.storyboard)
        for name in ["out.txt", "saved.cellkit"] {
            let path = try s.write(name, "old\n")
            #expect(chown(path, 65534, 65534) == 0 && chmod(path, 0o444) == 0)
        }
        let environment = ["HOME": s.directory]
        let render = try Self.run(
            ["--no-cache", "render", "doc.cellkit#S", "-o", "out.txt", "--format", "plain"], in: s.directory,
            environment: environment, uid: 65534)
        #expect(render.status == 4, "\(render.standardError)")
        #expect(
            render.standardError.hasSuffix(
                "cellkit: error: cannot replace 'out.txt': it is read-only (mode 444) (EACCES); make it writable "
                    + "(chmod u+w 'out.txt') if you mean to replace it, or write to another file\n"),
            "\(render.standardError)")
        #expect(!render.standardError.contains("wrote"))
        let save = try Self.run(
            ["--no-cache", "-c", "screen S width=30\nsave \"saved.cellkit\""], in: s.directory,
            environment: environment, uid: 65534)
        #expect(save.status == 4, "\(save.standardError)")
        #expect(save.standardError.contains("cannot replace 'saved.cellkit': it is read-only (mode 444) (EACCES)"))
        #expect(s.read("out.txt") == "old\n" && s.read("saved.cellkit") == "old\n")
        #expect(s.list().allSatisfy { !$0.contains(".tmp-") }, "\(s.list())")
    }

    /// Issue 33, item 16: a file another user owns, that the running user
    /// may not write (0644), is not called read-only with a `chmod u+w` fix
    /// (nobody but its owner or root can change its mode): the error says
    /// whose it is, and the file keeps its bytes.
    @Test(.enabled(if: canSwitchUser, "needs root, setpriv, and a build other users can reach"))
    func aFileOfAnotherUserIsNotCalledReadOnly() throws {
        let s = try Scratch()
        #expect(chmod(s.directory, 0o777) == 0)
        try s.write("doc.cellkit", Self.storyboard)
        let path = try s.write("out.txt", "old\n")
        #expect(chown(path, 4242, 4242) == 0 && chmod(path, 0o644) == 0)
        let render = try Self.run(
            ["--no-cache", "render", "doc.cellkit#S", "-o", "out.txt", "--format", "plain"], in: s.directory,
            environment: ["HOME": s.directory], uid: 65534)
        #expect(render.status == 4, "\(render.standardError)")
        #expect(
            render.standardError.hasSuffix(
                "cellkit: error: cannot replace 'out.txt': it belongs to another user (uid 4242), and you may not "
                    + "write it (mode 644) (EACCES); write to another file; only its owner or root can let you "
                    + "replace it\n"),
            "\(render.standardError)")
        #expect(s.read("out.txt") == "old\n")
    }

    /// What the running user gets: root may write any file (access(2)), and replaces a
    /// read-only one keeping its mode, as `cp` run by root does; anyone else is refused.
    @Test func aReadOnlyFileIsReplacedOnlyByRoot() throws {
        let s = try Scratch()
        try s.write("doc.cellkit", Self.storyboard)
        let out = try s.write("out.txt", "old\n")
        #expect(chmod(out, 0o444) == 0)
        let result = try s.cellkit(["--no-cache", "render", "doc.cellkit#S", "-o", "out.txt", "--format", "plain"])
        if Self.isRoot {
            #expect(result.status == 0, "\(result.standardError)")
            #expect(s.read("out.txt") == "hello\n")
            var st = stat()
            #expect(stat(out, &st) == 0 && st.st_mode & 0o777 == 0o444)
        } else {
            #expect(result.status == 4)
            #expect(s.read("out.txt") == "old\n")
        }
    }
}
