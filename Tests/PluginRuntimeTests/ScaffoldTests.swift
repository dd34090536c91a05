@_spi(Host) import CellKit
import CellKitSupport
import CellKitTesting
import Testing

@testable import PluginDiscovery
@testable import PluginRuntime

/// The scaffold's CardCell, as `new-plugin` writes it, for checking the
/// golden file it ships.
private final class ScaffoldCardCell: TableViewCell, NibReusable {
    @Outlet var title: Label
    @Outlet var detail: Label

    static var nib: Nib { Nib(nibName: "ScaffoldCardCell", bundle: PluginBundle(for: ScaffoldCardCell.self)) }
}

/// What `cellkit new-plugin` writes, checked without building it (the
/// end-to-end tests build it).
@Suite struct ScaffoldTests {
    /// The scaffold's test compares its nib cell with the golden file it
    /// ships: that file must be what this SDK draws, or a new plugin's
    /// `swift test` fails out of the box.
    @Test func theGoldenFileTheScaffoldShipsIsWhatTheSDKDraws() throws {
        let scaffold = PluginScaffold(name: "GoldenCells", directory: "/nonexistent")
        try Nib.register(
            source: scaffold.cardNib, named: "ScaffoldCardCell", in: PluginBundle(for: ScaffoldCardCell.self))
        let cell = try ScaffoldCardCell.tryLoadFromNib()
        cell.title.text = "A card"
        cell.detail.text = "drawn from CardCell.nib, stretched to the width"
        #expect(renderedText(cell, widths: [40, 16]) + "\n" == scaffold.cardGolden)
        #expect(scaffold.testSource.contains("renderedText(cell, widths: [40, 16]), named: \"CardCell.txt\""))
        #expect(scaffold.files.contains { $0.path == "Tests/GoldenCellsTests/Golden/CardCell.txt" })
    }

    @Test func theScaffoldsTestsUseTheTestingKit() {
        let scaffold = PluginScaffold(name: "GoldenCells", directory: "/nonexistent", sdkPath: "/opt/ck/SDK")
        #expect(scaffold.packageManifest.contains(".product(name: \"CellKitTesting\", package: \"SDK\")"))
        #expect(scaffold.testSource.contains("sweepWidths(card)"))
    }

    /// A plugin repository builds on another machine: its manifest names no path of this one.
    @Test func theManifestFindsTheSDKThroughTheEnvironmentNotAPath() {
        let scaffold = PluginScaffold(name: "GoldenCells", directory: "/nonexistent", sdkPath: "/opt/ck/SDK")
        #expect(!scaffold.packageManifest.contains("/opt/ck"))
        #expect(scaffold.packageManifest.contains("Context.environment[\"CELLKIT_SDK\"]"))
        #expect(scaffold.packageManifest.contains(".package(path: sdk)"))
        #expect(scaffold.files.contains { $0.path == ".swift-format" })
        #expect(scaffold.isFoundWithoutVariable(home: "/opt/ck") == false)
    }

    /// The SDK's major comes from its version constant, never a number
    /// written in the template (issue 33, item 24: it said "SDK 1.m" under
    /// SDK 2.0): the SDK the plugin builds against, else this cellkit's.
    @Test func theManifestAndTheReadmeNameTheSDKsOwnMajor() throws {
        let major = PluginABI.sdkVersion.major
        let missing = PluginScaffold(name: "GoldenCells", directory: "/nonexistent", sdkPath: "/nonexistent/SDK")
        #expect(
            missing.packageManifest.contains(
                "// A plugin built against SDK \(major).m loads in every cellkit \(major).n, n >= m."))
        #expect(
            missing.readme.contains(
                "A plugin built against SDK \(major).m loads in every `cellkit` \(major).n with n ≥ m"))
        for other in [1, 2, 3] where other != major {
            #expect(!missing.packageManifest.contains("SDK \(other).m"))
            #expect(!missing.readme.contains("SDK \(other).m"))
        }
        // An SDK of another major, by its declaration.
        let root = TestEnvironment.temporaryDirectory()
        let sdk = root + "/SDK"
        try createDirectories(sdk + "/Sources/CellKit/Plugin")
        TestEnvironment.write(
            Array(
                "public static var sdkVersion: (major: UInt32, minor: UInt32, patch: UInt32) { (\(major + 5), 1, 0) }\n"
                    .utf8), to: sdk + "/Sources/CellKit/Plugin/PluginABI.swift")
        let next = PluginScaffold(name: "GoldenCells", directory: "/nonexistent", sdkPath: sdk)
        #expect(next.packageManifest.contains("SDK \(major + 5).m loads in every cellkit \(major + 5).n"))
    }

    /// A fresh clone where the SDK is not where the manifest looks: the
    /// manifest itself says so, naming CELLKIT_SDK and how to set it (SwiftPM's
    /// own message names neither), and the README says to set it first.
    @Test func theManifestStopsWithTheFixWhenTheSDKIsMissingAndTheReadmeSaysCELLKITSDKFirst() throws {
        let scaffold = PluginScaffold(name: "GoldenCells", directory: "/nonexistent", sdkPath: "/opt/ck/SDK")
        let manifest = scaffold.packageManifest
        #expect(manifest.contains("if !FileManager.default.fileExists(atPath: sdk + \"/Package.swift\") {"))
        #expect(manifest.contains(#""error: the CellKit SDK is not at \(sdk): \(why)\n""#))
        #expect(
            manifest.contains(
                #""  set CELLKIT_SDK to your cellkit's SDK, then build again: eval \"$(cellkit sdk --export)\"\n""#))
        #expect(manifest.contains("exit(1)"))
        let readme = scaffold.readme
        let variable = try #require(readme.firstRange(of: "CELLKIT_SDK"))
        let build = try #require(readme.firstRange(of: "swift build"))
        #expect(variable.lowerBound < build.lowerBound, "CELLKIT_SDK comes first")
        #expect(readme.contains("eval \"$(cellkit sdk --export)\""))
    }
}
