import CellKitSupport
import Glibc
import TestSupport
import Testing

/// `cellkit install` installs release code, and `cellkit uninstall` removes
/// exactly what it wrote: run from this debug build, as the README says
/// (`swift build`, then `.build/debug/cellkit install`), in a temporary prefix
/// and HOME.
///
/// How the installed cellkit is known to be release: the configuration is
/// compiled in (SwiftPM defines `DEBUG` in debug builds only), and the
/// installed `cellkit sdk` prints it (`build     release`); the installed
/// executable and `libCellKit.so` are also byte for byte those of the release
/// build folder, `.build/install/release`, and the manifest says `release`.
///
/// The first run builds cellkit in release (`.build/install`, a few minutes on
/// 2 cores); later runs find it built. Skipped when `swift` is not on `PATH`.
@Suite struct ReleaseInstallTests {
    /// The release build folder `cellkit install` builds and installs from.
    static let releaseDirectory = TestPaths.repositoryRoot + "/.build/install/release"

    /// `.build/debug/cellkit install --prefix PREFIX`, with the test's own `PATH` (where `swift` is).
    static func installFromThisBuild(prefix: String, home: String) throws -> CellKitProcess.Result {
        try CellKitProcess.run(
            ["install", "--prefix", prefix],
            environment: ["HOME": home, "PATH": NewPluginTests.buildEnvironment["PATH"] ?? "/usr/bin:/bin"])
    }

    /// What `cellkit install` installs, and so builds: a product each.
    static let installedProducts = ["cellkit", "BasicCells", "ChartCells", "CardCells", "SQLite"]

    /// The commands that make the release build `cellkit install` makes, as it shows them.
    static var releaseBuilds: [String] {
        installedProducts.map {
            "swift build -c release --scratch-path \(TestPaths.repositoryRoot)/.build/install --product \($0)"
        }
    }

    /// The release build `cellkit install` makes (``releaseDirectory``), made
    /// as it makes it, for tests that need a release cellkit of their own.
    static func releaseBuild() throws -> String {
        let built = try CellKitProcess.spawn(
            ["/bin/sh", "-c", releaseBuilds.map { "\($0) >&2" }.joined(separator: " && ")], input: "",
            directory: TestPaths.repositoryRoot, environment: NewPluginTests.buildEnvironment)
        #expect(built.status == 0, "\(built.standardError)")
        return releaseDirectory
    }

    /// Every path below `root`, relative, folders marked with a trailing `/`.
    static func tree(_ root: String) -> [String] {
        var paths: [String] = []
        func walk(_ relative: String) {
            let path = relative.isEmpty ? root : root + "/" + relative
            for name in ((try? listDirectory(path)) ?? []).sorted() {
                let child = relative.isEmpty ? name : relative + "/" + name
                if (try? fileInfo(root + "/" + child, followingSymbolicLinks: false))?.isDirectory == true {
                    paths.append(child + "/")
                    walk(child)
                } else {
                    paths.append(child)
                }
            }
        }
        walk("")
        return paths
    }

    @Test(
        .enabled(if: NewPluginTests.swift != nil, "swift is not on PATH: the release build needs it"),
        .disabled(if: CellKitProcess.isSanitized, "it builds and runs release code: the ordinary pass runs it"))
    func aDebugBuildInstallsReleaseCode() throws {
        #expect(
            try CellKitProcess.run(["sdk"]).standardOutput.contains("\nbuild     debug "),
            "this test needs a debug build")
        let scratch = try Scratch()
        let prefix = scratch.path("prefix")
        let installed = try Self.installFromThisBuild(prefix: prefix, home: scratch.path("home"))
        #expect(installed.status == 0, "\(installed.standardError)")
        #expect(installed.standardError.contains("this cellkit is a debug build; building release to install it: "))
        #expect(installed.standardOutput.hasPrefix("installed cellkit "))
        #expect(installed.standardOutput.contains(" (release build) into \(prefix)\n"))
        // Only what is installed was built: the executable and the example plugins, a product each.
        #expect(
            installed.standardError.contains(
                "building release to install it: \(Self.releaseBuilds.joined(separator: " && "))\n"),
            "\(installed.standardError)")

        // The installed cellkit says it is a release build, ...
        let sdk = try CellKitProcess.spawn(
            [prefix + "/bin/cellkit", "sdk"], input: "", directory: scratch.directory,
            environment: ["HOME": scratch.path("home"), "PATH": "/usr/bin:/bin"])
        #expect(sdk.standardOutput.contains("\nbuild     release (this cellkit and its libCellKit.so)\n"))
        // ... it and libCellKit.so are the release build's, not this build's, ...
        for file in ["cellkit", "libCellKit.so", "plugins/libCardCells.so"] {
            let copy = try readFile(prefix + "/lib/cellkit/" + file)
            let name = Path.basename(file)
            #expect(copy == (try readFile(Self.releaseDirectory + "/" + name)), "\(file) is not the release build's")
            #expect(copy != (try readFile(TestPaths.buildDirectory + "/" + name)), "\(file) is this debug build's")
        }
        // ... and so the manifest says.
        let manifest = try readTextFile(prefix + "/lib/cellkit/install-manifest.json")
        #expect(manifest.contains("\"configuration\": \"release\""))
    }

    @Test func aDebugBuildThatCannotBuildReleaseInstallsNothingAndSaysHowToDoItByHand() throws {
        let scratch = try Scratch()
        let prefix = scratch.path("prefix")
        let noSwift = scratch.path("bin")
        try createDirectories(noSwift)
        let refused = try CellKitProcess.run(
            ["install", "--prefix", prefix], environment: ["HOME": scratch.path("home"), "PATH": noSwift])
        #expect(refused.status == 4)
        let root = TestPaths.repositoryRoot
        #expect(
            refused.standardError.contains(
                "cellkit: error: this cellkit is a debug build and could not build release to install: cannot run swift"
            ), "\(refused.standardError)")
        #expect(
            refused.standardError.hasSuffix(
                "\n  nothing was installed; by hand: cd \(root) && \(Self.releaseBuilds.joined(separator: " && ")) && "
                    + "\(root)/.build/install/release/cellkit install --prefix \(prefix)\n"),
            "\(refused.standardError)")
        #expect(!fileExists(prefix))
    }

    /// `cellkit install` builds what it installs, not every target (the
    /// tests' fixtures, the fuzz harnesses and the benchmarks took most of
    /// six minutes on 2 cores; issue 33, item 20). A `swift` that notes what
    /// it is asked, and fails the last build so that nothing is installed,
    /// shows the builds without making them.
    @Test func theReleaseBuildBuildsOnlyWhatIsInstalled() throws {
        let scratch = try Scratch()
        let log = scratch.path("swift.log")
        try scratch.write(
            "bin/swift",
            "#!/bin/sh\necho \"$*\" >> \(log)\ncase \"$*\" in *\(Self.installedProducts.last!)) exit 1 ;; esac\nexit 0\n"
        )
        #expect(chmod(scratch.path("bin/swift"), 0o755) == 0)
        let prefix = scratch.path("prefix")
        let result = try CellKitProcess.run(
            ["install", "--prefix", prefix],
            environment: ["HOME": scratch.path("home"), "PATH": scratch.path("bin") + ":/usr/bin:/bin"])
        #expect(result.status == 4)
        #expect(result.standardError.contains("the release build failed (exit status 1)"), "\(result.standardError)")
        #expect(
            scratch.read("swift.log") == Self.releaseBuilds.map { String($0.dropFirst("swift ".count)) + "\n" }.joined()
        )
        #expect(!fileExists(prefix))
    }

    @Test(
        .enabled(if: NewPluginTests.swift != nil, "swift is not on PATH: the release build needs it"),
        .disabled(if: CellKitProcess.isSanitized, "it builds and runs release code: the ordinary pass runs it"))
    func uninstallRemovesExactlyWhatInstallWroteAndKeepsTheRest() throws {
        let scratch = try Scratch()
        let prefix = scratch.path("prefix")
        let home = scratch.path("home")
        // What the prefix held before: another program's files, in folders install also uses.
        try scratch.write("prefix/bin/other-tool", "#!/bin/sh\n")
        try scratch.write("prefix/share/man/man1/other-tool.1", ".TH OTHER 1\n")
        let before = Self.tree(prefix)
        let plugins = prefix + "/lib/cellkit/plugins"
        let cellkit = prefix + "/bin/cellkit"
        let environment = ["HOME": home, "PATH": "/usr/bin:/bin"]
        /// Installs, adds a plugin of the user's (as plugin install leaves one), and uninstalls with `arguments`.
        func installAndUninstall(_ arguments: [String], twice: Bool = false) throws -> CellKitProcess.Result {
            let installed = try Self.installFromThisBuild(prefix: prefix, home: home)
            #expect(installed.status == 0, "\(installed.standardError)")
            // Installed twice: the second install's manifest still lists everything.
            if twice { #expect(try Self.installFromThisBuild(prefix: prefix, home: home).status == 0) }
            try copyFile(TestPaths.buildDirectory + "/libBasicCells.so", to: plugins + "/libMine.so")
            try scratch.write("prefix/lib/cellkit/plugins/Mine.source", "/home/ada/Mine\n")
            return try CellKitProcess.spawn(
                [cellkit, "uninstall"] + arguments, input: "", directory: scratch.directory, environment: environment)
        }

        // Asked to, it removes the user's plugins too: exactly what was there before is left.
        let all = try installAndUninstall(["--plugins"], twice: true)
        #expect(all.status == 0, "\(all.standardError)")
        #expect(all.standardOutput.hasPrefix("removed cellkit "), "\(all.standardOutput)")
        #expect(all.standardOutput.contains(", and the plugins Mine\n"), "\(all.standardOutput)")
        #expect(all.standardError.isEmpty, "\(all.standardError)")
        #expect(Self.tree(prefix) == before)

        // By default it keeps them, and says so.
        let uninstalled = try installAndUninstall([])
        #expect(uninstalled.status == 0, "\(uninstalled.standardError)")
        #expect(
            uninstalled.standardOutput.contains(
                "kept the plugins you installed in \(plugins): Mine\n"
                    + "  cellkit uninstall --plugins --prefix \(prefix) removes them too; cellkit plugin uninstall NAME "
                    + "removes one\n"))
        #expect(uninstalled.standardError.isEmpty, "\(uninstalled.standardError)")
        // What is left of the manifest lists the folders install made, for the command it suggests.
        #expect(
            Self.tree(prefix)
                == (before + [
                    "lib/", "lib/cellkit/", "lib/cellkit/install-manifest.json", "lib/cellkit/plugins/",
                    "lib/cellkit/plugins/Mine.source", "lib/cellkit/plugins/libMine.so",
                ]).sorted())
        // That command, run after (by another cellkit: the installed one is gone), removes the rest.
        let rest = try CellKitProcess.run(["uninstall", "--plugins", "--prefix", prefix], environment: ["HOME": home])
        #expect(rest.status == 0, "\(rest.standardError)")
        #expect(rest.standardOutput.hasSuffix(", and the plugins Mine\n"), "\(rest.standardOutput)")
        #expect(Self.tree(prefix) == before)

        // Nothing installed any more: said, with the fix.
        let none = try CellKitProcess.run(["uninstall", "--prefix", prefix], environment: ["HOME": home])
        #expect(none.status == 4)
        #expect(none.standardError.contains("cellkit is not installed in \(prefix): there is no "))
    }

    @Test(
        .enabled(if: NewPluginTests.swift != nil, "swift is not on PATH: the release build needs it"),
        .disabled(if: CellKitProcess.isSanitized, "it builds and runs release code: the ordinary pass runs it"))
    func uninstallKeepsWhatChangedLinksAndOtherUsersFiles() throws {
        let scratch = try Scratch()
        let prefix = scratch.path("prefix")
        let home = scratch.path("home")
        #expect(try Self.installFromThisBuild(prefix: prefix, home: home).status == 0)
        // An SDK file edited since, a manual page swapped for a link to a file
        // of the user's, a completion that now belongs to another user (when
        // the tests run as root, who can give it away).
        let edited = prefix + "/share/cellkit/SDK/Package.swift"
        try atomicWrite(edited, try readTextFile(edited) + "// mine\n")
        let precious = try scratch.write("precious.txt", "keep me\n")
        let manual = prefix + "/share/man/man1/cellkit.1"
        #expect(unlink(manual) == 0 && symlink(precious, manual) == 0)
        let completion = prefix + "/share/bash-completion/completions/cellkit"
        let givenAway = geteuid() == 0 && chown(completion, 65534, 65534) == 0

        let uninstalled = try CellKitProcess.run(["uninstall", "--prefix", prefix], environment: ["HOME": home])
        #expect(uninstalled.status == 4)
        #expect(
            uninstalled.standardError.contains(
                "cellkit: warning: kept \(edited): it changed after cellkit install wrote it\n"),
            "\(uninstalled.standardError)")
        #expect(
            uninstalled.standardError.contains(
                "cellkit: warning: kept \(manual): it is a symbolic link now; cellkit install wrote a file there\n"))
        #expect(try readTextFile(precious) == "keep me\n")
        #expect(fileExists(edited))
        #expect(try fileInfo(manual, followingSymbolicLinks: false)?.kind == .symbolicLink)
        if givenAway {
            #expect(
                uninstalled.standardError.contains(
                    "cellkit: warning: kept \(completion): it belongs to another user (uid 65534)\n"))
            #expect(fileExists(completion))
        }
        // What was install's and unchanged is gone.
        #expect(!fileExists(prefix + "/lib/cellkit/cellkit") && !fileExists(prefix + "/bin/cellkit"))
        #expect(!fileExists(prefix + "/share/cellkit/SDK/Sources"))
    }
}
