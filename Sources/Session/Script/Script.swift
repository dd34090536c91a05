@_spi(Host) import CellKit
import WorkerProtocol

extension Script {
    // MARK: Parsing

    /// Parses a whole source: a script file, a storyboard, or REPL input.
    ///
    /// - Parameters:
    ///   - text: The source.
    ///   - file: The name diagnostics show: a path as the user gave it, or
    ///     `<stdin>`.
    ///   - firstLine: The number of the first line (the REPL numbers its
    ///     inputs, so that `<stdin>:3:17` points at the third one).
    static func parse(_ text: String, file: String, firstLine: Int = 1) -> ParsedScript {
        var lines: [ParsedScript.Line] = []
        var continuesPastEnd = false
        for line in Lexer(file: file, text: text, firstLine: firstLine) {
            if let result = ScriptParser.parse(line) {
                lines.append(ParsedScript.Line(line: line.firstLine, result: result))
            }
            continuesPastEnd = line.continuesPastEnd
        }
        return ParsedScript(lines: lines, continuesPastEnd: continuesPastEnd)
    }

    /// The command lines of a source, parsed one at a time as they are
    /// iterated: a batch run over a long script holds one command at a time.
    ///
    /// ```swift
    /// for entry in Script.lines(of: text, file: path) {
    ///     switch entry.result { ... }
    /// }
    /// ```
    static func lines(
        of text: String, file: String, firstLine: Int = 1
    ) -> some Sequence<ParsedScript.Line> {
        Lexer(file: file, text: text, firstLine: firstLine).lazy.compactMap { line in
            ScriptParser.parse(line).map { ParsedScript.Line(line: line.firstLine, result: $0) }
        }
    }

    /// Whether `text` ends in the middle of a command (its last line ends with
    /// `\` outside a string and a comment): the REPL then reads another line
    /// and parses both together.
    static func needsContinuation(_ text: String) -> Bool {
        Lexer(file: "", text: text).reduce(false) { $1.continuesPastEnd }
    }

    // MARK: Formatting

    /// One part of a command line written by ``line(_:_:)``.
    enum Part: Hashable, Sendable {
        /// A keyword, written bare: `to`, `from`, `grid`.
        case keyword(String)
        /// A positional argument: quoted when needed, and when it spells a
        /// keyword (`to`, `from`), so that it stays an argument.
        case argument(String)
        /// `name=value`.
        case attribute(String, Command.Value)
    }

    /// A command line from its parts, as `save` writes them.
    ///
    /// ```swift
    /// Script.line("render", [.argument("to"), .keyword("to"), .argument("out put.svg")])
    /// // render "to" to "out put.svg"
    /// ```
    static func line(_ command: String, _ parts: [Part]) -> String {
        var words = [command]
        for part in parts {
            switch part {
            case .keyword(let word):
                words.append(word)
            case .argument(let text):
                words.append(
                    CommandSpec.keywords.contains(text) ? "\"\(escaped(text))\"" : quote(text))
            case .attribute(let name, let value):
                words.append("\(name)=\(format(value))")
            }
        }
        return words.joined(separator: " ")
    }

    /// A parsed command written back as one line: what it means, not how it
    /// was spelled (comments, continuations and redundant quotes are gone).
    static func format(_ command: Command) -> String {
        line(
            command.name,
            command.arguments.map {
                CommandSpec.keywords.contains($0.text) && !$0.isQuoted
                    ? .keyword($0.text) : .argument($0.text)
            } + command.attributes.map { .attribute($0.name, $0.value) })
    }
}
