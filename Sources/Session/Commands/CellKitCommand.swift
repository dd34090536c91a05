/// Something `cellkit` runs: a command of the command line
/// (``CommandLineCommand``), or one cellkit runs for itself (`--version`,
/// `--scan-plugin`).
package protocol CellKitCommand: Sendable {
    /// Does it in `context`, whose ``Context/invocation`` holds the shared
    /// options; returns the exit code (docs/batch.md).
    func run(_ context: Context) -> Int32
}

/// A `cellkit` command in one type, as swift-argument-parser keeps one: its
/// declaration (words, help, the shared options it takes and its own), how
/// it reads its arguments, and what it does.
///
/// To add a command, write a type in `Sources/Session/Commands` and name it
/// in ``Subcommand/all``; help, the manual page and the completions follow.
///
/// ```swift
/// struct SdkCommand: CommandLineCommand {
///     static let declaration = Subcommand(SdkCommand.self, words: ["sdk"], …)
///     static func parse(_ arguments: [String]) throws(UsageError) -> SdkCommand { … }
///     func run(_ context: Context) -> Int32 { context.printSDK() }
/// }
/// ```
protocol CommandLineCommand: CellKitCommand {
    /// How it is written and what it does.
    static var declaration: Subcommand { get }
    /// The command the positional arguments after its words make; its own
    /// options change it afterwards.
    static func parse(_ arguments: [String]) throws(UsageError) -> Self
    /// Checks what the options given make of it, once all are read (nothing by default).
    func check(_ invocation: Invocation) throws(UsageError)
}

extension CommandLineCommand {
    func check(_ invocation: Invocation) throws(UsageError) {}
}

extension Subcommand {
    /// Every command, in the order the usage lists them.
    static let all: [Subcommand] = [
        ReplCommand.self, RunCommand.self, CommandsCommand.self, RenderCommand.self, PluginsCommand.self,
        ValidateCommand.self, DescribeCommand.self, PreviewCommand.self, NewPluginCommand.self,
        PluginInstallCommand.self, PluginUninstallCommand.self, PluginRebuildCommand.self, InstallCommand.self,
        UninstallCommand.self, SdkCommand.self, CompletionsCommand.self, ManualCommand.self, HelpCommand.self,
        RecoverCommand.self,
    ].map { (command: any CommandLineCommand.Type) in command.declaration }

    /// Refuses arguments after a command that takes none.
    static func expectNone(_ arguments: [String], after verb: String) throws(UsageError) {
        if let extra = arguments.first { throw UsageError(message: "\(verb) takes no arguments: \(extra)") }
    }
}
