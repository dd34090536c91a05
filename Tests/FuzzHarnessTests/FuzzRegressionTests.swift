@_spi(Host) import CellKit
import Foundation
import Glibc
import Testing
import WorkerProtocol

@testable import FuzzHarnesses
@testable import Session

/// Replays every seed (Fuzz/Corpus/NAME) and every input that once crashed a
/// harness (Fuzz/Regressions/NAME) through its harness: `swift test` (and the
/// AddressSanitizer pass of `.ci/run`) catches a fixed bug coming back.
@Suite(.serialized) struct FuzzRegressionTests {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    static func inputs(_ folder: String, _ harness: FuzzHarness) -> [URL] {
        let directory = fuzzDirectory.appendingPathComponent(folder).appendingPathComponent(harness.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzHarness.allCases)
    func everySeedRuns(harness: FuzzHarness) throws {
        let seeds = Self.inputs("Corpus", harness)
        #expect(!seeds.isEmpty, "Fuzz/Corpus/\(harness.rawValue) has seeds")
        for url in seeds { harness.run(Array(try Data(contentsOf: url))) }
    }

    @Test(arguments: FuzzHarness.allCases)
    func everyRegressionRuns(harness: FuzzHarness) throws {
        for url in Self.inputs("Regressions", harness) { harness.run(Array(try Data(contentsOf: url))) }
    }
}

/// The harnesses reach what they are meant to: a seed that should build
/// screens builds them (a harness that rejected everything early would fuzz
/// nothing).
@Suite struct FuzzHarnessReachTests {
    @Test func theStoryboardSeedBuildsItsScreensAndRows() throws {
        let url = FuzzRegressionTests.fuzzDirectory.appendingPathComponent("Corpus/storyboard/list.storyboard")
        let (session, errors) = StoryboardHarness.readReportingErrors(try String(contentsOf: url, encoding: .utf8))
        #expect(errors == "")
        #expect(session.screens.map(\.name) == ["Home", "Grid"])
        // 2 rows, 3 from the data file, 2 tiles.
        #expect(session.screens.map(\.rowCount) == [5, 2])
        #expect(session.initialScreen == "Home")
    }

    /// The sqlite harness loads the real plugin and reads its seed's rows (a
    /// harness that could not load the source would fuzz nothing).
    @Test func theSQLiteSeedIsReadThroughThePlugin() throws {
        #expect(SQLiteHarness.source != nil, "libSQLite.so is built next to the tests")
        let url = FuzzRegressionTests.fuzzDirectory.appendingPathComponent("Corpus/sqlite/users.db")
        try Data(contentsOf: url).write(to: URL(fileURLWithPath: SQLiteHarness.file))
        defer { unlink(SQLiteHarness.file) }
        let source = try #require(SQLiteHarness.source)
        let rows = SQLiteHarness.read(source, options: ["table": "users"], fields: ["name", "age", "photo"])
        #expect(rows.count == 2)
        #expect(rows.first?.first?.text == "Ada")
        #expect(rows.first?.last == .blob(count: 2))
    }
}
