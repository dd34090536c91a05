import CellKitSupport
import CellKitTesting
import Glibc
import TestSupport
import Testing

/// The examples of `docs/language.md` and `docs/batch.md` run as documented:
/// each is run by the built `cellkit` and its output compared with the block
/// that follows it in the document.
///
/// In the documents, an example is an HTML comment, a fenced block to run, and
/// a fenced block of its output:
///
/// - `<!-- run -->`: the block is a script, fed to `cellkit` on standard
///   input (so errors say `<stdin>`); `<!-- run file=NAME -->` adds a third
///   block, the file NAME the script wrote.
/// - `<!-- shell -->`: the block is run by `/bin/sh` with `cellkit` on the `PATH`.
///
/// Both run in a scratch directory holding a copy of `Examples/` and a link
/// `.build` to the build directory; output is standard output and standard
/// error together, as a terminal shows them (but not a terminal: no colour,
/// 80 columns), with the build directory written as from a checkout
/// (`.build/x86_64-unknown-linux-gnu/debug`).
///
/// `CELLKIT_RECORD_GOLDENS=1 swift test --skip-build --filter Documentation`
/// writes the outputs into the documents; review the diff.
@Suite(.serialized) struct BatchDocumentationTests {
    struct Example {
        enum Kind { case script, shell }
        var kind: Kind
        var file: String?
        var source: String
        /// Where the output block's body is in the document (and the file's, if any).
        var output: Range<String.Index>
        var fileOutput: Range<String.Index>?
    }

    /// The examples of a document, in order.
    static func examples(in text: String) -> [Example] {
        var result: [Example] = []
        var cursor = text.startIndex
        while let marker = text[cursor...].firstRange(of: "<!-- ") {
            guard let close = text[marker.upperBound...].firstRange(of: " -->") else { break }
            let directive = String(text[marker.upperBound..<close.lowerBound])
            cursor = close.upperBound
            let kind: Example.Kind
            var file: String?
            if directive == "run" {
                kind = .script
            } else if directive.hasPrefix("run file=") {
                kind = .script
                file = String(directive.dropFirst("run file=".count))
                if file?.first == "\"" { file = String(file!.dropFirst().dropLast()) }
            } else if directive == "shell" {
                kind = .shell
            } else {
                continue
            }
            guard let source = block(in: text, from: &cursor), let output = block(in: text, from: &cursor) else {
                break
            }
            var example = Example(kind: kind, file: file, source: String(text[source]), output: output)
            if file != nil { example.fileOutput = block(in: text, from: &cursor) }
            result.append(example)
        }
        return result
    }

    /// The body of the next fenced block after `cursor` (between the line
    /// after its opening fence and its closing fence), moving `cursor` past it.
    static func block(in text: String, from cursor: inout String.Index) -> Range<String.Index>? {
        guard let open = text[cursor...].firstRange(of: "```") else { return nil }
        guard let lineEnd = text[open.upperBound...].firstIndex(of: "\n") else { return nil }
        let start = text.index(after: lineEnd)
        guard let close = text[start...].firstRange(of: "\n```") else { return nil }
        cursor = close.upperBound
        return start..<text.index(after: close.lowerBound)
    }

    /// A scratch directory as the examples expect it.
    static func workspace() throws -> Scratch {
        let scratch = try Scratch()
        for file in ["dashboard.cellkit", "team.json", "services.csv"] {
            try scratch.write("Examples/" + file, try readTextFile(CellKitProcess.repositoryRoot + "/Examples/" + file))
        }
        let build = Golden.realPath(CellKitProcess.buildDirectory)
        // .build as in a checkout: a link to the folder holding the platform's build
        // folder (.build/x86_64-unknown-linux-gnu/debug) and SwiftPM's link to it (.build/debug).
        _ = symlink(Path.dirname(Path.dirname(build)), scratch.path(".build"))
        return scratch
    }

    /// The build folder as `cellkit` prints it from a checkout: `.build/<triple>/debug`
    /// (`.build/x86_64-unknown-linux-gnu/debug` on x86_64 Linux, what
    /// `swift build --show-bin-path` prints relative to the package).
    static let shownBuildDirectory: String = {
        let build = Golden.realPath(CellKitProcess.buildDirectory)
        return ".build/" + Path.basename(Path.dirname(build)) + "/" + Path.basename(build)
    }()

    static func normalize(_ text: String, scratch: Scratch) -> String {
        var result = text
        let build = Golden.realPath(CellKitProcess.buildDirectory)
        for path in [
            build, CellKitProcess.buildDirectory, scratch.directory + "/" + shownBuildDirectory,
            scratch.directory + "/.build/debug",
        ] {
            result = result.replacing(path, with: shownBuildDirectory)
        }
        result = result.replacing(Path.dirname(build) + "/", with: Path.dirname(shownBuildDirectory) + "/")
        return result.replacing(scratch.directory + "/", with: "")
    }

    static func run(_ example: Example, in scratch: Scratch) throws -> (output: String, file: String?) {
        let home = try CellKitProcess.temporaryDirectory()
        defer { TemporaryDirectory.removeTree(home) }
        let environment = [
            "HOME": home, "PATH": CellKitProcess.buildDirectory + ":/usr/bin:/bin",
            "XDG_CACHE_HOME": home + "/.cache", "XDG_STATE_HOME": home + "/.local/state",
        ]
        let result: CellKitProcess.Result
        switch example.kind {
        case .script:
            result = try CellKitProcess.spawn(
                ["/bin/sh", "-c", "exec \"$0\" 2>&1", CellKitProcess.executable], input: example.source,
                directory: scratch.directory, environment: environment)
        case .shell:
            result = try CellKitProcess.spawn(
                ["/bin/sh", "-c", "exec 2>&1\n" + example.source + "\n", "sh"], input: "", directory: scratch.directory,
                environment: environment.merging(["PS4": ""]) { $1 })
        }
        let output = normalize(result.standardOutput + result.standardError, scratch: scratch)
        let file = example.file.flatMap { scratch.read($0) }
        return (output, file)
    }

    @Test(arguments: ["docs/language.md", "docs/batch.md"])
    func theExamplesPrintWhatTheDocumentShows(_ document: String) throws {
        let path = CellKitProcess.repositoryRoot + "/" + document
        var text = try readTextFile(path)
        let examples = Self.examples(in: text)
        #expect(!examples.isEmpty, "\(document) has no examples")
        var replacements: [(Range<String.Index>, String)] = []
        for example in examples {
            let scratch = try Self.workspace()
            let (output, file) = try Self.run(example, in: scratch)
            if GoldenFiles.isRecording {
                replacements.append((example.output, output))
                if let range = example.fileOutput { replacements.append((range, file ?? "")) }
                continue
            }
            #expect(
                output == String(text[example.output]), "\(document): the example\n\(example.source)\nprints\n\(output)"
            )
            if let range = example.fileOutput {
                #expect(file == String(text[range]), "\(document): \(example.file ?? "") is\n\(file ?? "(missing)")")
            }
        }
        if GoldenFiles.isRecording {
            for (range, replacement) in replacements.reversed() {
                text.replaceSubrange(
                    range, with: replacement.hasSuffix("\n") || replacement.isEmpty ? replacement : replacement + "\n")
            }
            try atomicWrite(path, text)
        }
    }

    /// Every command of the language has a run example in the reference.
    @Test func everyCommandOfTheReferenceHasAnExampleThatRuns() throws {
        let text = try readTextFile(CellKitProcess.repositoryRoot + "/docs/language.md")
        let sections = text.split(separator: "\n### `").dropFirst()
        #expect(sections.count >= 17)
        for section in sections {
            let name = section.prefix { $0 != "`" }
            #expect(section.contains("<!-- run"), "`\(name)` has no example that runs")
            #expect(!section.contains("to be filled in"), "`\(name)` still says its output is to be filled in")
        }
    }
}
