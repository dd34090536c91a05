@_spi(Host) import CellKit

/// The script language's entry points: parsing a source, and writing values
/// and commands back as script text (the inverse of the lexer, for `save`).
///
/// The formatter quotes text only when it has to, so that what it writes reads
/// back as the same value: `Script.parse` of `Script.format(v)` gives `v`.
///
/// ```swift
/// Script.quote("Morning")            // Morning
/// Script.quote("Morning report")     // "Morning report"
/// Script.quote("say \"hi\"\n")       // "say \"hi\"\n"
/// Script.line("row", [.argument("TextCell"), .attribute("text", .text("Good morning"))])
/// // row TextCell text="Good morning"
/// ```
package enum Script {
    // MARK: Formatting values (parsing and commands: the session's `extension Script`)

    /// A value as a script writes it: `Morning`, `"Morning report"`, `.name`,
    /// `[1, 2, 3]`.
    package static func format(_ value: Command.Value) -> String {
        switch value {
        case .text(let text):
            quote(text)
        case .field(let path):
            path.description
        case .list(let values):
            "[" + values.map(format).joined(separator: ", ") + "]"
        }
    }

    /// `text` bare if it reads back as itself, else in double quotes with
    /// escapes.
    ///
    /// Text is quoted when it is empty; has a blank, a control character, a
    /// quote, `=`, `[`, `]`, `,` or `\`; starts with `.` (a field reference);
    /// or starts with `#` not followed by a letter or digit (a comment).
    package static func quote(_ text: String) -> String {
        needsQuotes(text) ? "\"\(escaped(text))\"" : text
    }

    /// Whether ``quote(_:)`` would quote `text`.
    package static func needsQuotes(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first else { return true }
        if first == "." { return true }
        if first == "#" {
            guard scalars.count > 1,
                scalars[1].properties.isAlphabetic || scalars[1].properties.numericType != nil
            else { return true }
        }
        return scalars.contains { scalar in
            switch scalar {
            case "\"", "'", "=", "[", "]", ",", "\\": true
            default: Lexer.isBlank(scalar) || needsEscape(scalar)
            }
        }
    }

    /// The inside of a double-quoted string for `text`: `\"`, `\\`, `\n`,
    /// `\t`, `\r`, and `\u{…}` for other control characters, line and
    /// paragraph separators and bidirectional controls; everything else
    /// (accents, CJK, emoji, ZWJ sequences) as it is.
    package static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if needsEscape(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Control characters, line/paragraph separators, and the bidirectional
    /// controls that can make source text read differently from what it is.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        Lexer.isControl(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}"
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
