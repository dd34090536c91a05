import CellKitSupport
import Glibc
import TestSupport
import Testing

/// A new plugin in a fresh clone, where the SDK is not where its manifest
/// looks (issue 33, item 24): the manifest, evaluated alone (`swift package
/// dump-package`, nothing built), stops with a message naming `CELLKIT_SDK`
/// and the command that sets it, `cellkit sdk --export`, where SwiftPM's own
/// message named neither. Skipped when `swift` is not on `PATH`.
@Suite struct NewPluginSDKTests {
    /// `swift package dump-package` in `directory` with `environment` (and the test's `PATH`).
    static func dumpPackage(in directory: String, _ environment: [String: String]) throws -> CellKitProcess.Result {
        var env = NewPluginTests.buildEnvironment
        env["CELLKIT_SDK"] = nil
        for (key, value) in environment { env[key] = value }
        return try CellKitProcess.spawn(
            ["/bin/sh", "-c", "exec swift package dump-package"], input: "", directory: directory, environment: env)
    }

    @Test(.enabled(if: NewPluginTests.swift != nil, "swift is not on PATH: the manifest is evaluated by it"))
    func aManifestWhoseSDKIsMissingSaysHowToSetCELLKITSDK() throws {
        let scratch = try Scratch()
        let created = try scratch.cellkit(["new-plugin", "WeatherCells"])
        #expect(created.status == 0, "\(created.standardError)")
        let plugin = scratch.path("WeatherCells")
        let fix = "  set CELLKIT_SDK to your cellkit's SDK, then build again: eval \"$(cellkit sdk --export)\"\n"

        let named = try Self.dumpPackage(in: plugin, ["CELLKIT_SDK": scratch.path("nowhere/SDK")])
        #expect(named.status != 0)
        #expect(
            named.standardError.contains(
                "error: the CellKit SDK is not at \(scratch.path("nowhere/SDK")): CELLKIT_SDK names a folder with no "
                    + "SDK in it\n" + fix), "\(named.standardError)")

        let home = scratch.path("home")
        let unset = try Self.dumpPackage(in: plugin, ["HOME": home])
        #expect(unset.status != 0)
        #expect(
            unset.standardError.contains(
                "error: the CellKit SDK is not at \(home)/.local/share/cellkit/SDK: CELLKIT_SDK is not set, and "
                    + "cellkit install has not put the SDK there\n" + fix), "\(unset.standardError)")

        // Set as the message says, it is found: the manifest names it as a dependency.
        let export = try scratch.cellkit(["sdk", "--export"])
        let sdk = CellKitProcess.repositoryRoot + "/SDK"
        let found = try CellKitProcess.spawn(
            [
                "/bin/sh", "-c", "eval \"$(\"$0\" sdk --export)\" && exec swift package dump-package",
                CellKitProcess.executable,
            ],
            input: "", directory: plugin, environment: NewPluginTests.buildEnvironment)
        #expect(export.standardOutput == "export CELLKIT_SDK='\(sdk)'\n")
        #expect(found.status == 0, "\(found.standardError)")
        #expect(found.standardOutput.contains("\"path\" : \"\(sdk)\""), "\(found.standardOutput)")
    }

    /// `cellkit sdk --export` quotes the path for the shell.
    @Test func sdkExportPrintsAShellCommand() throws {
        let result = try CellKitProcess.run(["sdk", "--export"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "export CELLKIT_SDK='\(CellKitProcess.repositoryRoot)/SDK'\n")
        let shell = try CellKitProcess.spawn(
            [
                "/bin/sh", "-c", "eval \"$(\"$0\" sdk --export)\" && printf %s \"$CELLKIT_SDK\"",
                CellKitProcess.executable,
            ],
            input: "", directory: "/tmp", environment: ["PATH": "/usr/bin:/bin", "HOME": "/tmp"])
        #expect(shell.standardOutput == CellKitProcess.repositoryRoot + "/SDK")
    }
}
