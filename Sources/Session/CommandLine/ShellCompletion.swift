import PluginDiscovery

/// Completion scripts for bash, zsh and fish, made from ``Subcommand/all``
/// and ``CommandLineOption/all``: the command words, each command's options,
/// option values (choices, files with the right extensions, folders), and
/// the names of cells and plugins, which the script asks cellkit for
/// (`cellkit --complete-names LIST`, from the registry cache: ``names(_:host:)``).
/// `cellkit completions SHELL` prints one; `cellkit install` puts each where
/// its shell looks (``installPath(in:)``). Each works in a shell started
/// without its start-up files (`bash --norc`, `zsh -f`, `fish --no-config`):
/// bash's needs no `extglob`, which only the bash-completion package turns on.
///
/// ```swift
/// ShellCompletion.script(for: .bash)   // "# bash completion for cellkit …\n_cellkit() {…"
/// ```
package enum ShellCompletion {
    /// A shell cellkit has completions for.
    package enum Shell: String, CaseIterable, Equatable, Sendable {
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
        ReplCommand.declaration.options.flatMap(\.names) + ["-c", "--recover", "--version"]
    }

    /// The flags of `command` (the top level's for the REPL).
    static func flags(of command: Subcommand) -> [String] {
        command.is(ReplCommand.self) ? topLevelFlags : command.options.flatMap(\.names)
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

    /// What `help` completes: the verbs, then the script's commands, each once
    /// (`render` and `help` are both).
    static var helpTopics: [String] {
        var seen = Set<String>()
        return (Subcommand.verbs + CommandSpec.all.map(\.name.rawValue)).filter { seen.insert($0).inserted }
    }

    /// The commands whose arguments complete names, and the list of each.
    static var nameCommands: [(command: Subcommand, list: String)] {
        verbCommands.compactMap { command in
            command.argumentCompletion.kind == .names ? (command, command.argumentCompletion.words[0]) : nil
        }
    }

    /// Whether only the first argument of `command` completes names
    /// (`describe NAME`, `preview CELL [NAME=VALUE...]`), not every one
    /// (`validate [PLUGIN...]`, whose first argument repeats).
    static func completesFirstArgumentOnly(_ command: Subcommand) -> Bool {
        command.argumentCompletion.kind == .names
            && !(command.arguments.split(separator: " ").first?.contains("...") ?? false)
    }

    /// The `case` lines of bash's and zsh's scripts that complete each
    /// command's arguments, made by `values`.
    private static func argumentCases(_ values: (ValueCompletion) -> String) -> [String] {
        verbCommands.filter { $0.argumentCompletion != .none }.map { command in
            let offer = values(command.argumentCompletion)
            return completesFirstArgumentOnly(command)
                ? "    \"\(key(command))\") if _cellkit_first \(lastWord(command)); then \(offer); fi ;;"
                : "    \"\(key(command))\") \(offer) ;;"
        }
    }

    /// The functions bash's and zsh's scripts share, over the array of
    /// `words` typed (from index `first`, after `cellkit`) up to `current`,
    /// the one being completed: `_cellkit_names LIST`, which offers (by
    /// `offer`, given the command that prints them) the names cellkit gives
    /// for the plugin path typed; and `_cellkit_first WORD`, whether the word
    /// completed is the first argument after the command word `WORD`.
    private static func nameFunctions(words: String, current: String, first: Int, offer: (String) -> String)
        -> [String]
    {
        let names = "\"${\(words)[\(first - 1)]}\" \"${paths[@]}\" \(namesOption) \"$1\" 2>/dev/null"
        return [
            "# The names of a list (\(NameList.allCases.map(\.rawValue).joined(separator: ", "))) on the plugin path typed, from cellkit.",
            "_cellkit_names() {",
            "    local i",
            "    local -a paths=()",
            "    for ((i = \(first); i < \(current); i++)); do",
            "        case \"${\(words)[i]}\" in",
            "        \(pluginPathNames.joined(separator: "|"))) paths+=(--plugin-path \"${\(words)[i+1]}\") ;;",
            "        --plugin-path=*) paths+=(\"${\(words)[i]}\") ;;",
            "        esac",
            "    done",
            "    \(offer(names))",
            "}",
            "# Whether the word being completed is the first argument after the command word $1.",
            "_cellkit_first() {",
            "    local i seen=0",
            "    for ((i = \(first); i < \(current); i++)); do",
            "        case \"${\(words)[i]}\" in",
            "        \(valuedOptionPattern)) ((i++)); continue ;;",
            "        esac",
            "        if ((seen)) && [[ ${\(words)[i]} != -* ]]; then return 1; fi",
            "        if [[ ${\(words)[i]} == \"$1\" ]]; then seen=1; fi",
            "    done",
            "    return 0",
            "}",
        ]
    }

    /// The last word of `command` as typed (`describe`; `rebuild` of `plugin rebuild`).
    private static func lastWord(_ command: Subcommand) -> String { command.words.last ?? "" }

    /// How `--plugin-path` may be written: what the scripts pass on when they ask cellkit for names.
    private static var pluginPathNames: [String] {
        CommandLineOption.all.first { $0.names.contains("--plugin-path") }?.names ?? ["--plugin-path"]
    }

    /// The names of every option that takes a value, `|`-separated: the word after one is its value, no argument.
    private static var valuedOptionPattern: String {
        valuedOptions.flatMap(\.names).joined(separator: "|")
    }

    private static func shellWords(_ words: [String]) -> String { words.joined(separator: " ") }

    // MARK: - Names

    /// The lists of names the scripts ask cellkit for (`cellkit --complete-names LIST`).
    enum NameList: String, CaseIterable, Sendable {
        /// What `describe` takes: a cell, view, nib or storyboard of any plugin.
        case items
        /// What a row shows (`preview`): a cell.
        case cells
        /// A plugin on the plugin path (`validate`).
        case plugins
    }

    /// The option of the internal mode that prints a list of names.
    static let namesOption = "--complete-names"

    /// The names of `list` (a ``NameList``'s raw value) on `host`'s plugin
    /// path, short and qualified, sorted: from the registry cache, as the
    /// console's Tab completes them, so nothing is loaded (a library that
    /// changed is scanned in a child, as for `cellkit plugins`). None for a
    /// list that is not one.
    ///
    /// ```swift
    /// ShellCompletion.names("cells", host: host)   // ["BasicCells.TextCell", …, "TextCell", …]
    /// ```
    static func names(_ list: String, host: PluginLocator) -> [String] {
        switch NameList(rawValue: list) {
        case .plugins?:
            return Array(Set(host.searchPath.libraries().map(\.name))).sorted()
        case .cells?, .items?:
            let records = host.cache?.records(for: host.searchPath) ?? []
            let kinds = list == NameList.cells.rawValue ? Interpreter.rowKinds : nil
            return LoadedPlugins.names(in: PluginCatalog(), records, kinds: kinds)
        case nil:
            return []
        }
    }

    // MARK: - bash

    static var bash: String {
        var lines = [
            "# bash completion for cellkit: `cellkit completions bash` made it from cellkit's declarations.",
            "# Files with one of the extensions given, and folders: `compgen -f` filtered here, as `-X '!*.@(…)'`",
            "# would need extglob, which only the bash-completion package turns on.",
            "_cellkit_files() {",
            "    local file extension",
            "    local -a files",
            "    COMPREPLY=()",
            "    mapfile -t files < <(compgen -f -- \"$cur\")",
            "    for file in \"${files[@]}\"; do",
            "        if [[ -d $file ]]; then COMPREPLY+=(\"$file\"); continue; fi",
            "        for extension in \"$@\"; do",
            "            if [[ $file == *.\"$extension\" ]]; then COMPREPLY+=(\"$file\"); break; fi",
            "        done",
            "    done",
            "}",
        ]
        lines += nameFunctions(words: "COMP_WORDS", current: "COMP_CWORD", first: 1) { names in
            "COMPREPLY=($(compgen -W \"$(\(names))\" -- \"$cur\"))"
        }
        lines += [
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
        lines += argumentCases(bashValues)
        lines.append("    help) COMPREPLY=($(compgen -W \"\(shellWords(helpTopics))\" -- \"$cur\")) ;;")
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
        case .files: "_cellkit_files \(shellWords(extensions))"
        case .names: "_cellkit_names \(words[0])"
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
        ]
        lines += nameFunctions(words: "words", current: "CURRENT", first: 2) { names in
            "compadd -- ${(f)\"$(\(names))\"}"
        }
        lines += [
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
            if command.is(ReplCommand.self) {
                entries += [
                    described("-c", "run commands, one a line"), described("--recover", "restore a crashed session"),
                    described("--version", "cellkit's version"),
                ]
            }
            return entries.joined(separator: " ")
        }
        lines.append("        \"\") options=(\(optionList(ReplCommand.declaration))) ;;")
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
        lines += argumentCases(zshValues)
        lines.append("    help) compadd -- \(shellWords(helpTopics)) ;;")
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
        case .names: "_cellkit_names \(words[0])"
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
            "end", "",
            "# The names of a list (\(NameList.allCases.map(\.rawValue).joined(separator: ", "))) on the plugin path typed, from cellkit.",
            "function __cellkit_names",
            "    set -l words (commandline -opc)",
            "    set -l paths",
            "    for i in (seq 2 (count $words))",
            "        switch $words[$i]",
            "            case \(pluginPathNames.joined(separator: " "))",
            "                set -l next (math $i + 1)",
            "                if test $next -le (count $words)",
            "                    set -a paths --plugin-path $words[$next]",
            "                end",
            "            case '--plugin-path=*'",
            "                set -a paths $words[$i]",
            "        end",
            "    end",
            "    $words[1] $paths \(namesOption) $argv[1] 2>/dev/null",
            "end", "",
            "# Whether the word being completed is the first argument after the command word $argv[1].",
            "function __cellkit_first",
            "    set -l words (commandline -opc)",
            "    set -l seen 0",
            "    set -l skip 0",
            "    for i in (seq 2 (count $words))",
            "        if test $skip = 1",
            "            set skip 0",
            "            continue",
            "        end",
            "        switch $words[$i]",
            "            case \(valuedOptions.flatMap(\.names).joined(separator: " "))",
            "                set skip 1",
            "                continue",
            "        end",
            "        if test $seen = 1; and not string match -q -- '-*' $words[$i]",
            "            return 1",
            "        end",
            "        if test \"$words[$i]\" = \"$argv[1]\"",
            "            set seen 1",
            "        end",
            "    end",
            "    return 0",
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
        for command in [ReplCommand.declaration] + verbCommands {
            for option in command.options {
                lines.append("complete -c cellkit -n \(condition(key(command))) \(fishOption(option))")
            }
            if command.argumentCompletion != .none {
                let when =
                    completesFirstArgumentOnly(command)
                    ? "'__cellkit_using \"\(key(command))\"; and __cellkit_first \(lastWord(command))'"
                    : condition(key(command))
                lines.append("complete -c cellkit -n \(when) \(fishValues(command.argumentCompletion))")
            }
        }
        lines += [
            "complete -c cellkit -n \(condition("")) -s c -x -d 'run commands, one a line'",
            "complete -c cellkit -n \(condition("")) -l recover -d 'restore a crashed session'",
            "complete -c cellkit -n \(condition("")) -l version -d \"cellkit's version\"",
            "complete -c cellkit -n \(condition("help")) -a \(fishQuoted(shellWords(helpTopics)))",
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
        case .names: "-x -a '(__cellkit_names \(completion.words[0]))'"
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
