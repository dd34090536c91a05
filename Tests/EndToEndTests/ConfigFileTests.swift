import CellKitSupport
import Glibc
import TestSupport
import Testing

/// The config file, `$XDG_CONFIG_HOME/cellkit/config` (`~/.config/cellkit/config`):
/// `set` lines every session starts with; a wrong line is a warning and is
/// skipped; a file others could change is ignored; `--no-config` skips it.
/// And `set rebuild=`, what `load` does with a stale plugin.
///
/// Every run has a temporary HOME (``CellKitProcess/run(_:input:directory:environment:)``),
/// so the config read is the test's, never the user's.
@Suite struct ConfigFileTests {
    /// A scratch folder as HOME, with `text` as its config file (mode `mode`).
    static func home(config text: String, mode: mode_t = 0o644) throws -> Scratch {
        let scratch = try Scratch()
        let path = try scratch.write(".config/cellkit/config", text)
        #expect(chmod(path, mode) == 0)
        return scratch
    }

    static func environment(_ scratch: Scratch) -> [String: String] {
        ["HOME": scratch.directory, "XDG_CACHE_HOME": scratch.path("cache"), "XDG_STATE_HOME": scratch.path("state")]
    }

    @Test func theSettingsOfTheConfigFileApplyToEveryBatchRun() throws {
        let scratch = try Self.home(config: "# mine\nset width=33 color=never   # narrow\n\nset rebuild=auto\n")
        let settings = "width=33 color=never timeout=10 rebuild=auto\n"
        let commands = try scratch.cellkit(["-c", "set"], environment: Self.environment(scratch))
        #expect(commands.status == 0, "\(commands.standardError)")
        #expect(commands.standardOutput == settings)
        #expect(commands.standardError == "")
        let script = try scratch.write("s.cellkit", "set\n")
        let run = try scratch.cellkit(["run", script], environment: Self.environment(scratch))
        #expect(run.standardOutput == settings)
        let input = try scratch.cellkit([], input: "set\n", environment: Self.environment(scratch))
        #expect(input.standardOutput == settings)
        // A screen with no width of its own is drawn at the width the config sets.
        let drawn = try scratch.cellkit(
            ["-c", "screen S", "-c", "row ProfileCell name=Ada role=Analyst", "-c", "render"],
            environment: Self.environment(scratch))
        #expect(drawn.standardOutput.split(separator: "\n").first?.count == 33, "\(drawn.standardOutput)")
        // The command line wins over it.
        let overridden = try scratch.cellkit(
            ["-c", "set", "--color", "always", "--timeout", "20"], environment: Self.environment(scratch))
        #expect(overridden.standardOutput == "width=33 color=always timeout=20 rebuild=auto\n")
        // XDG_CONFIG_HOME says where it is.
        var elsewhere = Self.environment(scratch)
        elsewhere["XDG_CONFIG_HOME"] = scratch.path("nowhere")
        #expect(try scratch.cellkit(["-c", "set"], environment: elsewhere).standardOutput.hasPrefix("width=auto "))
    }

    @Test func theREPLStartsWithTheSettingsOfTheConfigFile() throws {
        let home = try PTYSession.makeHome()
        let config = home + "/.config/cellkit/config"
        try createDirectories(Path.dirname(config))
        try atomicWrite(config, "set width=41 rebuild=auto\n")
        #expect(chmod(config, 0o600) == 0)
        let repl = try PTYSession.start(home: home, ownsHome: true)
        try repl.waitForPrompt()
        try repl.type("set")
        try repl.wait(for: "the settings") { $0.text.contains("width=41 color=auto timeout=10 rebuild=auto") }
    }

    @Test func aWrongLineIsAWarningAtItsPlaceAndTheOthersApply() throws {
        let scratch = try Self.home(config: "set widht=50\nload BasicCells\nset width=50\nset rebuild=sometimes\n")
        let config = scratch.path(".config/cellkit/config")
        let result = try scratch.cellkit(["-c", "set"], environment: Self.environment(scratch))
        #expect(result.status == 0)
        #expect(result.standardOutput == "width=50 color=auto timeout=10 rebuild=never\n")
        #expect(
            result.standardError == """
                \(config):1:5: warning: unknown option 'widht' for 'set'
                  set widht=50
                      ^~~~~
                  did you mean 'width'?
                  the line is skipped; cellkit goes on without it
                \(config):2:1: warning: only set commands belong in the config file, not load
                  load BasicCells
                  ^~~~
                  to run commands at every start, put them in a script: cellkit run FILE
                  the line is skipped; cellkit goes on without it
                \(config):4:13: warning: expected never or auto for 'rebuild', found 'sometimes'
                  set rebuild=sometimes
                              ^~~~~~~~~
                  for example rebuild=auto
                  the line is skipped; cellkit goes on without it

                """)
    }

    @Test func aConfigFileOthersCanWriteIsIgnoredWithTheFix() throws {
        let scratch = try Self.home(config: "set width=50\n", mode: 0o664)
        let config = scratch.path(".config/cellkit/config")
        let result = try scratch.cellkit(["-c", "set"], environment: Self.environment(scratch))
        #expect(result.status == 0)
        #expect(result.standardOutput == "width=auto color=auto timeout=10 rebuild=never\n")
        #expect(
            result.standardError
                == "cellkit: warning: ignoring the config file \(config): your group or others can write to it "
                + "(mode 664), so they could change what your sessions do\n  run `chmod go-w \(config)`\n")
    }

    @Test(.enabled(if: getuid() == 0, "only root can give a file to another user"))
    func aConfigFileOfAnotherUserIsIgnored() throws {
        let scratch = try Self.home(config: "set width=50\n")
        let config = scratch.path(".config/cellkit/config")
        #expect(chown(config, 65534, 65534) == 0)
        let result = try scratch.cellkit(["-c", "set"], environment: Self.environment(scratch))
        #expect(result.standardOutput == "width=auto color=auto timeout=10 rebuild=never\n")
        #expect(
            result.standardError.hasPrefix(
                "cellkit: warning: ignoring the config file \(config): it belongs to another user (uid 65534)"))
    }

    /// The config file is judged as a plugin's path is (issue 33, item 2): the
    /// folders above it, and each link on the way, as well as the file.
    @Test func aConfigFileInAFolderOthersCanWriteIsIgnoredWithTheFix() throws {
        let scratch = try Self.home(config: "set width=50\n")
        let config = scratch.path(".config/cellkit/config")
        let folder = scratch.path(".config/cellkit")
        #expect(chmod(folder, 0o777) == 0)
        let result = try scratch.cellkit(["-c", "set"], environment: Self.environment(scratch))
        #expect(result.status == 0)
        #expect(result.standardOutput == "width=auto color=auto timeout=10 rebuild=never\n")
        #expect(
            result.standardError
                == "cellkit: warning: ignoring the config file \(config): directory \(folder) can be written by "
                + "others (mode 777), so others could change what your sessions do\n  run `chmod go-w \(folder)`\n")
    }

    @Test func aConfigLinkToAFileInAFolderOthersCanWriteIsIgnored() throws {
        let scratch = try Scratch()
        try scratch.write("open/config", "set width=50\n")
        #expect(chmod(scratch.path("open"), 0o777) == 0)
        try createDirectories(scratch.path(".config/cellkit"))
        let config = scratch.path(".config/cellkit/config")
        #expect(symlink(scratch.path("open/config"), config) == 0)
        let result = try scratch.cellkit(["-c", "set"], environment: Self.environment(scratch))
        #expect(result.standardOutput == "width=auto color=auto timeout=10 rebuild=never\n")
        #expect(
            result.standardError.hasPrefix(
                "cellkit: warning: ignoring the config file \(config): directory \(scratch.path("open")) can be "
                    + "written by others (mode 777)"), "\(result.standardError)")
    }

    @Test(.enabled(if: getuid() == 0, "only root can give a link to another user"))
    func aConfigLinkOfAnotherUserIsNotFollowed() throws {
        let scratch = try Scratch()
        try scratch.write("mine/config", "set width=50\n")
        try createDirectories(scratch.path(".config/cellkit"))
        let config = scratch.path(".config/cellkit/config")
        #expect(symlink(scratch.path("mine/config"), config) == 0)
        #expect(lchown(config, 4242, 4242) == 0)
        let result = try scratch.cellkit(["-c", "set"], environment: Self.environment(scratch))
        #expect(result.standardOutput == "width=auto color=auto timeout=10 rebuild=never\n")
        #expect(
            result.standardError
                == "cellkit: warning: ignoring the config file \(config): symbolic link \(config) belongs to another "
                + "user (uid 4242), who could change what your sessions do\n  replace the link with a file of yours: "
                + "cp \(config) \(config).mine && mv \(config).mine \(config)\n")
    }

    @Test func noConfigDoesNotReadIt() throws {
        let scratch = try Self.home(config: "set width=50\nset nonsense=1\n")
        let result = try scratch.cellkit(["-c", "set", "--no-config"], environment: Self.environment(scratch))
        #expect(result.standardOutput == "width=auto color=auto timeout=10 rebuild=never\n")
        #expect(result.standardError == "")
    }

    @Test func helpAndTheManualPageNameTheFile() throws {
        let help = try CellKitProcess.run(["--help"])
        #expect(help.standardOutput.contains("settings: ~/.config/cellkit/config ($XDG_CONFIG_HOME/cellkit/config)"))
        #expect(help.standardOutput.contains("--no-config"))
        let manual = try CellKitProcess.run(["manual"])
        #expect(manual.standardOutput.contains(".SH FILES\n.TP\n.I ~/.config/cellkit/config\n"))
        #expect(manual.standardOutput.contains(".B XDG_CONFIG_HOME\n"))
    }

    // MARK: - set rebuild: a stale plugin at `load`

    /// A plugin folder with a stale WeatherCells (the fixture reports another
    /// Swift compiler) whose recorded package is `package`.
    static func stalePlugin(in scratch: Scratch, package: String) throws -> String {
        let plugins = scratch.path("plugins")
        try createDirectories(plugins)
        try copyFile(
            TestPaths.buildDirectory + "/libcellkit-fixture-other-compiler.so", to: plugins + "/libWeatherCells.so")
        try scratch.write("plugins/WeatherCells.source", package + "\n")
        return plugins
    }

    /// `cellkit -c 'load WeatherCells' -p PLUGINS` with the scratch folder as HOME.
    static func loadWeatherCells(_ scratch: Scratch, plugins: String) throws -> CellKitProcess.Result {
        try scratch.cellkit(["-c", "load WeatherCells", "-p", plugins], environment: environment(scratch))
    }

    @Test func aStalePluginIsRefusedByDefaultWithTheCommandsThatFixIt() throws {
        let scratch = try Scratch()
        let plugins = try Self.stalePlugin(in: scratch, package: scratch.path("WeatherCells"))
        let result = try Self.loadWeatherCells(scratch, plugins: plugins)
        #expect(result.status == 3)
        #expect(
            result.standardError.hasPrefix(
                "<command line>:1:6: error: \(plugins)/libWeatherCells.so was built with Swift 5.10.0"))
        #expect(
            result.standardError.hasSuffix(
                """
                  load WeatherCells
                       ^~~~~~~~~~~~
                  rebuild it from its package: cellkit plugin rebuild WeatherCells
                  or have load rebuild stale plugins: `set rebuild=auto` (in ~/.config/cellkit/config for every session)

                """), "\(result.standardError)")
    }

    @Test func withRebuildAutoAStalePluginWhosePackageIsGoneIsRefusedWithTheFix() throws {
        let scratch = try Self.home(config: "set rebuild=auto\n")
        let plugins = try Self.stalePlugin(in: scratch, package: scratch.path("Moved"))
        let result = try scratch.cellkit(
            ["-c", "load WeatherCells", "-c", "set", "-p", plugins, "-k"], environment: Self.environment(scratch))
        #expect(result.status == 4)
        // The session goes on after the failed load.
        #expect(result.standardOutput == "width=auto color=auto timeout=10 rebuild=auto\n")
        #expect(
            result.standardError == """
                <command line>:1:6: error: WeatherCells is stale (it was built with Swift 5.10.0, but this cellkit \
                was built with Swift \(InstallTests.compiler)) and could not be rebuilt: the package WeatherCells \
                was installed from, \(scratch.path("Moved")), is gone
                  load WeatherCells
                       ^~~~~~~~~~~~
                  put it back there, or install it from where it is now: cellkit plugin install PACKAGE_DIR
                1 error

                """)
    }

    /// A rebuild runs the package's code as this user: a package another
    /// user can change (here, a folder anyone can write, as a shared one
    /// might be) is not built, as a plugin from such a folder is not loaded.
    @Test func aStalePluginWhosePackageOthersCanChangeIsNotRebuilt() throws {
        let scratch = try Self.home(config: "set rebuild=auto\n")
        try scratch.write("Shared/Package.swift", "// swift-tools-version: 6.0\n")
        #expect(chmod(scratch.path("Shared"), 0o777) == 0)
        let plugins = try Self.stalePlugin(in: scratch, package: scratch.path("Shared"))
        let result = try Self.loadWeatherCells(scratch, plugins: plugins)
        #expect(result.status != 0)
        #expect(
            result.standardError.contains(
                "could not be rebuilt: refusing to build WeatherCells from \(scratch.path("Shared")): "),
            "\(result.standardError)")
        #expect(result.standardError.contains("chmod"), "\(result.standardError)")
        #expect(!result.standardError.contains("rebuilding"), "nothing is built")
    }

    /// The issue's case (issue 33, item 1): the package's manifest and folders
    /// are fine, but its sources belong to another user, who could put code
    /// in them that the validation would run.
    @Test(.enabled(if: getuid() == 0, "only root can give a file to another user"))
    func aStalePluginWhoseSourcesAnotherUserOwnsIsNotRebuilt() throws {
        let scratch = try Self.home(config: "set rebuild=auto\n")
        try scratch.write("Mine/Package.swift", "// swift-tools-version: 6.0\n")
        try scratch.write("Mine/Sources/WeatherCells/WeatherCells.swift", "// register\n")
        #expect(chown(scratch.path("Mine/Sources"), 4242, 4242) == 0)
        let plugins = try Self.stalePlugin(in: scratch, package: scratch.path("Mine"))
        let result = try Self.loadWeatherCells(scratch, plugins: plugins)
        #expect(result.status == 3)
        #expect(
            result.standardError.contains(
                "could not be rebuilt: refusing to build WeatherCells from \(scratch.path("Mine")): directory "
                    + "\(scratch.path("Mine/Sources")) belongs to another user (uid 4242)\n"),
            "\(result.standardError)")
        #expect(!result.standardError.contains("rebuilding"), "nothing is built")
    }
}
