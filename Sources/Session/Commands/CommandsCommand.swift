/// `cellkit -c 'COMMANDS' [-c …]`: lines of a script given on the command line.
struct CommandsCommand: CommandLineCommand, Equatable {
    /// The lines, one a `-c`.
    var text: String

    static let declaration = Subcommand(
        CommandsCommand.self, words: ["-c"], arguments: "'COMMANDS' [-c …]",
        summary: "run commands: one a line, or one -c each (';' does not separate)",
        discussion: """
            Each -c is a line of a script, as gdb's -ex and sed's -e: repeat it for several commands.
            """,
        example: ("cellkit -c 'load BasicCells' -c 'row TextCell text=hi' -c render", "draw one row"),
        argumentCompletion: .none, takes: [.loadsPlugins, .session, .runsScripts])

    /// `arguments` is the lines of the `-c`s (``Invocation/parse(_:)`` reads them).
    static func parse(_ arguments: [String]) throws(UsageError) -> CommandsCommand {
        CommandsCommand(text: arguments.joined(separator: "\n"))
    }

    func run(_ context: Context) -> Int32 { context.runCommands(text) }
}
