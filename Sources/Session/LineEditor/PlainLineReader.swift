/// Reads lines without raw mode or escape sequences, for input that is not a
/// terminal (a pipe, a file) or a terminal that cannot be driven (`TERM=dumb`).
///
/// Lines end at LF; a CR before it is dropped; the last line may lack its LF.
/// Invalid UTF-8 is repaired. Bytes read past the end of a line are kept for
/// the next call, so keep one reader per input.
struct PlainLineReader: Sendable {
    private var pending: [UInt8] = []
    private var start = 0
    private var reachedEnd = false

    init() {}

    /// The next line without its line end, or `nil` at the end of the input.
    mutating func readLine(from terminal: any Terminal) throws -> String? {
        var searchFrom = start
        while true {
            if let newline = pending[searchFrom...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start && pending[end - 1] == 0x0D { end -= 1 }
                let line = String(decoding: pending[start..<end], as: UTF8.self)
                start = newline + 1
                compact()
                return line
            }
            searchFrom = pending.count
            if reachedEnd {
                guard start < pending.count else { return nil }
                let line = String(decoding: pending[start...], as: UTF8.self)
                start = pending.count
                compact()
                return line
            }
            switch try terminal.read(timeout: nil) {
            case .bytes(let bytes): pending.append(contentsOf: bytes)
            case .endOfInput: reachedEnd = true
            case .timedOut, .interrupted: continue
            }
        }
    }

    private mutating func compact() {
        if start == pending.count {
            pending.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 65536 {
            pending.removeFirst(start)
            start = 0
        }
    }
}
