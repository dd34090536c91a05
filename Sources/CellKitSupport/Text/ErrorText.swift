/// The one layout of an error's text when it takes more than one line: the first line
/// says what went wrong; each further line (a fix, a note, a searched path) follows,
/// indented by two spaces.
///
/// ```swift
/// ErrorText.lines("no plugin named 'CardCels'", ["did you mean 'CardCells'?"])
/// // no plugin named 'CardCels'
/// //   did you mean 'CardCells'?
/// ```
package enum ErrorText {
    /// `first`, then each of `more` on a line of its own, indented by two spaces.
    package static func lines(_ first: String, _ more: [String]) -> String {
        ([first] + more).joined(separator: "\n  ")
    }
}
