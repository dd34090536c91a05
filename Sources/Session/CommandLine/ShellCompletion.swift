/// Completion scripts for bash, zsh and fish, made from ``Subcommand/all``
/// and ``CommandLineOption/all``: the command words, each command's options,
/// and option values (choices, files with the right extensions, folders).
/// `cellkit completions SHELL` prints one; `cellkit install` puts each where
/// its shell looks (``installPath(in:)``).
///
/// ```swift
/// ShellCompletion.script(for: .bash)   // "# bash completion for cellkit …\n_cellkit() {…"
/// ```
public enum ShellCompletion {
    /// A shell cellkit has completions for.
    public enum Shell: String, CaseIterable, Equatable, Sendable {
        case bash, zsh, fish

        /// Where the script goes under an install prefix, where the shell looks by default.
        func installPath(in prefix: String) -> String {
            switch self {
            case .bash: prefix + "/share/bash-completion/completions/cellkit"
            case .zsh: prefix + "/share/zsh/site-functions/_cellkit"
            case .fish: prefix + "/share/fish/vendor_completions.d/cellkit.fish"
            }
        }
    }

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    // MARK: - What the scripts are made of

    /// The command key the scripts use: `""` for the REPL, `run`, `plugin install`.
    static func key(_ command: Subcommand) -> String { command.isVerb ? command.words.joined(separator: " ") : "" }

    /// Commands a shell completes as words: the verbs (the REPL's options are the top level's).
    static var verbCommands: [Subcommand] { Subcommand.all.filter(\.isVerb) }

    /// Options at the top level: the REPL's, plus the commands written as options.
    static var topLevelFlags: [String] {
        Subcommand.named(.repl).options.flatMap(\.names) + ["-c", "--recover", "--version"]
    }

    /// The flags of `command` (the top level's for the REPL).
    static func flags(of command: Subcommand) -> [String] {
        command.id == .repl ? topLevelFlags : command.options.flatMap(\.names)
    }

    /// The first words of two-word commands (`plugin`), sorted.
    static var groups: [String] { Set(verbCommands.filter { $0.words.count == 2 }.map { $0.words[0] }).sorted() }

    /// The verbs that are a command by themselves (not a group's first word).
    static var singleVerbs: [String] { Subcommand.verbs.filter { !groups.contains($0) } }

    /// The `case` lines of bash's and zsh's loop that finds the command typed so far in
    /// `words` (bash: `COMP_WORDS`, up to `COMP_CWORD`; zsh: `words`, up to `CURRENT`).
    static func commandCases(words: String, current: String) -> [String] {
        ["        \(singleVerbs.joined(separator: "|"))) command=\"${\(words)[i]}\"; break ;;"]
            + groups.map { group in
                "        \(group)) command=\"\(group)\"; if ((i + 1 < \(current))); then command=\"\(group) ${\(words)[i+1]}\"; fi; break ;;"
            }
    }

    /// Options that take a value, grouped by what completes it.
    static var valuedOptions: [CommandLineOption] { CommandLineOption.all.filter { $0.value != nil } }

    private static func shellWords(_ words: [String]) -> String { words.joined(separator: " ") }

    // MARK: - bash

    static var bash: String {
        var lines = [
            "# bash completion for cellkit: `cellkit completions bash` made it from cellkit's declarations.",
            "_cellkit() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
            "    local command=\"\" i",
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            "        case \"${COMP_WORDS[i]}\" in",
        ]
        lines += commandCases(words: "COMP_WORDS", current: "COMP_CWORD")
        lines += ["        esac", "    done", "    case \"$prev\" in"]
        for option in valuedOptions {
            let pattern = option.names.joined(separator: "|")
            lines.append("    \(pattern)) \(bashValues(option.value!.completion)); return ;;")
        }
        lines += ["    esac", "    if [[ \"$cur\" == -* ]]; then", "        case \"$command\" in"]
        lines.append("        \"\") COMPREPLY=($(compgen -W \"\(shellWords(topLevelFlags))\" -- \"$cur\")) ;;")
        for command in verbCommands {
            lines.append(
                "        \"\(key(command))\") COMPREPLY=($(compgen -W \"\(shellWords(flags(of: command)))\" -- \"$cur\")) ;;"
            )
        }
        lines += ["        esac", "        return", "    fi", "    case \"$command\" in"]
        lines.append(
            "    \"\") COMPREPLY=($(compgen -W \"\(shellWords(Subcommand.verbs))\" -- \"$cur\")) ;;")
        for group in groups {
            let seconds = verbCommands.filter { $0.words.count == 2 && $0.words[0] == group }.map { $0.words[1] }
            lines.append("    \(group)) COMPREPLY=($(compgen -W \"\(shellWords(seconds))\" -- \"$cur\")) ;;")
        }
        for command in verbCommands where command.argumentCompletion != .none {
            lines.append("    \"\(key(command))\") \(bashValues(command.argumentCompletion)) ;;")
        }
        lines.append(
            "    help) COMPREPLY=($(compgen -W \"\(shellWords(Subcommand.verbs + CommandSpec.all.map(\.name.rawValue)))\" -- \"$cur\")) ;;"
        )
        lines += ["    esac", "}", "complete -o filenames -F _cellkit cellkit", ""]
        return lines.joined(separator: "\n")
    }

    private static func bashValues(_ completion: ValueCompletion) -> String {
        let (extensions, words) = (completion.words, completion.words)
        return switch completion.kind {
        case .none: "COMPREPLY=()"
        case .directories: "COMPREPLY=($(compgen -d -- \"$cur\"))"
        case .choices: "COMPREPLY=($(compgen -W \"\(shellWords(words))\" -- \"$cur\"))"
        case .files where extensions.isEmpty: "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .files:
            "COMPREPLY=($(compgen -f -X '!*.@(\(extensions.joined(separator: "|")))' -- \"$cur\") $(compgen -d -- \"$cur\"))"
        }
    }

    // MARK: - zsh

    /// `word:description`, with the colons of the word and description escaped as `_describe` wants.
    private static func described(_ word: String, _ description: String) -> String {
        let escaped = (word.replacingColons + ":" + description.replacingColons).replacingSingleQuotes
        return "'\(escaped)'"
    }

    static var zsh: String {
        var lines = [
            "#compdef cellkit",
            "# zsh completion for cellkit: `cellkit completions zsh` made it from cellkit's declarations.",
            "_cellkit() {",
            "    local command=\"\" i",
            "    for ((i = 2; i < CURRENT; i++)); do",
            "        case \"${words[i]}\" in",
        ]
        lines += commandCases(words: "words", current: "CURRENT")
        lines += ["        esac", "    done", "    case \"${words[CURRENT-1]}\" in"]
        for option in valuedOptions {
            lines.append(
                "    \(option.names.joined(separator: "|"))) \(zshValues(option.value!.completion)); return ;;")
        }
        lines += [
            "    esac", "    local -a options", "    if [[ \"${words[CURRENT]}\" == -* ]]; then",
            "        case \"$command\" in",
        ]
        func optionList(_ command: Subcommand) -> String {
            var entries = command.options.flatMap { option in option.names.map { described($0, option.summary) } }
            if command.id == .repl {
                entries += [
                    described("-c", "run commands, one a line"), described("--recover", "restore a crashed session"),
                    described("--version", "cellkit's version"),
                ]
            }
            return entries.joined(separator: " ")
        }
        lines.append("        \"\") options=(\(optionList(Subcommand.named(.repl)))) ;;")
        for command in verbCommands { lines.append("        \"\(key(command))\") options=(\(optionList(command))) ;;") }
        lines += ["        esac", "        _describe -t options 'option' options", "        return", "    fi"]
        lines += ["    local -a verbs", "    case \"$command\" in"]
        let verbEntries = Subcommand.verbs.map { verb in
            described(
                verb, verbCommands.first { $0.words[0] == verb && $0.words.count == 1 }?.summary ?? "plugin commands")
        }
        lines.append(
            "    \"\") verbs=(\(verbEntries.joined(separator: " "))); _describe -t commands 'command' verbs ;;")
        for group in groups {
            let entries = verbCommands.filter { $0.words.count == 2 && $0.words[0] == group }.map {
                described($0.words[1], $0.summary)
            }
            lines.append(
                "    \(group)) verbs=(\(entries.joined(separator: " "))); _describe -t commands 'command' verbs ;;")
        }
        for command in verbCommands where command.argumentCompletion != .none {
            lines.append("    \"\(key(command))\") \(zshValues(command.argumentCompletion)) ;;")
        }
        lines.append(
            "    help) compadd -- \(shellWords(Subcommand.verbs + CommandSpec.all.map(\.name.rawValue))) ;;")
        lines += ["    esac", "}", "_cellkit \"$@\"", ""]
        return lines.joined(separator: "\n")
    }

    private static func zshValues(_ completion: ValueCompletion) -> String {
        let (extensions, words) = (completion.words, completion.words)
        return switch completion.kind {
        case .none: ":"
        case .directories: "_files -/"
        case .choices: "compadd -- \(shellWords(words))"
        case .files where extensions.isEmpty: "_files"
        case .files: "_files -g '*.(\(extensions.joined(separator: "|")))'"
        }
    }

    // MARK: - fish

    static var fish: String {
        var lines = [
            "# fish completion for cellkit: `cellkit completions fish` made it from cellkit's declarations.",
            "function __cellkit_command",
            "    set -l words (commandline -opc)",
            "    for i in (seq 2 (count $words))",
            "        switch $words[$i]",
        ]
        lines += [
            "            case \(shellWords(singleVerbs))", "                echo $words[$i]", "                return",
        ]
        for group in groups {
            lines += [
                "            case \(group)",
                "                set -l next (math $i + 1)",
                "                if test $next -le (count $words)",
                "                    echo \"\(group) $words[$next]\"",
                "                else",
                "                    echo \(group)",
                "                end",
                "                return",
            ]
        }
        lines += [
            "        end", "    end", "end", "",
            "# Whether the command typed so far is $argv[1] (\"\" before any command).",
            "function __cellkit_using", "    set -l command (__cellkit_command)",
            "    test \"$command\" = \"$argv[1]\"",
            "end", "", "complete -c cellkit -f",
        ]
        func condition(_ key: String) -> String { "'__cellkit_using \"\(key)\"'" }
        for verb in Subcommand.verbs {
            let summary =
                verbCommands.first { $0.words[0] == verb && $0.words.count == 1 }?.summary ?? "plugin commands"
            lines.append("complete -c cellkit -n \(condition("")) -a \(verb) -d \(fishQuoted(summary))")
        }
        for group in groups {
            for command in verbCommands where command.words.count == 2 && command.words[0] == group {
                lines.append(
                    "complete -c cellkit -n \(condition(group)) -a \(command.words[1]) -d \(fishQuoted(command.summary))"
                )
            }
        }
        for command in [Subcommand.named(.repl)] + verbCommands {
            for option in command.options {
                lines.append("complete -c cellkit -n \(condition(key(command))) \(fishOption(option))")
            }
            if command.argumentCompletion != .none {
                lines.append(
                    "complete -c cellkit -n \(condition(key(command))) \(fishValues(command.argumentCompletion))")
            }
        }
        lines += [
            "complete -c cellkit -n \(condition("")) -s c -x -d 'run commands, one a line'",
            "complete -c cellkit -n \(condition("")) -l recover -d 'restore a crashed session'",
            "complete -c cellkit -n \(condition("")) -l version -d \"cellkit's version\"",
            "complete -c cellkit -n \(condition("help")) -a \(fishQuoted(shellWords(Subcommand.verbs + CommandSpec.all.map(\.name.rawValue))))",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    private static func fishOption(_ option: CommandLineOption) -> String {
        var parts: [String] = []
        for name in option.names {
            parts.append(name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())")
        }
        if let value = option.value { parts.append(fishValues(value.completion)) }
        parts.append("-d \(fishQuoted(option.summary))")
        return parts.joined(separator: " ")
    }

    private static func fishValues(_ completion: ValueCompletion) -> String {
        switch completion.kind {
        case .none: "-x"
        case .directories: "-x -a '(__fish_complete_directories)'"
        case .choices: "-x -a \(fishQuoted(shellWords(completion.words)))"
        case .files: "-r -F"
        }
    }

    private static func fishQuoted(_ text: String) -> String { "'" + text.replacingSingleQuotes + "'" }
}

extension String {
    /// `'` written for inside single quotes: `'\''` (bash, zsh) or `\'` (fish) — both read `'\''`.
    fileprivate var replacingSingleQuotes: String {
        var result = ""
        for character in self { result += character == "'" ? "'\\''" : String(character) }
        return result
    }

    /// `:` escaped for zsh's `_describe`.
    fileprivate var replacingColons: String {
        var result = ""
        for character in self { result += character == ":" ? "\\:" : String(character) }
        return result
    }
}
