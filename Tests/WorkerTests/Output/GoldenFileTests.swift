import CellKitTesting
import TestSupport
import Testing

extension OutputTests {
    @Suite struct GoldenFileTests {
        @Test func diffShowsEachChangeWithTwoLinesOfContext() {
            let diff = GoldenFiles.diff("a\nb\nc\nd\ne\nf\ng\nh\ni\nj", "a\nB\nc\nd\ne\nf\ng\nh\ni\nJ")
            #expect(
                diff == """
                      a|
                    - b|
                    + B|
                      c|
                      d|
                       ...
                      h|
                      i|
                    - j|
                    + J|
                    """)
        }

        @Test func diffOfDifferentLengthsShowsWhatWasAdded() {
            let diff = GoldenFiles.diff("a\nb\nz", "a\nb\nc\nd\nz")
            #expect(
                diff == """
                      a|
                      b|
                    + c|
                    + d|
                      z|
                    """)
        }

        /// A package folder with a golden folder in it, as a plugin's tests have.
        static func package() throws -> (TemporaryDirectory, GoldenFiles) {
            let package = try TemporaryDirectory(prefix: "cellkit-goldens")
            _ = try package.write("// swift-tools-version:6.1\n", to: "Package.swift")
            _ = try package.write("<svg/>\n", to: "Tests/Golden/screen.svg")
            return (package, GoldenFiles(directory: package.file("Tests/Golden")))
        }

        @Test func aFailedCheckLeavesTheOutputInTheArtifactsFolderAndSaysWhere() throws {
            let (package, goldens) = try Self.package()
            let outcome = goldens.check("<svg>new</svg>", named: "screen.svg", mode: .never)
            let artifact = package.file(".build/golden-artifacts/Tests/Golden/screen.svg")
            guard case .failed(let message, artifact?) = outcome else {
                Issue.record("expected a failure with an artifact, got \(outcome)")
                return
            }
            #expect(message.contains("the output is at \(artifact)"))
            #expect(message.contains("- <svg/>|\n+ <svg>new</svg>|"))
            #expect(package.read(".build/golden-artifacts/Tests/Golden/screen.svg") == "<svg>new</svg>\n")
            #expect(package.read("Tests/Golden/screen.svg") == "<svg/>\n", "a failed check changed the golden")
        }

        @Test func recordingMissingWritesOnlyTheGoldensThatAreNotThere() throws {
            let (package, goldens) = try Self.package()
            #expect(
                goldens.check("one\n", named: "new.txt", mode: .missing)
                    == .recorded(path: package.file("Tests/Golden/new.txt"), isNew: true))
            #expect(package.read("Tests/Golden/new.txt") == "one\n")
            guard case .failed = goldens.check("<svg>new</svg>", named: "screen.svg", mode: .missing) else {
                Issue.record("recording missing goldens overwrote one that exists")
                return
            }
            #expect(package.read("Tests/Golden/screen.svg") == "<svg/>\n")
            #expect(goldens.check("one", named: "new.txt", mode: .never) == .matched)
        }

        @Test func recordingAllRewritesAGoldenThatChanged() throws {
            let (package, goldens) = try Self.package()
            #expect(
                goldens.check("<svg>new</svg>", named: "screen.svg", mode: .all)
                    == .recorded(path: package.file("Tests/Golden/screen.svg"), isNew: false))
            #expect(package.read("Tests/Golden/screen.svg") == "<svg>new</svg>\n")
        }

        @Test func aMissingGoldenFailsWithTheCommandThatRecordsIt() throws {
            let (_, goldens) = try Self.package()
            guard case .failed(let message, _) = goldens.check("x", named: "absent.txt", mode: .never) else {
                Issue.record("a missing golden passed")
                return
            }
            #expect(message.contains("CELLKIT_RECORD_GOLDENS=missing swift test"))
        }

        @Test func recordingModesAreReadFromTheirNames() {
            #expect(GoldenFiles.RecordMode(environmentValue: nil) == .never)
            #expect(GoldenFiles.RecordMode(environmentValue: "1") == .all)
            #expect(GoldenFiles.RecordMode(environmentValue: "missing") == .missing)
            #expect(GoldenFiles.RecordMode(environmentValue: "yes") == nil)
        }
    }
}
