import PluginDiscovery

/// `cellkit new-plugin NAME`: a plugin package to start from.
struct NewPluginCommand: CommandLineCommand, Equatable {
    /// The plugin's name.
    var name: String
    /// `--path DIR`: where to make it, not `./NAME`.
    var path: String?
    /// `--sdk PATH`: the SDK it builds against, not this cellkit's.
    var sdk: String?
    /// `--source`: a data-source plugin.
    var source = false

    static let declaration = Subcommand(
        NewPluginCommand.self, words: ["new-plugin"], arguments: "NAME",
        summary: "make a plugin package to start from",
        discussion: """
            Writes a plugin package (a cell, a nib, a test, an example script) in the folder NAME, or \
            --path, that builds against the SDK of this cellkit; with --source, a data-source plugin \
            (docs/writing-a-data-source.md).
            """,
        example: ("cellkit new-plugin WeatherCells", "a plugin package in ./WeatherCells"),
        argumentCompletion: .none,
        options: [
            .own(
                ["--path"], value: .init(placeholder: "DIR", completion: .directories),
                summary: "make the plugin package in DIR, not ./NAME", of: NewPluginCommand.self
            ) { command, value throws(UsageError) in command.path = value },
            .own(
                ["--sdk"], value: .init(placeholder: "PATH", completion: .directories),
                summary: "build against the SDK at PATH, not this cellkit's", of: NewPluginCommand.self
            ) { command, value throws(UsageError) in command.sdk = value },
            .own(
                ["--source"], value: nil,
                summary: "make a data-source plugin: a source of key=value lines, a cell, a test, an example",
                of: NewPluginCommand.self
            ) { command, _ throws(UsageError) in command.source = true },
        ])

    static func parse(_ arguments: [String]) throws(UsageError) -> NewPluginCommand {
        guard arguments.count == 1 else { throw UsageError(message: "new-plugin needs exactly one NAME") }
        return NewPluginCommand(name: arguments[0])
    }

    func run(_ context: Context) -> Int32 {
        context.newPlugin(name, path: path, sdk: sdk, kind: source ? .source : .cells)
    }
}
