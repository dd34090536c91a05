import Testing

@_spi(Host) @testable import CellKit

// Seeds 001 ("Dequeue Reusable Views With Generics and Protocols") and 002
// (anhar's TableViewCellExtensionDemo): the protocols and the table and
// collection extensions they define, as CellKit provides them.

// MARK: - Seed 001: the protocols

/// `NibLoadable`: `nib` defaults to the type's name in `Bundle(for: self)`.
final class ArticleRootView: View, NibLoadable {
    @Outlet var title: Label
}

/// `NibOwnerLoadable`: `loadNibContent()` adds the nib's root views pinned
/// to `.top, .leading, .bottom, .trailing`.
final class ArticleOwnerView: View, NibOwnerLoadable {
    @Outlet var title: Label
}

/// Header and footer views of a table, by class and by nib.
final class ArticleHeaderView: TableViewHeaderFooterView, Reusable {
    required init() {
        super.init()
        textLabel.style = .bold
    }
}
final class ArticleNibFooterView: TableViewHeaderFooterView, NibReusable {
    @Outlet var note: Label
}

/// Supplementary views of a collection, by class and by nib.
final class ArticleSectionTitleView: CollectionReusableView, Reusable {
    let title = Label()
    required init() {
        super.init()
        title.pinEdges()
        addSubview(title)
    }
}
final class ArticleNibBadgeView: CollectionReusableView, NibReusable {
    @Outlet var count: Label
}

final class ArticleTableCell: TableViewCell, Reusable {
    let label = Label()
    required init() {
        super.init()
        label.pinEdges()
        contentView.addSubview(label)
    }
}
final class ArticleCollectionCell: CollectionViewCell, Reusable {
    let label = Label()
    required init() {
        super.init()
        label.pinEdges()
        contentView.addSubview(label)
    }
}

/// A table delegate that dequeues custom header and footer views.
final class HeaderFooterDelegate: TableViewDelegate {
    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewHeaderFooterView? {
        let header: ArticleHeaderView? = tableView.dequeueReusableHeaderFooterView()
        header?.textLabel.text = "Header \(section)"
        return header
    }
    func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> TableViewHeaderFooterView? {
        let footer = tableView.dequeueReusableHeaderFooterView(ArticleNibFooterView.self)
        footer?.note.text = "\(tableView.numberOfRows(inSection: section)) rows"
        return footer
    }
}

// MARK: - Seed 002: Reusable with an optional nib, and the view model

/// `class MyTableViewCell: UITableViewCell, Reusable {}` with no nib: registered as a class.
final class MyTableViewCell: TableViewCell, Reusable {}

/// A plain `Reusable` cell that has a nib of its name: registering it uses
/// the nib ("if UINib.nibExists(nibName: reuseIdentifier)").
final class IconCell: TableViewCell, Reusable {
    @Outlet var title: Label
    @Outlet var icon: Label
}
final class TextCell: TableViewCell, Reusable {
    @Outlet var title: Label
}
final class PortraitImageCell: TableViewCell, Reusable {
    @Outlet var title: Label
    @Outlet var url: Label
}

/// A plain `Reusable` collection cell with a nib of its name.
final class BadgeItem: CollectionViewCell, Reusable {
    @Outlet var count: Label
}

/// A plain `Reusable` header view with a nib of its name.
final class SectionTitleHeader: TableViewHeaderFooterView, Reusable {
    @Outlet var title: Label
}

public enum SectionId {
    case tableware
    case sneakers
    case actors
    case person
}

public enum CellId {
    case icon
    case text
    case portraitImage
}

protocol ViewModelCapable {
    var title: String { get }
    var sections: [any SectionCapable] { get }
}

protocol SectionCapable {
    var sectionId: SectionId { get }
    var title: String { get }
    var rows: [any CellCapable] { get }

    init(sectionId: SectionId, title: String, rows: [any CellCapable])
}

protocol CellCapable {
    var cellId: CellId { get }
    var title: String { get }

    init(cellId: CellId, title: String)
}

/// `image: UIImage?` becomes the image's name: a terminal shows a name.
protocol LocalImageCellCapable: CellCapable {
    var imageName: String? { get }
}

/// `imageURL: URL?` becomes a String (no Foundation in the SDK).
protocol ImageURLCellCapable: CellCapable {
    var imageURL: String? { get }
}

struct CellViewModel: CellCapable {
    let cellId: CellId
    let title: String
}

struct ImageCellViewModel: LocalImageCellCapable {
    let cellId: CellId
    let title: String
    let imageName: String?

    init(cellId: CellId, title: String) {
        self.init(cellId: cellId, title: title, imageName: nil)
    }

    init(cellId: CellId, title: String, imageName: String?) {
        self.cellId = cellId
        self.title = title
        self.imageName = imageName
    }
}

struct ImageURLCellViewModel: ImageURLCellCapable {
    let cellId: CellId
    let title: String
    let imageURL: String?

    init(cellId: CellId, title: String) {
        self.init(cellId: cellId, title: title, imageURL: nil)
    }

    init(cellId: CellId, title: String, imageURL: String?) {
        self.cellId = cellId
        self.title = title
        self.imageURL = imageURL
    }
}

struct SectionViewModel: SectionCapable {
    let sectionId: SectionId
    let title: String
    let rows: [any CellCapable]
}

struct ViewModel: ViewModelCapable {
    let sections: [any SectionCapable]
    let title: String

    init() {
        title = "FirstViewController"
        let cutlery = ImageCellViewModel(cellId: .icon, title: "Cutlery", imageName: "🍴")
        let teapot = ImageCellViewModel(cellId: .icon, title: "Teapot", imageName: "🫖")
        let tableware = SectionViewModel(sectionId: .tableware, title: "Tableware", rows: [cutlery, teapot])

        let adidas = CellViewModel(cellId: .text, title: "Adidas")
        let converse = CellViewModel(cellId: .text, title: "Converse")
        let sneakers = SectionViewModel(sectionId: .sneakers, title: "Sneakers", rows: [adidas, converse])

        let promotedTitle = CellViewModel(cellId: .text, title: "Alicia Vikander")
        let promotedImage = ImageURLCellViewModel(
            cellId: .portraitImage, title: "A Swedish actress", imageURL: "https://example.com/alicia.jpg")
        let promotedStarSign = ImageCellViewModel(cellId: .icon, title: "Star sign", imageName: "♎")
        let promotedPerson = SectionViewModel(
            sectionId: .person, title: "Promoted Person", rows: [promotedTitle, promotedImage, promotedStarSign])

        sections = [tableware, sneakers, promotedPerson]
    }
}

/// The first view controller of seed 002: any section can mix any cells.
final class FirstViewController: ViewController, TableViewDataSource, TableViewDelegate {
    let tableView = TableView()
    let viewModel = ViewModel()

    override func loadView() {
        view = tableView
    }

    override func viewDidLoad() {
        title = viewModel.title
        tableView.register(cellType: IconCell.self)  // registerReusableCell(IconCell.self)
        tableView.register(cellType: TextCell.self)
        tableView.register(cellType: PortraitImageCell.self)
        tableView.register(headerFooterViewType: SectionTitleHeader.self)  // registerReusableHeaderFooterView
        tableView.dataSource = self
        tableView.delegate = self
    }

    func numberOfSections(in tableView: TableView) -> Int { viewModel.sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        viewModel.sections[section].rows.count
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let row = viewModel.sections[indexPath.section].rows[indexPath.row]
        switch row.cellId {
        case .icon:
            let cell = tableView.dequeueReusableCell(for: indexPath) as IconCell
            cell.title.text = row.title
            cell.icon.text = (row as? (any LocalImageCellCapable))?.imageName ?? ""
            return cell
        case .text:
            let cell = tableView.dequeueReusableCell(for: indexPath) as TextCell
            cell.title.text = row.title
            return cell
        case .portraitImage:
            let cell = tableView.dequeueReusableCell(for: indexPath) as PortraitImageCell
            cell.title.text = row.title
            cell.url.text = (row as? (any ImageURLCellCapable))?.imageURL ?? ""
            return cell
        }
    }

    func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> TableViewHeaderFooterView? {
        let header: SectionTitleHeader? = tableView.dequeueReusableHeaderFooterView()
        header?.title.text = viewModel.sections[section].title
        return header
    }
}

enum ProtocolArticleSeed {
    static func setUp() throws {
        try registerNib("== {title:bold} {~=} ==", named: "ArticleRootView", for: ArticleRootView.self)
        try registerNib("({title})", named: "ArticleOwnerView", for: ArticleOwnerView.self)
        try registerNib("  -- {note:dim} --", named: "ArticleNibFooterView", for: ArticleNibFooterView.self)
        try registerNib("{~} ({count}) {~}", named: "ArticleNibBadgeView", for: ArticleNibBadgeView.self)
        try registerNib("{icon:width=2} {title}", named: "IconCell", for: IconCell.self)
        try registerNib("   {title}", named: "TextCell", for: TextCell.self)
        try registerNib(
            "   {title} {~.} {url:dim,truncate=head}", named: "PortraitImageCell", for: PortraitImageCell.self)
        try registerNib("# {title:bold}", named: "SectionTitleHeader", for: SectionTitleHeader.self)
        try registerNib("({count})", named: "BadgeItem", for: BadgeItem.self)
    }
}

@Suite struct ProtocolArticleSeedTests {
    init() throws { try ProtocolArticleSeed.setUp() }

    let indexPath = IndexPath(row: 0, section: 0)

    // MARK: Seed 001

    @Test func nibDefaultsToTheTypeNameInTheTypesBundle() {
        #expect(ArticleRootView.nib.name == "ArticleRootView")
        #expect(ArticleRootView.nib.bundle == PluginBundle(for: ArticleRootView.self))
        #expect(
            ArticleRootView.nib.bundle.name == "CellKitTests", "a test-module type's bundle is named after the module")
        #expect(ArticleOwnerView.nib.name == "ArticleOwnerView")
        #expect(ArticleRootView.nib.description == "CellKitTests/ArticleRootView.nib")
    }

    @Test func loadFromNibMakesTheRootViewWithItsOutlets() throws {
        let view = ArticleRootView.loadFromNib()
        view.title.text = "Root"
        #expect(view.connectedOutlets["title"] === view.title)
        #expect(viewLines(view, width: 16) == ["== Root ===== =="])
        let another = try ArticleRootView.tryLoadFromNib()
        #expect(another !== view && another.title !== view.title)
    }

    /// "add constraints … to make them the same size as your container view".
    @Test func loadNibContentPinsTheRootViewsToEveryEdge() throws {
        let owner = ArticleOwnerView()
        owner.loadNibContent()
        owner.title.text = "owned"
        #expect(owner.subviews.count == 1)
        let root = owner.subviews[0]
        #expect(root.pinnedInsets == EdgeInsets.zero)
        owner.frame = Rect(x: 3, y: 2, width: 17, height: 4)
        owner.layoutIfNeeded()
        #expect(root.frame == owner.bounds)
        #expect(viewLines(owner, width: 10) == ["(owned)"])
    }

    /// `UITableView.register(headerFooterViewType:)` (class and nib) and
    /// `dequeueReusableHeaderFooterView(_:) -> T?`, used from a delegate.
    @Test func tableHeaderAndFooterViews() throws {
        let tableView = TableView()
        tableView.register(cellType: ArticleTableCell.self)
        tableView.register(headerFooterViewType: ArticleHeaderView.self)
        tableView.register(headerFooterViewType: ArticleNibFooterView.self)
        let delegate = HeaderFooterDelegate()
        let source = TableRows([2, 1]) { tableView, indexPath in
            let cell: ArticleTableCell = tableView.dequeueReusableCell(for: indexPath)
            cell.label.text = "row \(indexPath.section).\(indexPath.row)"
            return cell
        }
        tableView.dataSource = source
        tableView.delegate = delegate
        #expect(
            renderedLines(tableView, width: 20) == [
                "Header 0", "row 0.0", "row 0.1", "  -- 2 rows --", "", "Header 1", "row 1.0", "  -- 1 rows --",
            ])
        let header = try tableView.tryDequeueReusableHeaderFooterView(ArticleHeaderView.self)
        #expect(header.reuseIdentifier == "ArticleHeaderView")
    }

    /// `UICollectionView.register(supplementaryViewType:ofKind:)` (class and
    /// nib) and `dequeueReusableSupplementaryView(ofKind:for:viewType:)`.
    @Test func collectionSupplementaryViewsOfAKind() throws {
        let collectionView = CollectionView()
        collectionView.layout = CollectionViewGridLayout(columns: 3, spacing: 1)
        collectionView.register(cellType: ArticleCollectionCell.self)
        collectionView.register(
            supplementaryViewType: ArticleSectionTitleView.self, ofKind: CollectionView.elementKindSectionHeader)
        collectionView.register(
            supplementaryViewType: ArticleNibBadgeView.self, ofKind: CollectionView.elementKindSectionFooter)
        let source = CollectionItems([4, 2]) { collectionView, indexPath in
            let cell: ArticleCollectionCell = collectionView.dequeueReusableCell(for: indexPath)
            cell.label.text = "item \(indexPath.item)"
            return cell
        }
        source.supplementary = { collectionView, kind, indexPath in
            if kind == CollectionView.elementKindSectionHeader {
                let view: ArticleSectionTitleView = collectionView.dequeueReusableSupplementaryView(
                    ofKind: kind, for: indexPath)
                view.title.text = "Section \(indexPath.section)"
                return view
            }
            let badge = collectionView.dequeueReusableSupplementaryView(
                ofKind: kind, for: indexPath, viewType: ArticleNibBadgeView.self)
            badge.count.text = "\(collectionView.numberOfItems(inSection: indexPath.section))"
            return badge
        }
        collectionView.dataSource = source
        #expect(
            renderedLines(collectionView, width: 20) == [
                "Section 0", "item 0 item 1 item 2", "item 3", "        (4)", "", "Section 1", "item 0 item 1",
                "        (2)",
            ])
        let view = try collectionView.tryDequeueReusableSupplementaryView(
            ofKind: CollectionView.elementKindSectionHeader, for: indexPath, viewType: ArticleSectionTitleView.self)
        #expect(view.reuseIdentifier == "ArticleSectionTitleView")
        // Registered for one kind only.
        let wrongKind = expectCellKitError {
            _ = try collectionView.tryDequeueReusableSupplementaryView(
                ofKind: "Badge", for: indexPath, viewType: ArticleSectionTitleView.self)
        }
        #expect(wrongKind?.code == .notRegistered)
    }

    // MARK: Seed 002

    /// `registerReusableCell`: the class when there is no nib of its name.
    @Test func aReusableCellWithoutANibIsRegisteredAsAClass() {
        let tableView = TableView()
        tableView.register(cellType: MyTableViewCell.self)  // tableView.registerReusableCell(MyTableViewCell.self)
        let cell = tableView.dequeueReusableCell(for: indexPath) as MyTableViewCell
        #expect(cell.contentView.subviews.isEmpty)
        #expect(!Nib.exists(named: "MyTableViewCell", in: PluginBundle(for: MyTableViewCell.self)))
    }

    /// … and the nib when one exists.
    @Test func aReusableCellWithANibOfItsNameUsesTheNib() throws {
        #expect(Nib.exists(named: "IconCell", in: PluginBundle(for: IconCell.self)))
        let tableView = TableView()
        tableView.register(cellType: IconCell.self)
        let cell: IconCell = tableView.dequeueReusableCell(for: indexPath)
        cell.icon.text = "★"
        cell.title.text = "Star"
        #expect(viewLines(cell, width: 12) == ["★  Star"])
        #expect(cell.connectedOutlets.keys.sorted() == ["icon", "title"])
    }

    /// The same for collection cells, and `UINib.instantiate(withOwner:)`.
    @Test func collectionCellsAndNibInstantiation() throws {
        let collectionView = CollectionView()
        collectionView.register(cellType: BadgeItem.self)
        let item: BadgeItem = collectionView.dequeueReusableCell(for: indexPath)
        item.count.text = "7"
        #expect(viewLines(item, width: 5) == ["(7)"])

        // Without an owner, the nib makes labels of its own: they are the root view's subviews.
        let nib = Nib(nibName: "BadgeItem", bundle: PluginBundle(for: BadgeItem.self))
        let views = try nib.instantiate(withOwner: nil)
        #expect(views.count == 1)
        let labels = views[0].subviews.compactMap { $0 as? Label }
        #expect(labels.count == 1)
        labels[0].text = "new"
        #expect(viewLines(views[0], width: 8) == ["(new)"])
        #expect(nib.description == "CellKitTests/BadgeItem.nib")
        #expect(try nib.template().outletNames == ["count"])
    }

    /// The view model of seed 002 drives a table that mixes cell types in a section.
    @Test func theViewModelMixesCellTypesInSections() {
        let controller = FirstViewController()
        controller.loadViewIfNeeded()
        #expect(controller.title == "FirstViewController")
        #expect(
            renderedLines(controller.tableView, width: 40) == [
                "# Tableware", "🍴 Cutlery", "🫖 Teapot", "", "# Sneakers", "   Adidas", "   Converse", "",
                "# Promoted Person", "   Alicia Vikander",
                "   A Swedish actress  …le.com/alicia.jpg", "♎ Star sign",
            ])
        #expect(controller.tableView.numberOfCellsCreated == 3, "one per cell type, reused across sections")
    }
}
