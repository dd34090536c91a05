import Foundation
import FuzzHarnesses
import Testing

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
