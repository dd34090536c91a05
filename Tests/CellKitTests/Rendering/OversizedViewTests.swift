@_spi(Host) import CellKit
import Testing

/// A view that says it is enormous (a plugin's `sizeThatFits` returning
/// `Int.max`) is drawn cut to what a canvas holds, 1,000 lines, and never
/// traps the host with an arithmetic overflow (issue 9, "Sizes from plugins").
@Suite struct OversizedViewTests {
    final class EnormousCell: TableViewCell, Reusable {
        let label = Label(text: "enormous")
        var reported = Int.max

        required init() {
            super.init()
            label.pinEdges()
            contentView.addSubview(label)
        }

        override func sizeThatFits(_ size: Size) -> Size {
            Size(width: size.width, height: reported)
        }
    }

    final class OneRow: TableViewDataSource {
        var reported: Int
        init(reported: Int) { self.reported = reported }
        func numberOfSections(in tableView: TableView) -> Int { 1 }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 2 }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            let cell: EnormousCell = tableView.dequeueReusableCell(for: indexPath)
            cell.reported = reported
            return cell
        }
    }

    @Test(arguments: [Int.max, Int.max / 2, Int.min, -1, 1_000_000])
    func aTableDrawsAnEnormousRowCutToTheLimit(reported: Int) throws {
        let table = TableView()
        table.register(cellType: EnormousCell.self)
        let source = OneRow(reported: reported)
        table.dataSource = source
        let output = MemoryOutput()
        try withExtendedLifetime(source) {
            try table.render(width: 20, to: PlainTextWriter(output: output))
        }
        let lines = output.string.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let perRow = reported < 0 ? 0 : 1_000
        #expect(lines.count == 2 * perRow)
        if perRow > 0 { #expect(lines.first == "enormous") }
    }

    @Test func aViewRenderedAloneIsCutToo() {
        let cell = EnormousCell()
        let canvas = cell.render(width: 30)
        #expect(canvas.height == 1_000)
        #expect(canvas.text(ofRow: 0) == "enormous")
        #expect(Canvas(width: Int.max, height: 1).width == 10_000)
        #expect(Canvas(width: 1, height: Int.max).height == 1_000)
    }
}
