@_spi(Host) import CellKit
import CellKitTesting
import PluginDiscovery
import PluginRuntime
import Testing

/// A collection cell that is reusable, nib-based and inspectable at once: SDK
/// 1.x's ten `register` overloads made it "ambiguous use of
/// 'register(cellType:summary:)'", so it could not be registered at all.
final class BadgeItem: CollectionViewCell, Reusable, NibLoadable, Inspectable {
    @Outlet var text: Label
    var tone = "plain"
    static var inspectableAttributes: [InspectableAttribute<BadgeItem>] { [.init("tone", \.tone)] }
}

/// A cell that forgot `Reusable`.
final class ForgetfulCell: TableViewCell {}

/// A reusable view that is no cell, header/footer or supplementary view.
final class LooseView: ReusableView, Reusable {}

/// A header/footer view, registered through the same entry point as cells.
final class BadgeHeader: TableViewHeaderFooterView, Reusable {}

enum BadgePlugin: Plugin {
    static let name = "BadgePlugin"
    static let version = "1.0"
    static func register(in registrar: PluginRegistrar) throws {
        _ = try Nib.register(source: "[{text}]", named: "BadgeItem", in: PluginBundle(for: BadgeItem.self))
        try registrar.register(BadgeItem.self, summary: "a badge in a grid")
        try registrar.register(BadgeHeader.self)
    }
}

enum ForgetfulPlugin: Plugin {
    static let name = "ForgetfulPlugin"
    static let version = "1.0"
    static func register(in registrar: PluginRegistrar) throws {
        try registrar.register(ForgetfulCell.self)
    }
}

/// `PluginRegistrar.register(_:)`: one entry point for every view type, what
/// it is read from the type when the plugin loads.
@Suite struct RegisterEntryPointTests {
    @Test func aNibBasedInspectableCollectionCellRegistersAsAnItem() throws {
        let host = PluginHost(searchPath: PluginSearchPath(directories: []))
        try host.register(inProcess: BadgePlugin.self)
        let item = try host.registry.resolve("BadgeItem")
        #expect(item.kind == .item)
        #expect(item.registration.summary == "a badge in a grid")
        #expect(item.registration.nibName == "BadgeItem")
        #expect(item.registration.attributes.map(\.name) == ["tone", "text"])
        // Each new one is the registered class, with its nib loaded.
        let view = try host.makeView(item)
        let badge = try #require(view as? BadgeItem)
        badge.text.text = "new"
        #expect(renderedText(badge, width: 6).hasPrefix("[new]"))
        #expect(try host.registry.resolve("BadgeHeader").kind == .headerFooter)
    }

    @Test func aCellThatIsNotReusableFailsTheLoadWithTheFix() throws {
        let registrar = PluginRegistrar(imagePath: nil)
        #expect(registrar.run(ForgetfulPlugin.self) == 1)
        let error = try #require(registrar.failure as? CellKitError)
        #expect(error.code == .registrationFailed)
        #expect(error.message == "ForgetfulPlugin registers ForgetfulCell, which is not Reusable")
        #expect(error.fix == "declare it `ForgetfulCell: TableViewCell, Reusable` (or NibReusable)")
        // The host's error names the plugin and keeps the SDK's as its cause; nothing is registered.
        let host = PluginHost(searchPath: PluginSearchPath(directories: []))
        let refusal = try #require(throws: PluginError.self) { try host.register(inProcess: ForgetfulPlugin.self) }
        #expect(refusal.code == .registrationFailed)
        #expect(refusal.message.contains("ForgetfulCell, which is not Reusable"))
        #expect(throws: PluginError.self) { try host.registry.resolve("ForgetfulCell") }
    }

    @Test func aViewThatIsNoCellFailsTheLoadWithTheFix() throws {
        let registrar = PluginRegistrar(imagePath: nil)
        #expect(throws: CellKitError.self) { try registrar.register(LooseView.self) }
        do {
            try registrar.register(LooseView.self)
        } catch {
            #expect(error.code == .registrationFailed)
            #expect(
                error.message.hasSuffix("registers LooseView, which is no cell, header/footer or supplementary view"))
            #expect(error.fix?.contains("TableViewCell, CollectionViewCell") == true)
        }
        #expect(registrar.registrations.isEmpty)
    }
}
