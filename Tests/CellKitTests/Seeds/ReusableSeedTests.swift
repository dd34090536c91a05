@_spi(Host) import CellKit
import Testing

// Seed 000: AliSoftware's Reusable README, every snippet with UIKit's names
// replaced by CellKit's (UITableViewCell → TableViewCell, UIView → View,
// UILabel → Label, @IBOutlet → @Outlet, @IBInspectable → inspectableAttributes,
// UIStoryboard → Storyboard, XIBs → nibs registered from strings).

// MARK: - The cells of the README

/// "Example of what Reusable allows you to do".
final class MyCustomCell: TableViewCell, Reusable {
    // And that's it!
}

/// "Example for a Code-based custom tableView cell".
final class CodeBasedCustomCell: TableViewCell, Reusable {
    // By default this cell will have a reuseIdentifier of "CodeBasedCustomCell"
    // unless you provide an alternative implementation of `var reuseIdentifier`

    // No need to add anything to conform to Reusable. You can just keep your normal cell code
    private let label = Label()

    required init() {
        super.init()
        label.pinEdges()
        contentView.addSubview(label)
    }

    func fillWithText(_ text: String?) { label.text = text ?? "" }
}

/// "Example for a Nib-based custom tableView cell": its nib is `NibBasedCustomCell.nib`.
final class NibBasedCustomCell: TableViewCell, NibReusable {
    // or
    // final class NibBasedCustomCell: TableViewCell, Reusable, NibLoadable {

    // Here we provide a nib for this cell class (which, if we don't override the protocol's
    // default implementation of `nib`, will use a nib of the same name as the class)

    // No need to add anything to conform to Reusable. You can just keep your normal cell code
    @Outlet private var pictureView: Label
    func fillWithImage(_ image: String?) { pictureView.text = image ?? "" }

    static let nibSource = "🖼  {pictureView:bold} {~}"
}

/// "Example for a Code-based custom collectionView cell".
final class CodeBasedCollectionViewCell: CollectionViewCell, Reusable {
    let label = Label()
    required init() {
        super.init()
        label.pinEdges()
        contentView.addSubview(label)
    }
}

/// "Example for a Nib-based custom collectionView cell".
final class NibBasedCollectionViewCell: CollectionViewCell, NibReusable {
    @Outlet var caption: Label
    static let nibSource = "[{caption}]"
}

/// "Example with a cell type determined at runtime".
class ParentCell: TableViewCell, Reusable {
    let label = Label()
    required init() {
        super.init()
        label.pinEdges()
        contentView.addSubview(label)
    }
    func describe() -> String { "parent" }
}
final class Child1Cell: ParentCell {
    override func describe() -> String { "child 1" }
}
final class Child2Cell: ParentCell {
    override func describe() -> String { "child 2" }
}

/// Nib-based cells chosen at run time: each subclass has a nib of its name.
class NibParentCell: TableViewCell, NibReusable {
    @Outlet var value: Label
}
final class NibChild1Cell: NibParentCell {}
final class NibChild2Cell: NibParentCell {}

/// "Example of `UITableView` registration", and its `cellForRowAtIndexPath`.
final class MyViewController: ViewController {
    private let tableView = TableView()

    override func loadView() {
        view = tableView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // This will register using the class without using a nib
        tableView.register(cellType: CodeBasedCustomCell.self)
        tableView.register(cellType: NibBasedCustomCell.self)  // This will register using NibBasedCustomCell.nib
        tableView.dataSource = self
    }

    var table: TableView { tableView }
}

extension MyViewController: TableViewDataSource {
    func numberOfSections(in tableView: TableView) -> Int { 2 }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1 }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        if indexPath.section == 0 {
            let cell = tableView.dequeueReusableCell(for: indexPath) as CodeBasedCustomCell
            // Customize the cell here. You can call any type-specific methods here without the need for type-casting
            cell.fillWithText("Foo")
            return cell
        } else {
            let cell = tableView.dequeueReusableCell(for: indexPath) as NibBasedCustomCell
            // Customize the cell here. no need to downcasting here either!
            cell.fillWithImage("Bar")
            return cell
        }
    }
}

// MARK: - Nib-based views

/// "a nib-based custom View, used as root of the nib".
final class NibBasedRootView: View, NibLoadable {
    // and that's it!
}

/// "a nib-based custom View, used as the nib's File's Owner".
final class NibBasedFileOwnerView: View, NibOwnerLoadable {
    // and that's it!
}

/// "A view configured to be `NibOwnerLoadable`", with its auto-loading `init`
/// (UIKit's `init?(coder:)` is CellKit's `required init()`).
final class MyCustomWidget: View, NibOwnerLoadable, Inspectable {
    @Outlet private var rectView: Label
    @Outlet private var textLabel: Label

    var rectColor: Color? {
        didSet {
            self.rectView.backgroundColor = self.rectColor
        }
    }
    var text: String? {
        didSet {
            self.textLabel.text = self.text ?? ""
        }
    }

    required init() {
        super.init()
        self.loadNibContent()
    }

    // @IBInspectable: optional properties, set through a getter and a setter.
    static var inspectableAttributes: [InspectableAttribute<MyCustomWidget>] {
        [
            .init(
                "rectColor", type: .color, summary: "the colour of the square",
                get: { .color($0.rectColor ?? .default) },
                set: { widget, value throws(ValueError) in widget.rectColor = try Color(attributeValue: value) }),
            .init(
                "text", type: .string, summary: "the text beside the square",
                get: { .string($0.text ?? "") },
                set: { widget, value throws(ValueError) in widget.text = try String(attributeValue: value) }),
        ]
    }

    static let nibSource = "{rectView:width=2} {textLabel} {~}"
}

// MARK: - View controllers from storyboards

/// "a ViewController being the initial ViewController of its Storyboard" `CustomVC`.
final class CustomVC: ViewController, StoryboardBased {
    // and that's it!
}

/// "a ViewController being an arbitrary scene in a differently-named Storyboard".
/// (`UIStoryboard(name: "CustomVC", bundle: nil)`: the bundle a plugin's
/// storyboards are registered in is its own, `PluginBundle(for:)`.)
final class SecondaryVC: ViewController, StoryboardSceneBased {
    static let sceneStoryboard = Storyboard(name: "CustomVC", bundle: PluginBundle(for: SecondaryVC.self))
    // and that's it!
}

/// "Customize reuseIdentifier, nib, etc for non-conventional uses".
final class VeryCustomNibBasedCell: TableViewCell, NibReusable {
    // This cell use a non-standard configuration: its reuseIdentifier and nib file
    // have a different name as the class itself. So we need to provide a custom implementation or `NibReusable`
    static var reuseIdentifier: String { return "VeryCustomReuseIdentifier" }
    static var nib: Nib { return Nib(nibName: "VeryCustomUI", bundle: .main) }  // Use VeryCustomUI.nib

    // Then continue with the rest of your normal cell code
    @Outlet var title: Label
}

/// The nibs and the storyboard of this seed, registered once.
enum ReusableSeed {
    static func setUp() throws {
        try registerNib(NibBasedCustomCell.nibSource, named: "NibBasedCustomCell", for: NibBasedCustomCell.self)
        try registerNib(
            NibBasedCollectionViewCell.nibSource, named: "NibBasedCollectionViewCell",
            for: NibBasedCollectionViewCell.self)
        try registerNib("╭{~─}╮\n│ {~} root {~} │\n╰{~─}╯", named: "NibBasedRootView", for: NibBasedRootView.self)
        try registerNib("< {~} owner {~} >", named: "NibBasedFileOwnerView", for: NibBasedFileOwnerView.self)
        try registerNib(MyCustomWidget.nibSource, named: "MyCustomWidget", for: MyCustomWidget.self)
        try Nib.register(source: "** {title:bold} **", named: "VeryCustomUI", in: .main)
        try registerNib("NibChild1Cell: {value}", named: "NibChild1Cell", for: NibChild1Cell.self)
        try registerNib("NibChild2Cell: {value}", named: "NibChild2Cell", for: NibChild2Cell.self)
        Storyboard.register(
            Storyboard(
                name: "CustomVC", bundle: PluginBundle(for: CustomVC.self),
                scenes: [.init("CustomVC", CustomVC.self), .init("SecondaryVC", SecondaryVC.self)],
                initialScene: "CustomVC"))
    }
}

// MARK: - Tests

@Suite struct ReusableSeedTests {
    init() throws { try ReusableSeed.setUp() }

    let indexPath = IndexPath(row: 0, section: 0)

    /// "Example of what Reusable allows you to do": three lines, no strings.
    @Test func whatReusableAllowsYouToDo() {
        let tableView = TableView()
        tableView.register(cellType: MyCustomCell.self)
        let cell: MyCustomCell = tableView.dequeueReusableCell(for: indexPath)
        #expect(cell.reuseIdentifier == "MyCustomCell")
        #expect(tableView.registeredCellIdentifiers == ["MyCustomCell"])
    }

    /// "By default this cell will have a reuseIdentifier of 'CodeBasedCustomCell'".
    @Test func reuseIdentifierIsTheTypeName() {
        #expect(CodeBasedCustomCell.reuseIdentifier == "CodeBasedCustomCell")
        #expect(NibBasedCustomCell.reuseIdentifier == "NibBasedCustomCell")
        #expect(CodeBasedCollectionViewCell.reuseIdentifier == "CodeBasedCollectionViewCell")
        #expect(Child1Cell.reuseIdentifier == "Child1Cell", "a subclass gets its own name")
    }

    /// "unless you provide an alternative implementation": identifier and nib overridden.
    @Test func customReuseIdentifierAndNib() throws {
        #expect(VeryCustomNibBasedCell.reuseIdentifier == "VeryCustomReuseIdentifier")
        #expect(VeryCustomNibBasedCell.nib.name == "VeryCustomUI")
        let tableView = TableView()
        tableView.register(cellType: VeryCustomNibBasedCell.self)
        #expect(tableView.registeredCellIdentifiers == ["VeryCustomReuseIdentifier"])
        let cell: VeryCustomNibBasedCell = try tableView.tryDequeueReusableCell(for: indexPath)
        #expect(cell.reuseIdentifier == "VeryCustomReuseIdentifier")
        cell.title.text = "custom"
        #expect(viewLines(cell, width: 20) == ["** custom **"])
    }

    /// "Example of `UITableView` registration" and "Example implementation of
    /// `cellForRowAtIndexPath` using `Reusable`": a class-based and a nib-based
    /// cell in one table, dequeued with `as` and used without casts.
    @Test func myViewControllerRegistersAndDequeuesBothKinds() {
        let controller = MyViewController()
        controller.loadViewIfNeeded()
        #expect(controller.view === controller.table)
        #expect(controller.table.registeredCellIdentifiers == ["CodeBasedCustomCell", "NibBasedCustomCell"])
        #expect(renderedLines(controller.table, width: 20) == ["Foo", "", "🖼  Bar"])
    }

    /// "Either `as MyCustomCell` … Or `let cell: MyCustomCell`": both infer the type.
    @Test func bothWaysOfDequeuingInferTheType() {
        let tableView = TableView()
        tableView.register(cellType: MyCustomCell.self)
        let first = tableView.dequeueReusableCell(for: indexPath) as MyCustomCell
        let second: MyCustomCell = tableView.dequeueReusableCell(for: indexPath)
        #expect(first !== second)
        #expect(tableView.numberOfCellsCreated == 2)
    }

    /// "Example with a cell type determined at runtime": `cellType:` takes a
    /// metatype computed at run time; the cell is typed as the parent class.
    @Test func cellTypeDeterminedAtRuntime() {
        func cellType(for indexPath: IndexPath) -> ParentCell.Type {
            return (indexPath.row % 2 == 0) ? Child1Cell.self : Child2Cell.self
        }
        let tableView = TableView()
        tableView.register(cellType: Child1Cell.self)
        tableView.register(cellType: Child2Cell.self)
        var described: [String] = []
        for row in 0..<4 {
            let indexPath = IndexPath(row: row, section: 0)
            let cellClass = cellType(for: indexPath)
            // As `cellType(for:)` always returns a `ParentCell` (sub-)class, the type
            // of the variable `cell` below is inferred to be `ParentCell` too.
            let cell = tableView.dequeueReusableCell(for: indexPath, cellType: cellClass)
            described.append(cell.describe())
            #expect(type(of: cell) == cellClass)
            tableView.enqueueReusableCell(cell)
        }
        #expect(described == ["child 1", "child 2", "child 1", "child 2"])
        #expect(tableView.numberOfCellsCreated == 2, "one cell of each class, then reused")
    }

    /// Registering a metatype computed at run time registers that class.
    @Test func registeringACellTypeDeterminedAtRuntime() {
        let types: [ParentCell.Type] = [Child1Cell.self, Child2Cell.self]
        let tableView = TableView()
        for type in types { tableView.register(cellType: type) }
        #expect(tableView.registeredCellIdentifiers == ["Child1Cell", "Child2Cell"])
        for type in types {
            let cell = tableView.dequeueReusableCell(for: indexPath, cellType: type)
            #expect(Swift.type(of: cell) == type)
        }

        let nibTypes: [NibParentCell.Type] = [NibChild1Cell.self, NibChild2Cell.self]
        for type in nibTypes { tableView.register(cellType: type) }
        for type in nibTypes {
            let cell = tableView.dequeueReusableCell(for: indexPath, cellType: type)
            #expect(Swift.type(of: cell) == type)
            cell.value.text = "x"
            #expect(viewLines(cell, width: 20) == ["\(type.reuseIdentifier): x"])
        }
    }

    /// "The exact same examples and explanations apply for UICollectionView".
    @Test func collectionViewCellsCodeAndNibBased() {
        let collectionView = CollectionView()
        collectionView.register(cellType: CodeBasedCollectionViewCell.self)
        collectionView.register(cellType: NibBasedCollectionViewCell.self)
        let source = CollectionItems([2, 2]) { collectionView, indexPath in
            if indexPath.section == 0 {
                let cell: CodeBasedCollectionViewCell = collectionView.dequeueReusableCell(for: indexPath)
                cell.label.text = "code \(indexPath.item)"
                return cell
            }
            let cell = collectionView.dequeueReusableCell(for: indexPath, cellType: NibBasedCollectionViewCell.self)
            cell.caption.text = "nib \(indexPath.item)"
            return cell
        }
        collectionView.dataSource = source
        collectionView.layout = CollectionViewGridLayout(columns: 2, spacing: 2)
        #expect(renderedLines(collectionView, width: 20) == ["code 0     code 1", "", "[nib 0]    [nib 1]"])
    }

    /// "3b. Instantiating a NibLoadable view": each call makes another instance.
    @Test func loadFromNibMakesNewInstances() {
        let view1 = NibBasedRootView.loadFromNib()  // Create one instance
        let view2 = NibBasedRootView.loadFromNib()  // Create another one
        let view3 = NibBasedRootView.loadFromNib()  // and another one
        #expect(view1 !== view2 && view2 !== view3 && view1 !== view3)
        #expect(viewLines(view1, width: 12) == ["╭──────────╮", "│   root   │", "╰──────────╯"])
    }

    /// A File's Owner view loads its nib into itself.
    @Test func fileOwnerViewLoadsItsContent() throws {
        let view = NibBasedFileOwnerView()
        #expect(view.subviews.isEmpty)
        try view.tryLoadNibContent()
        #expect(view.subviews.count == 1)
        #expect(viewLines(view, width: 13) == ["<   owner   >"])
    }

    /// "3a. Auto-loading the content of a NibOwnerLoadable view": made by
    /// code or dropped into another view, the widget has its content, its
    /// outlets connected, and its inspectable properties settable by name.
    @Test func myCustomWidgetLoadsItselfAndHasInspectableAttributes() throws {
        let widget = MyCustomWidget()
        #expect(widget.subviews.count == 1, "the nib's root view, added by init")
        #expect(widget.subviews[0].pinnedInsets == .zero, "pinned to every edge")
        #expect(widget.connectedOutlets.keys.sorted() == ["rectView", "textLabel"])

        // "integrated in a Storyboard Scene (or any other XIB) by simply dropping a View".
        let screen = StackView(axis: .vertical, views: [Label(text: "Settings"), widget])
        try widget.setAttribute("text", to: "Dark mode")
        try widget.setAttribute("rectColor", to: "blue")
        #expect(widget.text == "Dark mode")
        #expect(widget.rectColor == .blue)
        #expect(widget.attribute("rectColor") == .color(.blue))
        #expect(viewLines(screen, width: 20) == ["Settings", "   Dark mode"])
        let canvas = screen.render(width: 20)
        #expect(canvas[0, 1].style.background == .blue && canvas[1, 1].style.background == .blue)
        #expect(canvas[2, 1].style.background == .default)

        #expect(
            AttributeDescriptor.declared(by: MyCustomWidget.self).map(\.description) == [
                "rectColor: Color = default", "text: String = ",
            ])
    }

    /// "Type-safe ViewControllers from Storyboards": `instantiate()` knows the
    /// storyboard and the scene.
    @Test func viewControllersFromStoryboards() throws {
        let custom = CustomVC.instantiate()  // the initial scene of CustomVC
        #expect(custom.sceneIdentifier == "CustomVC")
        #expect(custom.storyboard?.name == "CustomVC")
        let vc = SecondaryVC.instantiate()  // Init from the "SecondaryVC" scene of CustomVC
        #expect(vc.sceneIdentifier == "SecondaryVC")
        #expect(CustomVC.sceneStoryboard.name == "CustomVC")
        #expect(SecondaryVC.sceneIdentifier == "SecondaryVC")
        _ = try CustomVC.tryInstantiate()
        _ = try SecondaryVC.tryInstantiate()
    }
}
