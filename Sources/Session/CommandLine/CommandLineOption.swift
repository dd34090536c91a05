import DataBinding
import WorkerProtocol

/// One `cellkit` option, declared once: its spellings, its value, what it
/// does, the commands it applies to, and how it changes the invocation.
/// Parsing, the usage, each command's help, the shell completions and the
/// manual page are made from ``all``.
struct CommandLineOption: Sendable {
    /// Its spellings; the first is its name.
    let names: [String]
    /// Its value, for an option that takes one: how help writes it, and what completes it.
    let value: Value?
    /// What it does, for help and completions.
    let summary: String
    /// The commands it applies to; given to another, it is refused.
    let commands: Set<Subcommand.ID>
    /// Sets what it says (its value, or "" for a flag).
    let apply: @Sendable (inout Invocation, String) throws(UsageError) -> Void

    /// An option's value.
    struct Value: Sendable {
        /// `SECONDS`, `DIR`, `auto|always|never`.
        let placeholder: String
        let completion: ValueCompletion
    }

    var name: String { names[0] }

    /// `--timeout SECONDS`, `--keep-going, -k`, `--format, -f plain|ansi|html|svg|json`.
    var written: String {
        names.joined(separator: ", ") + (value.map { " " + $0.placeholder } ?? "")
    }
}

// MARK: - The options

extension CommandLineOption {
    /// The commands that load plugins, and so read the plugin options.
    static let loading: Set<Subcommand.ID> = [
        .repl, .run, .commands, .render, .plugins, .validate, .describe, .recover, .preview,
    ]
    /// The commands that draw to a terminal or a file.
    static let drawing: Set<Subcommand.ID> = [.repl, .run, .commands, .render, .recover, .preview]

    static let all: [CommandLineOption] = [
        CommandLineOption(
            names: ["--plugin-path", "-p"], value: Value(placeholder: "DIR", completion: .directories),
            summary: "look for plugins in DIR too, before the default path (repeatable)", commands: loading,
            apply: { invocation, value throws(UsageError) in invocation.pluginPaths.append(value) }),
        CommandLineOption(
            names: ["--allow-unsafe-plugins", "--allow-unsafe"], value: nil,
            summary: "load plugins, or build plugin packages, that others could change (docs/threat-model.md)",
            commands: loading.union([.pluginInstall, .pluginRebuild]),
            apply: { invocation, _ throws(UsageError) in invocation.allowUnsafePlugins = true }),
        CommandLineOption(
            names: ["--no-cache"], value: nil,
            summary: "neither read nor write the plugin registry cache", commands: loading,
            apply: { invocation, _ throws(UsageError) in invocation.useCache = false }),
        CommandLineOption(
            names: ["--color", "--colour"],
            value: Value(
                placeholder: "auto|always|never", completion: .choices(ColorChoice.allCases.map(\.rawValue))),
            summary: "colour on a terminal only (auto, the default), always, or never", commands: drawing,
            apply: { invocation, value throws(UsageError) in
                guard let choice = ColorChoice(rawValue: value) else {
                    throw UsageError(message: "--color expects auto, always or never, not '\(value)'")
                }
                invocation.color = choice
            }),
        CommandLineOption(
            names: ["--no-color", "--no-colour"], value: nil, summary: "no colour: the same as --color never",
            commands: drawing, apply: { invocation, _ throws(UsageError) in invocation.color = .never }),
        CommandLineOption(
            names: ["--keep-going", "-k"], value: nil,
            summary: "report every error and go on, not only the first", commands: [.repl, .run, .commands, .render],
            apply: { invocation, _ throws(UsageError) in invocation.keepGoing = true }),
        CommandLineOption(
            names: ["--format", "-f"],
            value: Value(
                placeholder: OutputFormat.choices,
                completion: .choices(OutputFormat.allCases.map(\.rawValue))),
            summary: "what to write (render); plain or ansi (preview)", commands: [.render, .preview],
            apply: { invocation, value throws(UsageError) in try invocation.setFormat(value) }),
        CommandLineOption(
            names: ["--width", "-w"], value: Value(placeholder: "N", completion: .none),
            summary: "render N columns wide (1 to 10000)", commands: [.render],
            apply: { invocation, value throws(UsageError) in
                guard let columns = Int(value), columns > 0, columns <= 10000 else {
                    throw UsageError(message: "--width expects a number of columns from 1 to 10000, not '\(value)'")
                }
                invocation.updateRender { $0.width = columns }
            }),
        CommandLineOption(
            names: ["--data"],
            value: Value(placeholder: "FILE", completion: .files(RecordFormats.all.flatMap(\.fileEndings))),
            summary: "the data file the storyboard's `rows … from` bindings read", commands: [.render],
            apply: { invocation, value throws(UsageError) in invocation.updateRender { $0.data = value } }),
        CommandLineOption(
            names: ["--output", "-o"], value: Value(placeholder: "FILE", completion: .files([])),
            summary: "write to FILE (whole or not at all), the format from its extension", commands: [.render],
            apply: { invocation, value throws(UsageError) in invocation.updateRender { $0.output = value } }),
        CommandLineOption(
            names: ["--json"], value: nil,
            summary: "print JSON for tools, in a versioned schema (docs/json-output.md)",
            commands: [.plugins, .validate, .describe],
            apply: { invocation, _ throws(UsageError) in invocation.json = true }),
        CommandLineOption(
            names: ["--path"], value: Value(placeholder: "DIR", completion: .directories),
            summary: "make the plugin package in DIR, not ./NAME", commands: [.newPlugin],
            apply: { invocation, value throws(UsageError) in
                if case .newPlugin(let plugin, _, let sdk, let source) = invocation.mode {
                    invocation.mode = .newPlugin(name: plugin, path: value, sdk: sdk, source: source)
                }
            }),
        CommandLineOption(
            names: ["--sdk"], value: Value(placeholder: "PATH", completion: .directories),
            summary: "build against the SDK at PATH, not this cellkit's", commands: [.newPlugin],
            apply: { invocation, value throws(UsageError) in
                if case .newPlugin(let plugin, let path, _, let source) = invocation.mode {
                    invocation.mode = .newPlugin(name: plugin, path: path, sdk: value, source: source)
                }
            }),
        CommandLineOption(
            names: ["--source"], value: nil,
            summary: "make a data-source plugin: a source of key=value lines, a cell, a test, an example",
            commands: [.newPlugin],
            apply: { invocation, _ throws(UsageError) in
                if case .newPlugin(let plugin, let path, let sdk, _) = invocation.mode {
                    invocation.mode = .newPlugin(name: plugin, path: path, sdk: sdk, source: true)
                }
            }),
        CommandLineOption(
            names: ["--prefix"], value: Value(placeholder: "DIR", completion: .directories),
            summary: "the install prefix: DIR, not ~/.local (plugins: not the running cellkit's)",
            commands: [.install, .uninstall, .pluginInstall, .pluginUninstall],
            apply: { invocation, value throws(UsageError) in invocation.setPrefix(value) }),
        CommandLineOption(
            names: ["--plugins"], value: nil,
            summary: "remove the plugins you installed into the prefix too (uninstall keeps them otherwise)",
            commands: [.uninstall],
            apply: { invocation, _ throws(UsageError) in
                if case .uninstall(let prefix, _) = invocation.mode {
                    invocation.mode = .uninstall(prefix: prefix, plugins: true)
                }
            }),
        CommandLineOption(
            names: ["--widths"], value: Value(placeholder: "N,N,...", completion: .none),
            summary: "the widths to draw at, separated by commas (20,40,80)", commands: [.preview],
            apply: { invocation, value throws(UsageError) in
                var columns: [Int] = []
                for part in value.split(separator: ",") {
                    guard let n = Int(part), n > 0, n <= 10000 else {
                        throw UsageError(
                            message: "--widths expects columns from 1 to 10000, separated by commas, not '\(value)'")
                    }
                    columns.append(n)
                }
                if case .preview(let cell, let attributes, _, let format) = invocation.mode {
                    invocation.mode = .preview(cell: cell, attributes: attributes, widths: columns, format: format)
                }
            }),
        CommandLineOption(
            names: ["--watch"], value: nil,
            summary: "load plugins again when their files change, and draw again",
            commands: [.repl, .recover, .preview],
            apply: { invocation, _ throws(UsageError) in invocation.watch = true }),
        CommandLineOption(
            names: ["--timeout"], value: Value(placeholder: "SECONDS", completion: .none),
            summary: "how long a plugin may work without progress before its worker is stopped (10)",
            commands: loading,
            apply: { invocation, value throws(UsageError) in
                guard let seconds = Int(value), seconds > 0, seconds <= 86400 else {
                    throw UsageError(message: "--timeout expects a number of seconds from 1 to 86400, not '\(value)'")
                }
                invocation.timeout = seconds
            }),
        CommandLineOption(
            names: ["--jobs", "-j"], value: Value(placeholder: "N", completion: .none),
            summary: "draw a long list with N workers at once (1 to 64; default: the cores)", commands: drawing,
            apply: { invocation, value throws(UsageError) in
                guard let jobs = Int(value), WorkerBackend.jobsRange.contains(jobs) else {
                    throw UsageError(
                        message: "--jobs expects a number of workers from 1 to \(WorkerBackend.jobsRange.upperBound), "
                            + "not '\(value)'")
                }
                invocation.jobs = jobs
            }),
        CommandLineOption(
            names: ["--shard"], value: Value(placeholder: "K/N", completion: .none),
            summary: "draw part K (from 0) of N of a list, in plain or ansi: the N parts joined are the whole "
                + "render; env/N takes K from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID (docs/batch.md)",
            commands: [.render],
            apply: { invocation, value throws(UsageError) in invocation.shard = try RenderShard.request(value) }),
        CommandLineOption(
            names: ["--quiet", "-q"], value: nil,
            summary: "no loaded … and wrote … notes, no progress line (errors and warnings are still written)",
            commands: drawing,
            apply: { invocation, _ throws(UsageError) in invocation.quiet = true }),
        CommandLineOption(
            names: ["--no-progress"], value: nil,
            summary: "no progress line while a long render runs (the notes are still written)", commands: drawing,
            apply: { invocation, _ throws(UsageError) in invocation.progress = false }),
        CommandLineOption(
            names: ["--no-config"], value: nil,
            summary: "do not read the settings in ~/.config/cellkit/config (for scripts that must run the same "
                + "everywhere)", commands: drawing,
            apply: { invocation, _ throws(UsageError) in invocation.useConfig = false }),
        CommandLineOption(
            names: ["--no-window-chrome"], value: nil, summary: "SVG without the window's title bar and buttons",
            commands: [.repl, .run, .commands, .render],
            apply: { invocation, _ throws(UsageError) in invocation.windowChrome = false }),
        CommandLineOption(
            names: ["--export"], value: nil,
            summary: "print the shell command that sets CELLKIT_SDK to this SDK: eval \"$(cellkit sdk --export)\"",
            commands: [.sdk], apply: { invocation, _ throws(UsageError) in invocation.exportSDK = true }),
        CommandLineOption(
            names: ["--help", "-h"], value: nil, summary: "this command's help",
            commands: Set(Subcommand.ID.allCases),
            apply: { _, _ throws(UsageError) in }),
    ]

    /// The option spelled `spelling`.
    static func named(_ spelling: String) -> CommandLineOption? {
        all.first { $0.names.contains(spelling) }
    }
}
