@_spi(Host) import CellKit
import WorkerProtocol

/// What can complete the word being typed, as the REPL's Tab offers it.
///
/// ```swift
/// let completion = CommandSpec.complete("screen Main grid bor")
/// completion.start        // 17: replace from the 18th character
/// completion.candidates   // ["border="]
/// ```
struct CommandCompletion: Hashable, Sendable {
    /// Where the word being completed starts: a count of characters from the
    /// start of the input.
    var start: Int
    /// The texts that can replace the input from `start`, as they would be
    /// typed (quoted when needed; option names end with `=`).
    var candidates: [String]
}

/// Which names completion asks the session for: only the session knows its
/// screens, the registry's cells, the plugin path, the files.
enum CompletionSource: Hashable, Sendable {
    case screen
    case cell
    /// The cells a `row` or `rows` can show: no header/footer views.
    case rowCell
    case plugin
    case file
    /// The attribute names of a cell.
    case attribute(cell: String)
    /// The values an attribute of a cell takes, when they are few: an
    /// enumeration's cases, `true`/`false`, colour names.
    case attributeValue(cell: String, attribute: String)
    /// The data sources plugins register (`format=sqlite`), besides cellkit's own formats.
    case dataFormat
}

extension CommandSpec {
    /// The completions of `input` (the text before the cursor).
    ///
    /// Command words, keywords (`to`, `from`), choice values (`border=ro` →
    /// `rounded`), option names (`width=`), and names from `names`: screens,
    /// cells, plugins, files, a cell's attributes. Nothing inside a string or
    /// a comment.
    static func complete(
        _ input: String, names: (CompletionSource) -> [String] = { _ in [] }
    ) -> CommandCompletion {
        let lastLine = input.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .last
        let lineStart = input.count - (lastLine?.count ?? 0)
        guard let line = Lexer(file: "", text: input).logicalLines().last,
            let lastLine, !lastLine.isEmpty
        else {
            return CommandCompletion(start: input.count, candidates: commandWords)
        }
        let tokens = line.tokens
        let endsWithBlank = lastLine.unicodeScalars.last.map(Lexer.isBlank) ?? true
        guard let last = tokens.last else {
            return CommandCompletion(start: input.count, candidates: commandWords)
        }
        if case .comment = last.kind { return CommandCompletion(start: input.count, candidates: []) }
        if line.diagnostics.contains(where: { $0.message == "unterminated string" }) {
            return CommandCompletion(start: input.count, candidates: [])
        }

        // The word being typed: the last token, unless a blank follows it.
        var partial = ""
        var start = input.count
        var before = tokens
        if !endsWithBlank, last.kind != .equals {
            guard last.isBare, last.span.location.line == line.firstLine + line.source.count - 1
            else { return CommandCompletion(start: input.count, candidates: []) }
            partial = last.text
            start = lineStart + last.span.location.column - 1
            before.removeLast()
        }
        func matching(_ candidates: [String]) -> CommandCompletion {
            var seen = Set<String>()
            let lowered = partial.lowercased()
            let found = candidates.filter {
                // A name written in quotes (`"My Data/"`) matches by what is in them.
                let name = $0.hasPrefix("\"") ? $0.dropFirst() : Substring($0)
                return name.lowercased().hasPrefix(lowered) && seen.insert($0).inserted
            }
            return CommandCompletion(start: start, candidates: found)
        }
        guard let first = before.first else {
            return matching(commandWords)
        }
        guard let spec = named(first.text) else { return matching([]) }

        // A value after `name=`.
        if let equals = before.last, equals.kind == .equals, !endsWithBlank,
            before.count >= 2, !equals.spaceBefore
        {
            let key = before[before.count - 2].text
            if let option = spec.option(named: key) { return matching(values(of: option.kind, names)) }
            // An attribute of the cell on the line: `style=b` → `bold`.
            guard spec.attributes != .none, before.count >= 3, before[1].isBare else { return matching([]) }
            return matching(names(.attributeValue(cell: before[1].text, attribute: key)).map(Script.quote))
        }

        // An argument or an option: parse what comes before the word.
        let prefix = String(input.prefix(start))
        guard case .success(let command)? = Script.parse(prefix, file: "").lines.last?.result
        else { return matching([]) }
        return matching(nextWords(spec, after: command, names))
    }

    /// What may come after `command`'s arguments so far: the values of the
    /// argument after a keyword just typed (`from ` → files), else keywords,
    /// the next positional's values, and the options and attributes not given.
    private static func nextWords(
        _ spec: CommandSpec, after command: Command, _ names: (CompletionSource) -> [String]
    ) -> [String] {
        var candidates: [String] = []
        var rest = command.arguments[...]
        var complete = true
        for (index, positional) in spec.positionals.enumerated() {
            let laterKeywords = spec.positionals[(index + 1)...].compactMap(\.keyword)
            if let keyword = positional.keyword {
                if let argument = rest.first, argument.isKeyword(keyword) {
                    rest.removeFirst()
                    if rest.isEmpty { return values(of: positional.kind, names, in: spec) }
                    rest.removeFirst()
                } else if rest.isEmpty {
                    candidates.append(keyword)
                    if !positional.isOptional {
                        complete = false
                        break
                    }
                }
            } else if let argument = rest.first,
                !laterKeywords.contains(where: { argument.isKeyword($0) })
            {
                rest.removeFirst()
            } else if rest.isEmpty {
                candidates += values(of: positional.kind, names, in: spec)
                if !positional.isOptional {
                    complete = false
                    break
                }
            }
        }
        if complete {
            let used = Set(command.attributes.map(\.name))
            candidates += spec.options.map(\.name).filter { !used.contains($0) }.map { $0 + "=" }
            if spec.attributes != .none, let cell = command.arguments.first?.text {
                candidates += names(.attribute(cell: cell)).filter { !used.contains($0) }
                    .map { $0 + "=" }
            }
        }
        return candidates
    }

    /// The values of an argument or option of `kind`; for the cell of
    /// `row`/`rows` (a command with a cell's attributes), cells only.
    private static func values(
        of kind: Kind, _ names: (CompletionSource) -> [String], in spec: CommandSpec? = nil
    ) -> [String] {
        let source: CompletionSource
        switch kind {
        case .screen, .screenName: source = .screen
        case .cell: source = spec.map { $0.attributes != .none } == true ? .rowCell : .cell
        case .plugin: source = .plugin
        case .file: source = .file
        case .dataFormat: return kind.words + names(.dataFormat).filter { !$0.contains(".") }
        default: return kind.words
        }
        return names(source).map(Script.quote)
    }
}
