import CellKitSupport
import DataBinding
import WorkerProtocol

/// What one command of the language looks like: its positional arguments,
/// its options, whether it takes cell attributes, and its help.
///
/// One table, ``all``, drives `help`, `help COMMAND`, validation
/// (``validate(_:)``), completion and the command reference in
/// `docs/language.md` (a test keeps the two in step).
///
/// ```swift
/// let spec = CommandSpec.named("screen")!
/// print(spec.usage)
/// // screen NAME [list|grid] [width=N] [border=none|ascii|light|rounded|heavy|double] ...
/// ```
struct CommandSpec: Sendable {
    /// Every command, one case each, so that the interpreter can switch over
    /// them exhaustively. Aliases (`item`, `items`, `exit`) map to their case.
    enum Name: String, CaseIterable, Sendable {
        case load, reload, plugins, cells, describe
        case screen, section, row, rows
        case render, show, initial
        case open, save, screens, set
        case help, quit
    }

    /// What an argument or an option value must be.
    enum Kind: Hashable, Sendable {
        /// Any text, empty included.
        case text
        /// The name of a new screen: a name (``Lexer/isName(_:)``).
        case screenName
        /// An existing screen, by name.
        case screen
        /// A cell, header/footer view or nib, short or qualified.
        case cell
        /// A plugin: a name, or (for `load`) the path of a library.
        case plugin
        /// A file path.
        case file
        /// A help topic: a command, or `syntax`.
        case topic
        /// An integer in a range.
        case integer(ClosedRange<Int>)
        /// `true` or `false`.
        case bool
        /// One of a fixed set of words.
        case choice([String])
        /// What a data file holds: one of cellkit's formats, or the name of a
        /// plugin's data source (checked when the command runs: the session may
        /// not know the plugin yet).
        case dataFormat
        /// Fields to sort by: `.name`, `-.name` (descending), or a list of
        /// them (checked when the command runs).
        case sortFields

        /// How messages name what is expected: "an integer from 1 to 10000".
        var expectation: String {
            switch self {
            case .text: "text"
            case .screenName, .screen: "a screen name"
            case .cell: "a cell name"
            case .plugin: "a plugin name or path"
            case .file: "a file name"
            case .topic: "a command name"
            case .integer(let range):
                range.upperBound == Int.max
                    ? "an integer of at least \(range.lowerBound)"
                    : "an integer from \(range.lowerBound) to \(range.upperBound)"
            case .bool: "true or false"
            case .choice(let words):
                words.count == 2
                    ? "\(words[0]) or \(words[1])" : "one of " + words.joined(separator: ", ")
            case .dataFormat: "a format (\(RecordFormats.names.joined(separator: ", ")), or a data source's name"
            case .sortFields: "a field (.name), -.name for largest first, or a list of them"
            }
        }

        /// How usage lines show a value of this kind: `N`, `true|false`.
        var placeholder: String {
            switch self {
            case .text: "TEXT"
            case .screenName: "NAME"
            case .screen: "SCREEN"
            case .cell: "CELL"
            case .plugin: "PLUGIN"
            case .file: "FILE"
            case .topic: "COMMAND"
            case .integer: "N"
            case .bool: "true|false"
            case .choice(let words): words.joined(separator: "|")
            case .dataFormat: (RecordFormats.names + ["SOURCE"]).joined(separator: "|")
            case .sortFields: "[-].FIELD"
            }
        }

        /// Whether `text` is a value of this kind. (Whether a screen or a
        /// cell of that name exists is the interpreter's business.)
        func accepts(_ text: String) -> Bool {
            switch self {
            case .text: true
            case .screenName: Lexer.isName(text)
            case .screen, .cell, .plugin, .file: !text.isEmpty
            case .topic: CommandSpec.topics.contains(text)
            case .integer(let range): Int(text).map(range.contains) ?? false
            case .bool: text == "true" || text == "false"
            case .choice(let words): words.contains(text)
            case .dataFormat: Lexer.isName(text)
            case .sortFields: text.hasPrefix(".") || text.hasPrefix("-.")
            }
        }

        /// The words completion and suggestions offer, when the kind has a
        /// fixed set of them.
        var words: [String] {
            switch self {
            case .bool: ["true", "false"]
            case .choice(let words): words
            case .topic: CommandSpec.topics
            case .dataFormat: RecordFormats.names
            default: []
            }
        }
    }

    /// A positional argument.
    struct Positional: Sendable {
        /// The key the interpreter reads it by: `ValidatedCommand.arguments["cell"]`.
        var key: String
        /// How usage lines show it: `CELL`, `NAME|PATH`.
        var placeholder: String
        /// What it must be.
        var kind: Kind
        /// The keyword that introduces it (`from`, `to`), if any.
        var keyword: String?
        /// Whether it may be left out.
        var isOptional: Bool
        /// How messages name it: "a cell name".
        var description: String

        init(
            _ key: String, _ placeholder: String, _ kind: Kind, _ description: String,
            keyword: String? = nil, optional: Bool = false
        ) {
            self.key = key
            self.placeholder = placeholder
            self.kind = kind
            self.description = description
            self.keyword = keyword
            self.isOptional = optional
        }

        /// How the usage line shows it: `CELL`, `[to FILE]`, `[list|grid]`.
        var usage: String {
            let core = keyword.map { "\($0) \(placeholder)" } ?? placeholder
            return isOptional ? "[\(core)]" : core
        }
    }

    /// A `name=value` option.
    struct Option: Sendable {
        /// The name left of `=`.
        var name: String
        /// What the value must be.
        var kind: Kind
        /// One line for help.
        var summary: String
        /// A value for examples and "for example" notes.
        var example: String
        /// For `screen` options that apply to one layout only: `grid` or `list`.
        var layout: String?
        /// How usage lines show its value, when not as its kind's (`TABLE`, not `TEXT`).
        var placeholder: String?

        init(
            _ name: String, _ kind: Kind, _ summary: String, example: String,
            layout: String? = nil, placeholder: String? = nil
        ) {
            self.name = name
            self.kind = kind
            self.summary = summary
            self.example = example
            self.layout = layout
            self.placeholder = placeholder
        }

        /// How usage lines show it: `width=N`.
        var usage: String { "\(name)=\(placeholder ?? kind.placeholder)" }
    }

    /// Whether a command takes a cell's attributes besides its options.
    enum Attributes: Sendable {
        /// No: every `name=value` must be one of the options.
        case none
        /// Yes, with fixed values (`row`).
        case cell
        /// Yes, with fixed values or field references (`rows`).
        case boundCell
    }

    /// The command.
    var name: Name
    /// Other spellings of it.
    var aliases: [String] = []
    /// Its positional arguments, in order.
    var positionals: [Positional] = []
    /// Its options.
    var options: [Option] = []
    /// Whether it takes cell attributes.
    var attributes: Attributes = .none
    /// One line for `help`: lower case, no final period.
    var summary: String
    /// A paragraph for `help COMMAND`.
    var details: String
    /// Command lines that work (tests parse and validate every one).
    var examples: [String]

    /// The command word and its aliases.
    var words: [String] { [name.rawValue] + aliases }

    /// The option called `name`.
    func option(named name: String) -> Option? {
        options.first { $0.name == name }
    }

    /// The spec of a command word or alias; `nil` if there is none.
    static func named(_ word: String) -> CommandSpec? {
        all.first { $0.words.contains(word) }
    }

    /// Every command word and alias, in table order.
    static let commandWords: [String] = all.flatMap(\.words)

    /// What `help` can explain: every command word, and `syntax`.
    static let topics: [String] = commandWords + ["syntax"]

    /// The words that introduce an argument (`from`, `to`): written bare they
    /// are keywords, so an argument that spells one is written quoted.
    static let keywords: Set<String> = Set(all.flatMap { $0.positionals.compactMap(\.keyword) })
}
