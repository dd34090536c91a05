@_spi(Host) import CellKit

extension Lexer {
    /// One token of a script line, with where it is.
    ///
    /// The lexer never drops input: every character of a line ends up in a
    /// token (a comment included), even when the line also has errors, so a
    /// line editor can colour what was typed.
    package struct Token: Hashable, Sendable {
        /// What the token is.
        package enum Kind: Hashable, Sendable {
            /// A bare word: a name (`row`, `BasicCells.TextCell`), a path
            /// (`Examples/team.json`), a colour (`#ff8800`), `true`, ...
            case word(String)
            /// A bare word that reads as a number: `72`, `-3`, `0.72`, `1e-3`.
            case number(String)
            /// A quoted string, with its escapes resolved.
            case string(String)
            /// A field reference (only after `=` or inside a list).
            case field(FieldPath)
            /// `=` joining a name and a value.
            case equals
            /// `[` opening a list.
            case openBracket
            /// `]` closing a list.
            case closeBracket
            /// `,` between list elements (only inside a list).
            case comma
            /// A comment, without its `#`.
            case comment(String)
        }

        /// What the token is.
        package var kind: Kind
        /// The token as written, quotes and escapes included.
        package var text: String
        /// Where it is.
        package var span: SourceSpan
        /// Whether a blank (or the start of a line) comes right before it.
        package var spaceBefore: Bool

        /// The text of a word, number or string; `nil` for anything else.
        package var textValue: String? {
            switch kind {
            case .word(let text), .number(let text), .string(let text): text
            default: nil
            }
        }

        /// Whether this is a bare word or number (not quoted).
        package var isBare: Bool {
            switch kind {
            case .word, .number: true
            default: false
            }
        }
    }
}
