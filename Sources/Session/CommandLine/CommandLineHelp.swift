@_spi(Host) import CellKit

/// The usage and each command's help, made from ``Subcommand/all`` and
/// ``CommandLineOption/all``: `cellkit --help`, `cellkit help COMMAND` and
/// `cellkit COMMAND --help` print the same text, and a command of the script
/// language gets the help `help` gives at the prompt.
///
/// ```swift
/// CommandLineHelp.help(topic: "render")   // "usage: cellkit render STORYBOARD[#SCENE] [OPTIONS]\n…"
/// ```
enum CommandLineHelp {
    /// The exit statuses, as every help ends.
    static let exitStatus = """
        exit status: 0 success, 1 script error, 2 usage error, 3 plugin error, 4 I/O error
                     (with --keep-going, that of the first error); 141 when standard output
                     was closed (cellkit … | head); docs/batch.md explains them
        """

    /// Where a session's settings come from, as the usage ends.
    static let settings = """
        settings: \(ConfigFile.displayPath) ($XDG_CONFIG_HOME/cellkit/config): lines of
                  the console's set command (set color=never, set rebuild=auto), applied at
                  the start of every session; --no-config does not read it
        """

    /// What `cellkit --help` prints.
    static var usage: String {
        let commands = Subcommand.all.filter { !$0.is(HelpCommand.self) }
        let width = commands.map { $0.synopsis.count }.max() ?? 0
        var lines = ["usage: cellkit [COMMAND] [OPTIONS]", "", "commands:"]
        for command in commands {
            lines.append("  " + command.synopsis.padding(to: width) + "  " + command.summary)
        }
        lines += ["", "options (`cellkit help COMMAND` lists those of a command, with an example):"]
        lines += CommandLineOption.all.flatMap { table($0.written, $0.summary) }
        lines += table("--version", "cellkit's version, its SDK's and its compiler's")
        lines += ["", settings, "", exitStatus]
        return lines.joined(separator: "\n")
    }

    /// The help of `topic`: a command (`render`, `plugin install`, `plugin`
    /// for both plugin commands, `-c`), or a command of the script language;
    /// the usage for `nil`. Words after the command (a file name typed
    /// before `--help`) are ignored.
    static func help(topic: String?) throws(UsageError) -> String {
        guard let topic else { return usage }
        let words = topic.split(separator: " ").map(String.init)
        if words.count >= 2, let command = Subcommand.all.first(where: { $0.words == Array(words.prefix(2)) }) {
            return help(for: command)
        }
        if let command = Subcommand.all.first(where: { $0.words == [words[0]] }) { return help(for: command) }
        let group = Subcommand.all.filter { $0.words.count == 2 && $0.words[0] == words[0] }
        if !group.isEmpty { return group.map(help(for:)).joined(separator: "\n\n") }
        if let script = CommandSpec.help(words[0]) {
            return script + "\n\n(a command of the script language: at the prompt, in scripts and with -c)"
        }
        var message = "no help for '\(topic)': it is neither a cellkit command nor a script command"
        let names = Subcommand.verbs + CommandSpec.all.map(\.name.rawValue)
        if let suggestion = Suggestions.didYouMean(words[0], in: names) { message += "; \(suggestion)" }
        throw UsageError(message: message)
    }

    /// One command's help: synopsis, what it does, its options, an example.
    static func help(for command: Subcommand) -> String {
        var lines = ["usage: \(command.synopsis) [OPTIONS]", "", "  " + command.summary, ""]
        lines += wrap(command.discussion, width: 76).map { "  " + $0 }
        let options = command.options
        if !options.isEmpty {
            lines += ["", "options:"]
            lines += options.flatMap { table($0.written, $0.summary) }
        }
        lines += ["", "example:", "  $ \(command.example.command)", "    \(command.example.does)", "", exitStatus]
        return lines.joined(separator: "\n")
    }

    /// The column the option summaries start at.
    static let summaryColumn = 30

    /// An option and its summary as a table row: on one line when the option
    /// leaves room, else the summary on the next line; summaries wrap at 80 columns.
    static func table(_ option: String, _ summary: String) -> [String] {
        let indent = String(repeating: " ", count: summaryColumn)
        let wrapped = wrap(summary, width: 80 - summaryColumn)
        var lines: [String]
        if option.count + 4 <= summaryColumn {
            lines = ["  " + option.padding(to: summaryColumn - 2) + (wrapped.first ?? "")]
        } else {
            lines = ["  " + option, indent + (wrapped.first ?? "")]
        }
        lines += wrapped.dropFirst().map { indent + $0 }
        return lines
    }

    /// `text` in lines of at most `width` columns, broken between words.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

extension String {
    /// The string with spaces after it up to `width` characters.
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
