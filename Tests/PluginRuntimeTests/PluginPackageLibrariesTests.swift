import CellKitSupport
import PluginDiscovery
import PluginRuntime
import Testing

/// `PluginPackage.libraries(in:)`, what `cellkit plugin install` takes from a
/// package's build folder and `cellkit install` from its own: a damaged ELF
/// file named like a plugin is skipped with what is wrong, and the plugins
/// beside it are still found (issue 21, item 7).
@Suite struct PluginPackageLibrariesTests {
    @Test func aDamagedLibraryIsSkippedWithItsErrorAndThePluginsBesideItAreFound() throws {
        let directory = TestEnvironment.temporaryDirectory()
        defer { try? removeTree(directory) }
        let plugin = try readFile(TestEnvironment.library("BasicCells"))
        try atomicWrite(directory + "/libBasicCells.so", plugin)
        var truncated = plugin
        truncated.removeLast(plugin.count / 2)
        try atomicWrite(directory + "/libHalf.so", truncated)
        // e_shoff (8 bytes at 0x28) near Int64.max: an overflow trap once.
        var far = plugin
        for k in 0..<8 { far[0x28 + k] = k == 7 ? 0x7F : 0xF0 }
        try atomicWrite(directory + "/libFar.so", far)
        try atomicWrite(directory + "/libText.so", "not a library\n")

        let found = PluginPackage.libraries(in: directory)
        #expect(found.plugins.map(\.name) == ["BasicCells"])
        let damaged = found.damaged.sorted { ($0.path ?? "") < ($1.path ?? "") }
        #expect(damaged.map(\.path) == [directory + "/libFar.so", directory + "/libHalf.so"])
        #expect(
            damaged.first?.problem
                == "its section header table (\(sectionCount(plugin)) headers): \(sectionCount(plugin) * 64) bytes at byte 9219133354852544752, past the end of the file (\(plugin.count) bytes)"
        )
        #expect(damaged.last?.problem.hasSuffix("past the end of the file (\(truncated.count) bytes)") == true)
        #expect(
            damaged.first?.description.hasPrefix("\(directory)/libFar.so: not a plugin cellkit can load: ") == true)
    }

    func sectionCount(_ bytes: [UInt8]) -> Int { Int(bytes[0x3C]) | Int(bytes[0x3D]) << 8 }
}
