/// `cellkit run FILE...`: script files in turn, in one session.
struct RunCommand: CommandLineCommand, Equatable {
    /// The script files, `-` for standard input.
    var files: [String]

    static let declaration = Subcommand(
        RunCommand.self, words: ["run"], arguments: "FILE...",
        summary: "run script files ('-' reads standard input)",
        discussion: """
            Runs each script file in turn, in one session: the screens of one are there for the next. \
            The first error stops the run, unless --keep-going is given.
            """,
        example: ("cellkit run Examples/dashboard.cellkit", "load two plugins and draw the dashboard"),
        argumentCompletion: .files(["cellkit"]), takes: [.loadsPlugins, .session, .runsScripts])

    static func parse(_ arguments: [String]) throws(UsageError) -> RunCommand {
        guard !arguments.isEmpty else { throw UsageError(message: "run needs at least one script file") }
        return RunCommand(files: arguments)
    }

    func run(_ context: Context) -> Int32 { context.runFiles(files) }
}
