import Glibc

/// `cellkit` alone: the console on a terminal, a script from standard input otherwise.
struct ReplCommand: CommandLineCommand, Equatable {
    static let declaration = Subcommand(
        ReplCommand.self, words: [], arguments: "",
        summary: "the console: compose and render screens at a prompt (a script on standard input when not a terminal)",
        discussion: """
            With no command, cellkit starts the console on a terminal: line editing, history, Tab completion, \
            and `help` for the script language. When standard input is not a terminal, it runs it as a script.
            """,
        example: ("cellkit < Examples/dashboard.cellkit", "run a script from standard input"),
        argumentCompletion: .none, takes: [.loadsPlugins, .session, .runsScripts, .watches])

    static func parse(_ arguments: [String]) throws(UsageError) -> ReplCommand {
        if let first = arguments.first { throw UsageError(message: "unknown command '\(first)'") }
        return ReplCommand()
    }

    func run(_ context: Context) -> Int32 {
        guard isatty(0) == 1 && isatty(1) == 1 else { return context.runStandardInput() }
        let repl = REPL(context: context, recover: false)
        repl.watch = context.invocation.watch
        return repl.run()
    }
}
