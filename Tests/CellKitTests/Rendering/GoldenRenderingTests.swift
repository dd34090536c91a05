@_spi(Host) import CellKit
import Testing

/// Rendered tables, grids and nib cells compared with `Golden/*.txt`.
/// Re-record with `CELLKIT_RECORD_GOLDENS=1 swift test --filter GoldenRenderingTests`.
@Suite struct GoldenRenderingTests {
    static let widths = [80, 40, 12, 1]

    @Test func borderedTableWithColumnsSectionsSeparatorsAndWideCharacters() {
        let fixture = Tables.people()
        GoldenFile.check(
            GoldenFile.atWidths(Self.widths) { fixture.table.renderCanvas(width: $0).text }, named: "table-people")
    }

    @Test func tableWithoutBorderOrSeparators() {
        let fixture = Tables.people(border: .none, separators: false)
        GoldenFile.check(
            GoldenFile.atWidths(Self.widths) { fixture.table.renderCanvas(width: $0).text }, named: "table-plain")
    }

    @Test(arguments: BoxStyle.all.filter { !$0.isNone }) func everyBorderStyle(_ box: BoxStyle) {
        let fixture = Tables.people(border: box, title: "Border \(box.name)", sections: [PeopleSource.people[0]])
        GoldenFile.check(
            GoldenFile.atWidths([40, 12]) { fixture.table.renderCanvas(width: $0).text },
            named: "table-border-\(box.name)")
    }

    @Test func gridOfColumnsWithSectionsSpacingAndBorder() {
        let fixture = Grids.tiles(columns: 3)
        GoldenFile.check(
            GoldenFile.atWidths(Self.widths) { fixture.grid.renderCanvas(width: $0).text }, named: "grid-columns")
    }

    @Test func flowOfFixedWidthItems() {
        let fixture = Grids.tiles(columns: nil, itemWidth: 12, spacing: 1, lineSpacing: 0, border: .light)
        GoldenFile.check(
            GoldenFile.atWidths(Self.widths) { fixture.grid.renderCanvas(width: $0).text }, named: "grid-flow")
    }

    @Test func nibCellsWithSpringsWrapAndCollapse() throws {
        let fixture = try Cards.table()
        GoldenFile.check(
            GoldenFile.atWidths(Self.widths) { fixture.table.renderCanvas(width: $0).text }, named: "table-nib-cards")
    }
}

/// One styled table written by `ANSIWriter` in 16 colours, 256 colours and
/// truecolor (escape characters shown as `\e` so the files read).
@Suite struct GoldenANSITests {
    /// A status cell: a coloured dot, a name, and a value on a coloured background.
    final class StatusCell: TableViewCell, Reusable {
        let dot = Label(text: "●")
        let name = Label()
        let value = Label()

        required init() {
            super.init()
            name.stackSizing = .flexible()
            let row = StackView(axis: .horizontal, spacing: 1, views: [dot, name, value])
            row.pinEdges()
            contentView.addSubview(row)
        }
    }

    final class Source: TableViewDataSource {
        let rows: [(String, String, Color)] = [
            ("api", "ok", .rgb(0x5f, 0xd7, 0x87)), ("web 🌍", "slow", .palette(214)), ("数据库", "down", .red),
        ]
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { "Services" }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell: StatusCell = tableView.dequeueReusableCell(for: indexPath)
            let (name, value, color) = rows[indexPath.row]
            cell.dot.style = Style(foreground: color)
            cell.name.text = name
            cell.value.text = " \(value) "
            cell.value.style = Style(foreground: .black, background: color, attributes: .bold)
            return cell
        }
    }

    static func render(_ mode: ColorMode) throws -> String {
        let source = Source()
        let table = TableView()
        table.border = .rounded
        table.borderStyle = Style(foreground: .rgb(0x5f, 0x87, 0xaf))
        table.title = "Health"
        table.titleStyle = Style.bold.foreground(.rgb(0xff, 0x87, 0x00))
        table.register(cellType: StatusCell.self)
        table.dataSource = source
        table.selectedIndexPath = IndexPath(row: 1, section: 0)
        let output = MemoryOutput()
        try table.render(width: 24, to: ANSIWriter(output: output, colorMode: mode))
        return output.string.replacing("\u{1B}", with: "\\e")
    }

    @Test(arguments: [ColorMode.ansi16, .ansi256, .truecolor]) func styledTable(_ mode: ColorMode) throws {
        GoldenFile.check(try Self.render(mode), named: "ansi-\(mode)")
    }

    /// With no colours, the ANSI writer writes the same text as the plain writer.
    @Test func noColourIsPlainText() throws {
        let plain = try Self.render(.none)
        #expect(!plain.contains("\\e"))
        #expect(plain.hasPrefix("╭─ Health ─"))
    }
}
