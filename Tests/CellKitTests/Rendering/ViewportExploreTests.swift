@_spi(Host) import CellKit
import Testing

/// What `show` explores a screen with: a viewport shown a window of its
/// columns at a time, pieces that stay on the top lines, text found where a
/// canvas draws it and highlighted.
@Suite struct ViewportExploreTests {
    typealias Rows = ViewportTests.MillionRows

    static func table(rows: Int, source: Rows) -> TableView {
        let table = TableView()
        table.border = .light
        table.register(cellType: ViewportTests.NumberCell.self)
        table.dataSource = source
        return table
    }

    @Test func aWindowShowsSomeColumnsFromTheFirstOneInView() {
        let source = Rows(count: 100)
        let viewport = Viewport(content: Self.table(rows: 100, source: source), width: 30, height: 3, windowWidth: 12)
        #expect(ViewportTests.frame(viewport) == ["┌───────────", "│ row 0", "│ row 1"])
        viewport.scroll(toColumn: 5)
        #expect(ViewportTests.frame(viewport) == ["────────────", " 0", " 1"])
        // As far as the right edge, and no further.
        viewport.scroll(toColumn: 100)
        #expect(viewport.left == 18)
        #expect(ViewportTests.frame(viewport) == ["───────────┐", "           │", "           │"])
        // A resize keeps the first column as far as the new width allows.
        viewport.resize(width: 30, height: 3, windowWidth: 20)
        #expect(viewport.left == 10)
        viewport.scroll(toColumn: -4)
        #expect(viewport.left == 0)
    }

    @Test func aWideCharacterCutByAnEdgeIsASpace() {
        let canvas = Canvas(width: 6, height: 1)
        canvas.draw("a漢字b", at: .zero, style: .plain)
        let cut = Canvas(width: 0, height: 0)
        cut.copy(columns: 2..<5, of: canvas)
        // Columns 2-3 are 漢's second half and 字's first... "漢" starts at 1: its right half at 2.
        #expect(cut.text(ofRow: 0) == " 字")
        cut.copy(columns: 0..<4, of: canvas)
        #expect(cut.text(ofRow: 0) == "a漢")
        cut.copy(columns: 0..<2, of: canvas)
        #expect(cut.text(ofRow: 0) == "a")
    }

    @Test func pinnedPiecesStayOnTopWhileThePiecesUnderThemScroll() {
        let source = Rows(count: 100)
        let viewport = Viewport(content: Self.table(rows: 100, source: source), width: 12, height: 4)
        // Piece 0 is the top border, piece 1 row 0: row 0 stays, under the border.
        viewport.pinned = { _ in [0, 1] }
        #expect(ViewportTests.frame(viewport) == ["┌──────────┐", "│ row 0    │", "│ row 1    │", "│ row 2    │"])
        #expect(viewport.pinnedLines == 0)
        viewport.scroll(by: 1)
        #expect(ViewportTests.frame(viewport) == ["┌──────────┐", "│ row 0    │", "│ row 2    │", "│ row 3    │"])
        #expect(viewport.pinnedLines == 2)
        viewport.scroll(by: 10)
        let canvas = Canvas(width: 0, height: 0)
        let pieces = viewport.draw(into: canvas)
        #expect(canvas.text(ofRow: 1) == "│ row 0    │" && canvas.text(ofRow: 2) == "│ row 12   │")
        // The pieces in view are those under the pinned lines.
        #expect(pieces == 13..<15)
        let place = viewport.place(atLine: viewport.pinnedLines)
        #expect(place.piece == 13 && place.line == 0)
        // A piece revealed is the first under them.
        viewport.reveal(piece: 51, line: 0)
        #expect(ViewportTests.frame(viewport)[2] == "│ row 50   │")
    }

    @Test func aPatternIsFoundWhereItIsDrawnWideCharactersAndClustersIncluded() throws {
        let canvas = Canvas(width: 30, height: 2)
        canvas.draw("│ Build #9876 │ 網關 e\u{301}", at: .zero, style: .plain)
        canvas.draw("no match here", at: Point(x: 0, y: 1), style: .plain)
        let build = try #require(TextPattern("Build #9876"))
        #expect(build.width == 11)
        #expect(canvas.column(of: build, inRow: 0) == 2)
        #expect(canvas.column(of: build, inRow: 0, from: 3) == nil)
        #expect(canvas.column(of: build, inRow: 1) == nil)
        #expect(canvas.column(of: try #require(TextPattern("網關")), inRow: 0) == 16)
        #expect(canvas.column(of: try #require(TextPattern("關 e\u{301}")), inRow: 0) == 18)
        // A cluster matches only the same cluster: a plain e is not é.
        #expect(canvas.column(of: try #require(TextPattern("e")), inRow: 0) == nil)
        #expect(canvas.column(of: try #require(TextPattern("here")), inRow: 1) == 9)
        #expect(TextPattern("") == nil)
    }

    @Test func theHighlightIsReverseVideoOnEveryOccurrenceInView() throws {
        let source = Rows(count: 100)
        let viewport = Viewport(content: Self.table(rows: 100, source: source), width: 12, height: 4)
        viewport.highlight = try #require(TextPattern("row"))
        let canvas = Canvas(width: 0, height: 0)
        viewport.draw(into: canvas)
        for y in 1..<4 {
            #expect(canvas[1, y].style.attributes.isEmpty)
            #expect((2..<5).allSatisfy { canvas[$0, y].style.attributes.contains(.reverse) })
            #expect(canvas[5, y].style.attributes.isEmpty)
        }
    }
}
