@_spi(Host) import CellKit
import WorkerProtocol

/// `;` is text in the language, not a command separator: a script has one
/// command a line, as a `-c` argument does. A line that uses it as a
/// separator gets one error that says so, not one per misread word.
extension Command {
    /// An error at the first unquoted `;` of the command that is followed by
    /// a command word (`screen S width=30; row TextCell`), or `nil`.
    ///
    /// ```
    /// <command line>:1:18: error: ';' does not separate commands
    ///   screen S width=30; row TextCell text=hi
    ///                    ^
    ///   put each command on a line of its own (in -c, a newline inside the quotes, or one -c per command)
    /// ```
    func semicolonBeforeCommand() -> Diagnostic? {
        for (offset, text) in source.enumerated() {
            let characters = Array(text)
            var quote: Character?
            var index = 0
            while index < characters.count {
                let c = characters[index]
                if let open = quote {
                    if c == "\\" && open == "\"" {
                        index += 1
                    } else if c == open {
                        quote = nil
                    }
                } else if c == "\"" || c == "'" {
                    quote = c
                } else if c == "#" && (index == 0 || characters[index - 1] == " " || characters[index - 1] == "\t") {
                    break  // a comment
                } else if c == ";", startsCommand(characters[(index + 1)...]) {
                    let location = SourceLocation(file: file, line: line + offset, column: index + 1)
                    return diagnostic(
                        "';' does not separate commands", at: SourceSpan(location, length: 1),
                        notes: [
                            "put each command on a line of its own (in -c, a newline inside the quotes, or one -c per command)"
                        ])
                }
                index += 1
            }
        }
        return nil
    }

    /// Whether `rest` is blanks, then a command word that ends the text or a blank.
    private func startsCommand(_ rest: ArraySlice<Character>) -> Bool {
        let trimmed = rest.drop { $0 == " " || $0 == "\t" }
        let word = String(trimmed.prefix { $0 != " " && $0 != "\t" })
        return CommandSpec.commandWords.contains(word)
    }
}
