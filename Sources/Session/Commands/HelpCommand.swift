/// `cellkit help [COMMAND]`, `cellkit --help`, `cellkit COMMAND --help`.
struct HelpCommand: CommandLineCommand, Equatable {
    /// The words typed after `help` (``CommandLineHelp/help(topic:)``); `nil` for the usage.
    var topic: String?

    static let declaration = Subcommand(
        HelpCommand.self, words: ["help"], arguments: "[COMMAND]",
        summary: "this usage, or a command's help",
        discussion: """
            Without COMMAND, the usage; with one, its help (the same as `cellkit COMMAND --help`). A \
            command of the script language (`row`, `rows`, `screen`…) gets the help `help` gives at the prompt.
            """,
        example: ("cellkit help render", "render's options and an example"),
        argumentCompletion: .none)

    static func parse(_ arguments: [String]) throws(UsageError) -> HelpCommand {
        guard arguments.count <= 2 else { throw UsageError(message: "help takes one COMMAND: \(arguments[2])") }
        return HelpCommand(topic: arguments.isEmpty ? nil : arguments.joined(separator: " "))
    }

    func run(_ context: Context) -> Int32 {
        do {
            context.output.print(try CommandLineHelp.help(topic: topic))
            return 0
        } catch {
            context.output.printError("cellkit: error: \(error.message)\n  'cellkit --help' shows the usage")
            return ExitCode.usage.rawValue
        }
    }
}
