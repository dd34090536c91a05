/// A position in a text source: a script, a nib, a storyboard or a data file.
///
/// Lines and columns count from 1. A column counts characters (grapheme
/// clusters) of the source line, so `é` or `👩‍💻` is one column here; the caret
/// under a diagnostic is placed by terminal width, so it lines up even after
/// wide characters.
///
/// ```swift
/// let location = SourceLocation(file: "team.cks", line: 3, column: 17)
/// print(location)   // team.cks:3:17
/// ```
@_spi(Host) public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file name as the user gave it, or a pseudo-name such as `<stdin>`.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:col`, the form editors and terminals turn into links.
    public var description: String { "\(file):\(line):\(column)" }
}
