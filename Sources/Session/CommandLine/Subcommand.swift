@_spi(Host) import CellKit

/// One `cellkit` command, declared once: how it is written, what it does,
/// what its arguments are, and an example. The usage, `cellkit help
/// COMMAND`, `cellkit COMMAND --help`, the shell completions and the manual
/// page are all made from these declarations (and from
/// ``CommandLineOption/all``), so none of them can drift from the parser.
struct Subcommand: Sendable {
    /// Which command.
    enum ID: String, CaseIterable, Sendable {
        case repl, run, commands, render, plugins, validate, describe, preview, newPlugin, pluginInstall,
            pluginUninstall, pluginRebuild, install, uninstall, sdk, completions, manual, help, recover
    }

    let id: ID
    /// The words that name it on the command line (`["plugin", "install"]`);
    /// empty for the REPL, `["-c"]` and `["--recover"]` for the two written as options.
    let words: [String]
    /// Its arguments, as the usage writes them: `STORYBOARD[#SCENE]`.
    let arguments: String
    /// One line: what it does.
    let summary: String
    /// A few sentences more, for `cellkit help COMMAND` and the manual.
    let discussion: String
    /// A command line that shows it, and what that does.
    let example: (command: String, does: String)
    /// What its positional arguments are, for shell completion.
    let argumentCompletion: ValueCompletion
    /// Makes the invocation's mode from the positional arguments that follow the words.
    let mode: @Sendable ([String]) throws(UsageError) -> Invocation.Mode

    /// The name errors and help use: `render`, `plugin install`, `-c`, `the REPL`.
    var name: String { words.isEmpty ? "the REPL" : words.joined(separator: " ") }

    /// `cellkit render STORYBOARD[#SCENE]`.
    var synopsis: String { (["cellkit"] + words + (arguments.isEmpty ? [] : [arguments])).joined(separator: " ") }

    /// Whether it is a verb typed as words (not the REPL, `-c` or `--recover`).
    var isVerb: Bool { !words.isEmpty && !words[0].hasPrefix("-") }

    /// The options that apply to it, in declaration order.
    var options: [CommandLineOption] { CommandLineOption.all.filter { $0.commands.contains(id) } }

    static func named(_ id: ID) -> Subcommand { all.first { $0.id == id }! }

    /// The verbs, as typed first (`plugin` once).
    static var verbs: [String] {
        var seen: [String] = []
        for command in all where command.isVerb && !seen.contains(command.words[0]) { seen.append(command.words[0]) }
        return seen
    }
}

/// What a shell offers to complete an argument or an option's value with.
///
/// A struct, not an enum with array payloads: the tables that hold these are
/// alive to the end of the process, and an enum's case tag kept in the spare
/// bits of an array pointer hides the array from LeakSanitizer, which then
/// reports it leaked in every sanitized run (docs/safety.md, "Leaks").
struct ValueCompletion: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// Nothing (free text).
        case none
        /// File names, those with ``ValueCompletion/words`` as extensions (all files when empty).
        case files
        /// Folder names.
        case directories
        /// One of ``ValueCompletion/words``.
        case choices
        /// A name of the plugins on the plugin path: the list
        /// (``ShellCompletion/NameList``) ``ValueCompletion/words`` holds,
        /// which the script asks cellkit for (``ShellCompletion/names(_:host:)``).
        case names
    }

    let kind: Kind
    /// The extensions of `files`, or the words of `choices`.
    let words: [String]

    static let none = ValueCompletion(kind: .none, words: [])
    static let directories = ValueCompletion(kind: .directories, words: [])
    static func files(_ extensions: [String]) -> ValueCompletion { ValueCompletion(kind: .files, words: extensions) }
    static func choices(_ words: [String]) -> ValueCompletion { ValueCompletion(kind: .choices, words: words) }
    static func names(_ list: ShellCompletion.NameList) -> ValueCompletion {
        ValueCompletion(kind: .names, words: [list.rawValue])
    }
}

// MARK: - The commands

extension Subcommand {
    /// Every command, in the order the usage lists them.
    static let all: [Subcommand] = [
        Subcommand(
            id: .repl, words: [], arguments: "",
            summary:
                "the console: compose and render screens at a prompt (a script on standard input when not a terminal)",
            discussion: """
                With no command, cellkit starts the console on a terminal: line editing, history, Tab completion, \
                and `help` for the script language. When standard input is not a terminal, it runs it as a script.
                """,
            example: ("cellkit < Examples/dashboard.cellkit", "run a script from standard input"),
            argumentCompletion: .none,
            mode: { rest throws(UsageError) in
                if let first = rest.first { throw UsageError(message: "unknown command '\(first)'") }
                return .interactive
            }),
        Subcommand(
            id: .run, words: ["run"], arguments: "FILE...",
            summary: "run script files ('-' reads standard input)",
            discussion: """
                Runs each script file in turn, in one session: the screens of one are there for the next. \
                The first error stops the run, unless --keep-going is given.
                """,
            example: ("cellkit run Examples/dashboard.cellkit", "load two plugins and draw the dashboard"),
            argumentCompletion: .files(["cellkit"]),
            mode: { rest throws(UsageError) in
                guard !rest.isEmpty else { throw UsageError(message: "run needs at least one script file") }
                return .run(files: rest)
            }),
        Subcommand(
            id: .commands, words: ["-c"], arguments: "'COMMANDS' [-c …]",
            summary: "run commands: one a line, or one -c each (';' does not separate)",
            discussion: """
                Each -c is a line of a script, as gdb's -ex and sed's -e: repeat it for several commands.
                """,
            example: ("cellkit -c 'load BasicCells' -c 'row TextCell text=hi' -c render", "draw one row"),
            argumentCompletion: .none,
            mode: { _ throws(UsageError) in .commands("") }),
        Subcommand(
            id: .render, words: ["render"], arguments: "STORYBOARD[#SCENE]",
            summary: "render a storyboard's initial scene (or SCENE) to standard output or a file",
            discussion: """
                Loads the storyboard (a script that declares screens) and renders its initial scene, or the \
                scene after '#'. The format comes from --format, else from the extension of -o, else plain \
                text. Output files are written whole or not at all.
                """,
            example: ("cellkit render board.cellkit#Status --format svg -o status.svg", "draw one scene as SVG"),
            argumentCompletion: .files(["cellkit"]),
            mode: { rest throws(UsageError) in
                guard rest.count == 1 else { throw UsageError(message: "render needs exactly one STORYBOARD[#SCENE]") }
                return .render(target: rest[0], format: nil, width: nil, data: nil, output: nil)
            }),
        Subcommand(
            id: .plugins, words: ["plugins"], arguments: "",
            summary: "list plugins on the plugin path",
            discussion: """
                Lists every plugin on the plugin path, with its version, ABI, state (available, loaded, \
                refused or broken, and why) and what it provides. --json prints the same for tools.
                """,
            example: ("cellkit plugins --json", "the plugins as JSON (docs/json-output.md)"),
            argumentCompletion: .none,
            mode: { rest throws(UsageError) in
                try expectNone(rest, after: "plugins")
                return .plugins
            }),
        Subcommand(
            id: .validate, words: ["validate"], arguments: "[PLUGIN...]",
            summary: "make every cell, nib and scene; report every failure",
            discussion: """
                Loads each plugin named (every plugin on the path when none is) and makes every cell, nib, \
                storyboard scene and loader it registered. Exit status 3 when anything failed.
                """,
            example: ("cellkit validate BasicCells CardCells", "check two plugins"),
            argumentCompletion: .names(.plugins),
            mode: { rest throws(UsageError) in .validate(plugins: rest) }),
        Subcommand(
            id: .describe, words: ["describe"], arguments: "NAME",
            summary: "a cell's, nib's or view's attributes, with types and defaults",
            discussion: """
                Describes a cell, header/footer view, nib or storyboard by name (PLUGIN.NAME, or the short \
                name when it is unambiguous), as `describe` at the prompt does. Loads the plugin that has it.
                """,
            example: ("cellkit describe ProgressCell --json", "ProgressCell's attributes as JSON"),
            argumentCompletion: .names(.items),
            mode: { rest throws(UsageError) in
                guard rest.count == 1 else { throw UsageError(message: "describe needs exactly one NAME") }
                return .describe(name: rest[0])
            }),
        Subcommand(
            id: .preview, words: ["preview"], arguments: "CELL [NAME=VALUE...]",
            summary: "draw one cell at several widths (again on every rebuild with --watch)",
            discussion: """
                Draws the cell with the attributes given, at each width of --widths (20, 40 and 80 by \
                default). With --watch it draws again whenever the plugin is rebuilt.
                """,
            example: ("cellkit preview ProgressCell label=Disk value=0.7 --widths 30,60", "draw a bar twice"),
            argumentCompletion: .names(.cells),
            mode: { rest throws(UsageError) in
                guard let cell = rest.first else {
                    throw UsageError(message: "preview needs a CELL, then NAME=VALUE attributes")
                }
                return .preview(cell: cell, attributes: Array(rest.dropFirst()), widths: [], format: nil)
            }),
        Subcommand(
            id: .newPlugin, words: ["new-plugin"], arguments: "NAME",
            summary: "make a plugin package to start from",
            discussion: """
                Writes a plugin package (a cell, a nib, a test, an example script) in the folder NAME, or \
                --path, that builds against the SDK of this cellkit; with --source, a data-source plugin \
                (docs/writing-a-data-source.md).
                """,
            example: ("cellkit new-plugin WeatherCells", "a plugin package in ./WeatherCells"),
            argumentCompletion: .none,
            mode: { rest throws(UsageError) in
                guard rest.count == 1 else { throw UsageError(message: "new-plugin needs exactly one NAME") }
                return .newPlugin(name: rest[0], path: nil, sdk: nil, source: false)
            }),
        Subcommand(
            id: .pluginInstall, words: ["plugin", "install"], arguments: "PACKAGE_DIR",
            summary: "build a plugin package (release), validate it, install it",
            discussion: """
                Builds the plugin package in PACKAGE_DIR in release, validates what it registers, and copies \
                the library and its resources into the plugin folder of the running cellkit's install \
                (~/.local/lib/cellkit/plugins when it is not installed), or of --prefix; it records where \
                the package is, for plugin rebuild.
                """,
            example: ("cellkit plugin install .", "install the plugin package in this folder"),
            argumentCompletion: .directories,
            mode: { rest throws(UsageError) in
                guard rest.count == 1 else {
                    throw UsageError(
                        message: "plugin install needs exactly one PACKAGE_DIR (a plugin's package folder)")
                }
                return .pluginInstall(package: rest[0], prefix: nil)
            }),
        Subcommand(
            id: .pluginUninstall, words: ["plugin", "uninstall"], arguments: "NAME",
            summary: "remove a plugin that `plugin install` installed",
            discussion: """
                Removes the plugin NAME (its library and its resources) from your plugin folder.
                """,
            example: ("cellkit plugin uninstall WeatherCells", "remove an installed plugin"),
            argumentCompletion: .none,
            mode: { rest throws(UsageError) in
                guard rest.count == 1 else { throw UsageError(message: "plugin uninstall needs exactly one NAME") }
                return .pluginUninstall(name: rest[0], prefix: nil)
            }),
        Subcommand(
            id: .pluginRebuild, words: ["plugin", "rebuild"], arguments: "[NAME...]",
            summary: "rebuild installed plugins (release) from their packages, for this Swift and SDK",
            discussion: """
                Builds each plugin NAME again from the package `plugin install` recorded, validates it and \
                installs it where it was; with no NAME, every plugin that `cellkit plugins` lists as stale \
                (built by another Swift compiler, or against another SDK major). Run it after a toolchain upgrade.
                """,
            example: ("cellkit plugin rebuild", "rebuild every stale plugin"),
            argumentCompletion: .none,
            mode: { rest throws(UsageError) in .pluginRebuild(names: rest) }),
        Subcommand(
            id: .install, words: ["install"], arguments: "",
            summary: "install cellkit, its plugins, the SDK, completions and manual (default ~/.local)",
            discussion: """
                Copies a release build of cellkit, the example plugins and the SDK that plugins build against \
                into a prefix (~/.local unless --prefix is given), with the shell completions and the manual \
                page where shells and man look for them. A debug build of a checkout builds release first \
                (swift build -c release --scratch-path .build/install) and installs that.
                """,
            example: ("cellkit install --prefix /opt/cellkit", "install into /opt/cellkit"),
            argumentCompletion: .none,
            mode: { rest throws(UsageError) in
                try expectNone(rest, after: "install")
                return .install(prefix: nil)
            }),
        Subcommand(
            id: .uninstall, words: ["uninstall"], arguments: "",
            summary: "remove what `cellkit install` wrote, and nothing else",
            discussion: """
                Removes the files `cellkit install` wrote into the prefix (the running cellkit's, else \
                ~/.local, unless --prefix is given), as its manifest lists them: a file changed since, or \
                not yours, is kept and named. Plugins you installed there are kept unless --plugins is given.
                """,
            example: ("cellkit uninstall --prefix /opt/cellkit", "remove the install in /opt/cellkit"),
            argumentCompletion: .none,
            mode: { rest throws(UsageError) in
                try expectNone(rest, after: "uninstall")
                return .uninstall(prefix: nil, plugins: false)
            }),
        Subcommand(
            id: .sdk, words: ["sdk"], arguments: "",
            summary: "where the SDK is, its version, ABI and compiler",
            discussion: "Prints where the SDK that plugins build against is, and what it is.",
            example: ("cellkit sdk", "the SDK's folder and versions"),
            argumentCompletion: .none,
            mode: { rest throws(UsageError) in
                try expectNone(rest, after: "sdk")
                return .sdk
            }),
        Subcommand(
            id: .completions, words: ["completions"], arguments: "SHELL",
            summary: "print the completion script for bash, zsh or fish",
            discussion: """
                Prints the shell completion script for SHELL. `cellkit install` puts each where its shell \
                looks; to try one without installing: source <(cellkit completions bash).
                """,
            example: ("cellkit completions bash > ~/.local/share/bash-completion/completions/cellkit", "bash's"),
            argumentCompletion: .choices(ShellCompletion.Shell.allCases.map(\.rawValue)),
            mode: { rest throws(UsageError) in
                let names = ShellCompletion.Shell.allCases.map(\.rawValue)
                guard rest.count == 1 else {
                    throw UsageError(message: "completions needs exactly one SHELL: \(names.joined(separator: ", "))")
                }
                guard let shell = ShellCompletion.Shell(rawValue: rest[0]) else {
                    throw UsageError(
                        message: "no completions for '\(rest[0])'; "
                            + (Suggestions.didYouMean(rest[0], in: names)
                                ?? "write one of \(names.joined(separator: ", "))"))
                }
                return .completions(shell: shell)
            }),
        Subcommand(
            id: .manual, words: ["manual"], arguments: "",
            summary: "print the manual page cellkit(1), in roff",
            discussion:
                "Prints the manual page; `cellkit install` installs it. To read it now: cellkit manual | man -l -",
            example: ("cellkit manual | man -l -", "read the manual"),
            argumentCompletion: .none,
            mode: { rest throws(UsageError) in
                try expectNone(rest, after: "manual")
                return .manual
            }),
        Subcommand(
            id: .help, words: ["help"], arguments: "[COMMAND]",
            summary: "this usage, or a command's help",
            discussion: """
                Without COMMAND, the usage; with one, its help (the same as `cellkit COMMAND --help`). A \
                command of the script language (`row`, `rows`, `screen`…) gets the help `help` gives at the prompt.
                """,
            example: ("cellkit help render", "render's options and an example"),
            argumentCompletion: .none,
            mode: { rest throws(UsageError) in
                guard rest.count <= 2 else { throw UsageError(message: "help takes one COMMAND: \(rest[2])") }
                return .help(topic: rest.isEmpty ? nil : rest.joined(separator: " "))
            }),
        Subcommand(
            id: .recover, words: ["--recover"], arguments: "",
            summary: "restore the screens of a session that crashed",
            discussion: "Starts the console with the screens and loads of the last session that did not end.",
            example: ("cellkit --recover", "get the crashed session back"),
            argumentCompletion: .none,
            mode: { _ throws(UsageError) in .recover }),
    ]

    private static func expectNone(_ rest: [String], after verb: String) throws(UsageError) {
        if let extra = rest.first { throw UsageError(message: "\(verb) takes no arguments: \(extra)") }
    }
}
