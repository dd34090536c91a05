/// The manual page `cellkit(1)`, in roff (the `man` macros), made from
/// ``Subcommand/all`` and ``CommandLineOption/all``: `cellkit manual`
/// prints it, `cellkit install` puts it in `PREFIX/share/man/man1/`.
///
/// ```swift
/// ManualPage.text(version: "0.1.0")   // ".TH CELLKIT 1 …\n.SH NAME\n…"
/// ```
enum ManualPage {
    /// The environment variables cellkit reads, for the ENVIRONMENT section.
    static let environment: [(name: String, meaning: String)] = [
        ("CELLKIT_PLUGIN_PATH", "folders to look for plugins in, colon-separated, before the default path"),
        ("CELLKIT_TIMEOUT", "seconds a plugin may work without progress before its worker is stopped (1 to 86400)"),
        ("CELLKIT_JOBS", "how many workers may share a render, 1 to 64 (--jobs; default: the cores)"),
        ("CELLKIT_SCAN_TIMEOUT", "seconds a plugin may take to register when the registry cache scans it"),
        ("JOB_COMPLETION_INDEX", "the part render --shard env/N draws, in a Kubernetes Indexed Job"),
        (
            "SLURM_ARRAY_TASK_ID",
            "with SLURM_ARRAY_TASK_MIN (and _STEP, _COUNT): the part render --shard env/N draws, in a Slurm array"
        ),
        ("TMPDIR", "where a part of render --shard held until whole, and sort= runs, are written (/tmp)"),
        ("NO_COLOR", "no colour, whatever the terminal can show"),
        ("XDG_CONFIG_HOME", "where the config file is (~/.config)"),
        ("XDG_STATE_HOME", "where history, session journals and worker logs go (~/.local/state)"),
        ("XDG_CACHE_HOME", "where the plugin registry cache goes (~/.cache)"),
        ("XDG_DATA_HOME", "where installed plugins go (~/.local/share)"),
    ]

    static func text(version: String) -> String {
        var page = [
            ".TH CELLKIT 1 \"\" \"cellkit \(escaped(version))\" \"User Commands\"",
            ".SH NAME",
            "cellkit \\- compose screens of reusable cells from plugins, and render them as text, ANSI, HTML, SVG or JSON",
            ".SH SYNOPSIS",
        ]
        for command in Subcommand.all where !command.is(HelpCommand.self) {
            page += [".B " + escaped(["cellkit"] + command.words), argumentsLine(command), ".br"]
        }
        page.removeLast()
        page += [
            ".SH DESCRIPTION",
            escaped(
                "CellKit brings the reusable-cell way of building screens of iOS to the terminal. Plugins (shared "
                    + "libraries) register cell types and nibs (text templates) by name; the console composes screens "
                    + "of sections of cells, at a prompt or from scripts, and renders them. Plugins run in a worker "
                    + "process: one that crashes or hangs ends with an error, never the session."),
            ".SH COMMANDS",
        ]
        for command in Subcommand.all {
            page += [".TP", ".B " + escaped(command.synopsis), escaped(command.summary) + ".", ".IP"]
            page.append(escaped(command.discussion))
            let options = command.options.filter { $0.name != "--help" }.map(\.name)
            if !options.isEmpty {
                page += [
                    ".IP", "Options: " + options.map { "\\%\\fB\(escaped($0))\\fR" }.joined(separator: ", ") + ".",
                ]
            }
            page += [
                ".IP", "Example:", ".RS", ".EX", escaped(command.example.command), ".EE", ".RE", ".IP",
                escaped(command.example.does) + ".",
            ]
        }
        page.append(".SH OPTIONS")
        for option in CommandLineOption.all {
            page += [".TP", optionHeading(option), escaped(option.summary) + "."]
        }
        page += [".TP", "\\fB\\-\\-version\\fR", "cellkit's version, its SDK's and its compiler's."]
        page += [
            ".SH EXIT STATUS",
            ".TP", "0", "Success.",
            ".TP", "1", "A script error: a command, an attribute or a data file was wrong.",
            ".TP", "2", "A usage error: the command line was wrong.",
            ".TP", "3", "A plugin error: a plugin could not be loaded, or failed, crashed or hung in its worker.",
            ".TP", "4", "An I/O error: a file could not be read or written.",
            ".TP", "141", "Standard output was closed before cellkit finished writing (\\fBcellkit ... | head\\fR).",
            ".PP", "With \\fB\\-\\-keep\\-going\\fR, the status of the first error.",
            ".SH ENVIRONMENT",
        ]
        for (name, meaning) in environment { page += [".TP", ".B " + escaped(name), escaped(meaning) + "."] }
        page += [
            ".SH FILES",
            ".TP", ".I " + escaped(ConfigFile.displayPath),
            escaped(
                "Settings every session starts with: lines of the console's set command (set color=never, "
                    + "set rebuild=auto to rebuild a stale plugin from its package when it is loaded), # for "
                    + "comments. A wrong line is a warning and is skipped; a file another user owns or others can "
                    + "write is ignored. --no-config does not read it."),
            ".TP", ".I ~/.local/lib/cellkit/plugins", "Plugins that \\fBcellkit plugin install\\fR installed.",
            ".TP", ".I ~/.local/state/cellkit",
            "History, session journals (for \\fB\\-\\-recover\\fR) and worker logs.",
            ".SH SEE ALSO",
            "The documents in the \\fIdocs\\fR folder of cellkit's repository: the console guide, the script "
                + "language, batch runs, writing a plugin.",
            "",
        ]
        return page.joined(separator: "\n")
    }

    private static func argumentsLine(_ command: Subcommand) -> String {
        command.arguments.isEmpty ? "[\\fIOPTIONS\\fR]" : "\\fI" + escaped(command.arguments) + "\\fR [\\fIOPTIONS\\fR]"
    }

    private static func optionHeading(_ option: CommandLineOption) -> String {
        option.names.map { name in
            "\\fB" + escaped(name) + "\\fR" + (option.value.map { " \\fI" + escaped($0.placeholder) + "\\fR" } ?? "")
        }.joined(separator: ", ")
    }

    private static func escaped(_ words: [String]) -> String { escaped(words.joined(separator: " ")) }

    /// Text as roff reads it literally: backslashes and hyphens escaped,
    /// characters outside ASCII written `\\[uXXXX]`, and a
    /// line that would start with a control character ('.' or ''') protected.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case _ where !character.isASCII:
                for scalar in character.unicodeScalars {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            default: result.append(character)
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }
}
