import Testing

@_spi(Host) @testable import CellKit

// Seed 004: "Protocol-Oriented TableView and CollectionView in Swift".
// `DataViewable` marries tables and collections: `reloadData()`,
// `registerNib(nibName:)` with the identifier "Cell" by default, and
// `dataView[indexPath]` to dequeue. Nibs are looked up in the main bundle, as
// the article's `bundleIdentifier: nil` does.

/// The article's model protocol.
protocol Contentable {
    var title: String { get }
    var subtitle: String { get }
}

struct Article: Contentable {
    let title: String
    let subtitle: String
}

/// A service that answers at once (the article's `MyService.get`).
enum MyService {
    nonisolated(unsafe) static var items: [any Contentable] = [
        Article(title: "Protocols", subtitle: "conformance extensions"),
        Article(title: "Generics", subtitle: "dequeue by type"),
        Article(title: "漢字", subtitle: "wide text"),
    ]
    static func get(_ completion: ([any Contentable]) -> Void) {
        completion(items)
    }
}

/// "`DataControllable` … to extend the table and collection controllers simultaneously".
protocol DataControllable: AnyObject {
    var models: [any Contentable] { get set }
    var dataView: any DataViewable { get }
    var cellNibName: String { get }
}

extension DataControllable {
    func setupInterface() {
        self.dataView.registerNib(nibName: cellNibName)
    }

    func setupDataSource() {
        MyService.get { items in
            self.models = items
            self.dataView.reloadData()
        }
    }
}

extension ReusableView {
    /// The article's `cell.bind(model)`: fills the nib's outlets by name.
    func bind(_ model: any Contentable) -> Self {
        try? setAttribute("title", to: model.title)
        try? setAttribute("subtitle", to: model.subtitle)
        return self
    }
}

final class ArticleTableViewController: ViewController, DataControllable, TableViewDataSource {
    let tableView = TableView()
    let cellNibName = "TableViewCell"
    var models: [any Contentable] = []

    var dataView: any DataViewable {
        return tableView
    }

    override func loadView() {
        view = tableView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.dataSource = self
        setupInterface()
        setupDataSource()
    }

    func numberOfSections(in tableView: TableView) -> Int {
        return 1
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        return models.count
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView[indexPath] as! NibTableViewCell
        let model = models[indexPath.row]
        return cell.bind(model)
    }
}

final class ArticleCollectionViewController: ViewController, DataControllable, CollectionViewDataSource {
    let collectionView = CollectionView()
    let cellNibName = "CollectionViewCell"
    var models: [any Contentable] = []

    var dataView: any DataViewable {
        return collectionView
    }

    override func loadView() {
        view = collectionView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.layout = CollectionViewGridLayout(columns: 3, spacing: 1)
        collectionView.dataSource = self
        setupInterface()
        setupDataSource()
    }

    func numberOfSections(in collectionView: CollectionView) -> Int {
        return 1
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        return models.count
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView[indexPath] as! NibCollectionViewCell
        let model = models[indexPath.row]
        return cell.bind(model)
    }
}

enum DataViewableSeed {
    static func setUp() throws {
        try Nib.register(source: "• {title:bold} {~} {subtitle:dim}", named: "TableViewCell", in: .main)
        try Nib.register(source: "[{title}]\n {subtitle:dim}", named: "CollectionViewCell", in: .main)
        try Nib.register(source: "> {title}", named: "OtherCell", in: PluginBundle(name: "Articles"))
    }
}

@Suite struct DataViewableSeedTests {
    init() throws { try DataViewableSeed.setUp() }

    @Test func tableViewControllerSetsUpWithTheSharedLogic() {
        let controller = ArticleTableViewController()
        controller.loadViewIfNeeded()
        #expect(controller.models.count == 3)
        #expect(controller.tableView.registeredCellIdentifiers == ["Cell"])
        #expect(
            renderedLines(controller.tableView, width: 34) == [
                "• Protocols  conformance extensio…", "• Generics         dequeue by type",
                "• 漢字                   wide text",
            ])
    }

    @Test func collectionViewControllerSetsUpWithTheSameLogic() {
        let controller = ArticleCollectionViewController()
        controller.loadViewIfNeeded()
        #expect(controller.collectionView.registeredCellIdentifiers == ["Cell"])
        #expect(
            renderedLines(controller.collectionView, width: 38) == [
                "[Protocols]  [Generics]   [漢字]", " conformanc…  dequeue by…  wide text",
            ])
    }

    /// "I can call reloadData on it … without knowing whether it is a table or collection".
    @Test func reloadDataThroughTheProtocol() {
        let table = ArticleTableViewController()
        let grid = ArticleCollectionViewController()
        table.loadViewIfNeeded()
        grid.loadViewIfNeeded()
        let controllers: [any DataControllable] = [table, grid]
        for controller in controllers {
            controller.models = Array(controller.models.prefix(1))
            controller.dataView.reloadData()
        }
        #expect(table.tableView.totalNumberOfRows == 1)
        #expect(grid.collectionView.numberOfItems(inSection: 0) == 1)
    }

    /// `dataView[indexPath]` and `dataView[indexPath, identifier]`, and
    /// `registerNib(nibName:cellIdentifier:bundle:)` with an explicit bundle.
    @Test func subscriptsAndExplicitIdentifiers() throws {
        let dataViews: [any DataViewable] = [TableView(), CollectionView()]
        let indexPath = IndexPath(row: 0, section: 0)
        for dataView in dataViews {
            dataView.registerNib(nibName: "TableViewCell")
            dataView.registerNib(nibName: "OtherCell", cellIdentifier: "Other", bundle: PluginBundle(name: "Articles"))
            let cell = dataView[indexPath]
            #expect(cell.reuseIdentifier == "Cell")
            #expect(cell.connectedOutlets.keys.sorted() == ["subtitle", "title"])
            let other = dataView[indexPath, "Other"].bind(Article(title: "other", subtitle: ""))
            #expect(other.reuseIdentifier == "Other")
            #expect(viewLines(other, width: 10) == ["> other"])
            let thrown = try dataView.dequeueReusableView(withIdentifier: "Other", for: indexPath)
            #expect(thrown.reuseIdentifier == "Other")
            let missing = expectCellKitError {
                _ = try dataView.dequeueReusableView(withIdentifier: "Nope", for: indexPath)
            }
            #expect(missing?.code == .notRegistered)
        }
        #expect(TableView.defaultCellIdentifier == "Cell")
        #expect(CollectionView.defaultCellIdentifier == "Cell")
    }

    /// A nib registered through `DataViewable` whose file is missing fails
    /// when a cell is first made, with the fix.
    @Test func aMissingNibFailsAtTheFirstDequeue() {
        let table = TableView()
        table.registerNib(nibName: "NoSuchArticleNib")
        let error = expectCellKitError {
            _ = try table.dequeueReusableView(withIdentifier: "Cell", for: IndexPath(row: 0, section: 0))
        }
        #expect(error?.code == .nibNotFound)
        #expect(
            error?.fix
                == "add NoSuchArticleNib.nib to the plugin's resources, or register it with Nib.register(source:named:in:)"
        )
    }
}
