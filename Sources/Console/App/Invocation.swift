@_spi(Host) import CellKit

/// What the `cellkit` command line asked for: ``parse(_:)`` reads the
/// arguments, ``CellKitApp/main(_:)`` runs the result.
///
/// ```swift
/// let invocation = try Invocation.parse(["render", "board.cellkit", "--format", "svg"])
/// invocation.mode   // .render(target: "board.cellkit", format: .svg, width: nil, data: nil, output: nil)
/// ```
public struct Invocation: Equatable, Sendable {
    /// What to do.
    public enum Mode: Equatable, Sendable {
        /// The REPL on a terminal; a script from standard input otherwise.
        case interactive
        /// `cellkit run FILE...`
        case run(files: [String])
        /// `cellkit -c 'COMMANDS'`, each `-c` a line of its own
        case commands(String)
        /// `cellkit render STORYBOARD[#SCENE]`
        case render(target: String, format: Format?, width: Int?, data: String?, output: String?)
        /// `cellkit plugins`
        case plugins
        /// `cellkit validate [PLUGIN...]`
        case validate(plugins: [String])
        /// `cellkit new-plugin NAME`
        case newPlugin(name: String, path: String?, sdk: String?)
        /// `cellkit install [--prefix DIR]`
        case install(prefix: String?)
        /// `cellkit sdk`
        case sdk
        /// `cellkit plugin install PACKAGE_DIR`
        case pluginInstall(package: String)
        /// `cellkit plugin uninstall NAME`
        case pluginUninstall(name: String)
        /// `cellkit preview CELL [NAME=VALUE…] [--widths 20,40,80]`
        case preview(cell: String, attributes: [String], widths: [Int], format: Format?)
        /// `cellkit --recover`
        case recover
        /// `cellkit --help`
        case help
        /// `cellkit --version`
        case version
        /// Internal: scan one library and print its registry record (used by the registry cache).
        case scanPlugin(path: String)
    }

    /// `--color auto|always|never`: colour on a terminal only, always, or never.
    public enum Color: String, CaseIterable, Equatable, Sendable {
        case auto, always, never
    }

    /// `--format`: what `render` writes.
    public enum Format: String, CaseIterable, Equatable, Sendable {
        case plain, ansi, html, svg, json
    }

    public var mode: Mode
    /// `--plugin-path DIR`, in order.
    public var pluginPaths: [String] = []
    /// `--allow-unsafe-plugins`
    public var allowUnsafePlugins = false
    /// `--keep-going`
    public var keepGoing = false
    /// `--color auto|always|never`; `nil` when not given.
    public var color: Color?
    /// `--no-cache`: do not read or write the plugin registry cache.
    public var useCache = true
    /// `--watch`: load plugins again when their files change (the REPL, `show`, `preview`).
    public var watch = false
    /// `--timeout SECONDS`: how long a plugin may work without progress.
    public var timeout: Int?
    /// `--no-window-chrome`: SVG output without the window's title bar and buttons.
    public var windowChrome = true

    public init(mode: Mode) {
        self.mode = mode
    }

    /// What `cellkit --help` prints.
    public static let usage = """
        usage: cellkit [OPTIONS]                             the REPL (or a script on standard input)
               cellkit run FILE... [--keep-going]            run script files ('-' reads standard input)
               cellkit -c 'COMMANDS' [-c …] [--keep-going]   run commands: one a line, or one -c each (';' does not separate)
               cellkit render STORYBOARD[#SCENE] [--format plain|ansi|html|svg|json] [--width N] [--data FILE] [-o OUT]
               cellkit plugins                               list plugins on the plugin path
               cellkit validate [PLUGIN...]                  make every cell, nib and scene; report every failure
               cellkit new-plugin NAME [--path DIR] [--sdk PATH]
               cellkit preview CELL [NAME=VALUE...] [--widths 20,40,80] [--format plain|ansi] [--watch]
                                                         draw one cell at several widths (again on every rebuild)
               cellkit plugin install PACKAGE_DIR            build a plugin package (release), validate it, install it
               cellkit plugin uninstall NAME                 remove a plugin that `plugin install` installed
               cellkit install [--prefix DIR]                install cellkit, its plugins and the SDK (default ~/.local)
               cellkit sdk                                   where the SDK is, its version, ABI and compiler
               cellkit --recover                             restore the screens of a session that crashed
        options: --plugin-path DIR (repeatable)  --allow-unsafe-plugins  --color auto|always|never  --no-cache
                 --keep-going (-k): report every error, not only the first  --help  --version
                 --watch: load plugins again when their files change (the console, show, preview)
                 --timeout SECONDS: how long a plugin may work on one row before its worker is stopped (10)
                 --no-window-chrome: SVG without the window's title bar and buttons (render, run, -c)
        exit status: 0 success, 1 script error, 2 usage error, 3 plugin error, 4 I/O error
                     (with --keep-going, that of the first error); docs/batch.md explains them
        """
}

/// A command line that makes no sense: `cellkit` prints the message and exits with status 2.
public struct UsageError: Error, Equatable, Sendable {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}

// MARK: - Parsing

extension Invocation {
    /// The commands, as the usage and the errors name them.
    enum Command: String, CaseIterable {
        case repl = "the REPL"
        case run
        case commands = "-c"
        case render, plugins, validate, preview
        case newPlugin = "new-plugin"
        case pluginInstall = "plugin install"
        case pluginUninstall = "plugin uninstall"
        case install, sdk
        case recover = "--recover"
    }

    /// An option: its spellings (the first is its name), whether it takes a
    /// value, and the commands it applies to.
    struct Option {
        var names: [String]
        var takesValue: Bool
        var commands: Set<Command>
    }

    /// The commands that load plugins, and so read the plugin options.
    static let loading: Set<Command> = [.repl, .run, .commands, .render, .plugins, .validate, .recover, .preview]

    static let options: [Option] = [
        Option(names: ["--plugin-path", "-p"], takesValue: true, commands: loading),
        Option(names: ["--allow-unsafe-plugins", "--allow-unsafe"], takesValue: false, commands: loading),
        Option(names: ["--no-cache"], takesValue: false, commands: loading),
        Option(
            names: ["--color", "--colour"], takesValue: true,
            commands: [.repl, .run, .commands, .render, .recover, .preview]),
        Option(
            names: ["--no-color", "--no-colour"], takesValue: false,
            commands: [.repl, .run, .commands, .render, .recover, .preview]),
        Option(names: ["--keep-going", "-k"], takesValue: false, commands: [.repl, .run, .commands, .render]),
        Option(names: ["--format", "-f"], takesValue: true, commands: [.render, .preview]),
        Option(names: ["--width", "-w"], takesValue: true, commands: [.render]),
        Option(names: ["--data"], takesValue: true, commands: [.render]),
        Option(names: ["--output", "-o"], takesValue: true, commands: [.render]),
        Option(names: ["--path"], takesValue: true, commands: [.newPlugin]),
        Option(names: ["--sdk"], takesValue: true, commands: [.newPlugin]),
        Option(names: ["--prefix"], takesValue: true, commands: [.install]),
        Option(names: ["--widths"], takesValue: true, commands: [.preview]),
        Option(names: ["--watch"], takesValue: false, commands: [.repl, .recover, .preview]),
        Option(names: ["--timeout"], takesValue: true, commands: loading),
        Option(names: ["--no-window-chrome"], takesValue: false, commands: [.repl, .run, .commands, .render]),
    ]

    /// Modes for cellkit's own use, not in the usage: each takes one value;
    /// the other options on the line apply, whatever they are, and other
    /// arguments are ignored. (The worker process mode can live here too.)
    static let internalModes: [String: @Sendable (String) -> Mode] = [
        "--scan-plugin": { .scanPlugin(path: $0) }
    ]

    /// The verbs, as typed.
    static let verbs = ["run", "render", "plugins", "validate", "new-plugin", "preview", "plugin", "install", "sdk"]

    /// Reads a `cellkit` command line (without the program name).
    ///
    /// Options may come before or after the command, as `--name VALUE` or
    /// `--name=VALUE`. An option the command does not use is refused, not
    /// ignored.
    ///
    /// ```swift
    /// try Invocation.parse(["run", "a.cellkit", "-k"]).mode   // .run(files: ["a.cellkit"])
    /// try Invocation.parse(["run", "a.cellkit", "--format", "svg"])
    /// // throws: '--format' does not apply to run; it applies to: render
    /// ```
    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        let scanned = try scan(arguments)
        if let early = scanned.early { return Invocation(mode: early) }
        let (given, positionals, commands, recover) =
            (scanned.given, scanned.positionals, scanned.commands, scanned.recover)

        if let internalMode = scanned.internalMode {
            // cellkit's own children: the options their parent passed, unchecked.
            var invocation = Invocation(mode: internalMode)
            for (option, _, value) in given { try invocation.apply(option.names[0], value ?? "") }
            return invocation
        }

        let command: Command
        var invocation = Invocation(mode: .interactive)
        if recover {
            guard commands == nil, positionals.isEmpty else {
                throw UsageError(
                    message: "--recover takes no other command: \(commands.map { _ in "-c" } ?? positionals[0])")
            }
            command = .recover
            invocation.mode = .recover
        } else if let commands {
            guard positionals.isEmpty else {
                throw UsageError(message: "-c takes no other arguments: \(positionals[0])")
            }
            command = .commands
            invocation.mode = .commands(commands)
        } else if let verb = positionals.first {
            (command, invocation.mode) = try mode(verb: verb, Array(positionals.dropFirst()))
        } else {
            command = .repl
        }

        for (option, spelling, value) in given {
            guard option.commands.contains(command) else {
                let applies = Command.allCases.filter(option.commands.contains).map(\.rawValue)
                throw UsageError(
                    message: "'\(spelling)' does not apply to \(command.rawValue); it applies to: "
                        + applies.joined(separator: ", "))
            }
            try invocation.apply(option.names[0], value ?? "")
        }
        if !invocation.windowChrome, case .render(_, let format, _, _, let output) = invocation.mode,
            let format = format
                ?? output.flatMap(OutputFormat.init(fileExtensionOf:)).flatMap({ Format(rawValue: $0.rawValue) }),
            format != .svg
        {
            throw UsageError(message: "--no-window-chrome is for SVG output, not \(format.rawValue)")
        }
        return invocation
    }

    /// What a command line says, before it is checked against its command.
    private struct Scanned {
        var given: [(option: Option, spelling: String, value: String?)] = []
        var positionals: [String] = []
        var commands: String?
        var recover = false
        var internalMode: Mode?
        /// `--help` or `--version`: nothing after it counts.
        var early: Mode?
    }

    /// Reads the arguments: options (with `--name=value` or a value after
    /// them), `-c` lines, and the positionals; unknown options are errors.
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
            case "-h", "--help":
                scanned.early = .help
                return scanned
            case "--version":
                scanned.early = .version
                return scanned
            case "-c":
                // Repeatable, as gdb's -ex and sed's -e: each one is a line.
                let line = try value()
                scanned.commands = scanned.commands.map { $0 + "\n" + line } ?? line
            case "--recover": scanned.recover = true
            default:
                if let make = internalModes[flag] {
                    scanned.internalMode = make(try value())
                    continue
                }
                if let option = options.first(where: { $0.names.contains(flag) }) {
                    if !option.takesValue, inline != nil {
                        throw UsageError(message: "\(option.names[0]) takes no value")
                    }
                    scanned.given.append((option, flag, option.takesValue ? try value() : nil))
                } else if argument.hasPrefix("-") && argument != "-" {
                    let names = ["--help", "--version", "--recover"] + options.map(\.names[0])
                    var message = "unknown option '\(argument)'"
                    if let suggestion = Suggestions.didYouMean(flag, in: names) { message += "; \(suggestion)" }
                    throw UsageError(message: message)
                } else {
                    scanned.positionals.append(argument)
                }
            }
        }
        return scanned
    }

    /// The mode of a verb and its arguments (before options are applied).
    private static func mode(verb: String, _ rest: [String]) throws(UsageError) -> (Command, Mode) {
        switch verb {
        case "run":
            guard !rest.isEmpty else { throw UsageError(message: "run needs at least one script file") }
            return (.run, .run(files: rest))
        case "render":
            guard rest.count == 1 else { throw UsageError(message: "render needs exactly one STORYBOARD[#SCENE]") }
            return (.render, .render(target: rest[0], format: nil, width: nil, data: nil, output: nil))
        case "plugins":
            try expectNone(rest, after: "plugins")
            return (.plugins, .plugins)
        case "validate":
            return (.validate, .validate(plugins: rest))
        case "preview":
            guard let cell = rest.first else {
                throw UsageError(message: "preview needs a CELL, then NAME=VALUE attributes")
            }
            return (.preview, .preview(cell: cell, attributes: Array(rest.dropFirst()), widths: [], format: nil))
        case "new-plugin":
            guard rest.count == 1 else { throw UsageError(message: "new-plugin needs exactly one NAME") }
            return (.newPlugin, .newPlugin(name: rest[0], path: nil, sdk: nil))
        case "install":
            try expectNone(rest, after: "install")
            return (.install, .install(prefix: nil))
        case "sdk":
            try expectNone(rest, after: "sdk")
            return (.sdk, .sdk)
        case "plugin":
            switch rest.first {
            case "install":
                guard rest.count == 2 else {
                    throw UsageError(
                        message: "plugin install needs exactly one PACKAGE_DIR (a plugin's package folder)")
                }
                return (.pluginInstall, .pluginInstall(package: rest[1]))
            case "uninstall":
                guard rest.count == 2 else { throw UsageError(message: "plugin uninstall needs exactly one NAME") }
                return (.pluginUninstall, .pluginUninstall(name: rest[1]))
            case let other?:
                var message = "unknown plugin command '\(other)'"
                if let suggestion = Suggestions.didYouMean(other, in: ["install", "uninstall"]) {
                    message += "; \(suggestion)"
                }
                throw UsageError(message: message)
            case nil:
                throw UsageError(message: "plugin needs a command: plugin install PACKAGE_DIR, plugin uninstall NAME")
            }
        default:
            var message = "unknown command '\(verb)'"
            if let suggestion = Suggestions.didYouMean(verb, in: verbs) {
                message += "; \(suggestion)"
            } else if verb.hasSuffix(".cellkit") || verb.contains("/") {
                message += "; to run a script, write: cellkit run \(verb)"
            }
            throw UsageError(message: message)
        }
    }

    private static func expectNone(_ rest: [String], after verb: String) throws(UsageError) {
        if let extra = rest.first { throw UsageError(message: "\(verb) takes no arguments: \(extra)") }
    }

    /// Sets what option `name` (its first spelling) says.
    private mutating func apply(_ name: String, _ value: String) throws(UsageError) {
        switch name {
        case "--plugin-path": pluginPaths.append(value)
        case "--allow-unsafe-plugins": allowUnsafePlugins = true
        case "--no-cache": useCache = false
        case "--keep-going": keepGoing = true
        case "--no-color": color = .never
        case "--color":
            guard let choice = Color(rawValue: value) else {
                throw UsageError(message: "--color expects auto, always or never, not '\(value)'")
            }
            color = choice
        case "--format":
            guard let format = Format(rawValue: value) else {
                let names = Format.allCases.map(\.rawValue)
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
        case "--width":
            guard let columns = Int(value), columns > 0, columns <= 10000 else {
                throw UsageError(message: "--width expects a number of columns from 1 to 10000, not '\(value)'")
            }
            updateRender { $0.width = columns }
        case "--data": updateRender { $0.data = value }
        case "--output": updateRender { $0.output = value }
        case "--path", "--sdk":
            if case .newPlugin(let plugin, var path, var sdk) = mode {
                if name == "--path" { path = value } else { sdk = value }
                mode = .newPlugin(name: plugin, path: path, sdk: sdk)
            }
        case "--prefix": mode = .install(prefix: value)
        case "--watch": watch = true
        case "--no-window-chrome": windowChrome = false
        case "--timeout":
            guard let seconds = Int(value), seconds > 0, seconds <= 86400 else {
                throw UsageError(message: "--timeout expects a number of seconds from 1 to 86400, not '\(value)'")
            }
            timeout = seconds
        case "--widths":
            var columns: [Int] = []
            for part in value.split(separator: ",") {
                guard let n = Int(part), n > 0, n <= 10000 else {
                    throw UsageError(
                        message: "--widths expects columns from 1 to 10000, separated by commas, not '\(value)'")
                }
                columns.append(n)
            }
            if case .preview(let cell, let attributes, _, let format) = mode {
                mode = .preview(cell: cell, attributes: attributes, widths: columns, format: format)
            }
        default: break
        }
    }

    private struct RenderOptions {
        var format: Format?
        var width: Int?
        var data: String?
        var output: String?
    }

    private mutating func updateRender(_ change: (inout RenderOptions) -> Void) {
        guard case .render(let target, let format, let width, let data, let output) = mode else { return }
        var options = RenderOptions(format: format, width: width, data: data, output: output)
        change(&options)
        mode = .render(
            target: target, format: options.format, width: options.width, data: options.data, output: options.output)
    }
}
