/// `cellkit validate [PLUGIN...]`: makes everything the plugins register.
struct ValidateCommand: CommandLineCommand, Equatable {
    /// The plugins named; every plugin on the path when empty.
    var plugins: [String]

    static let declaration = Subcommand(
        ValidateCommand.self, words: ["validate"], arguments: "[PLUGIN...]",
        summary: "make every cell, nib and scene; report every failure",
        discussion: """
            Loads each plugin named (every plugin on the path when none is) and makes every cell, nib, \
            storyboard scene and loader it registered. Exit status 3 when anything failed.
            """,
        example: ("cellkit validate BasicCells CardCells", "check two plugins"),
        argumentCompletion: .names(.plugins), takes: [.loadsPlugins, .printsJSON])

    static func parse(_ arguments: [String]) throws(UsageError) -> ValidateCommand {
        ValidateCommand(plugins: arguments)
    }

    func run(_ context: Context) -> Int32 { context.validate(plugins) }
}
