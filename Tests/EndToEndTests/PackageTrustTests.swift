import CellKitSupport
import Glibc
import TestSupport
import Testing

/// A build runs the package's code as the user (issue 33, item 1): every
/// build cellkit starts (`plugin install DIR`, `plugin rebuild`, `load` under
/// `set rebuild=auto`) first checks every file and folder the build reads,
/// its path dependencies' (found without building) and the folders above
/// them, as a plugin library is checked; or nothing is built, and the error
/// names the file and the command that fixes it.
///
/// Nothing real is built: `swift` on the `PATH` these runs get is a script
/// that writes each command it is given to a log, answers `swift package
/// dump-package` with the package's `dump.json` (a dependency list, as
/// SwiftPM prints it), and fails every build (or, for the tests of what
/// follows a build, "makes" a plugin library copied in beforehand). A build
/// was started exactly when the log has a `build` line. Files "of another user" are given to uid
/// 4242, which only root can do: those cases are skipped for other users.
@Suite struct PackageTrustTests {
    static let isRoot = getuid() == 0

    /// A home, a fake `swift`, and a plugin package `MiniCells` with sources,
    /// a resource and a `Package.resolved`.
    final class Setup {
        let scratch: Scratch
        let package: String

        /// With `builds`, the fake `swift`'s builds succeed, and what they
        /// "made" is in ``made`` (plugin libraries the test copies there).
        init(builds: Bool = false) throws {
            scratch = try Scratch()
            let made = scratch.path("made")
            try scratch.write(
                "bin/swift",
                """
                #!/bin/sh
                echo "$*" >> "\(scratch.path("swift.log"))"
                if [ "$1 $2" = "package dump-package" ]; then
                    if [ -f dump.json ]; then cat dump.json; else echo '{"dependencies": []}'; fi
                    exit 0
                fi
                \(builds ? "case \"$*\" in *--show-bin-path) echo '\(made)' ;; esac\nexit 0" : "exit 1")

                """)
            #expect(chmod(scratch.path("bin/swift"), 0o755) == 0)
            package = scratch.path("MiniCells")
            try Self.writePackage(in: scratch, "MiniCells")
        }

        /// A small package in `name`: what a build reads.
        static func writePackage(in scratch: Scratch, _ name: String) throws {
            try scratch.write("\(name)/Package.swift", "// swift-tools-version:6.1\n")
            try scratch.write("\(name)/Package.resolved", "{}\n")
            try scratch.write("\(name)/Sources/\(name)/\(name).swift", "// register\n")
            try scratch.write("\(name)/Sources/\(name)/Resources/Card.nib", "{title}\n")
        }

        /// Where a build "made" its libraries.
        var made: String { scratch.path("made") }

        /// The commands the fake `swift` was given.
        var swiftCommands: [String] {
            (scratch.read("swift.log") ?? "").split(separator: "\n").map(String.init)
        }

        /// Whether a build was started.
        var built: Bool { swiftCommands.contains { $0.hasPrefix("build") } }

        var environment: [String: String] {
            [
                "HOME": scratch.path("home"), "PATH": scratch.path("bin") + ":/usr/bin:/bin",
                "XDG_CACHE_HOME": scratch.path("home/cache"), "XDG_STATE_HOME": scratch.path("home/state"),
                "CELLKIT_SDK": scratch.path("SDK"),
            ]
        }

        /// `cellkit plugin install MiniCells --prefix PREFIX` and `arguments`.
        func install(_ arguments: [String] = []) throws -> CellKitProcess.Result {
            try scratch.cellkit(
                ["plugin", "install", package, "--prefix", scratch.path("prefix")] + arguments,
                environment: environment)
        }

        func give(_ name: String, to uid: uid_t) {
            #expect(lchown(scratch.path(name), uid, gid_t(uid)) == 0)
        }
    }

    /// The refusal `plugin install` prints for `reason`, with `fix` and the flag that overrides it.
    static func refusal(_ setup: Setup, _ reason: String, fix: String) -> String {
        "cellkit: error: refusing to build \(setup.package): \(reason)\n  \(fix), "
            + "or, if you trust it, run cellkit with --allow-unsafe-plugins\n"
    }

    @Test func aSourceFileOthersCanWriteIsNotBuilt() throws {
        let setup = try Setup()
        let file = setup.package + "/Sources/MiniCells/MiniCells.swift"
        #expect(chmod(file, 0o664) == 0)
        let result = try setup.install()
        #expect(result.status == 3)
        #expect(
            result.standardError
                == Self.refusal(setup, "\(file) can be written by others (mode 664)", fix: "run `chmod go-w \(file)`"))
        #expect(!setup.built, "\(setup.swiftCommands)")
        #expect(!fileExists(setup.scratch.path("prefix")))
    }

    @Test(.enabled(if: isRoot, "only root can give a file to another user"))
    func sourcesOfAnotherUserAreNotBuilt() throws {
        let setup = try Setup()
        setup.give("MiniCells/Sources", to: 4242)
        let sources = setup.package + "/Sources"
        let result = try setup.install()
        #expect(result.status == 3)
        #expect(
            result.standardError
                == Self.refusal(
                    setup, "directory \(sources) belongs to another user (uid 4242)",
                    fix: "a build runs the package's code with your rights; copy the package to a folder of yours "
                        + "and build it there, or, as root, make it yours: `chown -R root \(sources)`"))
        #expect(!setup.built)
    }

    @Test func aResourceAPackageResolvedAndAManifestOthersCanWriteAreNotBuilt() throws {
        for name in ["Sources/MiniCells/Resources/Card.nib", "Package.resolved", "Package.swift"] {
            let setup = try Setup()
            let file = setup.package + "/" + name
            #expect(chmod(file, 0o646) == 0)
            let result = try setup.install()
            #expect(
                result.standardError.hasPrefix(
                    "cellkit: error: refusing to build \(setup.package): \(file) can be written by others (mode 646)"),
                "\(name): \(result.standardError)")
            #expect(!setup.built, "\(name)")
        }
    }

    @Test(.enabled(if: isRoot, "only root can give a link to another user"))
    func aLinkOfAnotherUserInThePackageIsNotBuilt() throws {
        let setup = try Setup()
        let link = setup.package + "/Sources/MiniCells/Shared.swift"
        try setup.scratch.write("elsewhere/Shared.swift", "// shared\n")
        #expect(symlink(setup.scratch.path("elsewhere/Shared.swift"), link) == 0)
        setup.give("MiniCells/Sources/MiniCells/Shared.swift", to: 4242)
        let result = try setup.install()
        #expect(
            result.standardError.hasPrefix(
                "cellkit: error: refusing to build \(setup.package): symbolic link \(link) belongs to another user "
                    + "(uid 4242)\n"), "\(result.standardError)")
        #expect(result.standardError.contains("`chown -h root \(link)`"))
        #expect(!setup.built)
    }

    @Test func aLinkToAFolderOthersCanWriteIsNotBuilt() throws {
        let setup = try Setup()
        try setup.scratch.write("open/Extra.swift", "// extra\n")
        #expect(chmod(setup.scratch.path("open"), 0o777) == 0)
        #expect(symlink(setup.scratch.path("open"), setup.package + "/Sources/MiniCells/Extra") == 0)
        let result = try setup.install()
        #expect(
            result.standardError.hasPrefix(
                "cellkit: error: refusing to build \(setup.package): directory \(setup.scratch.path("open")) can be "
                    + "written by others (mode 777)"), "\(result.standardError)")
        #expect(!setup.built)
    }

    /// A `.build` is reused by the build: another user's (or one others can
    /// write) is refused, and the fix is to remove it.
    @Test func aBuildFolderOthersCanChangeIsNotReused() throws {
        let setup = try Setup()
        let object = try setup.scratch.write("MiniCells/.build/release/MiniCells.build/MiniCells.swift.o", "ELF")
        #expect(chmod(object, 0o666) == 0)
        let result = try setup.install()
        #expect(
            result.standardError
                == Self.refusal(
                    setup, "\(object) can be written by others (mode 666)",
                    fix: "remove the build folder, which the build makes again: `rm -rf \(setup.package)/.build`"))
        #expect(!setup.built)
    }

    /// `.git` is not read by a build: what is in it does not matter.
    @Test func gitsFolderIsNotChecked() throws {
        let setup = try Setup()
        let object = try setup.scratch.write("MiniCells/.git/objects/ab/cdef", "x")
        #expect(chmod(object, 0o666) == 0)
        _ = try setup.install()
        #expect(setup.built, "\(setup.swiftCommands)")
    }

    /// Path dependencies come from the manifest, evaluated alone (`swift
    /// package dump-package`), once the package passed; each is checked in
    /// turn, transitively, before its own manifest runs. The SDK found
    /// through CELLKIT_SDK is one of them.
    @Test func aPathDependencyOthersCanChangeIsNotBuilt() throws {
        let setup = try Setup()
        let scratch = setup.scratch
        try Setup.writePackage(in: scratch, "Helpers")
        try Setup.writePackage(in: scratch, "SDK")
        func dependsOn(_ packages: [String]) -> String {
            #"{"dependencies": ["#
                + packages.map { #"{"fileSystem": [{"identity": "x", "path": "\#(scratch.path($0))"}]}"# }
                .joined(separator: ", ") + "]}\n"
        }
        try scratch.write("MiniCells/dump.json", dependsOn(["Helpers"]))
        try scratch.write("Helpers/dump.json", dependsOn(["SDK", "MiniCells"]))
        let file = scratch.path("SDK/Sources/SDK/SDK.swift")
        #expect(chmod(file, 0o664) == 0)
        let result = try setup.install()
        #expect(
            result.standardError
                == Self.refusal(
                    setup,
                    "\(file) can be written by others (mode 664); it is part of \(scratch.path("SDK")), a package "
                        + "the plugin depends on by path", fix: "run `chmod go-w \(file)`"))
        #expect(!setup.built)
        // Each manifest ran only once its package had passed (the SDK's never did), and each only once.
        #expect(setup.swiftCommands == ["package dump-package", "package dump-package"])
        #expect(chmod(file, 0o644) == 0)
        _ = try setup.install()
        #expect(setup.built, "\(setup.swiftCommands)")
    }

    /// A build makes its own `.build` for a path dependency and never reads
    /// the dependency's; a dependency that is not there is for the build to report.
    @Test func aDependencysBuildFolderIsNotCheckedNorAMissingDependency() throws {
        let setup = try Setup()
        try Setup.writePackage(in: setup.scratch, "Helpers")
        let object = try setup.scratch.write("Helpers/.build/debug/x.o", "ELF")
        #expect(chmod(object, 0o666) == 0)
        let helpers = setup.scratch.path("Helpers")
        let missing = setup.scratch.path("Missing")
        try setup.scratch.write(
            "MiniCells/dump.json",
            #"{"dependencies": [{"fileSystem": [{"path": "\#(helpers)"}]}, {"fileSystem": [{"path": "\#(missing)"}]}]}"#
        )
        _ = try setup.install()
        #expect(setup.built, "\(setup.swiftCommands)")
    }

    @Test func theWaiverBuildsIt() throws {
        let setup = try Setup()
        #expect(chmod(setup.package + "/Sources/MiniCells/MiniCells.swift", 0o666) == 0)
        let result = try setup.install(["--allow-unsafe-plugins"])
        #expect(result.standardError.hasPrefix("building \(setup.package) (swift build -c release)\n"))
        #expect(setup.swiftCommands == ["build -c release"], "checked nothing: no dump-package")
    }

    /// The issue's case: `plugin rebuild` of an installed plugin whose
    /// package's `Sources/` another user owns.
    @Test(.enabled(if: isRoot, "only root can give a file to another user"))
    func pluginRebuildOfAPackageWithSourcesOfAnotherUserBuildsNothing() throws {
        let setup = try Setup()
        let plugins = setup.scratch.path("plugins")
        try createDirectories(plugins)
        try copyFile(TestPaths.buildDirectory + "/libBasicCells.so", to: plugins + "/libMiniCells.so")
        try setup.scratch.write("plugins/MiniCells.source", setup.package + "\n")
        setup.give("MiniCells/Sources", to: 4242)
        var environment = setup.environment
        environment["CELLKIT_PLUGIN_PATH"] = plugins
        let result = try setup.scratch.cellkit(["plugin", "rebuild", "MiniCells"], environment: environment)
        #expect(result.status == 3)
        #expect(
            result.standardError.hasPrefix(
                "cellkit: error: refusing to build MiniCells from \(setup.package): directory \(setup.package)/Sources "
                    + "belongs to another user (uid 4242)\n"), "\(result.standardError)")
        #expect(!result.standardOutput.contains("installed"))
        #expect(!setup.built)
    }

    /// A trusted package is built, and `plugin install` then draws each of
    /// its cells under its name (issue 33, item 23: an empty card, an
    /// unlabelled `0%` bar). The "build" makes BasicCells.
    @Test func aTrustedPackageIsBuiltAndItsCellsDrawnUnderTheirNames() throws {
        let setup = try Setup(builds: true)
        try createDirectories(setup.made)
        try copyFile(TestPaths.buildDirectory + "/libBasicCells.so", to: setup.made + "/libBasicCells.so")
        let result = try setup.install()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            setup.swiftCommands == ["package dump-package", "build -c release", "build -c release --show-bin-path"])
        #expect(result.standardOutput.contains("\nits cells, with their defaults:\nBasicCells.TextCell\n"))
        // Each cell under its name: the progress bar of ProgressCell is not a bare `0%` any more.
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let bar = try #require(lines.firstIndex { $0.hasSuffix("0%") })
        #expect(lines[bar - 1] == "BasicCells.ProgressCell", "\(result.standardOutput)")
        for cell in ["TextCell", "KeyValueCell", "ProgressCell", "BadgeCell"] {
            #expect(lines.contains("BasicCells.\(cell)"), "\(cell)")
        }
    }
}
