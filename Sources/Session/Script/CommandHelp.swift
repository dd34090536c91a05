extension CommandSpec {
    /// The command's syntax on one line:
    /// `render [SCREEN] [to FILE] [format=plain|ansi|html|svg|json] [width=N]`.
    var usage: String {
        usageGroups.joined(separator: " ")
    }

    /// What `help COMMAND` prints: usage, aliases, explanation, options,
    /// examples.
    var helpText: String {
        let indent = String(repeating: " ", count: name.rawValue.count + 1)
        var lines = Self.wrap(usageGroups, width: 78, indent: indent)
        if !aliases.isEmpty {
            lines.append("also: " + aliases.joined(separator: ", "))
        }
        lines.append("")
        let sentence = summary.prefix(1).uppercased() + summary.dropFirst() + "."
        lines += Self.wrap(words(sentence + " " + details), width: 78)
        if !options.isEmpty {
            lines += ["", "Options:"]
            let column = min(24, options.map(\.usage.count).max() ?? 0)
            let hanging = String(repeating: " ", count: column + 4)
            for option in options {
                let usage = option.usage
                var summary = Self.wrap(words(option.summary), width: 78 - hanging.count)
                    .map { hanging + $0 }
                if usage.count <= column {
                    let pad = String(repeating: " ", count: column - usage.count)
                    summary[0] = "  \(usage)\(pad)  " + summary[0].dropFirst(hanging.count)
                } else {
                    lines.append("  \(usage)")
                }
                lines += summary
            }
        }
        lines += ["", examples.count == 1 ? "Example:" : "Examples:"]
        lines += examples.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    /// What `help` prints: every command with its summary.
    static var helpIndex: String {
        let names = all.map { $0.words.joined(separator: ", ") }
        let column = names.map(\.count).max() ?? 0
        var lines = ["Commands:"]
        for (spec, name) in zip(all, names) {
            let pad = String(repeating: " ", count: column - name.count)
            lines.append("  \(name)\(pad)  \(spec.summary)")
        }
        lines += [
            "", "Type 'help COMMAND' for one command, 'help syntax' for quoting and comments.",
        ]
        return lines.joined(separator: "\n")
    }

    /// What `help TOPIC` prints (the index for `nil`); `nil` for an unknown
    /// topic (``validate(_:)`` reports it first, with a suggestion).
    static func help(_ topic: String?) -> String? {
        guard let topic else { return helpIndex }
        if topic == "syntax" { return syntaxHelp }
        return named(topic)?.helpText
    }

    /// What `help syntax` prints.
    static let syntaxHelp = #"""
        One command per line: a command word, then arguments and NAME=VALUE
        attributes, separated by blanks.

          row TextCell text="Good morning" style=bold

        Words         row  BasicCells.TextCell  Examples/team.json  0.72  -3  #ff8800
        Quotes        "double quotes" take escapes: \" \\ \' \n \t \r \u{1F600}
                      'single quotes' take text as written
                      quotes do not change a value's type: width="72" is width=72
        Attributes    NAME=VALUE, with no blanks around '='
        Fields        after '=' in rows/items: .name  .address.city  .tags[0]  ."First Name"
        Lists         data=[1, 2, 3]
        Comments      '#' to the end of the line, when it starts a word and is
                      followed by a blank or starts the line; color=#ff8800 is a value
        Continuation  a '\' at the end of a line continues the command on the next
        """#

    /// The usage line in groups that are not split across lines:
    /// `screen`, `NAME`, `[list|grid]`, `[to FILE]`, `[NAME=VALUE ...]`.
    private var usageGroups: [String] {
        [name.rawValue] + positionals.map(\.usage) + options.map { "[\($0.usage)]" }
            + (attributes == .none
                ? [] : [attributes == .cell ? "[NAME=VALUE ...]" : "[NAME=.FIELD|NAME=VALUE ...]"])
    }

    private func words(_ text: String) -> [String] {
        text.split(separator: " ").map(String.init)
    }

    /// `words` in lines of at most `width` columns (a longer word gets a line
    /// of its own); lines after the first start with `indent`.
    static func wrap(_ words: [String], width: Int, indent: String = "") -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words {
            if line.isEmpty {
                line = (lines.isEmpty ? "" : indent) + word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = indent + word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
