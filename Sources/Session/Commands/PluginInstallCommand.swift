/// `cellkit plugin install PACKAGE_DIR`: builds, validates and installs a plugin package.
struct PluginInstallCommand: CommandLineCommand, Equatable {
    /// The plugin's package folder.
    var package: String

    static let declaration = Subcommand(
        PluginInstallCommand.self, words: ["plugin", "install"], arguments: "PACKAGE_DIR",
        summary: "build a plugin package (release), validate it, install it",
        discussion: """
            Builds the plugin package in PACKAGE_DIR in release, validates what it registers, and copies \
            the library and its resources into the plugin folder of the running cellkit's install \
            (~/.local/lib/cellkit/plugins when it is not installed), or of --prefix; it records where \
            the package is, for plugin rebuild.
            """,
        example: ("cellkit plugin install .", "install the plugin package in this folder"),
        argumentCompletion: .directories, takes: [.buildsPlugins, .installs])

    static func parse(_ arguments: [String]) throws(UsageError) -> PluginInstallCommand {
        guard arguments.count == 1 else {
            throw UsageError(message: "plugin install needs exactly one PACKAGE_DIR (a plugin's package folder)")
        }
        return PluginInstallCommand(package: arguments[0])
    }

    func run(_ context: Context) -> Int32 {
        context.installPlugin(package: package, prefix: context.invocation.prefix)
    }
}
