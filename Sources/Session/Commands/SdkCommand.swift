/// `cellkit sdk`: where the SDK is and what it is.
struct SdkCommand: CommandLineCommand, Equatable {
    /// `--export`: the shell command that sets `CELLKIT_SDK`, not the SDK's description.
    var export = false

    static let declaration = Subcommand(
        SdkCommand.self, words: ["sdk"], arguments: "",
        summary: "where the SDK is, its version, ABI and compiler",
        discussion: "Prints where the SDK that plugins build against is, and what it is.",
        example: ("cellkit sdk", "the SDK's folder and versions"),
        argumentCompletion: .none,
        options: [
            .own(
                ["--export"], value: nil,
                summary: "print the shell command that sets CELLKIT_SDK to this SDK: eval \"$(cellkit sdk --export)\"",
                of: SdkCommand.self
            ) { command, _ throws(UsageError) in command.export = true }
        ])

    static func parse(_ arguments: [String]) throws(UsageError) -> SdkCommand {
        try Subcommand.expectNone(arguments, after: "sdk")
        return SdkCommand()
    }

    func run(_ context: Context) -> Int32 { export ? context.exportSDK() : context.printSDK() }
}
