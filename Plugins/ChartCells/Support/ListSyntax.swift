/// Lists written in one String attribute: `Mon, Tue, Wed` or `1|Ada Lovelace|1815`.
enum ListSyntax {
    /// The items of `text` split at `separator`, each trimmed of spaces; a
    /// backslash makes the next character literal (`\,` or `\|`). Empty text
    /// is no items.
    static func split(_ text: String, at separator: Character) -> [String] {
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
            } else if c == separator {
                items.append(trimmed(current))
                current = ""
            } else {
                current.append(c)
            }
        }
        if escaped { current.append("\\") }
        items.append(trimmed(current))
        return items
    }

    static func trimmed(_ s: String) -> String {
        var slice = Substring(s)
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return String(slice)
    }
}
