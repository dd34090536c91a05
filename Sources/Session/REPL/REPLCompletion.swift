@_spi(Host) import CellKit
import CellKitSupport
import Glibc
import WorkerProtocol

/// What Tab completes at the REPL's prompt: command words, options and their
/// choices (``CommandSpec/complete(_:names:)``), and the names only the
/// session knows: screens, cells (of loaded plugins and, from the registry
/// cache, of plugins on the path not loaded yet), the attributes of the cell
/// on the line, plugins, and file paths.
///
/// The sources are closures so that tests can give their own.
struct REPLCompletion {
    var screens: () -> [String] = { [] }
    var cells: () -> [String] = { [] }
    /// The cells a row can show (no header/footer views); `nil`: ``cells``.
    var rowCells: (() -> [String])?
    var plugins: () -> [String] = { [] }
    var attributes: (_ cell: String) -> [String] = { _ in [] }
    /// The values an attribute takes, when they are few (``AttributeValues``).
    var attributeValues: (_ cell: String, _ attribute: String) -> [String] = { _, _ in [] }
    /// The names of the data sources plugins register (`format=sqlite`).
    var dataFormats: () -> [String] = { [] }
    /// The home directory `~` stands for in paths.
    var home: String?
    /// Where relative paths start (`nil`: the current directory).
    var directory: String?

    /// The completion of the text before `cursor` in `line`.
    func complete(_ line: String, cursor: Int) -> Completion {
        let before = String(line.prefix(cursor))
        if let quote = Self.openQuote(in: before) { return completeQuoted(before, from: quote) }
        let result = CommandSpec.complete(before) { source in
            source == .file ? fileCandidates(for: Self.lastWord(of: before)) : names(source)
        }
        // A folder whose name needs quotes is left open (`"My Data/`): Tab goes on inside it.
        let candidates = result.candidates.map {
            $0.hasPrefix("\"") && $0.hasSuffix("/\"") ? String($0.dropLast()) : $0
        }
        return Completion(candidates: candidates, replacing: min(result.start, cursor)..<cursor)
    }

    /// The names the session knows of `source` (not files: those depend on the word typed).
    private func names(_ source: CompletionSource) -> [String] {
        switch source {
        case .screen: screens()
        case .cell: cells()
        case .rowCell: (rowCells ?? cells)()
        case .plugin: plugins()
        case .attribute(let cell): attributes(cell)
        case .attributeValue(let cell, let attribute): attributeValues(cell, attribute)
        case .dataFormat: dataFormats()
        case .file: []
        }
    }

    /// The word begun with an open quote before the cursor (`open "mi`,
    /// `from 'My Da`): the path or name it can be, written in quotes again,
    /// closed unless it is a folder (`"mine.cellkit"`, `"My Data/`). What
    /// comes before the quote says what the word is, as for a bare word.
    private func completeQuoted(_ before: String, from quote: (offset: Int, mark: Character)) -> Completion {
        let typed = Self.unescaped(String(before.dropFirst(quote.offset + 1)), quotedBy: quote.mark)
        var wantsFiles = false
        var known: [String] = []
        _ = CommandSpec.complete(String(before.prefix(quote.offset))) { source in
            if source == .file { wantsFiles = true } else { known += names(source) }
            return []
        }
        let lowered = typed.lowercased()
        let found = wantsFiles ? fileCandidates(for: typed) : known.filter { $0.lowercased().hasPrefix(lowered) }
        var seen = Set<String>()
        let candidates = found.filter { seen.insert($0).inserted }.map { name in
            let isFolder = name.hasSuffix("/")
            // In single quotes as typed, unless the name has one: then in double quotes, escaped.
            let (open, text) = quote.mark == "'" && !name.contains("'") ? ("'", name) : ("\"", Script.escaped(name))
            return open + text + (isFolder ? "" : open)
        }
        return Completion(candidates: candidates, replacing: quote.offset..<before.count)
    }

    /// Where the string still open at the end of `text` starts, and its
    /// quote (`"` or `'`): `nil` when every string is closed, or the open
    /// one does not start a word (after a blank, `=`, `[` or `,`), or a
    /// comment ends the line. Inside double quotes a backslash escapes the
    /// next character; single quotes take text as it is.
    static func openQuote(in text: String) -> (offset: Int, mark: Character)? {
        var open: (offset: Int, mark: Character)?
        var escaped = false
        var previous: Character = " "
        for (offset, character) in text.enumerated() {
            defer { previous = character }
            if let string = open {
                if escaped {
                    escaped = false
                } else if string.mark == "\"" && character == "\\" {
                    escaped = true
                } else if character == string.mark {
                    open = nil
                }
                continue
            }
            if character == "#" && (previous == " " || previous == "\t") { return nil }
            if character == "\"" || character == "'" {
                guard " \t=[,".contains(previous) else { return nil }
                open = (offset, character)
            }
        }
        return open
    }

    /// The text typed after a quote, its escapes read (`\"` is `"`, `\\` is `\`, `\n` a line break).
    static func unescaped(_ text: String, quotedBy mark: Character) -> String {
        guard mark == "\"" else { return text }
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                default: result.append(character)
                }
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The values Tab offers for an attribute of `type`: the cases of an
    /// enumeration, `true` and `false`, colour names; none for free text and numbers.
    static func values(of type: AttributeType) -> [String] {
        switch type {
        case .enumeration(let cases): cases
        case .bool: ["true", "false"]
        case .color: ["default"] + Color.NamedColor.allCases.map(\.name)
        default: []
        }
    }

    /// The same, from the type's name in the registry cache (`Bool`, `Color`,
    /// `plain|bold|dim`).
    static func values(ofTypeNamed name: String) -> [String] {
        switch name {
        case "Bool": values(of: .bool)
        case "Color": values(of: .color)
        case "Int", "Double", "String", "[Double]", "[String]": []
        default: name.contains("|") ? name.split(separator: "|").map(String.init) : []
        }
    }

    /// The word before the end of `text`: back to a blank, a quote or `=`.
    static func lastWord(of text: String) -> String {
        var word = ""
        for character in text.reversed() {
            if character == " " || character == "\t" || character == "\"" || character == "'" || character == "=" {
                break
            }
            word.insert(character, at: word.startIndex)
        }
        return word
    }

    /// Paths that complete `partial`: the entries of its directory that start
    /// with its last component, directories with a `/` after them. A leading
    /// `~/` stands for the home directory and is kept as typed. Hidden files
    /// only when the component starts with a dot.
    func fileCandidates(for partial: String) -> [String] {
        if partial == "~", home != nil { return ["~/"] }
        let slash = partial.lastIndex(of: "/")
        let typedDirectory = slash.map { String(partial[...$0]) } ?? ""
        let prefix = slash.map { String(partial[partial.index(after: $0)...]) } ?? partial
        var listed = typedDirectory.isEmpty ? "." : typedDirectory
        if listed.hasPrefix("~/") {
            guard let home else { return [] }
            listed = Path.join(home, String(listed.dropFirst(2)))
            if listed.isEmpty { listed = "/" }
        } else if listed.hasPrefix("~") {
            return []  // ~user: not worth a user database look-up per key
        }
        if !Path.isAbsolute(listed), let directory { listed = Path.join(directory, listed) }
        guard let names = try? listDirectory(listed) else { return [] }
        let lowered = prefix.lowercased()
        return names.filter { name in
            (!name.hasPrefix(".") || prefix.hasPrefix(".")) && name.lowercased().hasPrefix(lowered)
        }.map { name in
            let isDirectory = (try? fileInfo(Path.join(listed, name)))??.isDirectory ?? false
            return typedDirectory + name + (isDirectory ? "/" : "")
        }
    }
}
