import DataBinding
import WorkerProtocol

/// One `cellkit` option, declared once: its spellings, its value, what it
/// does, the commands it applies to, and how it changes the invocation.
/// A shared option (``shared``) sets the ``Invocation`` and applies to the
/// commands with one of its traits; an option only one command takes is
/// declared with that command (``own(_:value:summary:of:set:)``) and changes
/// it. Parsing, the usage, each command's help, the shell completions and the
/// manual page are made from ``all``.
struct CommandLineOption: Sendable {
    /// Its spellings; the first is its name.
    let names: [String]
    /// Its value, for an option that takes one: how help writes it, and what completes it.
    let value: Value?
    /// What it does, for help and completions.
    let summary: String
    /// The commands it applies to, a shared option's: those with one of these
    /// traits (every command when empty). Given to another, it is refused.
    var traits: Set<Subcommand.Trait> = []
    /// The command an option of its own belongs to (``Subcommand/id``).
    var owner: ObjectIdentifier?
    /// Sets what it says (its value, or "" for a flag).
    let apply: @Sendable (inout Invocation, String) throws(UsageError) -> Void

    /// An option's value.
    struct Value: Sendable {
        /// `SECONDS`, `DIR`, `auto|always|never`.
        let placeholder: String
        let completion: ValueCompletion
    }

    var name: String { names[0] }

    /// Whether `command` takes it.
    func applies(to command: Subcommand) -> Bool {
        if let owner { return owner == command.id }
        return traits.isEmpty || !traits.isDisjoint(with: command.traits)
    }

    /// An option only `Command` takes: `set` changes the command.
    static func own<Command: CommandLineCommand>(
        _ names: [String], value: Value?, summary: String, of _: Command.Type,
        set: @escaping @Sendable (inout Command, String) throws(UsageError) -> Void
    ) -> CommandLineOption {
        CommandLineOption(
            names: names, value: value, summary: summary, owner: ObjectIdentifier(Command.self),
            apply: { invocation, value throws(UsageError) in
                guard var command = invocation.command as? Command else { return }
                try set(&command, value)
                invocation.command = command
            })
    }

    /// `--timeout SECONDS`, `--keep-going, -k`, `--format, -f plain|ansi|html|svg|json`.
    var written: String {
        names.joined(separator: ", ") + (value.map { " " + $0.placeholder } ?? "")
    }
}

// MARK: - The options

extension CommandLineOption {
    /// Every option: the shared ones, those of each command, `--help`.
    static let all: [CommandLineOption] = shared + Subcommand.all.flatMap(\.ownOptions) + [help]

    /// `--help`, which every command takes.
    static let help = CommandLineOption(
        names: ["--help", "-h"], value: nil, summary: "this command's help", apply: { _, _ throws(UsageError) in })

    /// The options several commands take: each sets the invocation.
    static let shared: [CommandLineOption] = [
        CommandLineOption(
            names: ["--plugin-path", "-p"], value: Value(placeholder: "DIR", completion: .directories),
            summary: "look for plugins in DIR too, before the default path (repeatable)", traits: [.loadsPlugins],
            apply: { invocation, value throws(UsageError) in invocation.pluginPaths.append(value) }),
        CommandLineOption(
            names: ["--allow-unsafe-plugins", "--allow-unsafe"], value: nil,
            summary: "load plugins, or build plugin packages, that others could change (docs/threat-model.md)",
            traits: [.loadsPlugins, .buildsPlugins],
            apply: { invocation, _ throws(UsageError) in invocation.allowUnsafePlugins = true }),
        CommandLineOption(
            names: ["--no-cache"], value: nil,
            summary: "neither read nor write the plugin registry cache", traits: [.loadsPlugins],
            apply: { invocation, _ throws(UsageError) in invocation.useCache = false }),
        CommandLineOption(
            names: ["--color", "--colour"],
            value: Value(
                placeholder: "auto|always|never", completion: .choices(ColorChoice.allCases.map(\.rawValue))),
            summary: "colour on a terminal only (auto, the default), always, or never", traits: [.session],
            apply: { invocation, value throws(UsageError) in
                guard let choice = ColorChoice(rawValue: value) else {
                    throw UsageError(message: "--color expects auto, always or never, not '\(value)'")
                }
                invocation.color = choice
            }),
        CommandLineOption(
            names: ["--no-color", "--no-colour"], value: nil, summary: "no colour: the same as --color never",
            traits: [.session], apply: { invocation, _ throws(UsageError) in invocation.color = .never }),
        CommandLineOption(
            names: ["--keep-going", "-k"], value: nil,
            summary: "report every error and go on, not only the first", traits: [.runsScripts],
            apply: { invocation, _ throws(UsageError) in invocation.keepGoing = true }),
        CommandLineOption(
            names: ["--format", "-f"],
            value: Value(
                placeholder: OutputFormat.choices,
                completion: .choices(OutputFormat.allCases.map(\.rawValue))),
            summary: "what to write (render); plain or ansi (preview)", traits: [.formats],
            apply: { invocation, value throws(UsageError) in try invocation.setFormat(value) }),
        CommandLineOption(
            names: ["--json"], value: nil,
            summary: "print JSON for tools, in a versioned schema (docs/json-output.md)",
            traits: [.printsJSON],
            apply: { invocation, _ throws(UsageError) in invocation.json = true }),
        CommandLineOption(
            names: ["--prefix"], value: Value(placeholder: "DIR", completion: .directories),
            summary: "the install prefix: DIR, not ~/.local (plugins: not the running cellkit's)",
            traits: [.installs],
            apply: { invocation, value throws(UsageError) in invocation.prefix = value }),
        CommandLineOption(
            names: ["--watch"], value: nil,
            summary: "load plugins again when their files change, and draw again",
            traits: [.watches],
            apply: { invocation, _ throws(UsageError) in invocation.watch = true }),
        CommandLineOption(
            names: ["--timeout"], value: Value(placeholder: "SECONDS", completion: .none),
            summary: "how long a plugin may work without progress before its worker is stopped (10)",
            traits: [.loadsPlugins],
            apply: { invocation, value throws(UsageError) in
                guard let seconds = Int(value), seconds > 0, seconds <= 86400 else {
                    throw UsageError(message: "--timeout expects a number of seconds from 1 to 86400, not '\(value)'")
                }
                invocation.timeout = seconds
            }),
        CommandLineOption(
            names: ["--jobs", "-j"], value: Value(placeholder: "N", completion: .none),
            summary: "draw a long list with N workers at once (1 to 64; default: the cores)", traits: [.session],
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
            traits: [.shards],
            apply: { invocation, value throws(UsageError) in invocation.shard = try RenderShard.request(value) }),
        CommandLineOption(
            names: ["--quiet", "-q"], value: nil,
            summary: "no loaded … and wrote … notes, no progress line (errors and warnings are still written)",
            traits: [.session],
            apply: { invocation, _ throws(UsageError) in invocation.quiet = true }),
        CommandLineOption(
            names: ["--no-progress"], value: nil,
            summary: "no progress line while a long render runs (the notes are still written)", traits: [.session],
            apply: { invocation, _ throws(UsageError) in invocation.progress = false }),
        CommandLineOption(
            names: ["--no-config"], value: nil,
            summary: "do not read the settings in ~/.config/cellkit/config (for scripts that must run the same "
                + "everywhere)", traits: [.session],
            apply: { invocation, _ throws(UsageError) in invocation.useConfig = false }),
        CommandLineOption(
            names: ["--no-window-chrome"], value: nil, summary: "SVG without the window's title bar and buttons",
            traits: [.runsScripts],
            apply: { invocation, _ throws(UsageError) in invocation.windowChrome = false }),
    ]

    /// The option spelled `spelling`.
    static func named(_ spelling: String) -> CommandLineOption? {
        all.first { $0.names.contains(spelling) }
    }
}
