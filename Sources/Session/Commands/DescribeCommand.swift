/// `cellkit describe NAME`: a cell's, nib's or view's attributes.
struct DescribeCommand: CommandLineCommand, Equatable {
    /// `PLUGIN.NAME`, or the short name.
    var name: String

    static let declaration = Subcommand(
        DescribeCommand.self, words: ["describe"], arguments: "NAME",
        summary: "a cell's, nib's or view's attributes, with types and defaults",
        discussion: """
            Describes a cell, header/footer view, nib or storyboard by name (PLUGIN.NAME, or the short \
            name when it is unambiguous), as `describe` at the prompt does. Loads the plugin that has it.
            """,
        example: ("cellkit describe ProgressCell --json", "ProgressCell's attributes as JSON"),
        argumentCompletion: .names(.items), takes: [.loadsPlugins, .printsJSON])

    static func parse(_ arguments: [String]) throws(UsageError) -> DescribeCommand {
        guard arguments.count == 1 else { throw UsageError(message: "describe needs exactly one NAME") }
        return DescribeCommand(name: arguments[0])
    }

    func run(_ context: Context) -> Int32 { context.describe(name) }
}
