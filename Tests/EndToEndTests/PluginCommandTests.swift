import CellKitSupport
import Glibc
import Testing

/// `cellkit plugins` and `cellkit validate`, as a plugin author runs them.
@Suite struct PluginCommandTests {
    func home() throws -> [String: String] {
        let home = try CellKitProcess.temporaryDirectory()
        return ["HOME": home, "XDG_CACHE_HOME": home + "/cache", "XDG_STATE_HOME": home + "/state"]
    }

    @Test func pluginsListsVersionABIPathAndContentsFromTheCache() throws {
        let env = try home()
        defer { try? removeTree(env["HOME"]!) }
        let first = try CellKitProcess.run(["plugins"], environment: env)
        #expect(first.status == 0)
        let lines = first.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("PLUGIN") == true)
        let basic = try #require(lines.first { $0.hasPrefix("BasicCells ") })
        #expect(basic.contains(" 0.1.0 "))
        #expect(basic.contains(" available "))
        #expect(basic.contains("4 cells, 2 header/footer views"))
        #expect(basic.contains("libBasicCells.so"))
        #expect(lines.contains { $0.hasPrefix("CardCells ") && $0.contains("2 cells, 2 nibs") })
        #expect(lines.contains { $0.hasPrefix("ChartCells ") })
        #expect(!first.standardOutput.contains("fixture"))

        // The second listing reads the cache: the file is not written again.
        let cache = env["XDG_CACHE_HOME"]! + "/cellkit/registry.json"
        let before = try #require(try fileInfo(cache)).modificationTime
        let second = try CellKitProcess.run(["plugins"], environment: env)
        #expect(second.standardOutput == first.standardOutput)
        #expect(try #require(try fileInfo(cache)).modificationTime == before)
    }

    /// `--no-cache` neither reads nor writes the cache, but lists the same
    /// plugins: they are scanned for this run only.
    @Test func pluginsWithoutTheCacheListsThePluginsOnThePathToo() throws {
        let env = try home()
        defer { try? removeTree(env["HOME"]!) }
        let result = try CellKitProcess.run(["--no-cache", "plugins"], environment: env)
        #expect(result.status == 0)
        #expect(!result.standardOutput.contains("no plugins loaded or found"))
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("PLUGIN") == true)
        for name in ["BasicCells ", "CardCells ", "ChartCells "] {
            #expect(lines.contains { $0.hasPrefix(name) && $0.contains(" available ") }, "\(name)missing")
        }
        #expect(!fileExists(env["XDG_CACHE_HOME"]! + "/cellkit/registry.json"))
    }

    @Test func validateMakesEverythingAndSaysSo() throws {
        let result = try CellKitProcess.run(["validate", "BasicCells", "CardCells", "ChartCells"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("checked "))
        #expect(result.standardOutput.hasSuffix("of 3 plugins: all good\n"))
    }

    @Test func validateReportsEveryFailureAndExitsWithThePluginCode() throws {
        let fixture = CellKitProcess.buildDirectory + "/libcellkit-fixture-invalid.so"
        let result = try CellKitProcess.run(["validate", fixture])
        #expect(result.status == 3)
        let errors = result.standardError
        #expect(
            errors.contains(
                "✗ FixtureInvalid.Broken: scene 'Refused' of FixtureInvalid.Broken: could not load a ViewController: this scene's controller cannot be made"
            ))
        #expect(
            errors.contains(
                "✗ FixtureInvalid.Broken: storyboard FixtureInvalid.Broken: the initial scene 'Missing' does not exist")
        )
        #expect(
            errors.contains("✗ FixtureInvalid.Answer: could not load a Int: this scene's controller cannot be made"))
        #expect(result.standardOutput.hasSuffix("of 1 plugin: 3 failures\n"))
    }

    /// The summary matches the outcome: a plugin that cannot be loaded is a
    /// failure, never "all good".
    @Test func validateCountsPluginsThatCannotBeLoaded() throws {
        let result = try CellKitProcess.run(["validate", "NoSuch", "BasicCells"])
        #expect(result.status == 3)
        #expect(result.standardError.hasPrefix("✗ NoSuch: no plugin named 'NoSuch' on the plugin path"))
        #expect(result.standardOutput.hasPrefix("checked "))
        #expect(result.standardOutput.hasSuffix(" of 1 plugin; 1 plugin could not be loaded: 1 failure\n"))
        let missing = try CellKitProcess.run(["validate", "NoSuch"])
        #expect(missing.status == 3)
        #expect(
            missing.standardOutput
                == "checked 0 items of 0 plugins; 1 plugin could not be loaded: 1 failure\n")
    }

    /// Validating runs plugin code in the worker: a plugin that traps while it
    /// registers is reported, and the others are still checked.
    @Test func validateSurvivesAPluginThatTraps() throws {
        let trap = CellKitProcess.buildDirectory + "/libcellkit-fixture-traps-in-register.so"
        let result = try CellKitProcess.run(["validate", trap, "BasicCells"])
        #expect(result.status == 3)
        #expect(result.standardError.contains("crashed (SIGILL, a trap) while it was loading"))
        #expect(result.standardOutput.hasSuffix(" of 1 plugin; 1 plugin could not be loaded: 1 failure\n"))
    }
}

/// A plugin's nibs are found next to its `.so`, wherever it is copied.
@Suite struct PluginResourcesTests {
    static let script = """
        screen Team list width=40
        row ProfileCell name="Ada Lovelace" role=Analyst bio="Wrote the first program."
        render
        """

    func copy(_ source: String, to destination: String) throws {
        if try #require(try fileInfo(source)).kind == .directory {
            try createDirectories(destination)
            for name in try listDirectory(source) { try copy(source + "/" + name, to: destination + "/" + name) }
        } else {
            try atomicWrite(destination, try readFile(source), permissions: 0o755)
        }
    }

    @Test func nibsAreFoundNextToACopiedPlugin() throws {
        let dir = try CellKitProcess.temporaryDirectory()
        defer { try? removeTree(dir) }
        let build = CellKitProcess.buildDirectory
        try copy(build + "/libCardCells.so", to: dir + "/libCardCells.so")
        // Installed under the name docs/writing-a-plugin.md gives: <Name>.resources.
        try copy(build + "/cellkit_CardCells.resources", to: dir + "/CardCells.resources")
        let result = try CellKitProcess.run(["-c", "load \(dir)/libCardCells.so\n" + Self.script])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == """
                ╭─ Ada Lovelace ───────────── Analyst ─╮
                │ Wrote the first program.             │
                ╰──────────────────────────────────────╯

                """)
        #expect(result.standardError.contains("loaded CardCells 0.1.0 from \(dir)/libCardCells.so"))
    }

    /// A broken nib in a build folder is reported at the file the author
    /// edits (`Plugins/NAME/Resources/X.nib`), not SwiftPM's copy in
    /// `.build/…resources/`; when the source changed since the build, the
    /// copy is named (its lines are what was read) and the source too.
    @Test func nibErrorsNameTheSourceFileNotTheBuildCopy() throws {
        let root = try CellKitProcess.temporaryDirectory()
        defer { try? removeTree(root) }
        let build = CellKitProcess.buildDirectory
        let copied = root + "/.build/debug/cellkit_CardCells.resources"
        try createDirectories(root + "/.build/debug")
        try createDirectories(root + "/Plugins/CardCells")
        try copy(build + "/libCardCells.so", to: root + "/.build/debug/libCardCells.so")
        try copy(build + "/cellkit_CardCells.resources", to: copied)
        try copy(
            CellKitProcess.repositoryRoot + "/Plugins/CardCells/Resources", to: root + "/Plugins/CardCells/Resources")
        let broken = "╭─ {name:bold {~─} ─╮\n"
        try atomicWrite(copied + "/NoticeBox.nib", broken)
        try atomicWrite(root + "/Plugins/CardCells/Resources/NoticeBox.nib", broken)
        let result = try CellKitProcess.run(["-c", "load .build/debug/libCardCells.so"], directory: root)
        #expect(result.status == 3)
        #expect(
            result.standardError.contains(
                "CardCells failed to register: \(root)/Plugins/CardCells/Resources/NoticeBox.nib:1:4: error: unclosed '{'"
            ), "\(result.standardError)")
        #expect(!result.standardError.contains(".resources/NoticeBox.nib"))

        // Edited since the build: the copy was read, so it is named, with its source.
        try atomicWrite(root + "/Plugins/CardCells/Resources/NoticeBox.nib", broken + "{{edited}}\n")
        let stale = try CellKitProcess.run(["-c", "load .build/debug/libCardCells.so"], directory: root)
        #expect(stale.standardError.contains("\(copied)/NoticeBox.nib:1:4: error: unclosed '{'"))
        #expect(
            stale.standardError.contains(
                "this is the build's copy of \(root)/Plugins/CardCells/Resources/NoticeBox.nib, which changed since; `swift build` copies it again"
            ))
    }

    @Test func aPluginCopiedWithoutItsResourcesIsRefusedWithTheReason() throws {
        let dir = try CellKitProcess.temporaryDirectory()
        defer { try? removeTree(dir) }
        try copy(CellKitProcess.buildDirectory + "/libCardCells.so", to: dir + "/libCardCells.so")
        let result = try CellKitProcess.run(["-c", "load \(dir)/libCardCells.so"])
        #expect(result.status == 3)
        #expect(result.standardError.contains("CardCells failed to register"))
        #expect(result.standardError.contains("no nib named 'ProfileCell' in bundle CardCells"))
        #expect(result.standardError.contains("add ProfileCell.nib to the plugin's resources"))
    }

    @Test func thePluginPathComesFromTheEnvironmentToo() throws {
        let dir = try CellKitProcess.temporaryDirectory()
        defer { try? removeTree(dir) }
        try copy(CellKitProcess.buildDirectory + "/libBasicCells.so", to: dir + "/libExtraCells.so")
        let result = try CellKitProcess.run(["-c", "load ExtraCells"], environment: ["CELLKIT_PLUGIN_PATH": dir])
        // The file is found by name on CELLKIT_PLUGIN_PATH (it calls itself BasicCells inside).
        #expect(
            result.standardError.contains("loaded BasicCells 0.1.0 from \(dir)/libExtraCells.so"),
            "\(result.standardError)")
    }
}
