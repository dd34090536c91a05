@_spi(Host) import CellKit

/// Text with fields of a data record in it, for `rows … from FILE`:
/// `text="{.name} ({.title})"`. `{{` and `}}` write a brace.
///
/// ```swift
/// let template = try TextTemplate.parse("{.name} ({.title})")!
/// template.fields   // [.name, .title]
/// ```
package struct TextTemplate: Hashable, Sendable {
    package enum Part: Hashable, Sendable {
        case text(String)
        /// A field, and where its `{` is in the template (in characters).
        case field(FieldPath, offset: Int)
    }

    package var parts: [Part]

    /// The fields, with the offsets of their braces.
    package var fields: [(path: FieldPath, offset: Int)] {
        parts.compactMap {
            if case .field(let path, let offset) = $0 { (path, offset) } else { nil }
        }
    }

    /// Why a template does not read.
    package struct ParseError: Error, Equatable {
        package var message: String
        /// Where, in characters from the start of the text.
        package var offset: Int
        package var fix: String

        package init(message: String, offset: Int, fix: String) {
            self.message = message
            self.offset = offset
            self.fix = fix
        }
    }

    /// The template in `text`, or `nil` when `text` holds no field (`{.`):
    /// plain text, taken as it is.
    package static func parse(_ text: String) throws(ParseError) -> TextTemplate? {
        guard text.contains("{.") else { return nil }
        let characters = Array(text)
        var parts: [Part] = []
        var literal = ""
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == "{" && i + 1 < characters.count && characters[i + 1] == "{" {
                literal.append("{")
                i += 2
            } else if c == "}" && i + 1 < characters.count && characters[i + 1] == "}" {
                literal.append("}")
                i += 2
            } else if c == "{" {
                let open = i
                guard i + 1 < characters.count, characters[i + 1] == "." else {
                    throw fieldError("'{' starts a field, but no '.' follows it", at: open)
                }
                i += 2
                let path = try parseField(characters, at: &i, open: open)
                i += 1  // the '}'
                if !literal.isEmpty {
                    parts.append(.text(literal))
                    literal = ""
                }
                parts.append(.field(path, offset: open))
            } else if c == "}" {
                throw ParseError(
                    message: "a '}' that closes no field", offset: i, fix: "write }} for a brace in the text")
            } else {
                literal.append(c)
                i += 1
            }
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        return TextTemplate(parts: parts)
    }

    /// A field after its `{.`, up to its closing `}` (on which `i` ends):
    /// names, quoted names, `.` between them, `[N]` indexes; `{.}` is the
    /// record itself.
    private static func parseField(_ characters: [Character], at i: inout Int, open: Int) throws(ParseError)
        -> FieldPath
    {
        var components: [FieldPath.Component] = []
        var needKey = true
        while true {
            guard i < characters.count else { throw fieldError("this field has no closing '}'", at: open) }
            let d = characters[i]
            if needKey {
                needKey = false
                if d == "\"" {
                    i += 1
                    var key = ""
                    while i < characters.count, characters[i] != "\"" {
                        key.append(characters[i])
                        i += 1
                    }
                    guard i < characters.count else {
                        throw fieldError("a quoted field name has no closing '\"'", at: open)
                    }
                    i += 1
                    components.append(.key(key))
                    continue
                }
                if let scalar = d.unicodeScalars.first, d.unicodeScalars.count == 1, Lexer.isNameStart(scalar) {
                    var key = ""
                    while i < characters.count, let s = characters[i].unicodeScalars.first,
                        characters[i].unicodeScalars.count == 1, Lexer.isNameContinue(s)
                    {
                        key.append(characters[i])
                        i += 1
                    }
                    components.append(.key(key))
                    continue
                }
                if d == "}" && components.isEmpty { break }  // {.}: the record itself
                throw fieldError("expected a field name after '.'", at: i)
            }
            if d == "}" { break }
            if d == "." {
                needKey = true
                i += 1
            } else if d == "[" {
                var digits = ""
                i += 1
                while i < characters.count, characters[i].isASCII, characters[i].isNumber {
                    digits.append(characters[i])
                    i += 1
                }
                guard let index = Int(digits), i < characters.count, characters[i] == "]" else {
                    throw fieldError("expected an index from 0, such as [0]", at: i)
                }
                components.append(.index(index))
                i += 1
            } else {
                throw fieldError("unexpected '\(d)' in a field", at: i)
            }
        }
        return FieldPath(components)
    }

    private static func fieldError(_ message: String, at offset: Int) -> ParseError {
        ParseError(
            message: message, offset: offset,
            fix: "a field is written {.name}, {.a.b}, {.items[0]} or {.\"First Name\"}; {{ and }} write braces")
    }

    /// The text of a record: each field's text put in its place.
    package func text(_ field: (FieldPath) throws(Diagnostic) -> String) throws(Diagnostic) -> String {
        var result = ""
        for part in parts {
            switch part {
            case .text(let text): result += text
            case .field(let path, _): result += try field(path)
            }
        }
        return result
    }
}
