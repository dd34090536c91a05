/// `cellkit plugins`: the plugins on the plugin path.
struct PluginsCommand: CommandLineCommand, Equatable {
    static let declaration = Subcommand(
        PluginsCommand.self, words: ["plugins"], arguments: "",
        summary: "list plugins on the plugin path",
        discussion: """
            Lists every plugin on the plugin path, with its version, ABI, state (available, loaded, \
            refused or broken, and why) and what it provides. --json prints the same for tools.
            """,
        example: ("cellkit plugins --json", "the plugins as JSON (docs/json-output.md)"),
        argumentCompletion: .none, takes: [.loadsPlugins, .printsJSON])

    static func parse(_ arguments: [String]) throws(UsageError) -> PluginsCommand {
        try Subcommand.expectNone(arguments, after: "plugins")
        return PluginsCommand()
    }

    func run(_ context: Context) -> Int32 {
        if context.invocation.json {
            context.output.print(context.interpreter.pluginsJSON())
        } else {
            context.interpreter.listPlugins()
        }
        return 0
    }
}
