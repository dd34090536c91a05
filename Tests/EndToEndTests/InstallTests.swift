import CellKitSupport
import Glibc
import TestSupport
import Testing

/// `cellkit install`, then the installed `cellkit` as a user outside the
/// checkout has it: from another folder, with its example plugins, its SDK,
/// a new plugin built against that SDK, installed and uninstalled.
///
/// Everything happens in a temporary prefix with a temporary HOME. The
/// plugin is built in release four times (install, install into another
/// prefix, `plugin rebuild`, `rebuild=auto`), always by the installed
/// cellkit, against its SDK: the first build is whole, the others find it
/// done (78 s alone on 2 cores; 187 s when the second was made against
/// another SDK and rebuilt it all, twice). The test is skipped when `swift`
/// is not on the `PATH` the tests run with, and runs in `.ci/run`'s
/// ordinary pass only (``CellKitProcess/isSanitized``).
@Suite struct InstallTests {
    /// Runs a `cellkit` (the installed one) with only this HOME and PATH.
    static func run(_ executable: String, _ arguments: [String], home: String, in directory: String, path: String)
        throws -> CellKitProcess.Result
    {
        try CellKitProcess.spawn(
            [executable] + arguments, input: "", directory: directory,
            environment: ["HOME": home, "PATH": path, "XDG_CACHE_HOME": home + "/cache"])
    }

    /// This cellkit's Swift compiler, as `cellkit sdk` writes it (`6.3.1`).
    static var compiler: String {
        let sdk = (try? CellKitProcess.run(["sdk"]).standardOutput) ?? ""
        let line = sdk.split(separator: "\n").first { $0.hasPrefix("compiler  Swift ") } ?? ""
        return String(line.dropFirst("compiler  Swift ".count))
    }

    @Test(
        .enabled(if: NewPluginTests.swift != nil, "swift is not on PATH: plugin install needs it to build"),
        .disabled(if: CellKitProcess.isSanitized, "it builds and runs release code: the ordinary pass runs it"))
    func anInstalledCellKitRunsAnywhereAndInstallsAPluginBuiltAgainstItsSDK() throws {
        let scratch = try Scratch()
        let home = scratch.path("home")
        let prefix = scratch.path("prefix")
        let elsewhere = scratch.path("elsewhere")
        try createDirectories(home)
        try createDirectories(elsewhere)
        let systemPath = "/usr/bin:/bin"

        // 1. Install from this build (release: ReleaseInstallTests shows it).
        let installed = try ReleaseInstallTests.installFromThisBuild(prefix: prefix, home: home)
        #expect(installed.status == 0, "\(installed.standardError)")
        #expect(installed.standardOutput.hasPrefix("installed cellkit "))
        #expect(
            installed.standardOutput.contains(
                "\(prefix)/lib/cellkit/plugins: BasicCells, CardCells, ChartCells, SQLite\n"))
        let cellkit = prefix + "/bin/cellkit"
        #expect(try fileInfo(cellkit, followingSymbolicLinks: false)?.kind == .symbolicLink)
        for file in [
            "lib/cellkit/cellkit", "lib/cellkit/libCellKit.so",
            "lib/cellkit/plugins/CardCells.resources/ProfileCell.nib",
            "share/cellkit/SDK/Package.swift", "share/cellkit/SDK/Sources/CellKit/Plugin/PluginABI.swift",
        ] {
            #expect(fileExists(prefix + "/" + file), "\(file) was not installed")
        }
        #expect(!fileExists(prefix + "/share/cellkit/SDK/.build"))

        // 2. From another folder, it finds its plugins and their nibs.
        let plugins = try Self.run(cellkit, ["plugins"], home: home, in: elsewhere, path: systemPath)
        #expect(plugins.status == 0, "\(plugins.standardError)")
        #expect(plugins.standardOutput.contains("\(prefix)/lib/cellkit/plugins/libCardCells.so"))
        let card = try Self.run(
            cellkit, ["-c", "load CardCells\nscreen S width=30\nrow ProfileCell name=Ada role=Analyst\nrender"],
            home: home, in: elsewhere, path: systemPath)
        #expect(card.status == 0, "\(card.standardError)")
        #expect(card.standardOutput.hasPrefix("╭─ Ada ──────────── Analyst ─╮\n"))

        // 3. `cellkit sdk` names the installed SDK.
        let sdk = try Self.run(cellkit, ["sdk"], home: home, in: elsewhere, path: systemPath)
        #expect(sdk.status == 0)
        #expect(sdk.standardOutput.hasPrefix("path      \(prefix)/share/cellkit/SDK\nversion   "))
        #expect(sdk.standardOutput.contains("\nloads     plugins built against SDK "))
        #expect(sdk.standardOutput.contains("\ncompiler  Swift "))

        // 4. A new plugin finds the SDK through CELLKIT_SDK (the hint says which), with no path in its manifest.
        let created = try Self.run(
            cellkit, ["new-plugin", "WeatherCells"], home: home, in: elsewhere, path: systemPath)
        #expect(created.status == 0, "\(created.standardError)")
        let manifest = try readTextFile(elsewhere + "/WeatherCells/Package.swift")
        #expect(manifest.contains(".package(path: sdk)") && !manifest.contains(prefix))
        #expect(created.standardOutput.contains("  export CELLKIT_SDK=\(prefix)/share/cellkit/SDK\n"))

        // 5. `plugin install` builds it in release, validates it and installs it into the
        // prefix of the cellkit that runs, with where its package is.
        let buildPath = NewPluginTests.buildEnvironment["PATH"] ?? systemPath
        let pluginInstall = try Self.run(
            cellkit, ["plugin", "install", "WeatherCells"], home: home, in: elsewhere, path: buildPath)
        #expect(pluginInstall.status == 0, "\(pluginInstall.standardError)")
        let userPlugins = prefix + "/lib/cellkit/plugins"
        #expect(!fileExists(home + "/.local/lib"))
        #expect(try readTextFile(userPlugins + "/WeatherCells.source") == elsewhere + "/WeatherCells\n")
        #expect(pluginInstall.standardOutput.hasPrefix("installed WeatherCells 0.1.0 (2 items validated): "))
        // Then it draws the new cells with their defaults, each under its name: from
        // an empty folder to a cell of one's own in two commands (new-plugin, plugin install).
        #expect(
            pluginInstall.standardOutput.contains(
                """
                its cells, with their defaults:
                WeatherCells.HelloCell
                Hello, world!

                WeatherCells.CardCell
                ╭─  ───────────────────────────────────╮

                """), "\(pluginInstall.standardOutput)")
        #expect(fileExists(userPlugins + "/libWeatherCells.so"))
        #expect(fileExists(userPlugins + "/WeatherCells.resources/CardCell.nib"))

        // 6. The installed cellkit loads it by name, nib and all, from anywhere.
        let hello = try Self.run(
            cellkit, ["run", elsewhere + "/WeatherCells/Examples/hello.cellkit"], home: home, in: home,
            path: systemPath)
        #expect(hello.status == 0, "\(hello.standardError)")
        #expect(hello.standardOutput.contains("│ Hello, Ada!"))
        #expect(hello.standardOutput.contains("│ │ drawn from CardCell.nib"))

        // 6b. `plugin install --prefix` installs into that prefix instead. (The installed cellkit, so
        // that the package is built against the same SDK: this build's would rebuild it whole, twice.)
        let other = scratch.path("other")
        let intoOther = try Self.run(
            cellkit, ["plugin", "install", "WeatherCells", "--prefix", other], home: home, in: elsewhere,
            path: buildPath)
        #expect(intoOther.status == 0, "\(intoOther.standardError)")
        #expect(fileExists(other + "/lib/cellkit/plugins/libWeatherCells.so"))

        // 6c needs a fixture the installed (release, uninstrumented) cellkit can load: under
        // AddressSanitizer the fixture is instrumented and refused for the sanitizer's symbols.
        if CellKitProcess.sanitizerOptions["ASAN_OPTIONS"] == nil {
            // 6c. Built by another Swift compiler (the fixture says so), it is stale: `plugins` says so,
            // with the command that fixes it, and `plugin rebuild` rebuilds it from its recorded package.
            let stale = TestPaths.buildDirectory + "/libcellkit-fixture-other-compiler.so"
            try copyFile(stale, to: userPlugins + "/libWeatherCells.so")
            let listed = try Self.run(cellkit, ["plugins"], home: home, in: elsewhere, path: systemPath)
            #expect(
                listed.standardOutput.contains(
                    "stale: built with Swift 5.10.0; this cellkit has Swift \(Self.compiler); "
                        + "fix: cellkit plugin rebuild WeatherCells"), "\(listed.standardOutput)")
            #expect(
                listed.standardError.contains(
                    "note: 1 plugin must be rebuilt for this cellkit's Swift and SDK; cellkit plugin rebuild rebuilds it"
                ))
            let json = try Self.run(cellkit, ["plugins", "--json"], home: home, in: elsewhere, path: systemPath)
            #expect(json.standardOutput.contains(#""state": "stale""#), "\(json.standardOutput)")
            let rebuilt = try Self.run(cellkit, ["plugin", "rebuild"], home: home, in: elsewhere, path: buildPath)
            #expect(rebuilt.status == 0, "\(rebuilt.standardError)")
            #expect(
                rebuilt.standardError.hasPrefix(
                    "rebuilding WeatherCells from \(elsewhere)/WeatherCells (swift build -c release)\n"))
            #expect(rebuilt.standardOutput.hasPrefix("installed WeatherCells 0.1.0 (2 items validated): "))
            let relisted = try Self.run(cellkit, ["plugins"], home: home, in: elsewhere, path: systemPath)
            #expect(!relisted.standardOutput.contains("stale"), "\(relisted.standardOutput)")
            #expect(try readFile(userPlugins + "/libWeatherCells.so") != (try readFile(stale)))
            // 6d. With `set rebuild=auto` in the config file, the first `load` of the stale
            // plugin rebuilds it as `plugin rebuild` does (quietly: no terminal), then loads it.
            try copyFile(stale, to: userPlugins + "/libWeatherCells.so")
            let config = home + "/.config/cellkit/config"
            try createDirectories(Path.dirname(config))
            try atomicWrite(config, "set rebuild=auto\n")
            #expect(chmod(config, 0o644) == 0)
            let loaded = try Self.run(
                cellkit, ["-c", "load WeatherCells\nscreen S width=30\nrow HelloCell name=Ada\nrender"], home: home,
                in: elsewhere, path: buildPath)
            #expect(loaded.status == 0, "\(loaded.standardError)")
            #expect(loaded.standardOutput.contains("Hello, Ada!"), "\(loaded.standardOutput)")
            #expect(
                loaded.standardError.hasPrefix(
                    "rebuilt and installed WeatherCells 0.1.0 (2 items validated): \(userPlugins)/libWeatherCells.so, "),
                "\(loaded.standardError)")
            #expect(loaded.standardError.contains("\nloaded WeatherCells 0.1.0 from "))
            #expect(try readFile(userPlugins + "/libWeatherCells.so") != (try readFile(stale)))
            try removeTree(config)
            // A plugin whose package is gone is refused, with the command that fixes it.
            try copyFile(stale, to: userPlugins + "/libWeatherCells.so")
            #expect(rename(elsewhere + "/WeatherCells", elsewhere + "/Moved") == 0)
            let gonePackage = try Self.run(
                cellkit, ["plugin", "rebuild", "WeatherCells"], home: home, in: elsewhere, path: buildPath)
            #expect(gonePackage.status == 4)
            #expect(
                gonePackage.standardError
                    == "cellkit: error: the package WeatherCells was installed from, \(elsewhere)/WeatherCells, is gone\n"
                    + "  put it back there, or install it from where it is now: cellkit plugin install PACKAGE_DIR\n")

        }

        // 7. Uninstalled, it is gone; a typo is an error with a suggestion.
        let typo = try Self.run(
            cellkit, ["plugin", "uninstall", "WeatherCell"], home: home, in: home, path: systemPath)
        #expect(typo.status == 3)
        #expect(typo.standardError.contains("did you mean 'WeatherCells'?"))
        let removed = try Self.run(
            cellkit, ["plugin", "uninstall", "WeatherCells"], home: home, in: home, path: systemPath)
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(!fileExists(userPlugins + "/libWeatherCells.so"))
        #expect(!fileExists(userPlugins + "/WeatherCells.resources"))
        #expect(!fileExists(userPlugins + "/WeatherCells.source"))
        let gone = try Self.run(cellkit, ["-c", "load WeatherCells"], home: home, in: home, path: systemPath)
        #expect(gone.status == 3)
    }
}
