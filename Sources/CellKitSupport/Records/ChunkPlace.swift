import Glibc

/// Where a chunk's text lies in its file, to turn a position in the text
/// (an error's line and column) into the file's.
///
/// Line `n` of the text is line `n + lineOffset` of the file. A JSON chunk
/// may start in the middle of a line (a one-line array is cut after any
/// comma) and its text has a `[` before the file's bytes: on the text's first
/// line, column `c` is the file's column of the `c - prefix`th character
/// after `bodyStart`, and the characters between the start of that line in
/// the file (`lineStart`) and `bodyStart` are counted, from the file, only
/// when an error needs them.
package struct ChunkPlace: Sendable, Equatable {
    /// The file.
    package var path: String
    /// Line `n` of the text is line `n + lineOffset` of the file.
    package var lineOffset: Int
    /// Where, in the file, the line the chunk starts on starts.
    package var lineStart: Int
    /// Where, in the file, the chunk starts.
    package var bodyStart: Int
    /// How many characters the text has on its first line before the file's (`[`: 1).
    package var prefix: Int

    /// A whole file: positions are the text's.
    package init(path: String) {
        self.init(path: path, lineOffset: 0, lineStart: 0, bodyStart: 0, prefix: 0)
    }

    package init(path: String, lineOffset: Int, lineStart: Int, bodyStart: Int, prefix: Int) {
        self.path = path
        self.lineOffset = lineOffset
        self.lineStart = lineStart
        self.bodyStart = bodyStart
        self.prefix = prefix
    }

    /// Whether columns on the text's first line differ from the file's.
    package var movesFirstLine: Bool { prefix != 0 || lineStart != bodyStart }

    /// The file's line of the text's line `line`.
    package func fileLine(_ line: Int) -> Int { line + lineOffset }

    /// The file's column of column `column` of the text's line `line`.
    package func fileColumn(line: Int, column: Int) -> Int {
        guard line == 1, movesFirstLine else { return column }
        return max(1, column - prefix) + charactersBeforeBody()
    }

    /// How many characters the file's line has before `bodyStart`, read a
    /// piece at a time (the line may be longer than memory should hold); 0
    /// when the file cannot be read.
    package func charactersBeforeBody() -> Int {
        guard bodyStart > lineStart else { return 0 }
        let fd = SystemCall.retrying { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        let pieceBytes = 1 << 20
        var count = 0
        var offset = lineStart
        var buffer = [UInt8](repeating: 0, count: pieceBytes + 4096)
        var carried = 0
        while offset < bodyStart {
            let want = min(pieceBytes, bodyStart - offset)
            let n = buffer.withUnsafeMutableBytes { raw in
                SystemCall.retrying { pread(fd, raw.baseAddress! + carried, want, off_t(offset)) }
            }
            guard n > 0 else { break }
            offset += n
            var end = carried + n
            let total = end
            if offset < bodyStart {
                // Counted up to a place where two ASCII bytes meet (a character boundary
                // unless CR LF, which a line does not hold); the rest goes with the next piece.
                // (Looked for in the last 4 KiB only: past that, a text with no ASCII is counted as it is.)
                var cut = end - 1
                let floor = max(0, end - 4096)
                while cut > floor && !(buffer[cut - 1] < 0x80 && buffer[cut] < 0x80) { cut -= 1 }
                if cut > floor { end = cut }
            }
            count += String(decoding: buffer[0..<end], as: UTF8.self).count
            carried = total - end
            if carried > 0 { buffer.replaceSubrange(0..<carried, with: buffer[end..<total]) }
        }
        if carried > 0 { count += String(decoding: buffer[0..<carried], as: UTF8.self).count }
        return count
    }
}
