/// A ```` ```swift ```` block of the SDK's documentation (a doc comment in
/// `SDK/Sources`, or a DocC article), and the Swift file that compiles it
/// against the SDK as a plugin sees it (`import CellKit`, no SPI).
///
/// A block is compiled as it is written: its types, functions and extensions
/// at file scope (made `fileprivate`, so that two examples may both declare a
/// `ProfileCell`), its statements in the body of a function, and a block of
/// members (`override func draw(in:)`, `static var inspectableAttributes`)
/// in a cell class of its own. A block that cannot be compiled on its own says
/// so on its first line, with the reason:
///
/// ```
/// // not compiled: the shape of a scene's members, not code
/// ```
struct DocExample {
    /// The file it is in, relative to the repository.
    var file: String
    /// The line of its first line of code.
    var line: Int
    /// Its code, one line per element, without the comment markers.
    var code: [String]
    /// Whether it documents what only the host sees (an `@_spi(Host)` or
    /// internal declaration): compiled with the host's import of CellKit.
    var isHost = false

    /// The stated reason a block is not compiled, if it gives one.
    var optOut: String? {
        let marker = "// not compiled:"
        guard let first = code.first(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
        let trimmed = first.drop(while: \.isWhitespace)
        guard trimmed.hasPrefix(marker) else { return nil }
        return trimmed.dropFirst(marker.count).trimmingSpaces
    }

    /// The ```` ```swift ```` blocks of a Swift file's doc comments (`///`), or of
    /// a Markdown file.
    static func extract(from text: String, file: String) -> [DocExample] {
        let markdown = file.hasSuffix(".md")
        var examples: [DocExample] = []
        var current: DocExample?
        var undecided: [Int] = []  // examples whose declaration is still to come
        let hostFile = !markdown && isHostFile(text)
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var content = Substring(rawLine)
            if !markdown {
                let trimmed = content.drop(while: \.isWhitespace)
                guard trimmed.hasPrefix("///") else {
                    current = nil  // a doc comment ended inside a block: not an example
                    if !trimmed.isEmpty && !trimmed.hasPrefix("@") || trimmed.hasPrefix("@_spi") {
                        let declaration = String(trimmed)
                        let hidden =
                            hostFile || declaration.contains("@_spi(Host)")
                            || !declaration.contains("public ") && !declaration.contains("open ")
                        for example in undecided { examples[example].isHost = hidden }
                        undecided = []
                    }
                    continue
                }
                content = trimmed.dropFirst(3)
                if content.first == " " { content = content.dropFirst() }
            }
            let fence = content.trimmingSpaces
            if var block = current {
                if fence == "```" {
                    undecided.append(examples.count)
                    examples.append(block)
                    current = nil
                } else {
                    block.code.append(String(content))
                    current = block
                }
            } else if fence == "```swift" {
                current = DocExample(file: file, line: index + 2, code: [])
            }
        }
        return examples
    }

    /// Whether every type a Swift file declares at its top level is the host's.
    private static func isHostFile(_ text: String) -> Bool {
        let declarations = text.split(separator: "\n").filter { line in
            ["public ", "@_spi(Host) public ", "@frozen public ", "@_spi(Host) @frozen public "].contains {
                line.hasPrefix($0)
            }
                && !line.contains(" func ") && !line.contains(" let ") && !line.contains(" var ")
        }
        return !declarations.isEmpty && declarations.allSatisfy { $0.hasPrefix("@_spi(Host)") }
    }

    /// The modules an example may use besides CellKit.
    private var imports: [String] {
        func uses(_ names: [String]) -> Bool { names.contains { name in code.contains { $0.contains(name) } } }
        return
            (uses(["renderedText", "sweepWidths", "GoldenFiles", "TextFormat", "DataSourceProbe"])
            ? ["CellKitTesting"] : [])
            + (uses(["@Test", "#expect", "@Suite"]) ? ["Testing"] : [])
    }

    /// The Swift file that compiles `examples` (those of one documented
    /// file), and for each of its lines the line of the documented file it
    /// comes from (0 for the lines it adds). The prelude declares what the
    /// examples use as given (`table`, `registrar`, a `ProfileCell`).
    static func file(_ examples: [DocExample]) -> (text: String, origins: [Int]) {
        let host = examples.contains(where: \.isHost)
        var out: [(String, Int)] = [(host ? "@_spi(Host) @testable import CellKit" : "import CellKit", 0)]
        out += Set(examples.flatMap(\.imports)).sorted().map { ("import \($0)", 0) }
        for (number, example) in examples.enumerated() { out += example.parts(namespace: "Example\(number)") }
        return (out.map(\.0).joined(separator: "\n") + "\n", out.map(\.1))
    }

    /// The example as Swift, in an enum of its own (`namespace`), so that its
    /// types shadow the prelude's and other examples': its declarations in the
    /// enum (extensions, `@_cdecl` entry points and tests at file scope), its
    /// statements in a function of the enum, its members in a class.
    private func parts(namespace: String) -> [(String, Int)] {
        let items = Self.items(of: code)
        var fileScope: [(String, Int)] = []
        var inside: [(String, Int)] = []
        var statements: [(String, Int)] = []
        if items.contains(where: { $0.kind == .member }) {
            let owner = Self.inspectableOwner(in: code) ?? "ExampleCell"
            inside.append(("final class \(owner): TableViewCell, Reusable, Inspectable {", 0))
            for item in items { inside += item.lines(offset: line) }
            if !items.contains(where: { $0.text.contains("inspectableAttributes") }) {
                inside.append(("static var inspectableAttributes: [InspectableAttribute<\(owner)>] { [] }", 0))
            }
            inside.append(("}", 0))
        } else {
            let declared = Set(items.compactMap(\.declaredType))
            for item in items {
                switch item.kind {
                case .statement: statements += item.lines(offset: line)
                case .declaration where item.isFileScope:
                    fileScope += item.lines(offset: line, namespace: namespace, declared: declared)
                case .declaration: inside += item.lines(offset: line, staticFunctions: true)
                case .member: break
                }
            }
        }
        // File-scope code (an entry point naming the plugin) sees the example's types by their names.
        let aliases =
            fileScope.isEmpty
            ? []
            : Set(items.compactMap(\.declaredType)).subtracting(DocExamplePrelude.typeNames)
                .sorted().map { ("fileprivate typealias \($0) = \(namespace).\($0)", 0) }
        return [("fileprivate enum \(namespace) {", 0)] + inside + [("static func example() throws {", 0)] + statements
            + [("}", 0), ("}", 0)] + aliases + fileScope
    }

    /// `ForecastCell` for a block that declares `[InspectableAttribute<ForecastCell>]`.
    private static func inspectableOwner(in code: [String]) -> String? {
        let marker = "InspectableAttribute<"
        for line in code {
            guard
                let start = line.split(separator: marker, maxSplits: 1, omittingEmptySubsequences: false).dropFirst()
                    .first
            else { continue }
            let name = start.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty && name != "Self" { return String(name) }
        }
        return nil
    }

    /// A top-level item of a block: a declaration, a member, or a statement.
    struct Item {
        enum Kind { case declaration, member, statement }
        var kind: Kind
        var first: Int
        var code: [String]
        var text: String { code.joined(separator: "\n") }

        /// The item's lines with their origins. With `staticFunctions`, a
        /// function at the item's top becomes `static` (a member of the
        /// example's enum); with `namespace`, an extension of a type the example
        /// declares extends it in that namespace.
        func lines(
            offset: Int, staticFunctions: Bool = false, namespace: String? = nil, declared: Set<String> = []
        ) -> [(String, Int)] {
            var result: [(String, Int)] = []
            var done = false
            for (index, line) in code.enumerated() {
                var text = line
                let words = line.split(separator: " ")
                if let importing = Item.importedModule(line), !Item.knownModules.contains(importing) {
                    text = ""  // the example plugin's own module: the prelude stands in for it
                } else if !done, namespace != nil, let rewritten = Item.fileprivateFunction(line) {
                    done = true
                    text = rewritten  // entry points and tests of two examples may share a name
                } else if !done, let first = words.first, !first.hasPrefix("@"), !first.hasPrefix("//") {
                    done = true
                    if namespace != nil {
                    } else if staticFunctions, words.contains("func"), !words.contains("static") {
                        text = "static " + line
                    } else if let namespace, first == "extension", words.count > 1 {
                        let name = words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                        if declared.contains(String(name)) {
                            text = "extension \(namespace)." + line.dropFirst("extension ".count)
                        }
                    }
                }
                result.append((text, offset + first + index))
            }
            return result
        }

        /// `line` with its function made `fileprivate` (`@Test func f()`,
        /// `public func f()`), or nil if it declares no function.
        static func fileprivateFunction(_ line: String) -> String? {
            var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            guard let index = words.firstIndex(of: "func") else { return nil }
            if let access = words[..<index].firstIndex(where: { ["public", "open", "internal"].contains($0) }) {
                words[access] = "fileprivate"
            } else if !words[..<index].contains(where: { ["private", "fileprivate"].contains($0) }) {
                words.insert("fileprivate", at: index)
            }
            return words.joined(separator: " ")
        }

        /// The modules examples import that the check has.
        static let knownModules: Set<String> = ["CellKit", "CellKitTesting", "Testing", "Glibc", "Synchronization"]

        /// `WeatherCells` for `@testable import WeatherCells`.
        static func importedModule(_ line: String) -> String? {
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { return nil }
            return words[..<index].allSatisfy({ $0.hasPrefix("@") }) ? String(words[index + 1]) : nil
        }

        /// Whether the item must be at file scope: an extension, a C entry point, a test.
        var isFileScope: Bool {
            code.contains {
                $0.hasPrefix("extension ") || Item.importedModule($0) != nil || $0.contains("@_cdecl")
                    || $0.hasPrefix("@Test")
            }
        }

        /// The name of the type the item declares, if it declares one.
        var declaredType: String? {
            for line in code {
                let words = line.split(separator: " ")
                guard let keyword = words.firstIndex(where: { ["class", "struct", "enum", "protocol"].contains($0) }),
                    keyword + 1 < words.count
                else { continue }
                return String(words[keyword + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            }
            return nil
        }
    }

    /// The block cut into top-level items, by bracket depth: comments and
    /// attributes on lines of their own go with the item after them.
    static func items(of code: [String]) -> [Item] {
        var items: [Item] = []
        var pending: [String] = []
        var pendingFirst = 0
        var current: Item?
        var depth = 0
        for (index, line) in code.enumerated() {
            let trimmed = line.drop(while: \.isWhitespace)
            if depth > 0 {
                current?.code.append(line)
            } else if trimmed.isEmpty || trimmed.hasPrefix("//") || isAttributeOnly(trimmed) {
                if pending.isEmpty { pendingFirst = index }
                pending.append(line)
            } else if var open = current, pending.isEmpty, trimmed.hasPrefix(".") || trimmed.hasPrefix("}") {
                open.code.append(line)  // a chained call, or a closing brace on its own line
                current = open
            } else {
                if let open = current { items.append(open) }
                current = Item(
                    kind: classify(pending + [line]), first: pending.isEmpty ? index : pendingFirst,
                    code: pending + [line])
                pending = []
            }
            depth += bracketBalance(line)
        }
        if var open = current {
            open.code += pending
            items.append(open)
        }
        return items
    }

    private static func isAttributeOnly(_ line: Substring) -> Bool {
        guard line.hasPrefix("@") else { return false }
        let word = line.prefix { !$0.isWhitespace }
        return word.count == line.trimmingSpaces.count
    }

    /// What an item is, from its first words after attributes and modifiers.
    static func classify(_ lines: [String]) -> Item.Kind {
        let words = lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).filter {
            !$0.hasPrefix("@") && !$0.hasPrefix("//")
        }
        let modifiers: Set<Substring> = [
            "public", "private", "fileprivate", "internal", "package", "final", "open", "nonisolated", "indirect",
        ]
        guard let word = words.first(where: { !modifiers.contains($0) }) else { return .statement }
        if lines.contains(where: { $0.contains("@Outlet") || $0.contains("@ViewOutlet") }) { return .member }
        switch word {
        case "class", "struct", "enum", "protocol", "extension", "actor", "typealias", "func", "import":
            return .declaration
        case "override", "required", "static", "convenience", "case": return .member
        default: return word.hasPrefix("init(") || word.hasPrefix("deinit") ? .member : .statement
        }
    }

    /// How many brackets `line` opens, less how many it closes, outside strings and comments.
    static func bracketBalance(_ line: String) -> Int {
        var balance = 0
        var inString = false
        var escaped = false
        var previous: Character = " "
        for character in line {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "/" && previous == "/" {
                break
            } else if "{([".contains(character) {
                balance += 1
            } else if "})]".contains(character) {
                balance -= 1
            }
            previous = character
        }
        return balance
    }
}

extension Substring {
    /// Without spaces at either end.
    fileprivate var trimmingSpaces: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
