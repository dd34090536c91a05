@_spi(Host) import CellKit
import PluginDiscovery
import PluginRuntime
import Synchronization
import Testing

@Suite struct PluginLoadingTests {
    @Test func loadsByNameFromTheSearchPathAndSaysWhatItGot() throws {
        let host = TestEnvironment.host()
        let result = try host.load("BasicCells")
        #expect(!result.wasAlreadyLoaded)
        #expect(result.plugin.path == TestEnvironment.library("BasicCells"))
        #expect(result.message.hasPrefix("loaded BasicCells \(result.plugin.version) from "))
        #expect(result.plugin.abiVersion == PluginABI.version)
    }

    @Test func loadingTwiceIsANoOpThatSaysSo() throws {
        let host = TestEnvironment.host()
        _ = try host.load("BasicCells")
        let byName = try host.load("BasicCells")
        let byPath = try host.load(TestEnvironment.library("BasicCells"))
        #expect(byName.wasAlreadyLoaded && byPath.wasAlreadyLoaded)
        #expect(byName.message.hasPrefix("BasicCells is already loaded from "))
        #expect(host.registry.plugins.count == 1)
    }

    @Test func anUnknownNameSuggestsTheNearestPlugin() throws {
        let host = TestEnvironment.host()
        let error = try #require(throws: PluginError.self) { try host.load("BasicCels") }
        #expect(error.code == .notFound)
        #expect(error.message == "no plugin named 'BasicCels' on the plugin path")
        #expect(error.fix?.hasPrefix("did you mean 'BasicCells'?") == true)
    }

    @Test func castsAcrossTheBoundaryHold() throws {
        let host = TestEnvironment.host()
        _ = try host.load("BasicCells")
        let view = try host.makeView(try host.registry.resolve("BasicCells.TextCell"))
        #expect(view is (any Reusable))
        #expect(view is any Inspectable)
        let cell = try #require(view as? TableViewCell)
        try cell.setAttribute("text", to: "across the boundary")
        #expect(cell.render(width: 24).text == "across the boundary")
    }

    @Test func discoverySkipsTheSDKAndTheFixtures() {
        let names = TestEnvironment.host().searchPath.libraries().map(\.name)
        #expect(names.contains("BasicCells"))
        #expect(!names.contains("CellKit"))
        #expect(!names.contains { $0.contains("fixture") })
    }
}

/// Two in-process plugins with a name in common, for namespace tests.
final class Shared: TableViewCell, Reusable {}
final class OnlyInA: TableViewCell, Reusable {}
enum PluginA: Plugin {
    static let name = "PluginA"
    static let version = "1.0"
    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(Shared.self)
        try registrar.register(OnlyInA.self)
    }
}
enum PluginB: Plugin {
    static let name = "PluginB"
    static let version = "1.0"
    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(Shared.self)
    }
}

/// A nib-based cell whose nib goes missing once it registered (``nibIsGone``): the cell
/// registers, but making another one fails.
final class NiblessCell: TableViewCell, Reusable, NibLoadable {
    static let nibIsGone = Mutex(false)
    static var nib: Nib {
        Nib(nibName: nibIsGone.withLock { $0 } ? "GoneNib" : "NiblessCell", bundle: PluginBundle(for: self))
    }
}
enum PluginWithoutNib: Plugin {
    static let name = "PluginWithoutNib"
    static let version = "1.0"
    static func register(in registrar: PluginRegistrar) throws {
        _ = try Nib.register(source: "{text}", named: "NiblessCell", in: PluginBundle(for: NiblessCell.self))
        try registrar.register(NiblessCell.self)
    }
}

@Suite struct MakeViewErrorTests {
    /// The SDK's error is the cause of the host's: a caller can still match its code.
    @Test func aCellThatCannotBeMadeKeepsTheSDKError() throws {
        let host = PluginHost(searchPath: PluginSearchPath(directories: []))
        try host.register(inProcess: PluginWithoutNib.self)
        let item = try host.registry.resolve("NiblessCell")
        NiblessCell.nibIsGone.withLock { $0 = true }
        let error = try #require(throws: PluginError.self) { try host.makeView(item) }
        #expect(error.code == .loadFailed)
        let cause = try #require(error.cause as? CellKitError)
        #expect(error.message == "could not make a PluginWithoutNib.NiblessCell: \(cause)")
        #expect(error.fix == cause.fix)
    }
}

@Suite struct NamespaceTests {
    @Test func shortNamesResolveWhenUniqueAndQualifiedNamesAlways() throws {
        let host = PluginHost(searchPath: PluginSearchPath(directories: []))
        try host.register(inProcess: PluginA.self)
        try host.register(inProcess: PluginB.self)
        #expect(try host.registry.resolve("OnlyInA").qualifiedName == "PluginA.OnlyInA")
        #expect(try host.registry.resolve("PluginB.Shared").qualifiedName == "PluginB.Shared")
        let error = try #require(throws: PluginError.self) { try host.registry.resolve("Shared") }
        #expect(error.code == .ambiguousName)
        #expect(error.message == "'Shared' is ambiguous: PluginA.Shared, PluginB.Shared all match")
        #expect(error.fix == "use the qualified name, for example PluginA.Shared")
    }

    @Test func anUnknownCellSuggestsTheNearestName() throws {
        let host = PluginHost(searchPath: PluginSearchPath(directories: []))
        try host.register(inProcess: PluginA.self)
        let error = try #require(throws: PluginError.self) { try host.registry.resolve("OnlyInB", kinds: [.cell]) }
        #expect(error.code == .unknownName)
        #expect(error.message == "no cell named 'OnlyInB'")
        #expect(error.fix == "did you mean 'OnlyInA'?")
    }
}
