/// Command lines quoted in hints and fixes, made from the command table so that a hint
/// cannot name a command or an option the language does not have.
///
/// ```swift
/// CommandHint.line(.load, "NAME", options: ["allow-unsafe": "true"])   // load NAME allow-unsafe=true
/// CommandHint.quoted(.screen, "NAME")                                   // `screen NAME`
/// ```
///
/// An option the command lacks, or a value its kind refuses, stops a debug build (the
/// tests) at the hint that names it.
enum CommandHint {
    /// `command`, then `arguments` (names, or placeholders such as `NAME`), then the options
    /// as `name=value`, in order.
    static func line(
        _ command: CommandSpec.Name, _ arguments: String..., options: KeyValuePairs<String, String> = [:]
    ) -> String {
        line(command, arguments, options: options)
    }

    /// ``line(_:_:options:)`` with the arguments as an array.
    static func line(
        _ command: CommandSpec.Name, _ arguments: [String], options: KeyValuePairs<String, String> = [:]
    ) -> String {
        let words = [command.rawValue] + arguments + options.map { option(command, $0.key, $0.value) }
        return words.joined(separator: " ")
    }

    /// `name=value`, an option of `command`, as a hint names it.
    static func option(_ command: CommandSpec.Name, _ name: String, _ value: String) -> String {
        let option = CommandSpec.spec(command).option(named: name)
        assert(option != nil, "`\(command.rawValue)` has no option \(name): fix the hint")
        assert(
            option.map { isPlaceholder(value) || $0.kind.accepts(value) } ?? true,
            "\(name)=\(value) is not a value `\(command.rawValue)` takes: fix the hint")
        return "\(name)=\(value)"
    }

    /// The command's positional arguments as its usage line shows them:
    /// `screen NAME [list|grid]`.
    static func usage(_ command: CommandSpec.Name) -> String {
        line(command, CommandSpec.spec(command).positionals.map(\.usage))
    }

    /// A value that stands for one: `N`, `SECONDS`, `…`.
    private static func isPlaceholder(_ value: String) -> Bool {
        value.hasSuffix("…") || (value.contains(where: \.isLetter) && value == value.uppercased())
    }

    /// ``line(_:_:options:)`` in backquotes, as messages quote a command.
    static func quoted(
        _ command: CommandSpec.Name, _ arguments: String..., options: KeyValuePairs<String, String> = [:]
    ) -> String {
        "`" + line(command, arguments, options: options) + "`"
    }

    /// How a person grants the load of a plugin the trust check refused: the option of
    /// `cellkit`, or the `load` option typed at the prompt.
    static func grantUnsafeLoad(_ plugin: String) -> String {
        "run cellkit with \(Invocation.optionName("--allow-unsafe-plugins")), or type "
            + quoted(.load, plugin, options: ["allow-unsafe": "true"]) + " at the interactive prompt"
    }

    /// The end of every refusal of the trust check (``TrustPolicy``, in the host, which
    /// cannot see the command table: a test keeps the two the same).
    static var trustOverride: String {
        "or, if you trust it, " + grantUnsafeLoad("NAME")
    }
}

extension CommandSpec {
    /// The entry of `name` in ``all``.
    static func spec(_ name: Name) -> CommandSpec {
        guard let spec = all.first(where: { $0.name == name }) else {
            preconditionFailure("CommandSpec.all has no entry for \(name.rawValue): add one")
        }
        return spec
    }
}

extension Invocation {
    /// The name of an option of `cellkit`, for a hint; a debug build (the tests) stops when
    /// the option table lacks it.
    static func optionName(_ name: String) -> String {
        assert(CommandLineOption.named(name) != nil, "cellkit has no option \(name): fix the hint")
        return name
    }
}
