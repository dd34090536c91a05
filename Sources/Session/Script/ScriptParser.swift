@_spi(Host) import CellKit
import WorkerProtocol

/// Parses one logical line into a ``Command``: the grammar of
/// `docs/language.md`.
///
/// ```
/// command   := word (blank+ (argument | attribute))*
/// argument  := word | string
/// attribute := name '=' value            -- no blanks around '='
/// value     := word | number | string | field | list
/// list      := '[' (value (',' value)* ','?)? ']'
/// ```
///
/// A line with lexical errors is reported with those errors only (they are
/// the cause of anything the parser would say); otherwise the first syntax
/// error of the line is reported.
enum ScriptParser {
    /// The deepest lists may nest, so that no input can exhaust the stack.
    static let maximumNesting = Command.Value.maximumNesting

    /// The command on `line`; `nil` for a blank or comment-only line.
    static func parse(_ line: Lexer.Line) -> Result<Command, DiagnosticList>? {
        guard line.diagnostics.isEmpty else {
            return .failure(DiagnosticList(line.diagnostics))
        }
        let tokens = line.code
        guard !tokens.isEmpty else { return nil }
        var parser = LineParser(line: line, tokens: tokens)
        do {
            return .success(try parser.command())
        } catch {
            return .failure(DiagnosticList([error]))
        }
    }
}

private struct LineParser {
    let line: Lexer.Line
    let tokens: [Lexer.Token]
    var position = 0

    init(line: Lexer.Line, tokens: [Lexer.Token]) {
        self.line = line
        self.tokens = tokens
    }

    func error(_ message: String, at span: SourceSpan, notes: [String] = []) -> Diagnostic {
        Diagnostic(
            message: message, location: span.location, length: span.length,
            sourceLine: line.sourceLine(span.location.line), notes: notes)
    }

    func token(_ offset: Int = 0) -> Lexer.Token? {
        tokens.indices.contains(position + offset) ? tokens[position + offset] : nil
    }

    /// Whether the token at `offset` is a `=` right after the one before it.
    func isJoiningEquals(_ offset: Int) -> Bool {
        guard let next = token(offset) else { return false }
        return next.kind == .equals && !next.spaceBefore
    }

    mutating func command() throws(Diagnostic) -> Command {
        let first = tokens[0]
        guard first.isBare, let name = first.textValue else {
            throw error(
                "expected a command name", at: first.span,
                notes: [
                    "a line starts with a command, such as 'screen' or 'row'; type 'help' for the list"
                ])
        }
        if isJoiningEquals(1) {
            throw notACommand(first)
        }
        position = 1
        var arguments: [Command.Argument] = []
        var attributes: [Command.Attribute] = []
        while let token = token() {
            if token.kind == .equals {
                throw strayEquals(token)
            }
            guard token.spaceBefore else {
                let previous = tokens[position - 1]
                throw error(
                    "missing blank between '\(previous.text)' and '\(token.text)'", at: token.span,
                    notes: [
                        "separate arguments with blanks; to write text with quotes or '=' in it, quote all of it, writing \\\" for a quote inside"
                    ])
            }
            switch token.kind {
            case .word(let text), .number(let text):
                if isJoiningEquals(1) {
                    attributes.append(try attribute())
                } else {
                    arguments.append(
                        Command.Argument(text: text, isQuoted: false, span: token.span))
                    position += 1
                }
            case .string(let text):
                if isJoiningEquals(1) {
                    throw error(
                        "an attribute name cannot be quoted", at: token.span,
                        notes: ["write the name bare: name=value"])
                }
                arguments.append(Command.Argument(text: text, isQuoted: true, span: token.span))
                position += 1
            case .openBracket:
                throw error(
                    "a list can only be the value of an attribute", at: token.span,
                    notes: ["write NAME=[...], for example data=[1, 2, 3]"])
            case .closeBracket:
                throw error(
                    "unbalanced ']'", at: token.span,
                    notes: ["remove it, or open a list with '[' right after 'NAME='"])
            case .equals, .comma, .field, .comment:
                throw error("unexpected '\(token.text)'", at: token.span)
            }
        }
        return Command(
            name: name, nameSpan: first.span, arguments: arguments, attributes: attributes,
            source: line.source, end: tokens[tokens.count - 1].span.after)
    }

    /// `width=72` at the start of a line.
    func notACommand(_ key: Lexer.Token) -> Diagnostic {
        let valueText = token(2).flatMap { $0.spaceBefore ? nil : $0.text } ?? ""
        let written = "\(key.text)=\(valueText)"
        let isSessionOption =
            CommandSpec.named("set")?.options.contains { $0.name == key.text } ?? false
        let note =
            isSessionOption
            ? "to change the session option, write 'set \(written)'"
            : "a line starts with a command, such as 'row CELL \(written)'"
        return error("'\(written)' is not a command", at: key.span, notes: [note])
    }

    /// A `=` that does not join a name to a value.
    func strayEquals(_ equals: Lexer.Token) -> Diagnostic {
        let previous = tokens[position - 1]
        let next = token(1)
        var notes: [String] = []
        if !equals.spaceBefore {
            notes.append("to put '=' in a value, quote the value, for example text=\"a=b\"")
        } else if previous.isBare, Lexer.isName(previous.text), let next,
            next.textValue != nil || next.kind == .openBracket
        {
            notes.append("write '\(previous.text)=\(next.text)' without blanks around '='")
        } else {
            notes.append("an attribute is written NAME=VALUE, without blanks around '='")
        }
        return error("stray '='", at: equals.span, notes: notes)
    }

    mutating func attribute() throws(Diagnostic) -> Command.Attribute {
        let key = tokens[position]
        let equals = tokens[position + 1]
        position += 2
        guard Lexer.isName(key.text) else {
            throw error(
                "'\(key.text)' is not a valid attribute name", at: key.span,
                notes: [
                    "a name starts with a letter or '_' and goes on with letters, digits, '_' and '-'"
                ])
        }
        guard let first = token(), !first.spaceBefore else {
            let note =
                token() == nil
                ? "give a value, or write \(key.text)=\"\" for empty text"
                : "remove the blank after '='; for empty text write \(key.text)=\"\""
            throw error("missing value after '\(key.text)='", at: equals.span.after, notes: [note])
        }
        let (value, span, elements) = try value(nesting: 0)
        return Command.Attribute(
            name: key.text, value: value, nameSpan: key.span, valueSpan: span,
            elementSpans: elements)
    }

    mutating func value(
        nesting: Int
    ) throws(Diagnostic) -> (Command.Value, SourceSpan, [SourceSpan]) {
        let token = tokens[position]
        switch token.kind {
        case .word(let text), .number(let text), .string(let text):
            position += 1
            return (.text(text), token.span, [])
        case .field(let path):
            position += 1
            return (.field(path), token.span, [])
        case .openBracket:
            return try list(nesting: nesting)
        case .equals:
            throw error(
                "stray '='", at: token.span,
                notes: ["to put '=' in a value, quote the value, for example text=\"=\""])
        case .closeBracket:
            throw error(
                "unbalanced ']'", at: token.span,
                notes: ["remove it, or open the list with '['"])
        case .comma:
            throw error(
                "expected a list element before ','", at: token.span,
                notes: ["remove the extra ','"])
        case .comment:
            throw error("unexpected comment", at: token.span)
        }
    }

    mutating func list(
        nesting: Int
    ) throws(Diagnostic) -> (Command.Value, SourceSpan, [SourceSpan]) {
        let open = tokens[position]
        position += 1
        guard nesting < ScriptParser.maximumNesting else {
            throw error(
                "lists are nested too deeply", at: open.span,
                notes: ["lists may nest at most \(ScriptParser.maximumNesting) deep"])
        }
        var values: [Command.Value] = []
        var spans: [SourceSpan] = []
        var expectElement = true
        while true {
            guard let token = token() else {
                throw error(
                    "unbalanced '['", at: open.span,
                    notes: [
                        "close the list with ']'; to go on with a list on the next line, end the line with '\\'"
                    ])
            }
            if token.kind == .closeBracket {
                position += 1
                break
            }
            if expectElement {
                let (element, span, _) = try value(nesting: nesting + 1)
                values.append(element)
                spans.append(span)
                expectElement = false
            } else {
                guard token.kind == .comma else {
                    throw error(
                        "expected ',' or ']' after a list element", at: token.span,
                        notes: ["separate list elements with ','"])
                }
                position += 1
                expectElement = true
            }
        }
        let close = tokens[position - 1]
        let start = open.span.location
        let length: Int
        if close.span.location.line == start.line {
            length = close.span.endColumn - start.column
        } else {
            let lineLength = line.sourceLine(start.line)?.count ?? start.column
            length = lineLength + 1 - start.column
        }
        return (.list(values), SourceSpan(start, length: length), spans)
    }
}
