import CellKitSupport
import Glibc
import Testing

/// No plugin code runs before the trust check, on any path that opens a
/// library: `load`, `cellkit plugins` (the registry-cache scanner), a script
/// that names a cell of a plugin not loaded yet, and Tab completion. The
/// fixture `libcellkit-fixture-marker.so` has an ELF constructor that writes
/// the file named by `CELLKIT_TEST_MARKER`: if that file ever exists, the
/// library was opened.
@Suite struct PluginTrustTests {
    /// A scratch folder with the marker fixture copied in as `libOther.so`
    /// where each case puts it; removed by the test.
    struct Scratch {
        let root: String

        init() throws {
            root = try CellKitProcess.temporaryDirectory()
            try createDirectories(home)
        }

        var home: String { root + "/home" }
        var marker: String { root + "/marker" }
        var cacheFile: String { home + "/cache/cellkit/registry.json" }
        var markerWritten: Bool { fileExists(marker) }

        /// A directory `name` with `mode` (umask aside), owned by `owner`.
        @discardableResult
        func directory(_ name: String, mode: mode_t, owner: uid_t = getuid()) throws -> String {
            let path = root + "/" + name
            try createDirectories(path)
            #expect(chmod(path, mode) == 0)
            if owner != getuid() { #expect(chown(path, owner, gid_t(owner)) == 0) }
            return path
        }

        /// The fixture as `dir/libOther.so`, with `mode`, owned by `owner`.
        @discardableResult
        func install(in dir: String, mode: mode_t = 0o755, owner: uid_t = getuid()) throws -> String {
            let path = dir + "/libOther.so"
            try atomicWrite(path, try readFile(CellKitProcess.buildDirectory + "/libcellkit-fixture-marker.so"))
            #expect(chmod(path, mode) == 0)
            if owner != getuid() { #expect(chown(path, owner, gid_t(owner)) == 0) }
            return path
        }

        func environment(_ extra: [String: String] = [:]) -> [String: String] {
            var env = [
                "HOME": home, "XDG_CACHE_HOME": home + "/cache", "XDG_STATE_HOME": home + "/state",
                "CELLKIT_TEST_MARKER": marker,
            ]
            for (key, value) in extra { env[key] = value }
            return env
        }

        func remove() { try? removeTree(root) }
    }

    /// The ways a library can be one the trust check must refuse.
    enum Case: String, CaseIterable, CustomTestStringConvertible {
        case stickyDirectoryOfAnotherUser, fileOthersCanWrite, directoryOthersCanWriteByOption, linkInOpenDirectory

        var testDescription: String { rawValue }

        /// Every case; giving a directory to another user needs root.
        static var available: [Case] {
            getuid() == 0 ? allCases : allCases.filter { $0 != .stickyDirectoryOfAnotherUser }
        }

        /// Lays the case out; returns the arguments and environment that put
        /// the library on the plugin path, and the reason `plugins` gives.
        func layOut(_ s: Scratch) throws -> (arguments: [String], environment: [String: String], reason: String) {
            switch self {
            case .stickyDirectoryOfAnotherUser:
                let dir = try s.directory("sticky", mode: 0o1777, owner: 65534)
                try s.install(in: dir, owner: 65534)
                return ([], ["CELLKIT_PLUGIN_PATH": dir], "directory \(dir) belongs to another user (uid 65534)")
            case .fileOthersCanWrite:
                let dir = try s.directory("plugins", mode: 0o755)
                let file = try s.install(in: dir, mode: 0o666)
                return ([], ["CELLKIT_PLUGIN_PATH": dir], "\(file) can be written by others (mode 666)")
            case .directoryOthersCanWriteByOption:
                let dir = try s.directory("open", mode: 0o777)
                try s.install(in: dir)
                return (["--plugin-path", dir], [:], "directory \(dir) can be written by others (mode 777)")
            case .linkInOpenDirectory:
                let safe = try s.directory("safe", mode: 0o755)
                let target = try s.install(in: safe)
                let links = try s.directory("links", mode: 0o777)
                #expect(symlink(target, links + "/libOther.so") == 0)
                return (["--plugin-path", links], [:], "directory \(links) can be written by others (mode 777)")
            }
        }
    }

    @Test(arguments: Case.available) func aRefusedLibraryIsNeverOpened(_ layout: Case) throws {
        let s = try Scratch()
        defer { s.remove() }
        let (arguments, extra, reason) = try layout.layOut(s)
        let env = s.environment(extra)

        // `cellkit plugins` lists it as refused, with the reason, and scans nothing.
        let listing = try CellKitProcess.run(arguments + ["plugins"], environment: env)
        #expect(listing.status == 0, "\(listing.standardError)")
        let line = try #require(listing.standardOutput.split(separator: "\n").first { $0.hasPrefix("Other ") })
        #expect(line.contains("refused: \(reason)"), "\(line)")
        #expect(!s.markerWritten, "cellkit plugins opened the library")

        // A script naming its cell consults the cache: nothing is opened, the cell is unknown.
        let script = try CellKitProcess.run(arguments, input: "screen A\nrow TxtCell\n", environment: env)
        #expect(script.status == 1)
        #expect(script.standardError.contains("error: no cell named 'TxtCell'"), "\(script.standardError)")
        #expect(
            script.standardError.contains(
                "  Other on the plugin path was not opened (\(reason)), so what it provides is unknown; "
                    + "`cellkit plugins` lists it\n"), "\(script.standardError)")
        #expect(!s.markerWritten, "a script naming TxtCell opened the library")

        // `load` refuses it with the same reason.
        let load = try CellKitProcess.run(arguments + ["-c", "load Other"], environment: env)
        #expect(load.status == 3)
        #expect(load.standardError.contains(": \(reason)\n"), "\(load.standardError)")
        #expect(!s.markerWritten, "load opened the library")

        // The cache holds nothing of it.
        let cache = (try? readTextFile(s.cacheFile)) ?? ""
        #expect(!cache.contains("TxtCell") && !cache.contains("libOther.so"))
    }

    @Test(arguments: Case.available) func tabCompletionOpensNoRefusedLibrary(_ layout: Case) throws {
        let s = try Scratch()
        defer { s.remove() }
        let (arguments, extra, _) = try layout.layOut(s)
        let repl = try PTYSession.start(arguments, home: s.home, ownsHome: false, environment: s.environment(extra))
        defer { _ = try? repl.waitForExit() }
        try repl.waitForPrompt()
        try repl.send("row Tx\t")
        // Ctrl-U clears the line; the next command's output means the Tab was handled.
        try repl.send(PTYSession.control("u"))
        try repl.type("screens")
        try repl.waitFor("no screens")
        #expect(!repl.screen.text.contains("TxtCell"))
        #expect(!s.markerWritten, "Tab completion opened the library")
        try repl.type("quit")
    }

    /// The control: the same library in a safe place is scanned (its
    /// constructor runs), completed and loaded; so the tests above would see it.
    @Test func aSafeLibraryIsScannedCompletedAndLoaded() throws {
        let s = try Scratch()
        defer { s.remove() }
        let dir = try s.directory("plugins", mode: 0o755)
        try s.install(in: dir)
        let env = s.environment(["CELLKIT_PLUGIN_PATH": dir])
        let listing = try CellKitProcess.run(["plugins"], environment: env)
        let line = try #require(listing.standardOutput.split(separator: "\n").first { $0.hasPrefix("Other ") })
        #expect(line.contains(" available ") && line.contains("1 cell"), "\(line)")
        #expect(s.markerWritten)

        let repl = try PTYSession.start(home: s.home, ownsHome: false, environment: env)
        try repl.waitForPrompt()
        try repl.send("row Tx\t")
        try repl.waitFor("row TxtCell")
        try repl.send(PTYSession.control("u"))
        try repl.type("quit")
        try repl.waitForExit()

        let script = try CellKitProcess.run([], input: "screen A\nrow TxtCell\n", environment: env)
        #expect(script.status == 0, "\(script.standardError)")
        #expect(script.standardError.contains("loaded Other 0.0.1 for TxtCell from "))
        #expect(!script.standardError.contains("note: loaded"), "one line says a plugin was loaded")
    }

    /// `--allow-unsafe-plugins` waives the check for scanning too: a scan is a load.
    @Test func theOptionAllowsScanningAnUnsafeLibrary() throws {
        let s = try Scratch()
        defer { s.remove() }
        let dir = try s.directory("open", mode: 0o777)
        try s.install(in: dir)
        let listing = try CellKitProcess.run(
            ["--plugin-path", dir, "--allow-unsafe-plugins", "plugins"], environment: s.environment())
        let line = try #require(listing.standardOutput.split(separator: "\n").first { $0.hasPrefix("Other ") })
        #expect(line.contains(" available "), "\(line)")
        #expect(s.markerWritten)
    }
}

/// The registry-cache scanner survives a plugin that never finishes
/// registering (a time limit) or that ends the process while registering
/// (`exit(0)`): each is listed as broken, with why, and the run goes on.
@Suite struct RegistryScannerFaultTests {
    typealias Scratch = PluginTrustTests.Scratch

    func listing(_ behaviour: String, extra: [String: String] = [:]) throws -> (CellKitProcess.Result, Scratch) {
        let s = try Scratch()
        let dir = try s.directory("plugins", mode: 0o755)
        try s.install(in: dir)
        var env = s.environment(["CELLKIT_PLUGIN_PATH": dir, "CELLKIT_FIXTURE_REGISTER": behaviour])
        for (key, value) in extra { env[key] = value }
        return (try CellKitProcess.run(["plugins"], environment: env), s)
    }

    @Test func aPluginThatLoopsInRegisterIsListedAsBrokenAfterTheTimeLimit() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let (result, s) = try listing("loop", extra: ["CELLKIT_SCAN_TIMEOUT": "1"])
        defer { s.remove() }
        #expect(clock.now - start < .seconds(30))
        #expect(result.status == 0, "\(result.standardError)")
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("Other ") })
        #expect(
            line.contains(
                "broken: did not finish registering within 1 s (the scanner's time limit, CELLKIT_SCAN_TIMEOUT)"),
            "\(line)")
        #expect(result.standardOutput.contains("BasicCells "))
    }

    @Test func aPluginThatExitsWhileScannedIsListedAsBroken() throws {
        let (result, s) = try listing("exit")
        defer { s.remove() }
        #expect(result.status == 0)
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("Other ") })
        #expect(
            line.contains("broken: called exit(0) while registering, which ended the scanner"),
            "\(line)")
    }

    /// `load`, in the worker: the worker ends with the plugin's status and says
    /// why; the session reports exactly that as the load's error (issue 33,
    /// item 11: not "exit status 3") and goes on (never a silent 0).
    @Test func aPluginThatExitsWhileLoadedIsAnErrorAndTheSessionGoesOn() throws {
        let s = try Scratch()
        defer { s.remove() }
        let dir = try s.directory("plugins", mode: 0o755)
        let library = try s.install(in: dir)
        let result = try CellKitProcess.run(
            ["--no-cache", "--keep-going", "-c", "load \(library)\nscreen After\nscreens"],
            environment: s.environment(["CELLKIT_FIXTURE_REGISTER": "exit"]))
        #expect(result.status == 3)
        #expect(
            result.standardError.hasPrefix(
                "<command line>:1:6: error: the plugin \(library) called exit(0) while it was loading, which ended "
                    + "the plugin worker\n"), "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "it printed: the plugin \(library) called exit(0) while registering, which ends the process that "
                    + "loads it"), "\(result.standardError)")
        #expect(result.standardOutput.contains("After"))
    }
}
