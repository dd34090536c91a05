@_spi(Host) import CellKit
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
}
