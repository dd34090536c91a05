/// The two ways a list of strings (``AttributeType/strings``) is written in
/// one piece of text: a bracketed list, `[ID, "Full name", Born]`, or bars,
/// `ID|Full name|Born`.
///
/// ```swift
/// try StringList.parse("[a, \"b, c\", d]")   // ["a", "b, c", "d"]
/// try StringList.parse("1|Ada Lovelace|1815") // ["1", "Ada Lovelace", "1815"]
/// StringList.split("a\\|b|c")                 // ["a|b", "c"]
/// ```
enum StringList {
    /// Reads a list: `[…]` items are separated by commas, trimmed of spaces,
    /// and may be double-quoted (`\"` and `\\` inside quotes); any other
    /// text is split at bars (see ``split(_:)``).
    static func parse(_ text: String) throws(ValueError) -> [String] {
        let trimmed = text.trimmedSpaces
        guard trimmed.hasPrefix("["), trimmed.hasSuffix("]"), trimmed.count >= 2 else { return split(trimmed) }
        let body = Array(trimmed.dropFirst().dropLast())
        var items: [String] = []
        var i = 0
        func skipSpaces() {
            while i < body.count, body[i] == " " || body[i] == "\t" { i += 1 }
        }
        skipSpaces()
        if i == body.count { return [] }
        while true {
            skipSpaces()
            var item = ""
            if i < body.count, body[i] == "\"" {
                i += 1
                var closed = false
                while i < body.count {
                    let c = body[i]
                    i += 1
                    if c == "\"" {
                        closed = true
                        break
                    }
                    if c == "\\", i < body.count {
                        item.append(body[i])
                        i += 1
                    } else {
                        item.append(c)
                    }
                }
                guard closed else {
                    throw ValueError(
                        "the list \(trimmed) has a quoted item with no closing quote",
                        fix: "close each quoted item: [\"a\", \"b\"]")
                }
                skipSpaces()
            } else {
                while i < body.count, body[i] != "," {
                    guard body[i] != "\"" else {
                        throw ValueError(
                            "a quote in the middle of an item of \(trimmed)",
                            fix: "quote the whole item: [\"say \\\"hi\\\"\"]")
                    }
                    item.append(body[i])
                    i += 1
                }
                item = item.trimmedSpaces
            }
            items.append(item)
            if i == body.count { return items }
            guard body[i] == "," else {
                throw ValueError(
                    "expected a comma after \"\(item)\" in \(trimmed)", fix: "separate the items with commas: [a, b]")
            }
            i += 1
        }
    }

    /// The items of `text` split at `|`, each trimmed of spaces; a backslash
    /// makes the next character literal (`\|` for a bar in an item). Empty
    /// text is no items.
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    static func split(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var items: [String] = []
        var current = ""
        var escaped = false
        for c in text {
            if escaped {
                current.append(c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "|" {
                items.append(current.trimmedSpaces)
                current = ""
            } else {
                current.append(c)
            }
        }
        if escaped { current.append("\\") }
        items.append(current.trimmedSpaces)
        return items
    }
}
