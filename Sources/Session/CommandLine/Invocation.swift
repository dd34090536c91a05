@_spi(Host) import CellKit
import WorkerProtocol

/// What the `cellkit` command line asked for: ``parse(_:)`` reads the
/// arguments, ``CellKitApp/main(_:)`` runs the result.
///
/// ```swift
/// let invocation = try Invocation.parse(["render", "board.cellkit", "--format", "svg"])
/// invocation.command   // RenderCommand(target: "board.cellkit", width: nil, data: nil, output: nil)
/// invocation.format    // .svg
/// ```
package struct Invocation: Sendable {
    /// What to do: a command of the command line (``CommandLineCommand``), or one of cellkit's own.
    package var command: any CellKitCommand
    /// `--plugin-path DIR`, in order.
    package var pluginPaths: [String] = []
    /// `--allow-unsafe-plugins`
    package var allowUnsafePlugins = false
    /// `--keep-going`
    package var keepGoing = false
    /// `--color auto|always|never`; `nil` when not given.
    package var color: ColorChoice?
    /// `--no-cache`: do not read or write the plugin registry cache.
    package var useCache = true
    /// `--watch`: load plugins again when their files change (the REPL, `show`, `preview`).
    package var watch = false
    /// `--timeout SECONDS`: how long a plugin may work without progress.
    package var timeout: Int?
    /// `--no-window-chrome`: SVG output without the window's title bar and buttons.
    package var windowChrome = true
    /// `--json`: JSON for tools (plugins, validate, describe).
    package var json = false
    /// `--jobs N`: how many workers may share a render; `nil`: `CELLKIT_JOBS`, else the cores.
    package var jobs: Int?
    /// `--shard K/N` or `env/N` (render): draw one part of the render (``RenderShard``).
    package var shard: RenderShard.Request?
    /// `--quiet`: no `loaded …` and `wrote …` notes, no progress line (errors and warnings stay).
    package var quiet = false
    /// `--no-progress` makes it false: no progress line while a long render runs (``quiet`` implies it).
    package var progress = true
    /// `--format plain|ansi|html|svg|json` (render, preview).
    package var format: OutputFormat?
    /// `--prefix DIR` (install, uninstall, plugin install, plugin uninstall).
    package var prefix: String?
    /// `--no-config`: a session does not read the config file (``ConfigFile``).
    package var useConfig = true

    package init(command: any CellKitCommand) {
        self.command = command
    }

    /// What `cellkit --help` prints: made from the command and option declarations.
    package static var usage: String { CommandLineHelp.usage }
}

/// A command line that makes no sense: `cellkit` prints the message and exits with status 2.
package struct UsageError: Error, Equatable, Sendable {
    package var message: String

    package init(message: String) {
        self.message = message
    }
}

// MARK: - Parsing

extension Invocation {
    /// Commands for cellkit's own use, not in the usage: each takes one value;
    /// the other options on the line apply, whatever they are, and other
    /// arguments are ignored.
    static let internalCommands: [String: @Sendable (String) -> any CellKitCommand] = [
        "--scan-plugin": { ScanPluginCommand(path: $0) },
        ShellCompletion.namesOption: { CompletionNamesCommand(list: $0) },
    ]

    /// Reads a `cellkit` command line (without the program name), by the
    /// declarations of ``Subcommand/all`` and ``CommandLineOption/all``.
    ///
    /// Options may come before or after the command, as `--name VALUE` or
    /// `--name=VALUE`. An option the command does not use is refused, not
    /// ignored; `--help` anywhere asks for the command's help.
    ///
    /// ```swift
    /// try Invocation.parse(["run", "a.cellkit", "-k"]).command   // RunCommand(files: ["a.cellkit"])
    /// try Invocation.parse(["run", "a.cellkit", "--format", "svg"])
    /// // throws: '--format' does not apply to run; it applies to: render, preview
    /// ```
    package static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        let scanned = try scan(arguments)
        if scanned.version { return Invocation(command: VersionCommand()) }
        if let internalCommand = scanned.internalCommand {
            // cellkit's own children: the options their parent passed, unchecked.
            var invocation = Invocation(command: internalCommand)
            for given in scanned.given { try given.option.apply(&invocation, given.value ?? "") }
            return invocation
        }

        if scanned.help {
            // The topic is the words typed (help finds the command among them), or the command written as an option.
            let topic =
                scanned.positionals.isEmpty
                ? (scanned.recover ? "--recover" : scanned.commands != nil ? "-c" : nil)
                : scanned.positionals.prefix(2).joined(separator: " ")
            return Invocation(command: HelpCommand(topic: topic))
        }
        let command: Subcommand
        var rest: [String] = []
        if scanned.recover {
            guard scanned.commands == nil, scanned.positionals.isEmpty else {
                throw UsageError(
                    message:
                        "--recover takes no other command: \(scanned.commands.map { _ in "-c" } ?? scanned.positionals[0])"
                )
            }
            command = RecoverCommand.declaration
        } else if let commands = scanned.commands {
            guard scanned.positionals.isEmpty else {
                throw UsageError(message: "-c takes no other arguments: \(scanned.positionals[0])")
            }
            command = CommandsCommand.declaration
            rest = [commands]
        } else if let verb = scanned.positionals.first {
            (command, rest) = try subcommand(verb, Array(scanned.positionals.dropFirst()))
        } else {
            command = ReplCommand.declaration
        }
        if let unknown = scanned.unknown.first { throw unknownOption(unknown, for: command) }

        var invocation = Invocation(command: try command.command.parse(rest))
        for given in scanned.given {
            guard given.option.applies(to: command) else {
                let applies = Subcommand.all.filter { given.option.applies(to: $0) }.map(\.name)
                throw UsageError(
                    message: "'\(given.spelling)' does not apply to \(command.name); it applies to: "
                        + applies.joined(separator: ", "))
            }
            try given.option.apply(&invocation, given.value ?? "")
        }
        try (invocation.command as? any CommandLineCommand)?.check(invocation)
        return invocation
    }

    /// What a command line says, before it is checked against its command.
    private struct Scanned {
        var given: [(option: CommandLineOption, spelling: String, value: String?)] = []
        var positionals: [String] = []
        var unknown: [String] = []
        var commands: String?
        var recover = false
        var help = false
        var version = false
        var internalCommand: (any CellKitCommand)?
    }

    /// Reads the arguments: options (with `--name=value` or a value after
    /// them), `-c` lines, and the positionals; unknown options are kept to be
    /// reported once the command is known (suggestions name only its options).
    private static func scan(_ arguments: [String]) throws(UsageError) -> Scanned {
        var scanned = Scanned()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            var flag = argument
            var inline: String?
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                flag = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            }
            func value() throws(UsageError) -> String {
                if let inline { return inline }
                guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
                index += 1
                return arguments[index - 1]
            }
            switch flag {
            case "-h", "--help": scanned.help = true
            case "--version":
                scanned.version = true
                return scanned
            case "-c":
                // Repeatable, as gdb's -ex and sed's -e: each one is a line.
                let line = try value()
                scanned.commands = scanned.commands.map { $0 + "\n" + line } ?? line
            case "--recover": scanned.recover = true
            default:
                if let make = internalCommands[flag] {
                    scanned.internalCommand = make(try value())
                } else if let option = CommandLineOption.named(flag) {
                    if option.value == nil, inline != nil { throw UsageError(message: "\(option.name) takes no value") }
                    scanned.given.append((option, flag, option.value != nil ? try value() : nil))
                } else if argument.hasPrefix("-") && argument != "-" {
                    scanned.unknown.append(argument)
                } else {
                    scanned.positionals.append(argument)
                }
            }
        }
        return scanned
    }

    /// The command a verb names (two words for `plugin install`), and the arguments after it.
    private static func subcommand(_ verb: String, _ rest: [String]) throws(UsageError) -> (
        Subcommand, [String]
    ) {
        let matching = Subcommand.all.filter { $0.isVerb && $0.words[0] == verb }
        if let single = matching.first, matching.count == 1 { return (single, rest) }
        guard !matching.isEmpty else {
            var message = "unknown command '\(verb)'"
            if let suggestion = Suggestions.didYouMean(verb, in: Subcommand.verbs) {
                message += "; \(suggestion)"
            } else if verb.hasSuffix(".cellkit") || verb.contains("/") {
                message += "; to run a script, write: cellkit run \(verb)"
            }
            throw UsageError(message: message)
        }
        // Two words: `plugin install`, `plugin uninstall`.
        let seconds = matching.map { $0.words[1] }
        if let second = rest.first, let command = matching.first(where: { $0.words[1] == second }) {
            return (command, Array(rest.dropFirst()))
        }
        guard let other = rest.first else {
            throw UsageError(
                message: "\(verb) needs a command: " + matching.map { $0.synopsis.dropFirst(8) }.joined(separator: ", ")
            )
        }
        var message = "unknown \(verb) command '\(other)'"
        if let suggestion = Suggestions.didYouMean(other, in: seconds) { message += "; \(suggestion)" }
        throw UsageError(message: message)
    }

    /// An unknown option: the nearest option of `command`, else where its options are listed.
    private static func unknownOption(_ argument: String, for command: Subcommand) -> UsageError {
        let flag = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
        let names = ["--help", "--version"] + command.options.flatMap(\.names).filter { $0.hasPrefix("--") }
        var message = "unknown option '\(argument)'"
        if let suggestion = Suggestions.didYouMean(flag, in: names) {
            message += "; \(suggestion)"
        } else if let elsewhere = CommandLineOption.all.first(where: {
            Suggestions.didYouMean(flag, in: $0.names) != nil
        }) {
            let applies = Subcommand.all.filter { elsewhere.applies(to: $0) }.map(\.name)
            message +=
                "; \(command.name) has no option like it ('\(elsewhere.name)' is for \(applies.joined(separator: ", ")))"
        } else {
            let help = command.isVerb ? "cellkit help \(command.name)" : "cellkit --help"
            message += "; '\(help)' lists the options of \(command.name)"
        }
        return UsageError(message: message)
    }

    /// `--format VALUE`: a format's name (``CommandLineCommand/check(_:)``
    /// refuses one the command does not write).
    mutating func setFormat(_ value: String) throws(UsageError) {
        guard let format = OutputFormat(rawValue: value) else {
            let names = OutputFormat.allCases.map(\.rawValue)
            throw UsageError(
                message: "unknown format '\(value)'\n  "
                    + (Suggestions.didYouMean(value, in: names) ?? "use one of \(names.joined(separator: ", "))"))
        }
        self.format = format
    }
}
