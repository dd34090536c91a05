/// Why the HTML or SVG writer refused a canvas.
///
/// ```swift
/// print(MarkupWriterError.tooManyRows(format: "SVG", limit: 10_000))
/// // SVG output stops at 10000 rows: an SVG picture is held in memory until it is finished;
/// // write long output as HTML or text, or render fewer rows
/// ```
struct MarkupWriterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    var message: String
    /// What would fix it.
    var fix: String

    /// The picture would have more rows than the writer holds.
    static func tooManyRows(format: String, limit: Int) -> MarkupWriterError {
        MarkupWriterError(
            message:
                "\(format) output stops at \(limit) rows: an \(format) picture is held in memory until it is finished",
            fix: "write long output as HTML or text, or render fewer rows")
    }

    /// `write(_:)` was called after `finish()`.
    static func writeAfterFinish(format: String) -> MarkupWriterError {
        MarkupWriterError(
            message: "\(format) output was already finished; nothing more can be written to it",
            fix: "start a new writer for a new document")
    }

    var description: String { "\(message); \(fix)" }
}
