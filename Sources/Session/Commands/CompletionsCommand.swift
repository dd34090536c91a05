@_spi(Host) import CellKit

/// `cellkit completions SHELL`: a shell's completion script.
struct CompletionsCommand: CommandLineCommand, Equatable {
    var shell: ShellCompletion.Shell

    static let declaration = Subcommand(
        CompletionsCommand.self, words: ["completions"], arguments: "SHELL",
        summary: "print the completion script for bash, zsh or fish",
        discussion: """
            Prints the shell completion script for SHELL. `cellkit install` puts each where its shell \
            looks; to try one without installing: source <(cellkit completions bash).
            """,
        example: ("cellkit completions bash > ~/.local/share/bash-completion/completions/cellkit", "bash's"),
        argumentCompletion: .choices(ShellCompletion.Shell.allCases.map(\.rawValue)))

    static func parse(_ arguments: [String]) throws(UsageError) -> CompletionsCommand {
        let names = ShellCompletion.Shell.allCases.map(\.rawValue)
        guard arguments.count == 1 else {
            throw UsageError(message: "completions needs exactly one SHELL: \(names.joined(separator: ", "))")
        }
        guard let shell = ShellCompletion.Shell(rawValue: arguments[0]) else {
            throw UsageError(
                message: "no completions for '\(arguments[0])'; "
                    + (Suggestions.didYouMean(arguments[0], in: names)
                        ?? "write one of \(names.joined(separator: ", "))"))
        }
        return CompletionsCommand(shell: shell)
    }

    func run(_ context: Context) -> Int32 {
        context.output.print(ShellCompletion.script(for: shell), terminator: "")
        return 0
    }
}
