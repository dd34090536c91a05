/// `cellkit plugin uninstall NAME`: removes a plugin `plugin install` installed.
struct PluginUninstallCommand: CommandLineCommand, Equatable {
    /// The plugin's name.
    var name: String

    static let declaration = Subcommand(
        PluginUninstallCommand.self, words: ["plugin", "uninstall"], arguments: "NAME",
        summary: "remove a plugin that `plugin install` installed",
        discussion: """
            Removes the plugin NAME (its library and its resources) from your plugin folder.
            """,
        example: ("cellkit plugin uninstall WeatherCells", "remove an installed plugin"),
        argumentCompletion: .none, takes: [.installs])

    static func parse(_ arguments: [String]) throws(UsageError) -> PluginUninstallCommand {
        guard arguments.count == 1 else { throw UsageError(message: "plugin uninstall needs exactly one NAME") }
        return PluginUninstallCommand(name: arguments[0])
    }

    func run(_ context: Context) -> Int32 { context.uninstallPlugin(name, prefix: context.invocation.prefix) }
}
