@_spi(Host) import CellKit

/// A tiny VT100 interpreter for tests: replays what the editor wrote and keeps
/// the screen the user would see and the cursor position.
///
/// Understands printable text (wide characters by `TerminalWidth.of`, with
/// deferred auto-wrap at the right margin), `\r`, `\n` (raw mode: down only),
/// BEL (counted), `ESC[K`, `ESC[nC`, `ESC[nD`, `ESC[nG`, `ESC[H`, `ESC[2J`, SGR
/// `ESC[…m` (ignored) and `ESC[?2004h/l`. Anything else is recorded in
/// `unexpected`, so tests can check the editor sends nothing else.
struct VirtualScreen {
    let columns: Int
    /// Cells by row; a wide character's second cell is `""`.
    private(set) var cells: [[String]] = [[]]
    private(set) var row = 0
    private(set) var column = 0
    private(set) var bells = 0
    private(set) var bracketedPaste = false
    private(set) var unexpected: [String] = []

    init(columns: Int) {
        self.columns = columns
    }

    init(columns: Int, replaying bytes: some Collection<UInt8>) {
        self.init(columns: columns)
        feed(String(decoding: bytes, as: UTF8.self))
    }

    /// The cursor column, 0-based (a cursor past the margin shows on the last column).
    var cursorColumn: Int { min(column, columns - 1) }

    /// Row `index` as text, trailing blanks removed.
    func line(_ index: Int) -> String {
        guard index >= 0 && index < cells.count else { return "" }
        var text = cells[index].joined()
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The row the cursor is on.
    var cursorLine: String { line(row) }

    /// All rows, trailing empty rows removed.
    var lines: [String] {
        var all = (0..<cells.count).map(line)
        while all.last == "" { all.removeLast() }
        return all
    }

    mutating func feed(_ text: String) {
        var iterator = text.unicodeScalars.makeIterator()
        var pendingText = String.UnicodeScalarView()
        func flushText() {
            for character in String(pendingText) { put(character) }
            pendingText.removeAll()
        }
        while let scalar = iterator.next() {
            switch scalar {
            case "\u{1B}":
                flushText()
                escape(&iterator)
            case "\r":
                flushText()
                column = 0
            case "\n":
                flushText()
                row += 1
                ensureRow()
            case "\u{07}":
                flushText()
                bells += 1
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                flushText()
                unexpected.append("control \(scalar.value)")
            default:
                pendingText.append(scalar)
            }
        }
        flushText()
    }

    private mutating func escape(_ iterator: inout String.UnicodeScalarView.Iterator) {
        guard let introducer = iterator.next() else {
            unexpected.append("ESC at end")
            return
        }
        guard introducer == "[" else {
            unexpected.append("ESC \(introducer)")
            return
        }
        var parameters = ""
        var final: Unicode.Scalar = " "
        while let next = iterator.next() {
            if (0x40...0x7E).contains(next.value) {
                final = next
                break
            }
            parameters.unicodeScalars.append(next)
        }
        let number = Int(parameters) ?? 1
        switch (final, parameters) {
        case ("K", ""), ("K", "0"):
            ensureRow()
            if column < cells[row].count { cells[row].removeSubrange(column...) }
            if column < cells[row].count, cells[row][column] == "" { cells[row][column] = " " }
        case ("C", _):
            column = min(columns - 1, column + number)
        case ("D", _):
            column = max(0, min(column, columns - 1) - number)
        case ("G", _):
            column = max(0, min(columns - 1, number - 1))
        case ("H", ""):
            row = 0
            column = 0
        case ("J", "2"):
            cells = Array(repeating: [], count: row + 1)
        case ("m", _):
            break
        case ("h", "?2004"):
            bracketedPaste = true
        case ("l", "?2004"):
            bracketedPaste = false
        default:
            unexpected.append("CSI \(parameters)\(final)")
        }
    }

    private mutating func ensureRow() {
        while cells.count <= row { cells.append([]) }
    }

    private mutating func put(_ character: Character) {
        let width = TerminalWidth.of(String(character))
        guard width > 0 else { return }
        if column + width > columns {
            row += 1
            column = 0
        }
        ensureRow()
        while cells[row].count < column + width { cells[row].append(" ") }
        // Overwriting half of a wide character blanks its other half.
        if cells[row][column] == "", column > 0 { cells[row][column - 1] = " " }
        let end = column + width
        if end < cells[row].count, cells[row][end] == "" { cells[row][end] = " " }
        cells[row][column] = String(character)
        if width == 2 { cells[row][column + 1] = "" }
        column += width
    }
}
