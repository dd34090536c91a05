import Testing

@testable import Session

/// Help, completions and the manual page are made from the command and
/// option declarations: these tests check each artefact names every
/// declaration, so an option added to the table shows up everywhere, and a
/// generator that drops one fails here.
@Suite struct CommandLineDeclarationTests {
    @Test func everyCommandsHelpListsItsOptionsAndAnExample() throws {
        for command in Subcommand.all {
            let help = CommandLineHelp.help(for: command)
            #expect(help.hasPrefix("usage: \(command.synopsis)"))
            #expect(help.contains(command.example.command), "\(command.name)'s help has no example")
            for option in command.options {
                #expect(help.contains(option.written), "\(command.name)'s help lacks \(option.name)")
            }
            for option in CommandLineOption.all where !option.applies(to: command) {
                #expect(!help.contains("  \(option.written)"), "\(command.name)'s help lists \(option.name)")
            }
        }
    }

    @Test func helpTopicsReachEveryCommandAndTheScriptLanguage() throws {
        for command in Subcommand.all where command.isVerb {
            #expect(try CommandLineHelp.help(topic: command.name) == CommandLineHelp.help(for: command))
        }
        #expect(try CommandLineHelp.help(topic: "-c") == CommandLineHelp.help(for: CommandsCommand.declaration))
        #expect(try CommandLineHelp.help(topic: "rows").hasPrefix("rows CELL from FILE"))
        #expect(try CommandLineHelp.help(topic: "plugin").contains("usage: cellkit plugin uninstall NAME"))
        #expect(throws: UsageError.self) { try CommandLineHelp.help(topic: "rnder") }
    }

    @Test func theUsageNamesEveryCommandAndOption() {
        let usage = CommandLineHelp.usage
        for command in Subcommand.all where !command.is(HelpCommand.self) {
            #expect(usage.contains(command.synopsis), "the usage lacks \(command.name)")
        }
        for option in CommandLineOption.all { #expect(usage.contains(option.written)) }
    }

    @Test(arguments: ShellCompletion.Shell.allCases)
    func everyCompletionScriptCompletesEveryVerbOptionAndChoice(_ shell: ShellCompletion.Shell) {
        let script = ShellCompletion.script(for: shell)
        for verb in Subcommand.verbs { #expect(script.contains(verb), "\(shell) lacks the command \(verb)") }
        for option in CommandLineOption.all {
            for name in option.names {
                // fish writes `-l keep-going` and `-s k`; bash and zsh the option as typed.
                let written =
                    shell == .fish
                    ? (name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())") : name
                #expect(script.contains(written), "\(shell) lacks \(name)")
            }
            if let completion = option.value?.completion, completion.kind == .choices {
                #expect(
                    script.contains(completion.words.joined(separator: " ")),
                    "\(shell) lacks the values of \(option.name)")
            }
        }
    }

    @Test func theManualPageHasEveryCommandOptionAndSection() {
        let page = ManualPage.text(version: "9.9.9")
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "EXIT STATUS", "ENVIRONMENT"] {
            #expect(page.contains(".SH \(section)\n"))
        }
        for command in Subcommand.all { #expect(page.contains(ManualPage.escaped(command.synopsis))) }
        for option in CommandLineOption.all {
            for name in option.names { #expect(page.contains("\\fB" + ManualPage.escaped(name) + "\\fR")) }
        }
        #expect(!page.unicodeScalars.contains { $0.value > 127 }, "roff wants ASCII: escape the rest")
    }

    /// Each command's declaration names its own type (a declaration copied
    /// with another's would run that one), and its own options
    /// (``CommandLineOption/own(_:value:summary:of:set:)``) apply to it alone,
    /// each with a spelling no other option has.
    @Test func eachDeclarationNamesItsTypeAndItsOwnOptionsAreItsAlone() {
        let types = Subcommand.all.map { ObjectIdentifier($0.command) }
        #expect(Set(types).count == types.count, "two declarations name the same type")
        for command in Subcommand.all {
            for option in command.ownOptions {
                let takers = Subcommand.all.filter { option.applies(to: $0) }.map(\.name)
                #expect(takers == [command.name], "\(option.name), declared by \(command.name), applies to \(takers)")
            }
        }
        let spellings = CommandLineOption.all.flatMap(\.names)
        #expect(spellings.count == Set(spellings).count, "\(spellings)")
    }

    @Test func unknownOptionsSuggestOnlyWhatTheCommandTakes() {
        func message(_ arguments: [String]) -> String? {
            do {
                _ = try Invocation.parse(arguments)
                return nil
            } catch { return error.message }
        }
        let run = message(["run", "bad.cellkit", "--widht", "3"]) ?? ""
        #expect(!run.contains("did you mean"), "\(run)")
        #expect(run.contains("run has no option like it"))
        #expect(message(["render", "b", "--widht", "3"]) == "unknown option '--widht'; did you mean '--width'?")
        #expect(message(["run", "a", "--keep-goin"]) == "unknown option '--keep-goin'; did you mean '--keep-going'?")
    }
}
