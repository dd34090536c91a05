@_spi(Host) import CellKit
import WorkerProtocol

/// A command checked against its ``CommandSpec``: its arguments bound to the
/// spec's positionals, its options checked, its cell attributes set apart.
///
/// What is left to the interpreter: whether the named screen, cell or plugin
/// exists, and the cell attributes (names and types come from the plugin;
/// ``Command/unknownAttribute(_:of:known:)`` reports a misspelt one).
///
/// ```swift
/// let valid = try CommandSpec.validate(command)
/// switch valid.name {
/// case .screen:
///     let name = valid.argument("name")!        // always there: it is required
///     let width = valid.integer("width")        // Int?, already range-checked
/// case .row:
///     for attribute in valid.attributes { ... }
/// ...
/// }
/// ```
struct ValidatedCommand: Sendable {
    /// The command's spec.
    var spec: CommandSpec
    /// The command as parsed.
    var command: Command
    /// The positional arguments given, by ``CommandSpec/Positional/key``:
    /// `plugin`, `name`, `layout`, `title`, `cell`, `file`, `screen`, `topic`.
    var arguments: [String: Command.Argument]
    /// The options given, by name; every value is of the option's kind.
    var options: [String: Command.Attribute]
    /// The cell attributes (`row`, `rows`), in order; not checked here.
    var attributes: [Command.Attribute]

    /// Which command this is (`item` is `.row`, `exit` is `.quit`).
    var name: CommandSpec.Name { spec.name }

    /// The text of a positional argument.
    func argument(_ key: String) -> String? {
        arguments[key]?.text
    }

    /// The text of an option.
    func option(_ name: String) -> String? {
        options[name]?.value.text
    }

    /// An integer option (validated: in range).
    func integer(_ name: String) -> Int? {
        option(name).flatMap { Int($0) }
    }

    /// A `true|false` option.
    func bool(_ name: String) -> Bool? {
        option(name).map { $0 == "true" }
    }
}

extension Command {
    /// "CELL has no attribute 'nmae'", pointing at the name, with the nearest
    /// known name as a suggestion: what the interpreter reports for an
    /// attribute the plugin's cell does not have.
    ///
    /// ```
    /// <stdin>:3:17: error: ProfileCell has no attribute 'nmae'
    ///   row ProfileCell nmae="Ada Lovelace"
    ///                   ^~~~
    ///   did you mean 'name'?
    /// ```
    func unknownAttribute(
        _ attribute: Attribute, of owner: String, known: [String]
    ) -> Diagnostic {
        let note =
            Suggestions.didYouMean(attribute.name, in: known)
            ?? (known.isEmpty
                ? "\(owner) has no attributes"
                : "its attributes are " + known.joined(separator: ", "))
        return diagnostic(
            "\(owner) has no attribute '\(attribute.name)'", at: attribute.nameSpan, notes: [note])
    }
}

extension CommandSpec {
    /// Checks `command` against the spec of its command word.
    ///
    /// Every problem of the line is reported, in source order: an unknown
    /// command (with the nearest one), a missing or extra argument, an
    /// unknown option (with the nearest one), a value of the wrong kind, an
    /// option given twice, a field reference outside `rows`.
    ///
    /// A line that fails because it strings commands together with `;`
    /// (`screen S width=30; row …`) gets one error at the `;` instead, which
    /// says that `;` does not separate commands.
    static func validate(_ command: Command) throws(DiagnosticList) -> ValidatedCommand {
        do {
            return try validateWord(command)
        } catch {
            if let separator = command.semicolonBeforeCommand() { throw DiagnosticList([separator]) }
            throw error
        }
    }

    private static func validateWord(_ command: Command) throws(DiagnosticList) -> ValidatedCommand {
        guard let spec = named(command.name) else {
            throw DiagnosticList([
                command.diagnostic(
                    "unknown command '\(command.name)'", at: command.nameSpan,
                    notes: [
                        Suggestions.didYouMean(command.name, in: commandWords)
                            ?? "type 'help' for the list of commands"
                    ])
            ])
        }
        return try spec.validate(command)
    }

    /// Checks `command` against this spec (whatever its command word).
    func validate(_ command: Command) throws(DiagnosticList) -> ValidatedCommand {
        var errors: [Diagnostic] = []
        let arguments = bind(command, &errors)
        var options: [String: Command.Attribute] = [:]
        var attributes: [Command.Attribute] = []
        var seen: [String: SourceSpan] = [:]
        for attribute in command.attributes {
            if let first = seen[attribute.name] {
                errors.append(
                    command.diagnostic(
                        "'\(attribute.name)' is given twice", at: attribute.nameSpan,
                        notes: [
                            "remove one of them; the first is at \(first.location.line):\(first.location.column)"
                        ]))
                continue
            }
            seen[attribute.name] = attribute.nameSpan
            if let option = option(named: attribute.name) {
                if let problem = check(attribute, against: option, arguments, in: command) {
                    errors.append(problem)
                } else {
                    options[attribute.name] = attribute
                }
            } else if self.attributes == .none {
                errors.append(unknownOption(attribute, in: command))
            } else {
                if self.attributes == .cell, attribute.value.containsField {
                    errors.append(
                        command.diagnostic(
                            "a field reference needs a data file", at: attribute.valueSpan,
                            notes: [
                                "'\(command.name)' sets fixed values; to set \(attribute.name)= from each record of a file, write 'rows CELL from FILE \(attribute.name)=\(Script.format(attribute.value))'"
                            ]))
                }
                attributes.append(attribute)
            }
        }
        guard errors.isEmpty else {
            throw DiagnosticList(
                errors.sorted {
                    ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
                })
        }
        return ValidatedCommand(
            spec: self, command: command, arguments: arguments, options: options,
            attributes: attributes)
    }

    /// The usage line, for notes.
    private var usageNote: String { "usage: \(usage)" }

    /// Binds the arguments to the positionals, left to right. A keyword
    /// positional (`from FILE`) takes its keyword and the argument after it;
    /// a plain one takes the next argument unless that is the keyword of a
    /// later positional (so `render to x.svg` leaves SCREEN out).
    private func bind(
        _ command: Command, _ errors: inout [Diagnostic]
    ) -> [String: Command.Argument] {
        var bound: [String: Command.Argument] = [:]
        var rest = command.arguments[...]
        var last = command.nameSpan
        for (index, positional) in positionals.enumerated() {
            let laterKeywords = positionals[(index + 1)...].compactMap(\.keyword)
            func isLaterKeyword(_ argument: Command.Argument) -> Bool {
                laterKeywords.contains { argument.isKeyword($0) }
            }
            let taken: Command.Argument
            if let keyword = positional.keyword {
                guard let first = rest.first, first.isKeyword(keyword) else {
                    if positional.isOptional { continue }
                    errors.append(
                        command.diagnostic(
                            "'\(command.name)' needs '\(keyword) \(positional.placeholder)'",
                            at: rest.first?.span ?? last.after, notes: [usageNote]))
                    return bound
                }
                rest.removeFirst()
                guard let value = rest.first, !isLaterKeyword(value) else {
                    errors.append(
                        command.diagnostic(
                            "expected \(positional.description) after '\(keyword)'",
                            at: first.span.after, notes: [usageNote]))
                    return bound
                }
                taken = value
            } else {
                guard let first = rest.first, !isLaterKeyword(first) else {
                    if positional.isOptional { continue }
                    errors.append(
                        command.diagnostic(
                            "'\(command.name)' needs \(positional.description)",
                            at: rest.first?.span ?? last.after, notes: [usageNote]))
                    return bound
                }
                taken = first
            }
            rest.removeFirst()
            last = taken.span
            if let problem = check(taken, against: positional, in: command) {
                errors.append(problem)
            }
            bound[positional.key] = taken
        }
        if let extra = rest.first {
            errors.append(unexpected(extra, rest.dropFirst(), in: command))
        }
        return bound
    }

    private func check(
        _ argument: Command.Argument, against positional: Positional, in command: Command
    ) -> Diagnostic? {
        guard !positional.kind.accepts(argument.text) else { return nil }
        let text = argument.text
        switch positional.kind {
        case .screenName:
            return command.diagnostic(
                "'\(text)' is not a valid screen name", at: argument.span,
                notes: [
                    "a screen name starts with a letter or '_' and goes on with letters, digits, '_' and '-' (MorningReport); put the text to show in title=\(Script.quote(text))"
                ])
        case .topic:
            return command.diagnostic(
                "no help for '\(text)'", at: argument.span,
                notes: [
                    Suggestions.didYouMean(text, in: CommandSpec.topics)
                        ?? "type 'help' for the list of commands"
                ])
        default:
            var notes: [String] = []
            if let suggestion = Suggestions.didYouMean(text, in: positional.kind.words) {
                notes.append(suggestion)
            }
            notes.append(usageNote)
            let found = text.isEmpty ? "empty text" : "'\(text)'"
            return command.diagnostic(
                "expected \(positional.kind.expectation), found \(found)", at: argument.span,
                notes: notes)
        }
    }

    private func check(
        _ attribute: Command.Attribute, against option: Option,
        _ arguments: [String: Command.Argument], in command: Command
    ) -> Diagnostic? {
        let expected = "expected \(option.kind.expectation) for '\(option.name)'"
        let example = "for example \(option.name)=\(option.example)"
        switch attribute.value {
        case .field where option.kind == .sortFields, .list where option.kind == .sortFields:
            return nil  // read when the command runs (DataBinder.rowSelection)
        case .field:
            return command.diagnostic(
                "\(expected), found a field reference", at: attribute.valueSpan,
                notes: ["field references (.name) bind data in 'rows' and 'items' only", example])
        case .list:
            return command.diagnostic(
                "\(expected), found a list", at: attribute.valueSpan, notes: [example])
        case .text(let text):
            guard option.kind.accepts(text) else {
                var notes: [String] = []
                if let suggestion = Suggestions.didYouMean(text, in: option.kind.words) {
                    notes.append(suggestion)
                }
                notes.append(example)
                let found = text.isEmpty ? "empty text" : "'\(text)'"
                return command.diagnostic(
                    "\(expected), found \(found)", at: attribute.valueSpan, notes: notes)
            }
        }
        if let layout = option.layout, let given = arguments["layout"], given.text != layout {
            return command.diagnostic(
                "option '\(option.name)' is for \(layout) screens, and this one is a \(given.text)",
                at: attribute.nameSpan,
                notes: [
                    "write '\(layout)' instead of '\(given.text)', or remove \(option.name)=\(Script.format(attribute.value))"
                ])
        }
        return nil
    }

    private func unknownOption(_ attribute: Command.Attribute, in command: Command) -> Diagnostic {
        guard !options.isEmpty else {
            return command.diagnostic(
                "'\(command.name)' takes no options", at: attribute.nameSpan, notes: [usageNote])
        }
        let names = options.map(\.name)
        return command.diagnostic(
            "unknown option '\(attribute.name)' for '\(command.name)'", at: attribute.nameSpan,
            notes: [
                Suggestions.didYouMean(attribute.name, in: names)
                    ?? "the options of '\(command.name)' are " + names.joined(separator: ", ")
            ])
    }

    private func unexpected(
        _ extra: Command.Argument, _ following: ArraySlice<Command.Argument>, in command: Command
    ) -> Diagnostic {
        var notes: [String] = []
        let location = extra.span.location
        if let attribute = command.attributes.last(where: {
            $0.valueSpan.location.line == location.line
                && $0.valueSpan.endColumn + 1 == location.column
        }), let text = attribute.value.text {
            var words = [text, extra.text]
            for argument in following
            where !argument.isQuoted && argument.span.location.line == location.line {
                words.append(argument.text)
            }
            let joined = words.joined(separator: " ")
            notes.append(
                "to give text with blanks, quote it: \(attribute.name)=\(Script.quote(joined))")
        } else if !extra.isQuoted, extra.text.hasPrefix("#") {
            notes.append("a comment starts with '#' and a blank: '# \(extra.text.dropFirst())'")
        } else if let option = option(named: extra.text) {
            notes.append("an option is written NAME=VALUE: \(option.name)=\(option.example)")
        }
        notes.append(usageNote)
        return command.diagnostic(
            "unexpected argument '\(extra.text)'", at: extra.span, notes: notes)
    }
}

extension Command.Value {
    /// Whether this is, or a list containing, a field reference.
    var containsField: Bool {
        switch self {
        case .text: false
        case .field: true
        case .list(let values): values.contains { $0.containsField }
        }
    }
}
