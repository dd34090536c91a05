import Glibc
import TestSupport
import Testing

@_spi(Host) @testable import CellKit

// Every misconfiguration the seeds trap on, through the throwing forms
// (code, message and fix), and the trapping forms' messages themselves, seen
// from a child process (exit tests).

final class UnregisteredCell: TableViewCell, Reusable {}
final class UnregisteredItem: CollectionViewCell, Reusable {}
final class UnregisteredHeader: TableViewHeaderFooterView, Reusable {}
final class UnregisteredSupplementary: CollectionReusableView, Reusable {}

/// Two cell types that claim one identifier.
final class SharedIdentifierCell: TableViewCell, Reusable {
    static var reuseIdentifier: String { "Shared" }
}
final class ImpostorCell: TableViewCell, Reusable {
    static var reuseIdentifier: String { "Shared" }
}
final class SharedIdentifierItem: CollectionViewCell, Reusable {
    static var reuseIdentifier: String { "SharedItem" }
}
final class ImpostorItem: CollectionViewCell, Reusable {
    static var reuseIdentifier: String { "SharedItem" }
}

/// Nib-based types without a nib.
final class NoNibView: View, NibLoadable {}
final class NoNibOwnerView: View, NibOwnerLoadable {}
final class NoNibCell: TableViewCell, NibReusable {}

/// The nib has `{extra}`; the owner has no such outlet.
final class ExtraOutletView: View, NibLoadable {
    @Outlet var name: Label
}

/// The owner has `@Outlet var role`; the nib has no `{role}`.
final class MissingOutletView: View, NibOwnerLoadable {
    @Outlet var name: Label
    @Outlet var role: Label
}

/// View controllers whose storyboards are missing or wrong.
final class NoStoryboardVC: ViewController, StoryboardBased {}
final class WrongInitialVC: ViewController, StoryboardBased {}
final class MissingSceneVC: ViewController, StoryboardSceneBased {
    static var sceneStoryboard: Storyboard {
        Storyboard(name: "Errors", bundle: PluginBundle(for: MissingSceneVC.self))
    }
}

enum Errors: String, StoryboardScenes {
    case initialViewController, home, setings, preferences
    static var typedHome: PageViewController { load(identifier: "home") }
}

enum SeedErrors {
    static let bundle = PluginBundle(for: UnregisteredCell.self)

    static func setUp() throws {
        try registerNib("{name} {extra}", named: "ExtraOutletView", for: ExtraOutletView.self)
        try registerNib("{name}", named: "MissingOutletView", for: MissingOutletView.self)
        Storyboard.register(
            Storyboard(
                name: "Errors", bundle: bundle,
                scenes: [.init("Home", ViewController.self), .init("Settings", ViewController.self)]))
        Storyboard.register(
            Storyboard(
                name: "WrongInitialVC", bundle: bundle, scenes: [.init("Other", PageViewController.self)],
                initialScene: "Other"))
    }

    /// A new directory under /tmp.
    static func temporaryDirectory() throws -> String {
        try TemporaryDirectory.create(prefix: "cellkit-seed")
    }

    static func write(_ text: String, to path: String) throws {
        let file = try #require(fopen(path, "wb"))
        _ = text.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, file) }
        fclose(file)
    }
}

/// What a child process of an exit test wrote to its standard error.
func standardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

@Suite struct SeedErrorTests {
    init() throws { try SeedErrors.setUp() }

    let indexPath = IndexPath(row: 0, section: 0)

    // MARK: Not registered

    @Test func aCellThatWasNotRegistered() {
        let table = TableView()
        let error = expectCellKitError { let _: UnregisteredCell = try table.tryDequeueReusableCell(for: indexPath) }
        #expect(error?.code == .notRegistered)
        #expect(error?.message == "no cell is registered under 'UnregisteredCell'")
        #expect(error?.fix == "register it before dequeuing, e.g. register(cellType: UnregisteredCell.self)")
        #expect(
            error?.description
                == "no cell is registered under 'UnregisteredCell'; register it before dequeuing, e.g. register(cellType: UnregisteredCell.self)"
        )

        let grid = CollectionView()
        let item = expectCellKitError {
            _ = try grid.tryDequeueReusableCell(for: indexPath, cellType: UnregisteredItem.self)
        }
        #expect(item?.code == .notRegistered)
        #expect(item?.message == "no cell is registered under 'UnregisteredItem'")
        let byName = expectCellKitError {
            _ = try table.tryDequeueReusableCell(withIdentifier: "Ghost", for: indexPath)
        }
        #expect(byName?.message == "no cell is registered under 'Ghost'")
    }

    @Test func aHeaderOrSupplementaryViewThatWasNotRegistered() {
        let table = TableView()
        let header = expectCellKitError { _ = try table.tryDequeueReusableHeaderFooterView(UnregisteredHeader.self) }
        #expect(header?.code == .notRegistered)
        #expect(header?.message == "no header/footer view is registered under 'UnregisteredHeader'")
        #expect(
            header?.fix == "register it before dequeuing, e.g. register(headerFooterViewType: UnregisteredHeader.self)")

        let grid = CollectionView()
        let kind = CollectionView.elementKindSectionHeader
        let supplementary = expectCellKitError {
            _ = try grid.tryDequeueReusableSupplementaryView(
                ofKind: kind, for: indexPath, viewType: UnregisteredSupplementary.self)
        }
        #expect(supplementary?.code == .notRegistered)
        #expect(
            supplementary?.message
                == "no supplementary view of kind CollectionElementKindSectionHeader is registered under 'UnregisteredSupplementary'"
        )
        #expect(
            supplementary?.fix
                == "register it before dequeuing, e.g. register(supplementaryViewType: UnregisteredSupplementary.self, ofKind: \"CollectionElementKindSectionHeader\")"
        )
    }

    @Test func aNibLoaderThatWasNotRegistered() {
        let table = TableView()
        let error = expectCellKitError { _ = try FormCells.firstTableViewCell.tryDequeue(on: table, for: indexPath) }
        #expect(error?.code == .notRegistered)
        #expect(error?.message == "no cell is registered under 'FirstTableViewCell'")
        let grid = CollectionView()
        let item = expectCellKitError { _ = try FormCells.firstCollectionViewCell.tryDequeue(on: grid, for: indexPath) }
        #expect(item?.code == .notRegistered)
    }

    // MARK: Wrong type

    @Test func aCellRegisteredUnderTheIdentifierOfAnotherType() throws {
        let table = TableView()
        table.register(cellType: ImpostorCell.self)
        let error = expectCellKitError {
            let _: SharedIdentifierCell = try table.tryDequeueReusableCell(for: indexPath)
        }
        #expect(error?.code == .typeMismatch)
        #expect(error?.message == "the cell registered under 'Shared' is a ImpostorCell, not a SharedIdentifierCell")
        #expect(error?.fix == "register SharedIdentifierCell under its own identifier, or dequeue it as ImpostorCell")
        // The cell went back to the queue: the next dequeue reuses it.
        let impostor: ImpostorCell = try table.tryDequeueReusableCell(for: indexPath)
        #expect(table.numberOfCellsCreated == 1 && impostor.reuseIdentifier == "Shared")

        let grid = CollectionView()
        grid.register(cellType: ImpostorItem.self)
        let item = expectCellKitError { let _: SharedIdentifierItem = try grid.tryDequeueReusableCell(for: indexPath) }
        #expect(item?.code == .typeMismatch)
        #expect(item?.message == "the cell registered under 'SharedItem' is a ImpostorItem, not a SharedIdentifierItem")
        // One implementation for tables and collections: the collection's mismatch says how to fix it too.
        #expect(item?.fix == "register SharedIdentifierItem under its own identifier, or dequeue it as ImpostorItem")

        table.register(identifier: "FirstTableViewCell", typeName: "SecondTableViewCell") { SecondTableViewCell() }
        let live = table.numberOfLiveCells
        let nib = expectCellKitError { _ = try FormCells.firstTableViewCell.tryDequeue(on: table, for: indexPath) }
        #expect(nib?.code == .typeMismatch)
        #expect(nib?.message == "'FirstTableViewCell' is a SecondTableViewCell, not a FirstTableViewCell")
        // The cell of the wrong type went back to the queue: no more cells are checked out than before.
        #expect(table.numberOfLiveCells == live)
    }

    // MARK: Nibs

    @Test func aMissingNib() {
        let error = expectCellKitError { _ = try NoNibView.tryLoadFromNib() }
        #expect(error?.code == .nibNotFound)
        #expect(error?.message.hasPrefix("no nib named 'NoNibView' in bundle CellKitTests (looked for ") == true)
        #expect(
            error?.fix
                == "add NoNibView.nib to the plugin's resources, or register it with Nib.register(source:named:in:)")

        let owner = expectCellKitError { try NoNibOwnerView().tryLoadNibContent() }
        #expect(owner?.code == .nibNotFound)

        // Registered as nib-based, it fails when the first cell is made.
        let table = TableView()
        table.register(cellType: NoNibCell.self)
        let cell = expectCellKitError { let _: NoNibCell = try table.tryDequeueReusableCell(for: indexPath) }
        #expect(cell?.code == .nibNotFound)
        #expect(cell?.message.hasPrefix("no nib named 'NoNibCell' in bundle CellKitTests") == true)

        // In a bundle with a resources folder, the message says where it looked.
        let bundle = PluginBundle(name: "Somewhere", resourceDirectory: "/opt/plugins/Somewhere.resources")
        let found = expectCellKitError { _ = try Nib(nibName: "Card", bundle: bundle).instantiate(withOwner: nil) }
        #expect(
            found?.message
                == "no nib named 'Card' in bundle Somewhere (looked for /opt/plugins/Somewhere.resources/Card.nib)")
    }

    /// An outlet in the nib that the owner lacks: both sides named, and where in the nib.
    @Test func aNibOutletTheOwnerLacks() {
        let error = expectCellKitError { _ = try ExtraOutletView.tryLoadFromNib() }
        #expect(error?.code == .outletMismatch)
        #expect(
            error?.message
                == "ExtraOutletView.nib has the outlet {extra}, but ExtraOutletView has no @Outlet named 'extra'")
        #expect(
            error?.fix
                == "add `@Outlet var extra: Label` to ExtraOutletView, or remove {extra} from ExtraOutletView.nib")
        #expect(error?.diagnostic?.location.description == "ExtraOutletView.nib:1:9")
        #expect(
            error?.description == """
                ExtraOutletView.nib:1:9: error: ExtraOutletView has no @Outlet named 'extra'
                  {name} {extra}
                          ^~~~~
                  add `@Outlet var extra: Label` to ExtraOutletView, or remove {extra} from the nib
                """)
    }

    /// An owner outlet that the nib lacks: both sides named.
    @Test func anOwnerOutletTheNibLacks() {
        let error = expectCellKitError { try MissingOutletView().tryLoadNibContent() }
        #expect(error?.code == .outletMismatch)
        #expect(
            error?.message
                == "MissingOutletView has the outlet @Outlet var role, but MissingOutletView.nib has no {role}")
        #expect(error?.fix == "add {role} to MissingOutletView.nib, or remove the outlet from MissingOutletView")
    }

    /// A malformed nib, registered from a string or read from a file: every
    /// problem with file:line:col, the line, a caret and a fix.
    @Test func aMalformedNib() throws {
        let error = expectCellKitError {
            try Nib.register(
                source: "╭─ {name:bol} ─╮\n│ {bio:wrap,clip} │\n}", named: "Malformed", in: SeedErrors.bundle)
        }
        #expect(error?.code == .invalidNib)
        #expect(error?.message == "Malformed.nib:1:10: unknown modifier 'bol' on outlet 'name'")
        #expect(error?.fix == "did you mean 'bold'?")
        #expect(
            error?.diagnostics.map(\.location.description) == [
                "Malformed.nib:1:10", "Malformed.nib:2:13", "Malformed.nib:3:1",
            ])
        #expect(
            error?.diagnostics.first?.rendered() == """
                Malformed.nib:1:10: error: unknown modifier 'bol' on outlet 'name'
                  ╭─ {name:bol} ─╮
                           ^~~
                  did you mean 'bold'?
                """)
        #expect(!Nib.exists(named: "Malformed", in: SeedErrors.bundle), "a nib that does not parse is not registered")

        let directory = try SeedErrors.temporaryDirectory()
        defer {
            unlink(directory + "/Broken.nib")
            rmdir(directory)
        }
        try SeedErrors.write("ok {a}\n{b:width=x}\n", to: directory + "/Broken.nib")
        let bundle = PluginBundle(name: "OnDisk", resourceDirectory: directory)
        let file = expectCellKitError { _ = try Nib(nibName: "Broken", bundle: bundle).template() }
        #expect(file?.code == .invalidNib)
        #expect(
            file?.diagnostic?.location == CellKit.SourceLocation(file: directory + "/Broken.nib", line: 2, column: 10))
        #expect(file?.message.hasPrefix(directory + "/Broken.nib:2:10: ") == true)
    }

    // MARK: Storyboards

    @Test func aMissingSceneSuggestsTheNearest() {
        let storyboard = Storyboard(name: "Errors", bundle: SeedErrors.bundle)
        let near = expectCellKitError { _ = try storyboard.tryInstantiateViewController(withIdentifier: "Setings") }
        #expect(near?.code == .sceneNotFound)
        #expect(near?.message == "storyboard CellKitTests.Errors has no scene 'Setings'")
        #expect(near?.fix == "did you mean 'Settings'?")
        let far = expectCellKitError { _ = try Errors.preferences.tryLoad() }
        #expect(far?.message == "storyboard CellKitTests.Errors has no scene 'Preferences'")
        #expect(far?.fix == "its scenes are: Home, Settings")
        let typo = expectCellKitError { _ = try Errors.setings.tryLoad() }
        #expect(typo?.fix == "did you mean 'Settings'?")
        let scene = expectCellKitError { _ = try MissingSceneVC.tryInstantiate() }
        #expect(scene?.code == .sceneNotFound)
        #expect(scene?.message == "storyboard CellKitTests.Errors has no scene 'MissingSceneVC'")
    }

    @Test func noInitialScene() {
        let storyboard = Storyboard(name: "Errors", bundle: SeedErrors.bundle)
        let error = expectCellKitError { _ = try storyboard.tryInstantiateInitialViewController() }
        #expect(error?.code == .noInitialScene)
        #expect(error?.message == "storyboard CellKitTests.Errors has no initial scene")
        #expect(error?.fix == "mark one of its scenes as initial (scenes: Home, Settings)")
        #expect(storyboard.instantiateInitialViewController() == nil)
        let initialCase = expectCellKitError { _ = try Errors.initialViewController.tryLoad() }
        #expect(initialCase?.code == .noInitialScene)
    }

    @Test func aMissingStoryboard() {
        let error = expectCellKitError { _ = try NoStoryboardVC.tryInstantiate() }
        #expect(error?.code == .storyboardNotFound)
        #expect(error?.message == "no storyboard named 'NoStoryboardVC' in CellKitTests")
        #expect(error?.fix?.hasPrefix("registered storyboards are: ") == true)
        #expect(error?.fix?.contains("CellKitTests.Errors") == true)
    }

    @Test func aSceneOfTheWrongType() {
        let initial = expectCellKitError { _ = try WrongInitialVC.tryInstantiate() }
        #expect(initial?.code == .typeMismatch)
        #expect(
            initial?.message
                == "the initial scene of storyboard CellKitTests.WrongInitialVC is a PageViewController, not a WrongInitialVC"
        )
        #expect(initial?.fix == "make a WrongInitialVC scene the initial one")

        let typed = expectCellKitError { let _: PageViewController = try Errors.tryLoad(identifier: "home") }
        #expect(typed?.code == .typeMismatch)
        #expect(typed?.message == "scene 'Home' of CellKitTests.Errors is a ViewController, not a PageViewController")
    }

    // MARK: The trapping forms' messages, from a child process

    @Test func dequeueTrapsWithReusablesMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let table = TableView()
            let _: UnregisteredCell = table.dequeueReusableCell(for: IndexPath(row: 0, section: 0))
        }
        let stderr = standardError(result)
        #expect(
            stderr.contains(
                "Fatal error: Failed to dequeue a cell with identifier UnregisteredCell matching type UnregisteredCell. "
                    + "Check that the reuseIdentifier is right and that you registered the cell beforehand: "
                    + "no cell is registered under 'UnregisteredCell'; register it before dequeuing, e.g. register(cellType: UnregisteredCell.self)"
            ), "\(stderr)")
    }

    @Test func headerFooterAndSupplementaryDequeuesTrap() async {
        let header = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = TableView().dequeueReusableHeaderFooterView(UnregisteredHeader.self)
        }
        #expect(
            standardError(header).contains(
                "Failed to dequeue a header/footer view with identifier UnregisteredHeader matching type UnregisteredHeader."
            ))
        let supplementary = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let _: UnregisteredSupplementary = CollectionView().dequeueReusableSupplementaryView(
                ofKind: CollectionView.elementKindSectionFooter, for: IndexPath(item: 0, section: 0))
        }
        #expect(
            standardError(supplementary).contains(
                "Failed to dequeue a supplementary view of kind CollectionElementKindSectionFooter with identifier "
                    + "UnregisteredSupplementary matching type UnregisteredSupplementary."
            ))
    }

    @Test func loadFromNibAndLoadNibContentTrapWithTheFix() async {
        let missing = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = NoNibView.loadFromNib()
        }
        #expect(
            standardError(missing).contains(
                "The nib CellKitTests/NoNibView.nib could not be loaded as the root view of NoNibView: no nib named 'NoNibView'"
            ))
        let outlets = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try? registerNib("{name}", named: "MissingOutletView", for: MissingOutletView.self)
            MissingOutletView().loadNibContent()
        }
        #expect(
            standardError(outlets).contains(
                "The nib CellKitTests/MissingOutletView.nib could not be loaded into MissingOutletView: "
                    + "MissingOutletView has the outlet @Outlet var role, but MissingOutletView.nib has no {role}"))
    }

    @Test func storyboardCallsTrapWithTheFix() async {
        let instantiate = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = NoStoryboardVC.instantiate()
        }
        #expect(
            standardError(instantiate).contains(
                "no storyboard named 'NoStoryboardVC' in CellKitTests; define it and register it with Storyboard.register(_:)"
            ))
        let scene = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try? SeedErrors.setUp()
            _ = Errors.setings.load()
        }
        #expect(
            standardError(scene).contains(
                "storyboard CellKitTests.Errors has no scene 'Setings'; did you mean 'Settings'?"))
    }

    @Test func dataViewSubscriptNibLoaderAndLoaderTrap() async {
        let subscripted = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let dataView: any DataViewable = CollectionView()
            _ = dataView[IndexPath(item: 0, section: 0)]
        }
        #expect(
            standardError(subscripted).contains(
                "Failed to dequeue a cell with identifier Cell for [0, 0]: no cell is registered under 'Cell'"))
        let nib = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = FormCells.firstTableViewCell.dequeue(on: TableView(), for: IndexPath(row: 0, section: 0))
        }
        #expect(
            standardError(nib).contains(
                "Failed to dequeue FirstTableViewCell (nib FirstTableViewCell): no cell is registered under 'FirstTableViewCell'"
            ))
        let supplementary = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = FormCells.formHeaderView.dequeue(
                on: CollectionView(), ofKind: "Badge", for: IndexPath(item: 0, section: 0))
        }
        #expect(
            standardError(supplementary).contains(
                "Failed to dequeue FormHeaderView (nib FormHeaderView) of kind Badge: "
                    + "no supplementary view of kind Badge is registered under 'FormHeaderView'"))
        let loader = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Loader<Int> { throw FactoryFailure() }.load()
        }
        #expect(
            standardError(loader).contains(
                "could not load a Int: the database is not open"))
    }
}
