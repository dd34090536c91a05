/// An error in a text source, reported the way a compiler reports one.
///
/// ```swift
/// let d = Diagnostic(
///     message: "ProfileCell has no attribute 'nmae'",
///     location: SourceLocation(file: "<stdin>", line: 3, column: 17),
///     length: 4,
///     sourceLine: #"row ProfileCell nmae="Ada Lovelace""#,
///     notes: ["did you mean 'name'?"])
/// print(d.rendered())
/// // <stdin>:3:17: error: ProfileCell has no attribute 'nmae'
/// //   row ProfileCell nmae="Ada Lovelace"
/// //                   ^~~~
/// //   did you mean 'name'?
/// ```
@_spi(Host) public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// How serious the diagnostic is.
    public enum Severity: String, Hashable, Sendable {
        case error, warning, note
    }

    /// What is wrong, in one sentence without a trailing period.
    public var message: String
    /// Where it is wrong.
    public var location: SourceLocation
    /// How many columns the caret line underlines (at least 1).
    public var length: Int
    /// The source line the location points into, if known.
    public var sourceLine: String?
    /// Where the caret goes in `sourceLine` when it is an excerpt of a line
    /// too long to show whole: the column in `sourceLine`; `nil` when it is
    /// the whole line, and the caret is at `location.column`.
    public var sourceColumn: Int?
    /// Follow-up lines: suggestions ("did you mean 'name'?") and fixes.
    public var notes: [String]
    /// Error, warning or note.
    public var severity: Severity

    /// Creates a diagnostic.
    public init(
        _ severity: Severity = .error,
        message: String,
        location: SourceLocation,
        length: Int = 1,
        sourceLine: String? = nil,
        notes: [String] = []
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.length = max(1, length)
        self.sourceLine = sourceLine
        self.notes = notes
    }

    /// The diagnostic as lines of text: header, source line, caret, notes.
    ///
    /// Every part that can hold text from input (the file name, the message,
    /// the source line, the notes) is made safe for a terminal: control
    /// characters become visible pictures (`TextLayout.sanitized(_:)`), so a
    /// data value cannot set the title, clear the screen or write the
    /// clipboard. Line breaks between the lines of a message or note are kept.
    public func rendered() -> String {
        var out = "\(Self.safe(location.description)): \(severity.rawValue): \(Self.safe(message))"
        if let sourceLine {
            let line = TextLayout.sanitized(sourceLine)
            out += "\n  " + line
            let lead = line.prefix(max(0, (sourceColumn ?? location.column) - 1))
            let pad = String(repeating: " ", count: TerminalWidth.of(lead))
            out += "\n  " + pad + "^" + String(repeating: "~", count: max(0, length - 1))
        }
        for note in notes {
            out += "\n  " + Self.safe(note)
        }
        return out
    }

    /// `text` with each line sanitized and the line breaks kept.
    static func safe(_ text: String) -> String {
        guard text.contains("\n") else { return TextLayout.sanitized(text) }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TextLayout.sanitized(String($0)) }.joined(separator: "\n")
    }

    public var description: String { rendered() }
}
