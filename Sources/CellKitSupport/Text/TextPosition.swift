/// A place in a text file: a 1-based line and column, and the byte offset.
///
/// Lines are separated by LF, CRLF or a lone CR. Columns count `Character`s (grapheme
/// clusters) from the start of the line, so `é` written as `e` + U+0301 is one column and
/// a tab is one column. `offset` counts UTF-8 bytes from the start of the input, a byte
/// order mark included, for tools that seek.
///
/// ```swift
/// let position = TextPosition(line: 3, column: 14, offset: 52)
/// print(position)  // 3:14
/// ```
package struct TextPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    package var line: Int
    /// The column in `Character`s, from 1.
    package var column: Int
    /// The UTF-8 byte offset from the start of the input, from 0.
    package var offset: Int

    /// A position at `line`:`column`, `offset` bytes into the input.
    package init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line:column`, the way compilers print it after a file name.
    package var description: String { "\(line):\(column)" }

    /// Orders positions by where they are in the input.
    package static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        lhs.offset < rhs.offset
    }
}
