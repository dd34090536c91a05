/// A value written as text (in a script, a nib, a data file) that could not be
/// read as the type it is meant to be.
///
/// It carries no position: whoever read the text knows where it was and turns
/// it into a diagnostic pointing at it.
///
/// ```swift
/// do { _ = try Color(parsing: "purple") } catch { print(error.message, "-", error.fix ?? "") }
/// // unknown colour 'purple' - use a name (red, bright-blue, ...), #rrggbb, or a palette index 0...255
/// ```
public struct ValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// How to fix it, or a suggestion such as `did you mean 'name'?`.
    public var fix: String?

    /// Creates an error.
    public init(_ message: String, fix: String? = nil) {
        self.message = message
        self.fix = fix
    }

    /// The message, then the fix after a semicolon when there is one:
    /// `expected an Int, got 'warm'; write a whole number such as 3 or -12`.
    public var description: String { fix.map { "\(message); \($0)" } ?? message }
}
