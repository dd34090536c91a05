/// `cellkit plugin rebuild [NAME...]`: installed plugins built again from their packages.
struct PluginRebuildCommand: CommandLineCommand, Equatable {
    /// The plugins named; every stale one when empty.
    var names: [String]

    static let declaration = Subcommand(
        PluginRebuildCommand.self, words: ["plugin", "rebuild"], arguments: "[NAME...]",
        summary: "rebuild installed plugins (release) from their packages, for this Swift and SDK",
        discussion: """
            Builds each plugin NAME again from the package `plugin install` recorded, validates it and \
            installs it where it was; with no NAME, every plugin that `cellkit plugins` lists as stale \
            (built by another Swift compiler, or against another SDK major). Run it after a toolchain upgrade.
            """,
        example: ("cellkit plugin rebuild", "rebuild every stale plugin"),
        argumentCompletion: .none, takes: [.buildsPlugins])

    static func parse(_ arguments: [String]) throws(UsageError) -> PluginRebuildCommand {
        PluginRebuildCommand(names: arguments)
    }

    func run(_ context: Context) -> Int32 { context.rebuildPlugins(names) }
}
