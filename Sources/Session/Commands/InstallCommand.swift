/// `cellkit install`: cellkit, its plugins, the SDK, completions and manual into a prefix.
struct InstallCommand: CommandLineCommand, Equatable {
    static let declaration = Subcommand(
        InstallCommand.self, words: ["install"], arguments: "",
        summary: "install cellkit, its plugins, the SDK, completions and manual (default ~/.local)",
        discussion: """
            Copies a release build of cellkit, the example plugins and the SDK that plugins build against \
            into a prefix (~/.local unless --prefix is given), with the shell completions and the manual \
            page where shells and man look for them. A debug build of a checkout builds release first \
            (swift build -c release --scratch-path .build/install) and installs that.
            """,
        example: ("cellkit install --prefix /opt/cellkit", "install into /opt/cellkit"),
        argumentCompletion: .none, takes: [.installs])

    static func parse(_ arguments: [String]) throws(UsageError) -> InstallCommand {
        try Subcommand.expectNone(arguments, after: "install")
        return InstallCommand()
    }

    func run(_ context: Context) -> Int32 { context.install(prefix: context.invocation.prefix) }
}
