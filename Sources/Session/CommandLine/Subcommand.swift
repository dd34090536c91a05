@_spi(Host) import CellKit

/// How one `cellkit` command is written and what it does: its words, its
/// arguments, what it does, an example, the shared options it takes and its
/// own. Each ``CommandLineCommand`` declares one, next to its parse and its
/// run; the usage, `cellkit help COMMAND`, `cellkit COMMAND --help`, the
/// shell completions and the manual page are all made from ``all`` (and
/// ``CommandLineOption/all``), so none of them can drift from the parser.
struct Subcommand: Sendable {
    /// What a command is, for the shared options it takes
    /// (``CommandLineOption/shared``): an option applies to every command
    /// with one of its traits.
    enum Trait: Sendable {
        /// Loads plugins: `--plugin-path`, `--allow-unsafe-plugins`, `--no-cache`, `--timeout`.
        case loadsPlugins
        /// Builds plugin packages: `--allow-unsafe-plugins`.
        case buildsPlugins
        /// Runs a session that draws, which starts with the user's settings
        /// (``ConfigFile``): `--color`, `--jobs`, `--quiet`, `--no-config`…
        case session
        /// Runs script lines: `--keep-going`, `--no-window-chrome`.
        case runsScripts
        /// Writes in a format: `--format`.
        case formats
        /// Draws part of a list: `--shard`.
        case shards
        /// Prints JSON for tools: `--json`.
        case printsJSON
        /// Writes into an install prefix: `--prefix`.
        case installs
        /// Loads plugins again when they change: `--watch`.
        case watches
    }

    /// The type that reads and runs it.
    let command: any CommandLineCommand.Type
    /// The words that name it on the command line (`["plugin", "install"]`);
    /// empty for the REPL, `["-c"]` and `["--recover"]` for the two written as options.
    let words: [String]
    /// Its arguments, as the usage writes them: `STORYBOARD[#SCENE]`.
    let arguments: String
    /// One line: what it does.
    let summary: String
    /// A few sentences more, for `cellkit help COMMAND` and the manual.
    let discussion: String
    /// A command line that shows it, and what that does.
    let example: (command: String, does: String)
    /// What its positional arguments are, for shell completion.
    let argumentCompletion: ValueCompletion
    /// What it is, for the shared options it takes.
    let traits: Set<Trait>
    /// The options only it takes (``CommandLineOption/own(_:value:summary:of:set:)``).
    let ownOptions: [CommandLineOption]

    init(
        _ command: any CommandLineCommand.Type, words: [String], arguments: String, summary: String,
        discussion: String, example: (command: String, does: String), argumentCompletion: ValueCompletion,
        takes traits: Set<Trait> = [], options: [CommandLineOption] = []
    ) {
        self.command = command
        self.words = words
        self.arguments = arguments
        self.summary = summary
        self.discussion = discussion
        self.example = example
        self.argumentCompletion = argumentCompletion
        self.traits = traits
        self.ownOptions = options
    }

    /// Which command: its type's.
    var id: ObjectIdentifier { ObjectIdentifier(command) }

    /// The name errors and help use: `render`, `plugin install`, `-c`, `the REPL`.
    var name: String { words.isEmpty ? "the REPL" : words.joined(separator: " ") }

    /// `cellkit render STORYBOARD[#SCENE]`.
    var synopsis: String { (["cellkit"] + words + (arguments.isEmpty ? [] : [arguments])).joined(separator: " ") }

    /// Whether it is a verb typed as words (not the REPL, `-c` or `--recover`).
    var isVerb: Bool { !words.isEmpty && !words[0].hasPrefix("-") }

    /// The options that apply to it: its own, then the shared ones, `--help` last.
    var options: [CommandLineOption] {
        ownOptions + CommandLineOption.shared.filter { $0.applies(to: self) } + [CommandLineOption.help]
    }

    /// Whether it is `command`'s declaration.
    func `is`(_ command: any CommandLineCommand.Type) -> Bool { id == ObjectIdentifier(command) }

    /// The verbs, as typed first (`plugin` once).
    static var verbs: [String] {
        var seen: [String] = []
        for command in all where command.isVerb && !seen.contains(command.words[0]) { seen.append(command.words[0]) }
        return seen
    }
}

/// What a shell offers to complete an argument or an option's value with.
///
/// A struct, not an enum with array payloads: the tables that hold these are
/// alive to the end of the process, and an enum's case tag kept in the spare
/// bits of an array pointer hides the array from LeakSanitizer, which then
/// reports it leaked in every sanitized run (docs/safety.md, "Leaks").
struct ValueCompletion: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// Nothing (free text).
        case none
        /// File names, those with ``ValueCompletion/words`` as extensions (all files when empty).
        case files
        /// Folder names.
        case directories
        /// One of ``ValueCompletion/words``.
        case choices
        /// A name of the plugins on the plugin path: the list
        /// (``ShellCompletion/NameList``) ``ValueCompletion/words`` holds,
        /// which the script asks cellkit for (``ShellCompletion/names(_:host:)``).
        case names
    }

    let kind: Kind
    /// The extensions of `files`, or the words of `choices`.
    let words: [String]

    static let none = ValueCompletion(kind: .none, words: [])
    static let directories = ValueCompletion(kind: .directories, words: [])
    static func files(_ extensions: [String]) -> ValueCompletion { ValueCompletion(kind: .files, words: extensions) }
    static func choices(_ words: [String]) -> ValueCompletion { ValueCompletion(kind: .choices, words: words) }
    static func names(_ list: ShellCompletion.NameList) -> ValueCompletion {
        ValueCompletion(kind: .names, words: [list.rawValue])
    }
}
