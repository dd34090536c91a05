/// `cellkit manual`: the manual page, in roff.
struct ManualCommand: CommandLineCommand, Equatable {
    static let declaration = Subcommand(
        ManualCommand.self, words: ["manual"], arguments: "",
        summary: "print the manual page cellkit(1), in roff",
        discussion: "Prints the manual page; `cellkit install` installs it. To read it now: cellkit manual | man -l -",
        example: ("cellkit manual | man -l -", "read the manual"),
        argumentCompletion: .none)

    static func parse(_ arguments: [String]) throws(UsageError) -> ManualCommand {
        try Subcommand.expectNone(arguments, after: "manual")
        return ManualCommand()
    }

    func run(_ context: Context) -> Int32 {
        context.output.print(ManualPage.text(version: CellKitApp.version), terminator: "")
        return 0
    }
}
