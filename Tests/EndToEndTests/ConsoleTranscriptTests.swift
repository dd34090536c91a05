import CellKitSupport
import CellKitTesting
import Glibc
import TestSupport
import Testing

/// The console transcripts of the README and the docs come from a real run:
/// each is typed into the built `cellkit` in a pseudo-terminal, and what the
/// terminal shows is compared with the transcript.
///
/// In a document, a transcript is a fenced block after `<!-- console -->`:
///
/// ```
/// $ cellkit
/// CellKit 1.0.0 · 3 plugins on the path (type help, Tab completes, Ctrl-D leaves)
/// cellkit> screen Main
/// cellkit> row TextCell nmae=Ada
/// <prompt 2>:1:14: error: TextCell has no attribute 'nmae'
/// …
/// ```
///
/// The `$ cellkit` line is the command that starts the console; each
/// `cellkit> ` line is typed, with its `     ...> ` continuation lines; a
/// view opened by `show` is left with `q`. The rest is what the terminal
/// shows, 160 columns wide, in a scratch directory with `Examples/` (as
/// `BatchDocumentationTests` runs the other examples), the build directory
/// written as from a checkout (`.build/x86_64-unknown-linux-gnu/debug`).
///
/// `CELLKIT_RECORD_GOLDENS=1 swift test --skip-build --filter ConsoleTranscript`
/// writes what the terminal showed into the documents; review the diff.
@Suite(.serialized) struct ConsoleTranscriptTests {
    struct Transcript {
        var arguments: [String]
        /// Each command: its first line, then its continuation lines.
        var commands: [[String]]
        /// The block's body, where the document has it.
        var body: Range<String.Index>
    }

    static let prompt = "cellkit> "
    static let continuation = "     ...> "

    static func transcripts(in text: String) -> [Transcript] {
        var result: [Transcript] = []
        var cursor = text.startIndex
        while let marker = text[cursor...].firstRange(of: "<!-- console -->") {
            cursor = marker.upperBound
            guard let body = BatchDocumentationTests.block(in: text, from: &cursor) else { break }
            var arguments: [String] = []
            var commands: [[String]] = []
            for line in text[body].split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("$ cellkit") {
                    arguments = line.dropFirst("$ cellkit".count).split(separator: " ").map(String.init)
                } else if line.hasPrefix(prompt) {
                    commands.append([String(line.dropFirst(prompt.count))])
                } else if line.hasPrefix(continuation), !commands.isEmpty {
                    commands[commands.count - 1].append(String(line.dropFirst(continuation.count)))
                }
            }
            result.append(Transcript(arguments: arguments, commands: commands, body: body))
        }
        return result
    }

    /// Types the transcript's commands; returns what the terminal showed, as
    /// the document writes it (the `$ cellkit` line first).
    static func run(_ transcript: Transcript) throws -> String {
        let scratch = try BatchDocumentationTests.workspace()
        let repl = try PTYSession.start(transcript.arguments, columns: 160, rows: 50, directory: scratch.directory)
        try repl.waitForPrompt()
        for command in transcript.commands {
            var row = 0
            for (index, line) in command.enumerated() {
                row = repl.screen.absoluteCursorRow
                try repl.send(line, PTYSession.enter)
                if index < command.count - 1 {
                    try repl.wait(for: "the continuation prompt") {
                        $0.cursorLine == "     ...>" && $0.absoluteCursorRow > row
                    }
                }
            }
            try repl.wait(for: "the prompt, or a view") {
                $0.isAlternateScreen
                    || ($0.cursorLine == "cellkit>" && $0.cursorColumn == 9 && $0.absoluteCursorRow > row)
            }
            if repl.screen.isAlternateScreen {
                try repl.send("q")
            }
            try repl.waitForPrompt()
        }
        var lines = repl.screen.history.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "cellkit>" { lines.removeLast() }
        let shown = BatchDocumentationTests.normalize(lines.joined(separator: "\n"), scratch: scratch)
        let start = "$ cellkit" + transcript.arguments.map { " " + $0 }.joined()
        return start + "\n" + shown + "\n"
    }

    @Test(arguments: ["README.md", "docs/console-guide.md"])
    func theTranscriptsShowWhatTheConsoleShows(_ document: String) throws {
        let path = CellKitProcess.repositoryRoot + "/" + document
        var text = try readTextFile(path)
        let transcripts = Self.transcripts(in: text)
        #expect(!transcripts.isEmpty, "\(document) has no console transcripts")
        var replacements: [(Range<String.Index>, String)] = []
        for transcript in transcripts {
            let shown = try Self.run(transcript)
            if GoldenFiles.isRecording {
                replacements.append((transcript.body, shown))
                continue
            }
            #expect(shown == String(text[transcript.body]), "\(document): the console showed\n\(shown)")
        }
        if GoldenFiles.isRecording {
            for (range, replacement) in replacements.reversed() { text.replaceSubrange(range, with: replacement) }
            try atomicWrite(path, text)
        }
    }

    /// Every block of the README and the console guide that shows the prompt
    /// is a transcript the test runs (or says why it cannot be one).
    @Test(arguments: ["README.md", "docs/console-guide.md"])
    func everyBlockWithThePromptIsChecked(_ document: String) throws {
        let text = try readTextFile(CellKitProcess.repositoryRoot + "/" + document)
        var cursor = text.startIndex
        var previousEnd = text.startIndex
        while let body = BatchDocumentationTests.block(in: text, from: &cursor) {
            let before = text[previousEnd..<body.lowerBound]
            previousEnd = cursor
            guard text[body].contains("\n" + Self.prompt) || text[body].hasPrefix(Self.prompt) else { continue }
            let marked = before.contains("<!-- console -->") || before.contains("<!-- console: not run")
            #expect(marked, "\(document): a block with the prompt is not checked:\n\(text[body])")
        }
    }
}
