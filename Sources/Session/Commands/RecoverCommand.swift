/// `cellkit --recover`: the console, with the screens of the session that crashed.
struct RecoverCommand: CommandLineCommand, Equatable {
    static let declaration = Subcommand(
        RecoverCommand.self, words: ["--recover"], arguments: "",
        summary: "restore the screens of a session that crashed",
        discussion: "Starts the console with the screens and loads of the last session that did not end.",
        example: ("cellkit --recover", "get the crashed session back"),
        argumentCompletion: .none, takes: [.loadsPlugins, .session, .watches])

    static func parse(_ arguments: [String]) throws(UsageError) -> RecoverCommand { RecoverCommand() }

    func run(_ context: Context) -> Int32 {
        let repl = REPL(context: context, recover: true)
        repl.watch = context.invocation.watch
        return repl.run()
    }
}
