import CellKitSupport
import Glibc
import Testing

/// `reload` (issue 9): a rebuilt library and an edited nib are read fresh by
/// a new worker, and the current screen is drawn again; nothing is unloaded.
@Suite(.serialized) struct ReloadTests {
    /// Copies `source` (a file, or a folder and what is in it) to `destination`,
    /// replacing a file by renaming over it, as a build does.
    static func copy(_ source: String, to destination: String) throws {
        if try #require(try fileInfo(source)).kind == .directory {
            try createDirectories(destination)
            for name in try listDirectory(source) { try copy(source + "/" + name, to: destination + "/" + name) }
        } else {
            try atomicWrite(destination, try readFile(source), permissions: 0o755)
        }
    }

    @Test func reloadLoadsARebuiltLibraryAndDrawsTheScreenAgain() throws {
        let dir = try CellKitProcess.temporaryDirectory()
        defer { try? removeTree(dir) }
        let build = CellKitProcess.buildDirectory
        try Self.copy(build + "/libcellkit-fixture-reload-v1.so", to: dir + "/libReloadable.so")

        let repl = try PTYSession.start()
        try repl.waitForPrompt()
        try repl.type("load \(dir)/libReloadable.so")
        try repl.type("screen S width=30")
        try repl.type("row VersionCell")
        try repl.type("render")
        try repl.waitFor("drawn by version 1")
        try repl.waitForPrompt()

        // The "rebuild": a new file renamed over the old one.
        try Self.copy(build + "/libcellkit-fixture-reload-v2.so", to: dir + "/libReloadable.so")
        try repl.type("reload")
        try repl.waitFor("reloaded 1 plugin in a new worker")
        try repl.waitFor("drawn by version 2")
        try repl.waitForPrompt()
        // Later commands use the new build too.
        try repl.type("describe VersionCell")
        try repl.waitFor("Reloadable.VersionCell")
        try repl.type("quit")
        #expect(try repl.waitForExit() == 0)
    }

    @Test func reloadReadsAnEditedNib() throws {
        let dir = try CellKitProcess.temporaryDirectory()
        defer { try? removeTree(dir) }
        let build = CellKitProcess.buildDirectory
        try Self.copy(build + "/libCardCells.so", to: dir + "/libCardCells.so")
        try Self.copy(build + "/cellkit_CardCells.resources", to: dir + "/CardCells.resources")

        let repl = try PTYSession.start()
        try repl.waitForPrompt()
        try repl.type("load \(dir)/libCardCells.so")
        try repl.type("screen Team width=40")
        try repl.type("row ProfileCell name=Ada role=Analyst")
        try repl.type("render")
        try repl.waitFor("╭─ Ada ")
        try repl.waitForPrompt()

        let nib = dir + "/CardCells.resources/ProfileCell.nib"
        let edited = try readTextFile(nib).replacingFirst("╭─ {name:bold}", with: "╭─ Dr. {name:bold}")
        try atomicWrite(nib, edited)
        try repl.type("reload CardCells")
        try repl.waitFor("╭─ Dr. Ada ")
        try repl.waitForPrompt()
        try repl.type("quit")
        #expect(try repl.waitForExit() == 0)
    }

    @Test func reloadOfAPluginThatIsNotLoadedSaysSo() throws {
        let result = try CellKitProcess.run(["-c", "load BasicCells\nreload BasicCels"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("<command line>:2:8: error: no plugin named 'BasicCels' is loaded"))
        #expect(result.standardError.contains("did you mean 'BasicCells'?"))
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}

/// `--watch` and `preview` (issue 9): a rebuilt library is loaded again on
/// its own and the view drawn again, without a command.
@Suite(.serialized) struct WatchTests {
    static func pluginFolder(version: Int) throws -> String {
        let dir = try CellKitProcess.temporaryDirectory()
        try ReloadTests.copy(
            CellKitProcess.buildDirectory + "/libcellkit-fixture-reload-v\(version).so", to: dir + "/libReloadable.so")
        return dir
    }

    @Test func previewDrawsACellAtEachWidth() throws {
        let result = try CellKitProcess.run(["preview", "ProgressCell", "label=Disk", "value=0.5", "--widths", "20,30"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == """
                ── 20 columns ──────
                Disk     ███░░░  50%
                ── 30 columns ────────────────
                Disk         ██████░░░░░░  50%

                """)
    }

    @Test func previewChecksTheAttributesAsRowDoes() throws {
        let result = try CellKitProcess.run(["preview", "ProgressCell", "vaule=1"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("error: ProgressCell has no attribute 'vaule'"))
        #expect(result.standardError.contains("did you mean 'value'?"))
    }

    @Test func previewWatchDrawsAgainAfterARebuild() throws {
        let dir = try Self.pluginFolder(version: 1)
        defer { try? removeTree(dir) }
        let preview = try PTYSession.start([
            "preview", "VersionCell", "--widths", "30", "--watch", "--plugin-path", dir,
        ])
        try preview.waitFor("drawn by version 1")
        try preview.waitFor("Ctrl-C leaves")
        try ReloadTests.copy(
            CellKitProcess.buildDirectory + "/libcellkit-fixture-reload-v2.so", to: dir + "/libReloadable.so")
        try preview.waitFor("drawn by version 2", timeout: .seconds(5))
        preview.signal(SIGINT)
    }

    @Test func showWatchDrawsAgainAfterARebuild() throws {
        let dir = try Self.pluginFolder(version: 1)
        defer { try? removeTree(dir) }
        let repl = try PTYSession.start(["--watch", "--plugin-path", dir])
        try repl.waitForPrompt()
        try repl.type("row VersionCell")
        try repl.type("screen S width=30")
        try repl.type("row VersionCell")
        try repl.type("show")
        try repl.waitFor("drawn by version 1")
        try ReloadTests.copy(
            CellKitProcess.buildDirectory + "/libcellkit-fixture-reload-v2.so", to: dir + "/libReloadable.so")
        try repl.waitFor("drawn by version 2", timeout: .seconds(5))
        try repl.send("q")
        try repl.waitForPrompt()
        // At the prompt, a change is picked up before the next command.
        try ReloadTests.copy(
            CellKitProcess.buildDirectory + "/libcellkit-fixture-reload-v1.so", to: dir + "/libReloadable.so")
        try repl.type("render")
        try repl.waitFor("note: plugin files changed")
        try repl.waitFor("drawn by version 1")
        try repl.type("quit")
        #expect(try repl.waitForExit() == 0)
    }
}
