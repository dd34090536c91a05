@_spi(Host) import CellKit
import CellKitSupport
import Glibc

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
    /// The home directory `~` stands for in paths.
    var home: String?
    /// Where relative paths start (`nil`: the current directory).
    var directory: String?

    /// The completion of the text before `cursor` in `line`.
    func complete(_ line: String, cursor: Int) -> Completion {
        let before = String(line.prefix(cursor))
        let result = CommandSpec.complete(before) { source in
            switch source {
            case .screen: return screens()
            case .cell: return cells()
            case .rowCell: return (rowCells ?? cells)()
            case .plugin: return plugins()
            case .attribute(let cell): return attributes(cell)
            case .attributeValue(let cell, let attribute): return attributeValues(cell, attribute)
            case .file: return fileCandidates(for: Self.lastWord(of: before))
            }
        }
        return Completion(candidates: result.candidates, replacing: min(result.start, cursor)..<cursor)
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
