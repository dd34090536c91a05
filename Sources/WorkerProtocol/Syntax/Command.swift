@_spi(Host) import CellKit

/// One parsed command: a command word, positional arguments and
/// `name=value` attributes, each with where it is.
///
/// ```
/// row TextCell text="Good morning" style=bold
/// ^~~ ^~~~~~~~ ^~~~~~~~~~~~~~~~~~~ ^~~~~~~~~~
/// name argument attribute          attribute
/// ```
///
/// A command is syntax only: whether `row` takes a cell name, or `TextCell`
/// has a `text` attribute, is checked later (``CommandSpec/validate(_:)``,
/// then the interpreter). Use ``diagnostic(_:at:notes:)`` to report an error
/// at any part of it.
package struct Command: Hashable, Sendable {
    /// A value: the right-hand side of an attribute.
    ///
    /// Quotes only delimit text; they do not make a different kind of value:
    /// `width=72`, `width="72"` and `width='72'` are the same `.text("72")`,
    /// and whoever uses the value reads it as the type it needs (an integer
    /// here). What quotes change is which characters the text may contain.
    package enum Value: Hashable, Sendable, CustomStringConvertible {
        /// A bare word, a number, or a quoted string.
        case text(String)
        /// A field of the current data record: `.name`, `.a.b`, `.items[0]`.
        case field(FieldPath)
        /// A list: `[1, 2, 3]`, `[red, "light blue"]`, `[.min, .max]`.
        case list([Value])

        /// How deep lists may nest: in a script (``ScriptParser``) and on the wire.
        package static let maximumNesting = 32

        /// The text, if this is text.
        package var text: String? {
            if case .text(let text) = self { return text }
            return nil
        }

        /// The value as a script writes it (see ``Script/format(_:)-(Value)``).
        package var description: String { Script.format(self) }
    }

    /// A positional argument: a bare word or a quoted string.
    package struct Argument: Hashable, Sendable {
        /// The text, quotes and escapes resolved.
        package var text: String
        /// Whether it was quoted. A quoted argument is never a keyword:
        /// `render to x.svg` writes a file, `render "to"` renders a screen
        /// named `to`.
        package var isQuoted: Bool
        /// Where it is, quotes included.
        package var span: SourceSpan

        /// Whether this is the unquoted keyword `word` (`to`, `from`).
        package func isKeyword(_ word: String) -> Bool {
            !isQuoted && text == word
        }

        package init(text: String, isQuoted: Bool, span: SourceSpan) {
            self.text = text
            self.isQuoted = isQuoted
            self.span = span
        }
    }

    /// A `name=value` attribute (or option: `width=72`).
    package struct Attribute: Hashable, Sendable {
        /// The name, left of `=`.
        package var name: String
        /// The value, right of `=`.
        package var value: Value
        /// Where the name is.
        package var nameSpan: SourceSpan
        /// Where the value is. A list continued on the next line is spanned
        /// to the end of the line it starts on.
        package var valueSpan: SourceSpan
        /// For a list, where each of its elements is (nested lists: only the
        /// outer elements); empty otherwise.
        package var elementSpans: [SourceSpan]

        /// From the first character of the name to the last of the value (on
        /// the name's line).
        package var span: SourceSpan {
            guard valueSpan.location.line == nameSpan.location.line else {
                return nameSpan
            }
            return SourceSpan(
                nameSpan.location, length: valueSpan.endColumn - nameSpan.location.column)
        }

        package init(
            name: String, value: Value, nameSpan: SourceSpan, valueSpan: SourceSpan, elementSpans: [SourceSpan]
        ) {
            self.name = name
            self.value = value
            self.nameSpan = nameSpan
            self.valueSpan = valueSpan
            self.elementSpans = elementSpans
        }
    }

    /// The command word as written (`row`, or its alias `item`).
    package var name: String
    /// Where the command word is.
    package var nameSpan: SourceSpan
    /// The positional arguments, in order.
    package var arguments: [Argument]
    /// The attributes, in order.
    package var attributes: [Attribute]
    /// The physical lines the command was written on (several after `\`).
    package var source: [String]
    /// Where the command ends: the empty span just past its last token, where
    /// "missing ..." errors point.
    package var end: SourceSpan

    /// The file the command comes from.
    package var file: String { nameSpan.location.file }

    /// The line the command starts on.
    package var line: Int { nameSpan.location.line }

    /// The command's source text, lines joined with line breaks: what a
    /// session log records.
    package var sourceText: String { source.joined(separator: "\n") }

    /// The attribute called `name`, if given.
    package func attribute(_ name: String) -> Attribute? {
        attributes.first { $0.name == name }
    }

    /// A diagnostic pointing at `span`, with the source line it is on.
    ///
    /// ```swift
    /// command.diagnostic(
    ///     "ProfileCell has no attribute 'nmae'", at: attribute.nameSpan,
    ///     notes: ["did you mean 'name'?"])
    /// ```
    package func diagnostic(
        _ message: String, at span: SourceSpan, notes: [String] = [],
        severity: Diagnostic.Severity = .error
    ) -> Diagnostic {
        let index = span.location.line - line
        return Diagnostic(
            severity, message: message, location: span.location, length: span.length,
            sourceLine: source.indices.contains(index) ? source[index] : nil, notes: notes)
    }

    package init(
        name: String, nameSpan: SourceSpan, arguments: [Argument], attributes: [Attribute], source: [String],
        end: SourceSpan
    ) {
        self.name = name
        self.nameSpan = nameSpan
        self.arguments = arguments
        self.attributes = attributes
        self.source = source
        self.end = end
    }
}
