@_spi(Host) import CellKit
import WorkerProtocol

/// What the `cellkit` command line asked for: ``parse(_:)`` reads the
/// arguments, ``CellKitApp/main(_:)`` runs the result.
///
/// ```swift
/// let invocation = try Invocation.parse(["render", "board.cellkit", "--format", "svg"])
/// invocation.mode   // .render(target: "board.cellkit", format: .svg, width: nil, data: nil, output: nil)
/// ```
package struct Invocation: Equatable, Sendable {
    /// What to do.
    package enum Mode: Equatable, Sendable {
        /// The REPL on a terminal; a script from standard input otherwise.
        case interactive
        /// `cellkit run FILE...`
        case run(files: [String])
        /// `cellkit -c 'COMMANDS'`, each `-c` a line of its own
        case commands(String)
        /// `cellkit render STORYBOARD[#SCENE]`
        case render(target: String, format: OutputFormat?, width: Int?, data: String?, output: String?)
        /// `cellkit plugins`
        case plugins
        /// `cellkit validate [PLUGIN...]`
        case validate(plugins: [String])
        /// `cellkit new-plugin NAME`
        case newPlugin(name: String, path: String?, sdk: String?, source: Bool)
        /// `cellkit install [--prefix DIR]`
        case install(prefix: String?)
        /// `cellkit uninstall [--prefix DIR] [--plugins]`
        case uninstall(prefix: String?, plugins: Bool)
        /// `cellkit sdk`
        case sdk
        /// `cellkit plugin install PACKAGE_DIR [--prefix DIR]`
        case pluginInstall(package: String, prefix: String?)
        /// `cellkit plugin uninstall NAME [--prefix DIR]`
        case pluginUninstall(name: String, prefix: String?)
        /// `cellkit plugin rebuild [NAME...]`
        case pluginRebuild(names: [String])
        /// `cellkit preview CELL [NAME=VALUE…] [--widths 20,40,80]`
        case preview(cell: String, attributes: [String], widths: [Int], format: OutputFormat?)
        /// `cellkit describe NAME`
        case describe(name: String)
        /// `cellkit completions SHELL`
        case completions(shell: ShellCompletion.Shell)
        /// `cellkit manual`
        case manual
        /// `cellkit --recover`
        case recover
        /// `cellkit help [COMMAND]`, `cellkit --help`, `cellkit COMMAND --help`
        case help(topic: String?)
        /// `cellkit --version`
        case version
        /// Internal: scan one library and print its registry record (used by the registry cache).
        case scanPlugin(path: String)
        /// Internal: print the names of a list, one a line, for the shell completions (``ShellCompletion/names(_:host:)``).
        case completionNames(list: String)
    }

    package var mode: Mode
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
    /// `sdk --export`: the shell command that sets `CELLKIT_SDK`, not the SDK's description.
    package var exportSDK = false
    /// `--no-config`: a session does not read the config file (``ConfigFile``).
    package var useConfig = true

    package init(mode: Mode) {
        self.mode = mode
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
    /// Modes for cellkit's own use, not in the usage: each takes one value;
    /// the other options on the line apply, whatever they are, and other
    /// arguments are ignored.
    static let internalModes: [String: @Sendable (String) -> Mode] = [
        "--scan-plugin": { .scanPlugin(path: $0) },
        ShellCompletion.namesOption: { .completionNames(list: $0) },
    ]

    /// Reads a `cellkit` command line (without the program name), by the
    /// declarations of ``Subcommand/all`` and ``CommandLineOption/all``.
    ///
    /// Options may come before or after the command, as `--name VALUE` or
    /// `--name=VALUE`. An option the command does not use is refused, not
    /// ignored; `--help` anywhere asks for the command's help.
    ///
    /// ```swift
    /// try Invocation.parse(["run", "a.cellkit", "-k"]).mode   // .run(files: ["a.cellkit"])
    /// try Invocation.parse(["run", "a.cellkit", "--format", "svg"])
    /// // throws: '--format' does not apply to run; it applies to: render, preview
    /// ```
    package static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        let scanned = try scan(arguments)
        if scanned.version { return Invocation(mode: .version) }
        if let internalMode = scanned.internalMode {
            // cellkit's own children: the options their parent passed, unchecked.
            var invocation = Invocation(mode: internalMode)
            for given in scanned.given { try given.option.apply(&invocation, given.value ?? "") }
            return invocation
        }

        if scanned.help {
            // The topic is the words typed (help finds the command among them), or the command written as an option.
            let topic =
                scanned.positionals.isEmpty
                ? (scanned.recover ? "--recover" : scanned.commands != nil ? "-c" : nil)
                : scanned.positionals.prefix(2).joined(separator: " ")
            return Invocation(mode: .help(topic: topic))
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
            command = Subcommand.named(.recover)
        } else if scanned.commands != nil {
            guard scanned.positionals.isEmpty else {
                throw UsageError(message: "-c takes no other arguments: \(scanned.positionals[0])")
            }
            command = Subcommand.named(.commands)
        } else if let verb = scanned.positionals.first {
            (command, rest) = try subcommand(verb, Array(scanned.positionals.dropFirst()))
        } else {
            command = Subcommand.named(.repl)
        }
        if let unknown = scanned.unknown.first { throw unknownOption(unknown, for: command) }

        var invocation = Invocation(mode: try command.mode(rest))
        if let commands = scanned.commands, command.id == .commands { invocation.mode = .commands(commands) }
        for given in scanned.given {
            guard given.option.commands.contains(command.id) else {
                let applies = Subcommand.all.filter { given.option.commands.contains($0.id) }.map(\.name)
                throw UsageError(
                    message: "'\(given.spelling)' does not apply to \(command.name); it applies to: "
                        + applies.joined(separator: ", "))
            }
            try given.option.apply(&invocation, given.value ?? "")
        }
        if !invocation.windowChrome, case .render(_, let format, _, _, let output) = invocation.mode,
            let format = format ?? output.flatMap(OutputFormat.init(fileExtensionOf:)),
            format != .svg
        {
            throw UsageError(message: "--no-window-chrome is for SVG output, not \(format.rawValue)")
        }
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
        var internalMode: Mode?
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
                if let make = internalModes[flag] {
                    scanned.internalMode = make(try value())
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
            let applies = Subcommand.all.filter { elsewhere.commands.contains($0.id) }.map(\.name)
            message +=
                "; \(command.name) has no option like it ('\(elsewhere.name)' is for \(applies.joined(separator: ", ")))"
        } else {
            let help = command.isVerb ? "cellkit help \(command.name)" : "cellkit --help"
            message += "; '\(help)' lists the options of \(command.name)"
        }
        return UsageError(message: message)
    }

    /// `--format VALUE`: for `render`, any format; for `preview`, plain or ansi.
    mutating func setFormat(_ value: String) throws(UsageError) {
        guard let format = OutputFormat(rawValue: value) else {
            let names = OutputFormat.allCases.map(\.rawValue)
            throw UsageError(
                message: "unknown format '\(value)'\n  "
                    + (Suggestions.didYouMean(value, in: names) ?? "use one of \(names.joined(separator: ", "))"))
        }
        if case .preview(let cell, let attributes, let widths, _) = mode {
            guard format == .plain || format == .ansi else {
                throw UsageError(message: "preview draws plain or ansi, not '\(value)'")
            }
            mode = .preview(cell: cell, attributes: attributes, widths: widths, format: format)
        }
        updateRender { $0.format = format }
    }

    struct RenderOptions {
        var format: OutputFormat?
        var width: Int?
        var data: String?
        var output: String?
    }

    /// `--prefix DIR`: sets the prefix of the install commands (nothing for another mode).
    mutating func setPrefix(_ prefix: String) {
        switch mode {
        case .install: mode = .install(prefix: prefix)
        case .uninstall(_, let plugins): mode = .uninstall(prefix: prefix, plugins: plugins)
        case .pluginInstall(let package, _): mode = .pluginInstall(package: package, prefix: prefix)
        case .pluginUninstall(let name, _): mode = .pluginUninstall(name: name, prefix: prefix)
        default: break
        }
    }

    /// Changes the options of a `render` mode (nothing for another mode).
    mutating func updateRender(_ change: (inout RenderOptions) -> Void) {
        guard case .render(let target, let format, let width, let data, let output) = mode else { return }
        var options = RenderOptions(format: format, width: width, data: data, output: output)
        change(&options)
        mode = .render(
            target: target, format: options.format, width: options.width, data: options.data, output: options.output)
    }
}
