/// `cellkit uninstall`: removes what `cellkit install` wrote.
struct UninstallCommand: CommandLineCommand, Equatable {
    /// `--plugins`: the plugins installed into the prefix go too.
    var plugins = false

    static let declaration = Subcommand(
        UninstallCommand.self, words: ["uninstall"], arguments: "",
        summary: "remove what `cellkit install` wrote, and nothing else",
        discussion: """
            Removes the files `cellkit install` wrote into the prefix (the running cellkit's, else \
            ~/.local, unless --prefix is given), as its manifest lists them: a file changed since, or \
            not yours, is kept and named. Plugins you installed there are kept unless --plugins is given.
            """,
        example: ("cellkit uninstall --prefix /opt/cellkit", "remove the install in /opt/cellkit"),
        argumentCompletion: .none, takes: [.installs],
        options: [
            .own(
                ["--plugins"], value: nil,
                summary: "remove the plugins you installed into the prefix too (uninstall keeps them otherwise)",
                of: UninstallCommand.self
            ) { command, _ throws(UsageError) in command.plugins = true }
        ])

    static func parse(_ arguments: [String]) throws(UsageError) -> UninstallCommand {
        try Subcommand.expectNone(arguments, after: "uninstall")
        return UninstallCommand()
    }

    func run(_ context: Context) -> Int32 { context.uninstall(prefix: context.invocation.prefix, plugins: plugins) }
}
