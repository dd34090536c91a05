@_spi(Host) import CellKit
import CellKitSupport
import Testing

@testable import Session

/// What Tab offers at the REPL's prompt.
@Suite struct REPLCompletionTests {
    func completion(in directory: String? = nil, home: String? = nil) -> REPLCompletion {
        REPLCompletion(
            screens: { ["Dashboard", "Team"] },
            cells: { ["TextCell", "BasicCells.TextCell", "ProfileCell"] },
            plugins: { ["BasicCells", "CardCells"] },
            attributes: { $0.hasSuffix("TextCell") ? ["text", "style", "alignment", "wrap"] : [] },
            home: home, directory: directory)
    }

    func candidates(_ line: String, _ completion: REPLCompletion? = nil) -> [String] {
        (completion ?? self.completion()).complete(line, cursor: line.count).candidates
    }

    @Test func commandsCellsAttributesScreensAndPlugins() {
        #expect(candidates("desc") == ["describe"])
        #expect(candidates("row Te") == ["TextCell"])
        #expect(candidates("row TextCell st") == ["style="])
        #expect(candidates("row BasicCells.TextCell al") == ["alignment="])
        #expect(candidates("show T") == ["Team"])
        #expect(candidates("load C") == ["CardCells"])
        #expect(candidates("screen Main grid border=ro") == ["rounded"])
    }

    /// Attribute values: an enumeration's cases, `Bool`, colours; the cell's
    /// own enumerations (`style=b` → `bold`). None for free text.
    @Test func attributeValuesOfTheCellOnTheLine() {
        var values = completion()
        values.attributeValues = { cell, attribute in
            guard cell.hasSuffix("TextCell") else { return [] }
            switch attribute {
            case "style": return REPLCompletion.values(of: .enumeration(["plain", "bold", "dim"]))
            case "wrap": return REPLCompletion.values(of: .bool)
            case "color": return REPLCompletion.values(of: .color)
            default: return REPLCompletion.values(of: .string)
            }
        }
        #expect(candidates("row TextCell style=b", values) == ["bold"])
        #expect(candidates("row TextCell text=hi style=", values) == ["plain", "bold", "dim"])
        #expect(candidates("row BasicCells.TextCell wrap=f", values) == ["false"])
        #expect(candidates("rows TextCell from t.json color=ma", values) == ["magenta"])
        #expect(candidates("row TextCell text=", values) == [])
        #expect(candidates("row ProfileCell style=b", values) == [])
        // Options keep their own choices.
        #expect(candidates("screen Main border=ro", values) == ["rounded"])
    }

    /// Types as the registry cache writes them, for cells of plugins not loaded yet.
    @Test func attributeValuesFromTheCachedTypeNames() {
        #expect(REPLCompletion.values(ofTypeNamed: "plain|bold|dim") == ["plain", "bold", "dim"])
        #expect(REPLCompletion.values(ofTypeNamed: "Bool") == ["true", "false"])
        #expect(REPLCompletion.values(ofTypeNamed: "Color").contains("bright-cyan"))
        #expect(REPLCompletion.values(ofTypeNamed: "String") == [])
        #expect(REPLCompletion.values(ofTypeNamed: "[String]") == [])
    }

    /// `row` refuses header/footer views: Tab does not offer them there,
    /// but does where they belong (`describe`).
    @Test func rowOffersCellsNotHeaderFooterViews() {
        var views = completion()
        views.cells = { ["SectionHeader", "SectionFooter", "TextCell"] }
        views.rowCells = { ["TextCell"] }
        #expect(candidates("row S", views) == [])
        #expect(candidates("rows Sect", views) == [])
        #expect(candidates("row ", views) == ["TextCell"])
        #expect(candidates("describe Sect", views) == ["SectionHeader", "SectionFooter"])
    }

    @Test func theRangeIsTheWordBeforeTheCursor() {
        let result = completion().complete("row Te more", cursor: 6)
        #expect(result.range == 4..<6)
        #expect(result.candidates == ["TextCell"])
    }

    @Test func filePathsRelativeAndUnderHome() throws {
        let root = try REPLTestSupport.temporaryDirectory()
        defer { REPLTestSupport.remove(root) }
        try createDirectories(root + "/data/nested")
        try atomicWrite(root + "/data/team.json", "[]")
        try atomicWrite(root + "/data/.hidden", "")
        try atomicWrite(root + "/report.cellkit", "")
        let files = completion(in: root, home: root)
        #expect(candidates("open ", files) == ["data/", "report.cellkit"])
        #expect(candidates("open da", files) == ["data/"])
        #expect(candidates("open data/", files) == ["data/nested/", "data/team.json"])
        #expect(candidates("open data/.", files) == ["data/.hidden"])
        #expect(candidates("open data/T", files) == ["data/team.json"])
        #expect(candidates("open ~/d", files) == ["~/data/"])
        #expect(candidates("rows TextCell from ~/data/t", files) == ["~/data/team.json"])
        #expect(candidates("open /nonexistent-dir/x", files) == [])
        #expect(files.fileCandidates(for: "~") == ["~/"])
    }

    /// Issue 33, item 18: a word begun with a quote completes inside it
    /// (`open "mi` → `open "mine.cellkit"`), a name that needs quotes gets
    /// them right, and a folder is left open so Tab goes on inside it.
    @Test func aQuotedWordCompletesInsideItsQuotes() throws {
        let root = try REPLTestSupport.temporaryDirectory()
        defer { REPLTestSupport.remove(root) }
        try createDirectories(root + "/My Data")
        try atomicWrite(root + "/mine.cellkit", "")
        try atomicWrite(root + "/My Data/team \"2024\".json", "[]")
        try atomicWrite(root + "/it's.csv", "")
        let files = completion(in: root, home: root)
        let line = #"open "mi"#
        let result = files.complete(line, cursor: line.count)
        #expect(result.candidates == [#""mine.cellkit""#])
        #expect(result.range == 5..<8)  // from the quote
        #expect(candidates(#"open "My"#, files) == [#""My Data/"#])
        #expect(candidates(#"rows TextCell from "My Data/t"#, files) == [#""My Data/team \"2024\".json""#])
        #expect(candidates("open 'mi", files) == ["'mine.cellkit'"])
        #expect(candidates("open 'it", files) == [#""it's.csv""#])
        #expect(candidates(#"open "My Data/team \"2"#, files) == [#""My Data/team \"2024\".json""#])
        // Unquoted, a folder that needs quotes is left open too.
        #expect(candidates("open My", files) == [#""My Data/"#])
        // Names in quotes, as a bare word would be.
        #expect(candidates(#"row "Te"#) == [#""TextCell""#])
        #expect(candidates(#"show "Da"#) == [#""Dashboard""#])
        // Not a word's start, a closed string, a comment: nothing new.
        #expect(candidates(#"open x"mi"#, files) == [])
        #expect(candidates(#"row TextCell text="hi" # "mi"#, files) == [])
        #expect(candidates(#"open "mine.cellkit" "#, files) == [])
    }

    @Test func aListingShowsNamesWithoutTheirSharedDirectory() {
        #expect(LineEditor.listedNames(["data/nested/", "data/team.json"]) == ["nested/", "team.json"])
        #expect(LineEditor.listedNames(["~/a", "~/b"]) == ["a", "b"])
        #expect(LineEditor.listedNames(["row", "rows"]) == ["row", "rows"])
        #expect(LineEditor.listedNames(["data/", "data/x"]) == ["data/", "data/x"])
    }
}
