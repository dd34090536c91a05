@_spi(Host) import CellKit

/// Where a piece of a script is: its first character and how many columns it
/// covers on that line.
///
/// Columns count characters (grapheme clusters) from 1, as in
/// ``SourceLocation``. A span never crosses a line: a list continued onto the
/// next line with `\` is spanned to the end of its first line.
///
/// ```swift
/// let span = SourceSpan(SourceLocation(file: "a.cellkit", line: 3, column: 17), length: 4)
/// print(span)   // a.cellkit:3:17-20
/// ```
package struct SourceSpan: Hashable, Sendable, CustomStringConvertible {
    /// The first character.
    package var location: SourceLocation
    /// How many columns the span covers (0 for a position between characters).
    package var length: Int

    /// Creates a span.
    package init(_ location: SourceLocation, length: Int) {
        self.location = location
        self.length = max(0, length)
    }

    /// The column just past the span.
    package var endColumn: Int { location.column + length }

    /// The empty span just past this one: where "expected ..." errors point.
    package var after: SourceSpan {
        var end = location
        end.column = endColumn
        return SourceSpan(end, length: 0)
    }

    /// `file:line:col-endcol`, for test failures and debugging.
    package var description: String {
        length <= 1 ? "\(location)" : "\(location)-\(endColumn - 1)"
    }
}
