import CellKitSupport
import PluginDiscovery
import PluginRuntime
import Testing

/// "no plugin named X": the nearest name for a typo, and the hint about
/// `swift build` only for a plugin of the checkout that is not built.
@Suite struct PluginNotFoundTests {
    /// A checkout as SwiftPM leaves it after `swift run cellkit`: the
    /// package's plugin sources, a build directory without their libraries,
    /// and one installed plugin in a user folder.
    static func checkout() throws -> (root: String, host: PluginHost) {
        let root = TestEnvironment.temporaryDirectory()
        try atomicWrite(root + "/Package.swift", "// swift-tools-version:6.0\n")
        try createDirectories(root + "/Plugins/BasicCells")
        try createDirectories(root + "/Plugins/ChartCells")
        try createDirectories(root + "/.build/x86_64-unknown-linux-gnu/debug")
        try createDirectories(root + "/user")
        TestEnvironment.copy(TestEnvironment.library("CardCells"), to: root + "/user/libCardCells.so")
        let path = PluginSearchPath(directories: [root + "/user", root + "/.build/x86_64-unknown-linux-gnu/debug"])
        return (root, PluginHost(searchPath: path))
    }

    @Test func aPluginOfTheCheckoutThatIsNotBuiltSaysSwiftBuild() throws {
        let (_, host) = try Self.checkout()
        let error = try #require(throws: PluginError.self) { try host.locate("ChartCells") }
        #expect(error.message == "no plugin named 'ChartCells' on the plugin path")
        #expect(
            error.fix?.contains(
                "ChartCells is a plugin of this package that is not built: `swift build` builds it") == true)
    }

    @Test func aTypoGetsTheNearestNameAndNoBuildHint() throws {
        let (_, host) = try Self.checkout()
        let error = try #require(throws: PluginError.self) { try host.locate("CardCell") }
        #expect(error.fix?.hasPrefix("did you mean 'CardCells'?") == true)
        #expect(error.fix?.contains("swift build") == false)
    }

    @Test func aTypoOfAnUnbuiltPluginNamesItAndSaysSwiftBuild() throws {
        let (_, host) = try Self.checkout()
        let error = try #require(throws: PluginError.self) { try host.locate("BasicCell") }
        #expect(error.fix?.hasPrefix("did you mean 'BasicCells'?") == true)
        #expect(error.fix?.contains("BasicCells is a plugin of this package that is not built") == true)
    }

    @Test func aNameNoPluginIsNearGetsNoBuildHint() throws {
        let (_, host) = try Self.checkout()
        let error = try #require(throws: PluginError.self) { try host.locate("Spreadsheet") }
        #expect(error.fix?.contains("swift build") == false)
    }

    @Test func outsideACheckoutThereIsNoBuildHint() throws {
        let root = TestEnvironment.temporaryDirectory()
        let host = PluginHost(searchPath: PluginSearchPath(directories: [root]))
        let error = try #require(throws: PluginError.self) { try host.locate("BasicCells") }
        #expect(error.fix?.contains("swift build") == false)
    }
}
