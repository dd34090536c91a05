import CellKitSupport
import Glibc
import Testing

/// `cellkit new-plugin`, end to end, as a plugin author does it: create the
/// package outside this repository, `swift build` it, load it and render its
/// cells; then the same template built against an SDK whose ABI version was
/// changed, which `cellkit` must refuse.
///
/// Both builds compile the SDK and the plugin from scratch (about 20 s each on
/// 2 cores); they share one clang module cache. Skipped when `swift` is not on
/// the `PATH` the tests run with.
@Suite struct NewPluginTests {
    /// The `swift` driver on the test's own `PATH`, if any.
    static let swift: String? = {
        let path = getenv("PATH").map { String(cString: $0) } ?? ""
        for directory in path.split(separator: ":") {
            let candidate = String(directory) + "/swift"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }()

    /// The test process's environment (the real `PATH` and `HOME`, which
    /// `swift build` needs), for the builds.
    static var buildEnvironment: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let eq = text.firstIndex(of: "=") {
                result[String(text[..<eq])] = String(text[text.index(after: eq)...])
            }
            entry += 1
        }
        return result
    }

    static func seconds(since start: timespec) -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
    }

    static func now() -> timespec {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return t
    }

    /// `swift build` in `directory`, sharing `moduleCache` with other builds,
    /// against the SDK at `sdk` (the plugin's manifest reads `CELLKIT_SDK`).
    static func build(
        _ directory: String, moduleCache: String, sdk: String = CellKitProcess.repositoryRoot + "/SDK"
    ) throws -> CellKitProcess.Result {
        try CellKitProcess.spawn(
            [swift!, "build", "-Xswiftc", "-module-cache-path", "-Xswiftc", moduleCache], input: "",
            directory: directory,
            environment: buildEnvironment.merging(["CELLKIT_SDK": sdk]) { _, new in new })
    }

    @Test(
        .enabled(if: swift != nil, "swift is not on PATH: the new-plugin test needs it to build the plugin"),
        .disabled(if: CellKitProcess.isSanitized, "it builds uninstrumented packages: the ordinary pass runs it"))
    func aNewPluginBuildsLoadsAndRendersAndOneBuiltForAnotherABIIsRefused() throws {
        let started = Self.now()
        let scratch = try Scratch()
        let moduleCache = scratch.path("ModuleCache")
        let plugin = scratch.path("WeatherCells")

        // 1. Create it.
        let created = try CellKitProcess.run(
            ["new-plugin", "WeatherCells", "--path", plugin], directory: scratch.directory)
        #expect(created.status == 0, "\(created.standardError)")
        for file in [
            "Package.swift", "Sources/WeatherCells/WeatherCells.swift", "Sources/WeatherCells/Resources/CardCell.nib",
            "Examples/hello.cellkit",
        ] {
            #expect(created.standardOutput.contains("created \(plugin)/\(file)\n"))
        }
        #expect(created.standardOutput.contains("swift build\n"))
        // The hint is followed from inside the new folder: it installs ".", not the name again.
        #expect(created.standardOutput.contains("  cd \(plugin)\n"))
        #expect(created.standardOutput.hasSuffix("  cellkit plugin install .\n"))

        // 2. Build it.
        let firstBuild = Self.now()
        let built = try Self.build(plugin, moduleCache: moduleCache)
        let firstBuildTime = Self.seconds(since: firstBuild)
        #expect(built.status == 0, "swift build failed:\n\(built.standardOutput)\n\(built.standardError)")
        guard built.status == 0 else { return }

        // 3. Load it and render its example: the code-drawn cell and the nib cell.
        let hello = try CellKitProcess.run(
            ["run", plugin + "/Examples/hello.cellkit", "--plugin-path", plugin + "/.build/debug"],
            directory: scratch.directory)
        #expect(hello.status == 0, "\(hello.standardError)")
        let lines = hello.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "╭─ WeatherCells ───────────────────────╮")
        #expect(lines.contains("│ Hello, Ada!                          │"))
        #expect(lines.contains { $0.hasPrefix("│ ╭─ A card ─") && $0.hasSuffix("╮ │") })
        #expect(lines.contains { $0.hasPrefix("│ │ drawn from CardCell.nib") })
        #expect(hello.standardError.hasPrefix("loaded WeatherCells 0.1.0 from "))
        #expect(hello.standardError.contains(": 2 cells\n"))
        // docs/writing-a-plugin.md shows this output, byte for byte.
        let guide = try readTextFile(CellKitProcess.repositoryRoot + "/docs/writing-a-plugin.md")
        var cursor = try #require(guide.firstRange(of: "## 2. Build it and see it")).upperBound
        _ = BatchDocumentationTests.block(in: guide, from: &cursor)
        let shown = try #require(BatchDocumentationTests.block(in: guide, from: &cursor))
        #expect(hello.standardOutput == String(guide[shown]), "docs/writing-a-plugin.md shows another screen")

        // 4. The same template against a copy of the SDK of the next major version.
        // `cellkit 2.0.0 (CellKit SDK 2.0.0, Swift 6.3.1)`
        let version = try CellKitProcess.run(["--version"]).standardOutput
        let afterSDK = version.split(separator: "SDK ").dropFirst().first ?? ""
        let numbers = afterSDK.prefix { $0 != "," }.split(separator: ".").compactMap { Int($0) }
        try #require(numbers.count == 3, "cannot read the SDK version from \(version)")
        let (major, minor) = (numbers[0], numbers[1])
        let sdk = scratch.path("other-major/SDK")
        try createDirectories(scratch.path("other-major"))
        let copied = try CellKitProcess.spawn(
            ["/bin/cp", "-R", CellKitProcess.repositoryRoot + "/SDK", sdk], input: "", directory: scratch.directory,
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(copied.status == 0)
        _ = try? CellKitProcess.spawn(
            ["/bin/rm", "-rf", sdk + "/.build"], input: "", directory: scratch.directory, environment: [:])
        let abiFile = sdk + "/Sources/CellKit/Plugin/PluginABI.swift"
        let source = try readTextFile(abiFile)
        let declaration =
            "public static var sdkVersion: (major: UInt32, minor: UInt32, patch: UInt32) { (\(numbers[0]), \(numbers[1]), \(numbers[2])) }"
        #expect(source.contains(declaration), "PluginABI.swift no longer declares `\(declaration)`: update this test")
        try atomicWrite(
            abiFile,
            source.replacing(
                declaration,
                with:
                    "public static var sdkVersion: (major: UInt32, minor: UInt32, patch: UInt32) { (\(major + 1), 0, 0) }"
            ))

        let other = scratch.path("OtherABICells")
        let scaffolded = try CellKitProcess.run(
            ["new-plugin", "OtherABICells", "--path", other, "--sdk", sdk], directory: scratch.directory)
        #expect(scaffolded.status == 0, "\(scaffolded.standardError)")
        // The manifest names no path of this machine: the SDK comes from CELLKIT_SDK, which the hint sets.
        let otherManifest = (try? readTextFile(other + "/Package.swift")) ?? ""
        #expect(otherManifest.contains(".package(path: sdk)") && !otherManifest.contains(scratch.directory))
        #expect(scaffolded.standardOutput.contains("  export CELLKIT_SDK=\(sdk)\n"))
        #expect(fileExists(other + "/.swift-format"))
        let secondBuild = Self.now()
        let otherBuilt = try Self.build(other, moduleCache: moduleCache, sdk: sdk)
        let secondBuildTime = Self.seconds(since: secondBuild)
        #expect(
            otherBuilt.status == 0, "swift build failed:\n\(otherBuilt.standardOutput)\n\(otherBuilt.standardError)")
        guard otherBuilt.status == 0 else { return }

        // 5. Refused, naming both versions, with the plugin exit code; nothing else is touched.
        let library = other + "/.build/debug/libOtherABICells.so"
        let refused = try CellKitProcess.run(["-c", "load \"\(library)\""], directory: scratch.directory)
        #expect(refused.status == 3)
        #expect(
            refused.standardError.contains(
                "was built against CellKit SDK \(major + 1).0, but this cellkit has SDK \(major).\(minor): "
                    + "a plugin loads only in a cellkit of the same major version\n"))
        #expect(refused.standardError.hasPrefix("<command line>:1:6: error: "))
        let byName = try CellKitProcess.run(
            ["run", other + "/Examples/hello.cellkit", "--plugin-path", other + "/.build/debug"],
            directory: scratch.directory)
        #expect(byName.status == 3)
        #expect(byName.standardOutput == "")

        print(
            "new-plugin end to end: first build \(Int(firstBuildTime.rounded())) s, other-ABI build \(Int(secondBuildTime.rounded())) s, "
                + "total \(Int(Self.seconds(since: started).rounded())) s")
    }

    /// `cellkit new-plugin NAME --source`: a data-source plugin that builds
    /// as it is, whose example draws the rows its source reads from its
    /// `key=value` file, and whose source cellkit lists with its file ending.
    @Test(
        .enabled(if: swift != nil, "swift is not on PATH: the new-plugin test needs it to build the plugin"),
        .disabled(if: CellKitProcess.isSanitized, "it builds uninstrumented packages: the ordinary pass runs it"))
    func aNewSourcePluginBuildsAndItsExampleDrawsTheRowsItReads() throws {
        let scratch = try Scratch()
        let plugin = scratch.path("StatusFiles")
        let created = try CellKitProcess.run(
            ["new-plugin", "StatusFiles", "--source", "--path", plugin], directory: scratch.directory)
        #expect(created.status == 0, "\(created.standardError)")
        for file in ["Sources/StatusFiles/KeyValueSource.swift", "Examples/status.kv", "Examples/status.cellkit"] {
            #expect(created.standardOutput.contains("created \(plugin)/\(file)\n"))
        }
        #expect(created.standardOutput.contains("cellkit run Examples/status.cellkit --plugin-path .build/debug\n"))
        let built = try Self.build(plugin, moduleCache: scratch.path("ModuleCache"))
        #expect(built.status == 0, "swift build failed:\n\(built.standardOutput)\n\(built.standardError)")
        guard built.status == 0 else { return }
        let drawn = try CellKitProcess.run(
            ["run", "Examples/status.cellkit", "--plugin-path", ".build/debug"], directory: plugin)
        #expect(drawn.status == 0, "\(drawn.standardError)")
        #expect(
            drawn.standardOutput == """
                ╭─ Services ───────────────────────────╮
                │ api up                               │
                │ web up                               │
                │ job queue down                       │
                │ db up                                │
                ╰──────────────────────────────────────╯

                """)
        #expect(drawn.standardError.contains(": 1 cell, 1 data source\n"))
        let described = try CellKitProcess.run(
            ["describe", "kv", "--plugin-path", ".build/debug"], directory: plugin)
        #expect(described.standardOutput.contains("StatusFiles.kv   data source"), "\(described.standardOutput)")
        #expect(described.standardOutput.contains("reads files ending .kv"), "\(described.standardOutput)")
    }
}
