@_spi(Host) import CellKit

// The tables, grids and nib cells the golden files and the sweeps draw.

/// Texts that are hard to measure: CJK (2 columns each), emoji, a ZWJ
/// sequence, a flag, combining marks.
enum WideText {
    static let cjk = "山田太郎"
    static let chinese = "王小明"
    static let zwj = "Zoë 👩‍💻"
    static let flag = "🇫🇷 Amélie"
    static let family = "👨‍👩‍👧‍👦 family"
    static let combining = "Cafe\u{301} noir"
    static let long = "A title much longer than any terminal is wide, with 漢字 and 🚀 near its end"
}

/// A row of a people table: a `ColumnsView` laid out by the table's `columnLayout`.
final class PersonCell: TableViewCell, Reusable {
    let columns = ColumnsView()
    private(set) var reuseCount = 0

    required init() {
        super.init()
        columns.pinEdges()
        contentView.addSubview(columns)
    }

    func fill(_ values: [String], layout: ColumnLayout, divider: BoxStyle) {
        columns.layout = layout
        columns.divider = divider
        columns.setTexts(values)
        columns.labels.first?.alignment = .right
        columns.labels.last?.alignment = .right
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        reuseCount += 1
        columns.setTexts(Array(repeating: "", count: columns.labels.count))
    }
}

/// Sections of people, with header and footer titles.
final class PeopleSource: TableViewDataSource {
    struct Section {
        var header: String?
        var footer: String?
        var rows: [[String]]
    }

    var sections: [Section]
    var divider: BoxStyle = .light

    init(_ sections: [Section]) {
        self.sections = sections
    }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { sections[section].header }
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { sections[section].footer }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell: PersonCell = tableView.dequeueReusableCell(for: indexPath)
        let layout = tableView.columnLayout ?? ColumnLayout([.fixed(3), .flexible(), .fixed(6)])
        cell.fill(sections[indexPath.section].rows[indexPath.row], layout: layout, divider: divider)
        return cell
    }

    static let people: [Section] = [
        Section(
            header: "Pioneers", footer: "3 people",
            rows: [
                ["1", "Ada Lovelace", "1815"], ["2", "Grace Brewster Murray Hopper", "1906"],
                ["3", "Katherine Johnson", "1918"],
            ]),
        Section(
            header: "世界 · wide 🌍", footer: "wide characters line up",
            rows: [
                ["4", WideText.cjk, "1970"], ["5", WideText.chinese, "1985"], ["6", WideText.zwj, "1999"],
                ["7", WideText.flag, "2001"], ["8", WideText.family, "2010"], ["9", WideText.combining, "2012"],
            ]),
        Section(header: nil, footer: "a section without a header", rows: [["10", "Last row", "2024"]]),
    ]
}

/// A table and the data source it holds only weakly.
struct TableFixture {
    let table: TableView
    let source: PeopleSource
}

enum Tables {
    static let layout = ColumnLayout([.fixed(3), .flexible(minimum: 4), .fixed(6)])

    /// The people table: bordered, titled, a header row of columns, sections with
    /// headers and footers, separators between rows.
    static func people(
        border: BoxStyle = .rounded, title: String? = "People of computing", header: Bool = true,
        separators: Bool = true, sections: [PeopleSource.Section] = PeopleSource.people
    ) -> TableFixture {
        let source = PeopleSource(sections)
        // Dividers in the border's own style (light when there is none), so the rules join them.
        let divider = border.isNone ? BoxStyle.light : border
        source.divider = divider
        let table = TableView()
        table.border = border
        table.title = title
        table.columnLayout = layout
        table.separatorStyle = separators ? .line : .none
        table.register(cellType: PersonCell.self)
        if header {
            let columns = ColumnsView(layout: layout, divider: divider)
            columns.setTexts(["#", "Name 名前", "Born"])
            for label in columns.labels { label.style = .bold }
            columns.labels[0].alignment = .right
            columns.labels[2].alignment = .right
            table.tableHeaderView = columns
        }
        table.dataSource = source
        return TableFixture(table: table, source: source)
    }
}

/// A tile of a grid: a bold name over a value.
final class TileCell: CollectionViewCell, Reusable {
    let name = Label()
    let value = Label()

    required init() {
        super.init()
        name.style = .bold
        value.style = .dim
        let stack = StackView(axis: .vertical, views: [name, value])
        stack.pinEdges()
        contentView.addSubview(stack)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        name.text = ""
        value.text = ""
    }
}

/// Sections of tiles with header and footer titles.
final class TileSource: CollectionViewDataSource {
    struct Section {
        var header: String?
        var footer: String?
        var tiles: [(String, String)]
    }

    var sections: [Section]

    init(_ sections: [Section]) {
        self.sections = sections
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].tiles.count
    }
    func collectionView(_ collectionView: CollectionView, titleForHeaderInSection section: Int) -> String? {
        sections[section].header
    }
    func collectionView(_ collectionView: CollectionView, titleForFooterInSection section: Int) -> String? {
        sections[section].footer
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell: TileCell = collectionView.dequeueReusableCell(for: indexPath)
        let tile = sections[indexPath.section].tiles[indexPath.item]
        cell.name.text = tile.0
        cell.value.text = tile.1
        return cell
    }

    static let tiles: [Section] = [
        Section(
            header: "Servers", footer: "5 servers",
            tiles: [
                ("api", "99.98%"), ("web", "99.9%"), ("worker", "97.1%"), ("cron", "100%"), ("db-primary", "99.99%"),
            ]),
        Section(
            header: "地域 · regions 🌐", footer: nil,
            tiles: [("東京", "12 ms"), ("Zürich", "8 ms"), ("👩‍💻 dev", "1 ms"), ("🇫🇷 Paris", "9 ms")]),
        Section(header: nil, footer: "a section without a header", tiles: [("solo", "one item")]),
    ]
}

struct GridFixture {
    let grid: CollectionView
    let source: TileSource
}

enum Grids {
    /// A grid of `columns` columns, or a flow of items `itemWidth` wide.
    static func tiles(
        columns: Int? = 3, itemWidth: Int = 12, spacing: Int = 2, lineSpacing: Int = 1, border: BoxStyle = .rounded,
        title: String? = "Status", sections: [TileSource.Section] = TileSource.tiles
    ) -> GridFixture {
        let source = TileSource(sections)
        let grid = CollectionView()
        grid.layout =
            if let columns {
                CollectionViewGridLayout(columns: columns, spacing: spacing, lineSpacing: lineSpacing)
            } else {
                CollectionViewGridLayout(itemWidth: itemWidth, spacing: spacing, lineSpacing: lineSpacing)
            }
        grid.border = border
        grid.title = title
        grid.register(cellType: TileCell.self)
        grid.dataSource = source
        return GridFixture(grid: grid, source: source)
    }
}

/// A table row drawn by a nib registered from a string: springs, a wrapping
/// bio, and lines that collapse while their outlet is empty.
final class CardRowCell: TableViewCell, NibReusable {
    @Outlet var name: Label
    @Outlet var role: Label
    @Outlet var bio: Label
    @Outlet var note: Label

    static let source = """
        {# A person: name and role on the top edge, a wrapping bio, an optional note.}
        ╭─ {name:bold} {~─} {role:dim,right} ─╮
        │ {bio:wrap,collapse} {~} │
        │ {"note:":dim} {note:italic,collapse} {~} │
        ╰{~─}╯
        """

    /// Registers the nib in the test module's bundle (idempotent).
    static func registerNib() throws {
        try Nib.register(source: source, named: "CardRowCell", in: PluginBundle(for: CardRowCell.self))
    }
}

/// People drawn as nib cards.
final class CardSource: TableViewDataSource {
    struct Person {
        var name: String
        var role: String
        var bio: String
        var note: String = ""
    }

    let people: [Person]
    init(_ people: [Person]) { self.people = people }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { people.count }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "Cards from a nib" }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell: CardRowCell = tableView.dequeueReusableCell(for: indexPath)
        let person = people[indexPath.row]
        cell.name.text = person.name
        cell.role.text = person.role
        cell.bio.text = person.bio
        cell.note.text = person.note
        return cell
    }

    static let people: [Person] = [
        Person(
            name: "Ada Lovelace", role: "Analyst",
            bio: "Wrote the first program, for an engine that was never built.", note: "1815–1852"),
        Person(name: "Grace Hopper", role: "Rear Admiral", bio: "", note: "no bio: that line collapses"),
        Person(name: WideText.cjk, role: "エンジニア", bio: "漢字の自己紹介は折り返されます。 Mixed with English words too."),
        Person(name: WideText.zwj, role: "🚀 dev", bio: "", note: ""),
    ]
}

struct CardFixture {
    let table: TableView
    let source: CardSource
}

enum Cards {
    static func table(border: BoxStyle = .none) throws -> CardFixture {
        try CardRowCell.registerNib()
        let source = CardSource(CardSource.people)
        let table = TableView()
        table.border = border
        table.register(cellType: CardRowCell.self)
        table.dataSource = source
        return CardFixture(table: table, source: source)
    }
}
