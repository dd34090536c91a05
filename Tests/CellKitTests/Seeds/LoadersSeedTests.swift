@_spi(Host) import CellKit
import Testing

// Seed 003: the Loaders README, every snippet with CellKit's names: the
// `Storyboard` protocol is `StoryboardScenes` (CellKit's `Storyboard` is
// UIKit's `UIStoryboard`), `Reusable<T>` is `ReusableNib<T>` (`Reusable` is
// the protocol), UIViewController is ViewController, and the storyboards are
// defined in code and registered (a plugin registers its own).

// MARK: - The view controllers of the README

final class MainViewController: ViewController {}
final class PageViewController: ViewController {}
final class PageDetailsViewController: ViewController {}
final class DetailsViewController: ViewController {}
final class UserViewController: ViewController {}
final class UserDetailsViewController: ViewController {}
final class ProfileViewController: ViewController {}

// MARK: - "all you need to do is to declare enum like that"

enum Main: String, StoryboardScenes {
    case initialViewController, pageViewController, pageDetailsViewController
}

extension Main: CaseIterable {}

/// The other declarations of `Main` in the README, each in an enum of its own
/// (none of these enums is named after a namespace, so all of them find the
/// storyboard `Main` of this module).
enum TypedProperties {
    enum Main: StoryboardScenes, HasInitialController {
        typealias InitialControllerType = MainViewController
        static var pageViewController: PageViewController { return load() }
        static var pageDetailsViewController: PageDetailsViewController { return load() }
    }
}

enum Functions {
    enum Main: StoryboardScenes, HasInitialController {
        typealias InitialControllerType = MainViewController
        static func pageViewController() -> PageViewController { return load() }
        static func pageDetailsViewController() -> PageDetailsViewController { return load() }
    }
}

enum Loaders {
    enum Main: StoryboardScenes, HasInitialController {
        static var pageViewController: Loader<PageViewController> { return loader() }
        static var pageDetailsViewController: any ControllerLoader { return loader() }
    }
}

enum CaseLoader {
    enum Main: String, StoryboardScenes {
        case mainViewController
    }
}

enum CaseIsALoader {
    enum Main: String, StoryboardScenes, ControllerLoader {
        case mainViewController
    }
}

/// "When you use single storyboard per view controller".
enum UntypedDetails {
    enum Details: StoryboardScenes, HasInitialController {}
}

/// "When you need typed initial view controller".
enum TypedDetails {
    enum Details: StoryboardScenes, HasInitialController {
        typealias InitialControllerType = DetailsViewController
    }
}

/// "enclose declaration in enum with the same name as module": `User` is a
/// namespace (a plugin's name), `Storyboards` is not.
enum Storyboards {  // there is no namespace 'Storyboards', so it uses this module for Main
    enum Main: String, StoryboardScenes {
        case initialViewController, pageViewController, pageDetailsViewController
    }
    enum User {  // there is a namespace User: storyboards 'Main' and 'Profile' come from there
        enum Main: String, StoryboardScenes {
            case initialViewController, userViewController, userDetailsViewController
        }
        enum Profile: StoryboardScenes, HasInitialController {}
    }
}

/// A storyboard with every problem `loadAll()` must report at once.
enum Broken: String, StoryboardScenes, CaseIterable {
    case initialViewController  // the storyboard has no initial scene
    case pageViewController  // fine
    case pageViewControler  // a typo
    case crashingViewController  // its factory throws
}

struct FactoryFailure: Error, CustomStringConvertible {
    var description: String { "the database is not open" }
}

// MARK: - Nibs

final class FirstTableViewCell: TableViewCell {
    @Outlet var title: Label
}
final class SecondTableViewCell: TableViewCell {
    @Outlet var title: Label
    @Outlet var detail: Label
}
final class FirstCollectionViewCell: CollectionViewCell {
    @Outlet var title: Label
}
final class FormHeaderView: CollectionReusableView {
    @Outlet var title: Label
}

enum FormCells: Nibs {
    static var firstTableViewCell: ReusableNib<FirstTableViewCell> { return load() }
    static var secondTableViewCell: ReusableNib<SecondTableViewCell> { return load() }
    static var firstCollectionViewCell: ReusableNib<FirstCollectionViewCell> { return load() }
    static var formHeaderView: ReusableNib<FormHeaderView> { return load() }
}

/// "Creating custom view using xib files": `Nib.add(to: self)` is
/// `loadNibContent()`, called from the initialiser.
final class DesignableView: View, NibOwnerLoadable, Inspectable {
    @Outlet private var label: Label
    var title: String = "title" {
        didSet {
            label.text = title
        }
    }

    required init() {
        super.init()
        loadNibContent()
    }

    static var inspectableAttributes: [InspectableAttribute<DesignableView>] {
        [.init("title", \.title)]
    }
}

enum LoadersSeed {
    static func setUp() throws {
        let bundle = PluginBundle(for: MainViewController.self)
        Storyboard.register(
            Storyboard(
                name: "Main", bundle: bundle,
                scenes: [
                    .init("MainViewController", MainViewController.self),
                    .init("PageViewController", PageViewController.self),
                    .init("PageDetailsViewController", PageDetailsViewController.self),
                ],
                initialScene: "MainViewController"))
        Storyboard.register(
            Storyboard(
                name: "Details", bundle: bundle, scenes: [.init("DetailsViewController", DetailsViewController.self)],
                initialScene: "DetailsViewController"))
        let user = PluginBundle(name: "User")
        Storyboard.register(
            Storyboard(
                name: "Main", bundle: user,
                scenes: [
                    .init("UserViewController", UserViewController.self),
                    .init("UserDetailsViewController", UserDetailsViewController.self),
                ],
                initialScene: "UserViewController"))
        Storyboard.register(
            Storyboard(
                name: "Profile", bundle: user, scenes: [.init("ProfileViewController", ProfileViewController.self)],
                initialScene: "ProfileViewController"))
        Storyboard.register(
            Storyboard(
                name: "Broken", bundle: bundle,
                scenes: [
                    .init("PageViewController", PageViewController.self),
                    .init("CrashingViewController", loader: Loader { throw FactoryFailure() }),
                ]))
        try registerNib("1) {title}", named: "FirstTableViewCell", for: FirstTableViewCell.self)
        try registerNib("2) {title} {~} {detail:dim}", named: "SecondTableViewCell", for: SecondTableViewCell.self)
        try registerNib("[{title}]", named: "FirstCollectionViewCell", for: FirstCollectionViewCell.self)
        try registerNib("== {title:bold} ==", named: "FormHeaderView", for: FormHeaderView.self)
        try registerNib("<{label}>", named: "DesignableView", for: DesignableView.self)
    }
}

// MARK: - Tests

@Suite struct LoadersSeedTests {
    init() throws { try LoadersSeed.setUp() }

    @Test func casesLoadUntypedAndTyped() {
        let pageViewController = Main.pageViewController.load()  // type will be ViewController
        #expect(type(of: pageViewController) == PageViewController.self)
        #expect(pageViewController.sceneIdentifier == "PageViewController")
        let typed: PageViewController = Main.pageViewController.load()
        #expect(typed !== pageViewController, "each load makes a new controller")
        let initial: MainViewController = Main.initialViewController.load()
        #expect(initial.sceneIdentifier == "MainViewController")
        #expect(Main.storyboardName == "Main")
        #expect(Main.storyboard.bundle.name == "CellKitTests")
        #expect(Main.pageDetailsViewController.sceneIdentifier == "PageDetailsViewController")
        #expect(Main.initialViewController.isInitialScene && !Main.pageViewController.isInitialScene)
    }

    /// "write Unit Test which will check all the controllers are loading properly".
    @Test func testMainStoryboard() throws {
        _ = Main.allCases.map { $0.load() }  // [ViewController]
        let loaded = try Main.loadAll()
        #expect(
            loaded.map { "\(type(of: $0))" } == [
                "MainViewController", "PageViewController", "PageDetailsViewController",
            ])
        #expect(loaded.allSatisfy { $0.isViewLoaded }, "loadAll loads each controller's view too")
    }

    /// `loadAll()` reports every scene that fails, not only the first.
    @Test func loadAllReportsEveryFailingScene() throws {
        do {
            _ = try Broken.loadAll()
            Issue.record("Broken has three failing scenes")
        } catch {
            #expect(error.storyboard == "CellKitTests.Broken")
            #expect(error.failures.map(\.code) == [.noInitialScene, .sceneNotFound, .loadFailed])
            #expect(error.failures[0].message == "storyboard CellKitTests.Broken has no initial scene")
            #expect(
                error.failures[0].fix
                    == "mark one of its scenes as initial (scenes: PageViewController, CrashingViewController)")
            #expect(error.failures[1].message == "storyboard CellKitTests.Broken has no scene 'PageViewControler'")
            #expect(error.failures[1].fix == "did you mean 'PageViewController'?")
            #expect(error.failures[2].message == "could not load a ViewController: the database is not open")
            #expect(
                error.description == """
                    3 scene(s) of CellKitTests.Broken failed to load:
                      - storyboard CellKitTests.Broken has no initial scene; mark one of its scenes as initial (scenes: PageViewController, CrashingViewController)
                      - storyboard CellKitTests.Broken has no scene 'PageViewControler'; did you mean 'PageViewController'?
                      - could not load a ViewController: the database is not open
                    """)
        }
    }

    @Test func hasInitialControllerUntypedAndTyped() {
        let untyped = UntypedDetails.Details.instantiateInitialViewController()  // ViewController
        #expect(type(of: untyped) == DetailsViewController.self)
        let typed: DetailsViewController = TypedDetails.Details.instantiateInitialViewController()
        #expect(typed.sceneIdentifier == "DetailsViewController")
        #expect(TypedDetails.Details.storyboardName == "Details")
    }

    @Test func computedPropertiesReturnTypedControllers() {
        let main: MainViewController = TypedProperties.Main.instantiateInitialViewController()
        let page: PageViewController = TypedProperties.Main.pageViewController
        let details: PageDetailsViewController = TypedProperties.Main.pageDetailsViewController
        #expect(main.sceneIdentifier == "MainViewController")
        #expect(page.sceneIdentifier == "PageViewController")
        #expect(details.sceneIdentifier == "PageDetailsViewController")
    }

    @Test func functionsReturnTypedControllers() {
        let main: MainViewController = Functions.Main.instantiateInitialViewController()
        let page: PageViewController = Functions.Main.pageViewController()
        let details: PageDetailsViewController = Functions.Main.pageDetailsViewController()
        #expect(main.storyboard?.name == "Main")
        #expect(page.sceneIdentifier == "PageViewController")
        #expect(details.sceneIdentifier == "PageDetailsViewController")
    }

    /// "pass the factory that creates UIViewControllers and create UIViewController later".
    @Test func loadersAndControllerLoaders() throws {
        let initial: Loader<ViewController> = Loaders.Main.initialViewController
        let page: Loader<PageViewController> = Loaders.Main.pageViewController
        let details: any ControllerLoader = Loaders.Main.pageDetailsViewController
        #expect(type(of: initial.load()) == MainViewController.self)
        #expect(page.load().sceneIdentifier == "PageViewController")
        #expect(type(of: details.load()) == PageDetailsViewController.self)
        #expect(type(of: try details.tryLoad()) == PageDetailsViewController.self)

        let loader = CaseLoader.Main.mainViewController.loader()
        #expect(type(of: loader.load()) == MainViewController.self)

        let controllerLoader: any ControllerLoader = CaseIsALoader.Main.mainViewController
        _ = controllerLoader.load()
        #expect(type(of: try controllerLoader.tryLoad()) == MainViewController.self)
    }

    /// `enum Storyboards { enum User { enum Main … } }`: `User` names a namespace.
    @Test func enclosingEnumNamedAfterANamespace() {
        #expect(Storyboards.User.Main.storyboard.bundle.name == "User")
        #expect(Storyboards.Main.storyboard.bundle.name == "CellKitTests")
        #expect(type(of: Storyboards.Main.pageViewController.load()) == PageViewController.self)
        #expect(type(of: Storyboards.User.Main.userViewController.load()) == UserViewController.self)
        #expect(type(of: Storyboards.User.Main.initialViewController.load()) == UserViewController.self)
        #expect(type(of: Storyboards.User.Main.userDetailsViewController.load()) == UserDetailsViewController.self)
        #expect(type(of: Storyboards.User.Profile.instantiateInitialViewController()) == ProfileViewController.self)
    }

    /// `FormCells.firstTableViewCell.register(on:)` and `.dequeue(on:for:)`,
    /// "exactly the same for UICollectionView", and for a collection's
    /// reusable (supplementary) views.
    @Test func nibsRegisterAndDequeueTypedCells() throws {
        let tableView = TableView()
        FormCells.firstTableViewCell.register(on: tableView)
        FormCells.secondTableViewCell.register(on: tableView)
        let indexPath = IndexPath(row: 0, section: 0)
        let cell = FormCells.firstTableViewCell.dequeue(on: tableView, for: indexPath)  // FirstTableViewCell
        cell.title.text = "Name"
        #expect(viewLines(cell, width: 12) == ["1) Name"])
        let second = try FormCells.secondTableViewCell.tryDequeue(on: tableView, for: indexPath)
        second.title.text = "Role"
        second.detail.text = "admin"
        #expect(viewLines(second, width: 16) == ["2) Role    admin"])
        #expect(FormCells.firstTableViewCell.identifier == "FirstTableViewCell")
        #expect(
            FormCells.firstTableViewCell.nib
                == Nib(nibName: "FirstTableViewCell", bundle: PluginBundle(for: FirstTableViewCell.self)))
        #expect(tableView.registeredCellIdentifiers == ["FirstTableViewCell", "SecondTableViewCell"])

        let collectionView = CollectionView()
        FormCells.firstCollectionViewCell.register(on: collectionView)
        FormCells.formHeaderView.register(on: collectionView, ofKind: CollectionView.elementKindSectionHeader)
        let item = FormCells.firstCollectionViewCell.dequeue(on: collectionView, for: indexPath)
        item.title.text = "tile"
        #expect(viewLines(item, width: 10) == ["[tile]"])
        let header = try FormCells.formHeaderView.tryDequeue(
            on: collectionView, ofKind: CollectionView.elementKindSectionHeader, for: indexPath)
        header.title.text = "Form"
        #expect(viewLines(header, width: 12) == ["== Form =="])
        let another = FormCells.formHeaderView.dequeue(
            on: collectionView, ofKind: CollectionView.elementKindSectionHeader, for: indexPath)
        #expect(another !== header)
    }

    /// The nib cells in a rendered table, reused row after row.
    @Test func nibsInATable() {
        let tableView = TableView()
        FormCells.firstTableViewCell.register(on: tableView)
        let source = TableRows([3]) { tableView, indexPath in
            let cell = FormCells.firstTableViewCell.dequeue(on: tableView, for: indexPath)
            cell.title.text = "field \(indexPath.row)"
            return cell
        }
        tableView.dataSource = source
        #expect(renderedLines(tableView, width: 20) == ["1) field 0", "1) field 1", "1) field 2"])
        #expect(tableView.numberOfCellsCreated == 1)
    }

    @Test func designableViewLoadsItsNibAndHasAnInspectableTitle() throws {
        let view = DesignableView()
        #expect(view.subviews.count == 1)
        try view.setAttribute("title", to: "Hello")
        #expect(viewLines(view, width: 10) == ["<Hello>"])
        #expect(AttributeDescriptor.declared(by: DesignableView.self).map(\.description) == ["title: String = title"])
    }

    // MARK: Loader<T>

    @Test func loaderDefersAndMaps() throws {
        final class Counter: @unchecked Sendable { var value = 0 }
        let counter = Counter()
        let loader = Loader { () -> PageViewController in
            counter.value += 1
            return PageViewController()
        }
        #expect(counter.value == 0, "nothing is made until load()")
        let titled = loader.map { vc -> PageViewController in
            vc.title = "Page"
            return vc
        }
        #expect(titled.load().title == "Page")
        let first = try titled.tryLoad()
        #expect(first !== loader.load())
        #expect(counter.value == 3)

        let erased: [AnyLoader] = [Loader { 1 }.erased, Loader { "two" }.erased, loader.erased]
        #expect(erased.map(\.description) == ["Loader<Int>", "Loader<String>", "Loader<PageViewController>"])
        #expect(erased[1].typed(as: String.self).load() == "two")
        #expect(try erased[0].tryLoad() as? Int == 1)
        let wrong = expectCellKitError { _ = try erased[1].typed(as: Int.self).tryLoad() }
        #expect(wrong?.code == .typeMismatch)
        #expect(wrong?.message == "the loader makes a String, not a Int")

        let failing = Loader<Int> { throw FactoryFailure() }
        let failure = expectCellKitError { _ = try failing.tryLoad() }
        #expect(failure?.code == .loadFailed)
        #expect(failure?.message == "could not load a Int: the database is not open")

        let controllers: any ControllerLoader = Loader<ViewController> { DetailsViewController() }
        #expect(type(of: controllers.load()) == DetailsViewController.self)
    }

    // MARK: The storyboard model, built in code

    @Test func storyboardsBuiltInCode() throws {
        let inline = Storyboard(
            name: "Inline", bundle: PluginBundle(name: "Tests"),
            scenes: [.init("A", PageViewController.self), .init("B", loader: Loader { DetailsViewController() })],
            initialScene: "B")
        #expect(inline.description == "Tests.Inline")
        #expect(inline.sceneIdentifiers == ["A", "B"])
        #expect(inline.initialSceneIdentifier == "B")
        #expect(type(of: inline.instantiateInitialViewController()!) == DetailsViewController.self)
        let a = inline.instantiateViewController(withIdentifier: "A")
        #expect(a.storyboard?.name == "Inline" && a.sceneIdentifier == "A")
        #expect(inline.validate().isEmpty)

        // Looked up by name once registered.
        let byName = Storyboard(name: "Main", bundle: PluginBundle(for: MainViewController.self))
        #expect(byName.sceneIdentifiers == ["MainViewController", "PageViewController", "PageDetailsViewController"])
        #expect(byName.initialSceneIdentifier == "MainViewController")
        #expect(byName.validate().isEmpty)
        #expect(Storyboard.registeredNames.contains("CellKitTests.Main"))
        #expect(Storyboard.registeredNames.contains("User.Profile"))

        // validate() reports every failure, the missing initial scene included.
        let bad = Storyboard(
            name: "Bad", scenes: [.init("Crash", loader: Loader { throw FactoryFailure() })], initialScene: "Gone")
        #expect(bad.validate().map(\.code) == [.sceneNotFound, .loadFailed])
        #expect(bad.instantiateInitialViewController() == nil)
        #expect(Storyboard(name: "Nowhere").validate().map(\.code) == [.storyboardNotFound])
    }

    @Test func aViewControllerLoadsItsViewOnceWhenFirstAskedFor() {
        final class Counting: ViewController {
            var loads = 0
            var didLoads = 0
            override func loadView() {
                loads += 1
                view = Label(text: "hi")
            }
            override func viewDidLoad() { didLoads += 1 }
        }
        let vc = Counting()
        #expect(!vc.isViewLoaded)
        _ = vc.view
        _ = vc.view
        vc.loadViewIfNeeded()
        #expect(vc.isViewLoaded && vc.loads == 1 && vc.didLoads == 1)
        #expect(viewLines(vc.view, width: 5) == ["hi"])
        let plain = ViewController()
        #expect(type(of: plain.view) == View.self)
    }
}
