@_spi(Host) import CellKit
import Testing

// The examples of docs/sdk-guide.md, compiled and run: each section's code is
// copied here as it is in the guide (types nested in `Guide` so their names
// stay out of the way of other tests), with the output the guide shows.
// SDKGuideDocumentTests reads the guide and checks that every line of its
// examples, and every output it shows, is here.

enum Guide {
    // MARK: Views

    final class Banner: View {
        override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: 1) }
        override func draw(in context: DrawingContext) {
            context.fill(context.bounds, with: "░")
            context.draw(" hello ", at: Point(x: 2, y: 0), style: .bold)
        }
    }

    // MARK: Tables

    final class NameCell: TableViewCell, Reusable {
        let name = Label()
        let born = Label(text: "", style: .dim)

        required init() {
            super.init()
            name.stackSizing = .flexible()
            let row = StackView(axis: .horizontal, spacing: 1, views: [name, born])
            row.pinEdges()
            contentView.addSubview(row)
        }

        override func prepareForReuse() {
            super.prepareForReuse()
            born.text = ""
        }
    }

    final class People: TableViewDataSource {
        let sections: [(title: String, people: [(String, Int)])] = [
            ("Analysts", [("Ada Lovelace", 1815)]),
            ("Programmers", [("Grace Hopper", 1906), ("Katherine Johnson", 1918)]),
        ]

        func numberOfSections(in tableView: TableView) -> Int { sections.count }

        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
            sections[section].people.count
        }

        func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
            sections[section].title
        }

        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell: NameCell = tableView.dequeueReusableCell(for: indexPath)
            let (name, born) = sections[indexPath.section].people[indexPath.row]
            cell.name.text = name
            cell.born.text = String(born)
            return cell
        }
    }

    final class TwoLineRows: TableViewDelegate {
        func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int { 2 }
    }

    // MARK: Constants set once

    final class ScoreCell: TableViewCell, Reusable, Inspectable {
        override class var keepsAttributesBetweenRows: Bool { true }
        var name = ""
        var unit = ""  // `rows ScoreCell from "scores.csv" name=.name unit=pts`: set once
        override func prepareForReuse() {
            super.prepareForReuse()
            resetAttributesToDefaults()
        }
        static var inspectableAttributes: [InspectableAttribute<ScoreCell>] {
            [.init("name", \.name, summary: "who"), .init("unit", \.unit, summary: "after the score")]
        }
    }

    // MARK: Collections

    final class TileCell: CollectionViewCell, Reusable {
        let value = Label(text: "", alignment: .center)
        required init() {
            super.init()
            value.pinEdges()
            contentView.addSubview(value)
        }
    }

    final class Tiles: CollectionViewDataSource {
        let values = [12, 7, 42, 3, 99]
        func collectionView(_ view: CollectionView, numberOfItemsInSection section: Int) -> Int { values.count }
        func collectionView(_ view: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
            let cell: TileCell = view.dequeueReusableCell(for: indexPath)
            cell.value.text = String(values[indexPath.item])
            return cell
        }
        func collectionView(_ view: CollectionView, titleForHeaderInSection section: Int) -> String? { "Scores" }
    }

    // MARK: Nibs and outlets

    final class ProfileCardCell: TableViewCell, NibReusable {
        @Outlet var name: Label
        @Outlet var role: Label
        @Outlet var bio: Label
    }

    final class StatusWidget: View, NibOwnerLoadable {
        @Outlet var state: Label
        required init() {
            super.init()
            loadNibContent()
        }
    }

    final class MeterBar: View {
        var fraction = 0.0
        override func draw(in context: DrawingContext) {
            context.drawBar(fraction, at: .zero, width: context.size.width, style: .plain, track: "░")
        }
    }

    final class MeterCell: TableViewCell, NibReusable, Inspectable {
        @Outlet var name: Label
        @ViewOutlet var bar: MeterBar
        @Outlet(scriptable: false) var pct: Label
        var value = 0.0 {
            didSet {
                bar.fraction = value
                pct.text = "\(Int(value * 100))%"
            }
        }
        static var inspectableAttributes: [InspectableAttribute<MeterCell>] { [.init("value", \.value)] }
    }

    // MARK: Inspectable attributes

    enum Trend: String, CaseIterable, AttributeEnum { case up, down, flat }

    final class ForecastCell: TableViewCell, Reusable, Inspectable {
        private let dayLabel = Label()
        private let tempLabel = Label()

        var day = "" { didSet { dayLabel.text = day } }
        var high = 0 { didSet { tempLabel.text = "\(high)°" } }
        var color: Color = .yellow { didSet { tempLabel.style = Style.bold.foreground(color) } }
        var trend: Trend = .flat
        var note: String?

        required init() {
            super.init()
            dayLabel.stackSizing = .flexible()
            let row = StackView(axis: .horizontal, spacing: 1, views: [dayLabel, tempLabel])
            row.pinEdges()
            contentView.addSubview(row)
        }

        static var inspectableAttributes: [InspectableAttribute<ForecastCell>] {
            [
                .init("day", \.day, summary: "the day's name"),
                .init("high", \.high, summary: "the high, in °C"),
                .init("color", \.color, summary: "the colour of the temperature"),
                .init("trend", \.trend),
                .init(
                    "note", type: .string, summary: "optional",
                    get: { .string($0.note ?? "") },
                    set: { cell, value throws(ValueError) in
                        cell.note = value.description.isEmpty ? nil : value.description
                    }),
            ]
        }
    }

    /// The guide's accessor form of an attribute.
    final class Meter: View, Inspectable {
        var value = 0.0
        static var inspectableAttributes: [InspectableAttribute<Meter>] {
            [.init("value", summary: "0...1", get: { $0.value }, set: { $0.value = $1 })]
        }
    }

    // MARK: Storyboards and loaders

    final class TodayViewController: ViewController, StoryboardBased {
        static var sceneStoryboard: Storyboard {
            Storyboard(name: "Week", bundle: PluginBundle(for: TodayViewController.self))
        }
    }

    final class DayViewController: ViewController, StoryboardSceneBased {
        static let sceneStoryboard = Storyboard(name: "Week", bundle: PluginBundle(for: DayViewController.self))
        let table = TableView()
        override func loadView() { view = table }
    }

    enum Week: String, StoryboardScenes, CaseIterable, HasInitialController {
        typealias InitialControllerType = TodayViewController
        case initialViewController, dayViewController

        static var day: Loader<DayViewController> { loader(identifier: "dayViewController") }
    }

    final class DetailCell: TableViewCell {
        @Outlet var text: Label
    }

    enum WeekCells: Nibs {
        static var detailCell: ReusableNib<DetailCell> { load() }
    }

    // MARK: Plugins

    enum WeatherCells: Plugin {
        static let name = "WeatherCells"
        static let version = "1.0.0"
        static let summary = "weather cells"

        static func register(in registrar: PluginRegistrar) throws {
            try registrar.register(ForecastCell.self, summary: "a day's forecast")
            try registrar.register(nibSource: "☂ {chance:bold} {~} {where:dim}", named: "RainCell")
            try registrar.register(
                storyboard: Storyboard(
                    name: "Week", scenes: [.init("Today", TodayViewController.self)], initialScene: "Today"))
            try registrar.register(loader: Loader { DayViewController() }, named: "Day")
        }
    }

    static func setUp() throws {
        try Nib.register(
            source: """
                ╭─ {name:bold} {~─} {role:dim,right} ─╮
                │ {bio:wrap,collapse} {~} │
                ╰{~─}╯
                """,
            named: "ProfileCardCell", in: PluginBundle(for: ProfileCardCell.self))
        try Nib.register(
            source: "[{state:bold,width=4,center}]", named: "StatusWidget", in: PluginBundle(for: StatusWidget.self))
        try Nib.register(source: "  ↳ {text:italic}", named: "DetailCell", in: PluginBundle(for: DetailCell.self))
        try Nib.register(
            source: "{name:width=6} {bar:stretch,min=3} {pct:right,width=4}",
            named: "MeterCell", in: PluginBundle(for: MeterCell.self))
        Storyboard.register(
            Storyboard(
                name: "Week", bundle: PluginBundle(for: TodayViewController.self),
                scenes: [
                    .init("TodayViewController", TodayViewController.self),
                    .init("DayViewController", DayViewController.self),
                ],
                initialScene: "TodayViewController"))
    }
}

@Suite struct SDKGuideTests {
    init() throws { try Guide.setUp() }

    @Test func views() {
        let name = Label(text: "Ada Lovelace", style: .bold)
        let role = Label(text: "Analyst", style: .dim, alignment: .right)
        name.stackSizing = .flexible()
        let row = StackView(axis: .horizontal, spacing: 1, views: [name, role])
        #expect(row.render(width: 24).text == "Ada Lovelace     Analyst")
        #expect(row.render(width: 12).text == "Ada… Analyst")

        let bio = Label(text: "Wrote the first program, for an engine that was never built.")
        bio.numberOfLines = 0
        bio.lineBreakMode = .wordWrapping
        #expect(bio.render(width: 24).text == "Wrote the first program,\nfor an engine that was\nnever built.")

        let layout = ColumnLayout([.fixed(4), .flexible(), .fixed(6)])
        let columns = ColumnsView(layout: layout, divider: .light)
        columns.setTexts(["1", "Ada Lovelace", "1815"])
        columns.labels[2].alignment = .right
        #expect(columns.render(width: 32).text == "1    │ Ada Lovelace     │   1815")

        #expect(Guide.Banner().render(width: 12).text == "░░ hello ░░░")
    }

    @Test func drawing() {
        let canvas = Canvas(width: 12, height: 3)
        let context = DrawingContext(canvas: canvas)
        context.drawBorder(context.bounds, box: .rounded, title: "Team")
        context.draw("漢字 ok", at: Point(x: 2, y: 1), style: Style.bold.foreground(.cyan))
        #expect(canvas.text == "╭─ Team ───╮\n│ 漢字 ok  │\n╰──────────╯")
        #expect(TerminalWidth.of("漢字 ok") == 7)
    }

    @Test func styles() throws {
        let accent = try Color(parsing: "#ff8800")
        let title = Style.bold.foreground(accent)
        #expect(title.description == "bold fg=#ff8800")
        #expect(accent.downgraded(to: .ansi256) == .palette(208))
        #expect(try BoxStyle(parsing: "double").topLeft == "╔")
        #expect(BoxStyle.all.map(\.name) == ["none", "ascii", "light", "rounded", "heavy", "double"])
    }

    @Test func tables() throws {
        let people = Guide.People()
        let table = TableView()
        table.border = .rounded
        table.title = "People"
        table.separatorStyle = .line
        table.register(cellType: Guide.NameCell.self)
        table.dataSource = people
        #expect(
            table.renderCanvas(width: 30).text == """
                ╭─ People ───────────────────╮
                │ Analysts                   │
                │ Ada Lovelace          1815 │
                ├────────────────────────────┤
                │ Programmers                │
                │ Grace Hopper          1906 │
                ├────────────────────────────┤
                │ Katherine Johnson     1918 │
                ╰────────────────────────────╯
                """)

        let output = MemoryOutput()
        try table.render(width: 30, to: PlainTextWriter(output: output))
        #expect(output.string.hasPrefix("╭─ People ─"))
        let ansi = MemoryOutput()
        try table.render(width: 30, to: ANSIWriter(output: ansi, colorMode: .ansi256))
        #expect(ansi.string.contains("\u{1B}[0;1mAnalysts"))

        let rows = Guide.TwoLineRows()
        table.delegate = rows
        #expect(table.renderCanvas(width: 30).height == 12)
        #expect(table.numberOfCellsCreated == 1)

        let viewport = Viewport(content: table, width: 30, height: 4)
        let screen = Canvas(width: 30, height: 4)
        viewport.draw(into: screen)
        viewport.scroll(by: 4)
        viewport.scrollToBottom()
        viewport.draw(into: screen)
        #expect(screen.text(ofRow: 3) == "╰────────────────────────────╯")
    }

    /// A cell that keeps the attributes the console sets: its reuse leaves
    /// them as the row before set them (the console sets a binding's
    /// constants once); a view says it does not by default.
    @Test func constantsSetOnce() throws {
        #expect(Guide.ScoreCell.keepsAttributesBetweenRows)
        #expect(!View.keepsAttributesBetweenRows)
        #expect(!Guide.NameCell.keepsAttributesBetweenRows)
        let cell = Guide.ScoreCell()
        try cell.setAttribute("name", to: "Ada")
        try cell.setAttribute("unit", to: "pts")
        cell.attributesTheHostSets = [false, true]  // the console sets `unit`
        cell.prepareForReuse()
        #expect(cell.name == "")
        #expect(cell.unit == "pts")
    }

    @Test func collections() {
        let tiles = Guide.Tiles()
        let grid = CollectionView()
        grid.layout = CollectionViewGridLayout(columns: 3, spacing: 1)
        grid.border = .light
        grid.register(cellType: Guide.TileCell.self)
        grid.dataSource = tiles
        #expect(
            grid.renderCanvas(width: 20).text == """
                ┌──────────────────┐
                │ Scores           │
                │  12   7    42    │
                │  3    99         │
                └──────────────────┘
                """)
        grid.layout = CollectionViewGridLayout(itemWidth: 4, spacing: 1)
        #expect(grid.renderCanvas(width: 30).text(ofRow: 2) == "│  12   7    42   3    99    │")
    }

    @Test func reusable() throws {
        let tableView = TableView()
        tableView.register(cellType: Guide.NameCell.self)
        let indexPath = IndexPath(row: 0, section: 0)
        let cell: Guide.NameCell = tableView.dequeueReusableCell(for: indexPath)
        let same = tableView.dequeueReusableCell(for: indexPath, cellType: Guide.NameCell.self)
        #expect(cell !== same)
        #expect(Guide.NameCell.reuseIdentifier == "NameCell")
        do {
            let _: Guide.TileCell = try CollectionView().tryDequeueReusableCell(for: indexPath)
        } catch {
            #expect(error.code == .notRegistered)
            #expect(
                "\(error)"
                    == "no cell is registered under 'TileCell'; register it before dequeuing, e.g. register(cellType: TileCell.self)"
            )
        }
    }

    @Test func nibsAndOutlets() throws {
        let table = TableView()
        let indexPath = IndexPath(row: 0, section: 0)
        table.register(cellType: Guide.ProfileCardCell.self)
        let card: Guide.ProfileCardCell = table.dequeueReusableCell(for: indexPath)
        card.name.text = "Ada Lovelace"
        card.role.text = "Analyst"
        card.bio.text = "Wrote the first program."
        #expect(
            card.render(width: 32).text
                == "╭─ Ada Lovelace ───── Analyst ─╮\n│ Wrote the first program.     │\n╰──────────────────────────────╯"
        )
        card.bio.text = ""
        #expect(card.render(width: 32).height == 2, "the bio's line collapses while it is empty")

        let widget = Guide.StatusWidget()
        widget.state.text = "ok"
        #expect(widget.render(width: 10).text == "[ ok ]")

        do {
            try Nib.register(source: "{name:bol}", named: "Broken", in: .main)
        } catch {
            #expect(error.code == .invalidNib)
            #expect(
                "\(error)"
                    == "Broken.nib:1:7: error: unknown modifier 'bol' on outlet 'name'\n  {name:bol}\n        ^~~\n  did you mean 'bold'?"
            )
        }
    }

    @Test func viewOutletsAndCodeOnlyOutlets() throws {
        let meter = try Guide.MeterCell.tryLoadFromNib()
        meter.name.text = "Disk"
        meter.value = 0.5
        #expect(
            meter.render(width: 24).text == """
                Disk   ██████░░░░░░  50%
                """)
        #expect(
            meter.render(width: 32).text == """
                Disk   ██████████░░░░░░░░░░  50%
                """)
        #expect(AttributeDescriptor.descriptors(of: meter).map(\.name) == ["value", "name"])
        do {
            try meter.setAttribute("pct", to: "99%")
            Issue.record("a code-only outlet was set")
        } catch {
            #expect(
                "\(error)"
                    == "MeterCell's outlet 'pct' is filled by the cell, not by scripts; set one of its attributes: value, name"
            )
        }
    }

    @Test func attributes() throws {
        let cell = Guide.ForecastCell()
        try cell.setAttribute("day", to: "Mon")
        try cell.setAttribute("high", to: "21")
        try cell.setAttribute("color", to: "bright-red")
        try cell.setAttribute("trend", value: .enumeration("up"))
        #expect(cell.render(width: 12).text == "Mon      21°")
        #expect(cell.attribute("high") == .int(21))
        do {
            try cell.setAttribute("high", to: "warm")
        } catch {
            #expect("\(error)" == "high: expected an Int, got 'warm'; write a whole number such as 3 or -12")
        }
        do {
            try cell.setAttribute("hihg", to: "3")
        } catch {
            #expect("\(error)" == "ForecastCell has no attribute 'hihg'; did you mean 'high'?")
        }
        let meter = Guide.Meter()
        try meter.setAttribute("value", to: "0.25")
        #expect(meter.value == 0.25)
        #expect(
            AttributeDescriptor.declared(by: Guide.ForecastCell.self).map(\.description) == [
                "day: String = ", "high: Int = 0", "color: Color = yellow", "trend: up|down|flat = flat",
                "note: String = ",
            ])
    }

    @Test func storyboardsAndLoaders() throws {
        let today = Guide.TodayViewController.instantiate()
        let day = Guide.DayViewController.instantiate()
        #expect(today.sceneIdentifier == "TodayViewController" && day.sceneIdentifier == "DayViewController")

        let initial: Guide.TodayViewController = Guide.Week.instantiateInitialViewController()
        let loaded: Guide.DayViewController = Guide.Week.dayViewController.load()
        let later = Guide.Week.day
        #expect(initial.storyboard?.name == "Week" && loaded.sceneIdentifier == "DayViewController")
        #expect(later.load().isViewLoaded == false)
        let all = try Guide.Week.loadAll()
        #expect(all.count == 2)

        let table = TableView()
        let indexPath = IndexPath(row: 0, section: 0)
        Guide.WeekCells.detailCell.register(on: table)
        let cell = Guide.WeekCells.detailCell.dequeue(on: table, for: indexPath)
        cell.text.text = "rain at noon"
        #expect(cell.render(width: 20).text == "  ↳ rain at noon")

        let greeting = Loader { "Hello" }.map { $0 + ", Ada" }
        #expect(greeting.load() == "Hello, Ada")
        let any: AnyLoader = greeting.erased
        #expect(try any.tryLoad() as? String == "Hello, Ada")
    }

    @Test func pluginRegistration() throws {
        let registrar = PluginRegistrar(imagePath: nil)
        let status = registrar.run(Guide.WeatherCells.self)
        #expect(status == 0)
        #expect(registrar.registrations.map(\.name) == ["ForecastCell", "RainCell", "Week", "Day"])
        #expect(registrar.registrations.map(\.kind) == [.cell, .nib, .storyboard, .loader])
        #expect(registrar.registrations[1].attributes.map(\.name) == ["chance", "where"])
        #expect(PluginBundle(for: Guide.ForecastCell.self).name == "CellKitTests")
    }

    @Test func dataViewable() throws {
        func setUp(_ dataView: any DataViewable) {
            dataView.registerNib(nibName: "GuideTile", cellIdentifier: "Cell", bundle: PluginBundle(name: "Guide"))
            dataView.reloadData()
        }
        try Nib.register(source: "<{title}>", named: "GuideTile", in: PluginBundle(name: "Guide"))
        let indexPath = IndexPath(row: 0, section: 0)
        for view: any DataViewable in [TableView(), CollectionView()] {
            setUp(view)
            let cell = view[indexPath]
            try cell.setAttribute("title", to: "tile")
            #expect(cell.render(width: 10).text == "<tile>")
        }
    }
}
