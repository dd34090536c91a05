/// Turns `RawPosition`s into `TextPosition`s, counting columns in `Character`s.
///
/// Counting from the line start each time would cost a whole line per position, which is
/// quadratic on a minified file; the counter remembers the last position it computed and
/// counts on from there when asked for a later one on the same line.
struct ColumnCounter {
    private var cachedLineStart = -1
    private var cachedOffset = 0
    private var cachedColumn = 1

    /// The position of `raw` in `bytes`, the same buffer the scanner reads.
    mutating func position(of raw: RawPosition, in bytes: UnsafeBufferPointer<UInt8>)
        -> TextPosition
    {
        var from = raw.lineStart
        var column = 1
        if cachedLineStart == raw.lineStart && cachedOffset <= raw.offset {
            from = cachedOffset
            column = cachedColumn
        }
        column += Self.characterCount(in: bytes, from: from, to: raw.offset)
        cachedLineStart = raw.lineStart
        cachedOffset = raw.offset
        cachedColumn = column
        return TextPosition(line: raw.line, column: column, offset: raw.offset)
    }

    /// The number of `Character`s in `bytes[from..<to]`; ASCII is counted without decoding.
    private static func characterCount(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int)
        -> Int
    {
        let end = min(to, bytes.count)
        guard from < end else { return 0 }
        var isASCII = true
        for index in from..<end where bytes[index] >= 0x80 {
            isASCII = false
            break
        }
        if isASCII {
            return end - from
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<end]), as: UTF8.self).count
    }
}
