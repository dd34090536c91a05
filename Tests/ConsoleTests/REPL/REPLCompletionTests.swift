import CellKitSupport
import Testing

@testable import Console

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

    @Test func aListingShowsNamesWithoutTheirSharedDirectory() {
        #expect(LineEditor.listedNames(["data/nested/", "data/team.json"]) == ["nested/", "team.json"])
        #expect(LineEditor.listedNames(["~/a", "~/b"]) == ["a", "b"])
        #expect(LineEditor.listedNames(["row", "rows"]) == ["row", "rows"])
        #expect(LineEditor.listedNames(["data/", "data/x"]) == ["data/", "data/x"])
    }
}
