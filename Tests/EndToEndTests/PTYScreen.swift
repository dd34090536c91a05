import Testing

/// A small model of an xterm-like terminal screen, fed with what a program
/// wrote to a pseudo-terminal, so tests can look at the screen a person would
/// see: the visible rows, the cursor, whether the alternate screen is shown
/// and the cursor hidden, and the lines that scrolled off the top.
///
/// Understands what `cellkit` writes: printable UTF-8 (wide East Asian
/// characters and emoji take two columns, combining marks none), deferred
/// auto-wrap at the right margin, CR, LF (down, scrolling at the bottom), BS,
/// TAB, BEL; CSI `A B C D E F G H f J K m` and the private modes `?1049`,
/// `?1047`, `?47` (alternate screen), `?25` (cursor), `?2004` (bracketed
/// paste), `?7` (auto-wrap); `ESC 7`/`ESC 8`; OSC strings (skipped). Anything
/// else is counted in `unknown`.
struct PTYScreen {
    private(set) var columns: Int
    private(set) var rows: Int
    /// The cells of the screen shown, by row; the second half of a wide character is "".
    private var cells: [[String]]
    /// The main screen's cells while the alternate screen is shown.
    private var savedMain: [[String]]?
    private(set) var cursorRow = 0
    private(set) var cursorColumn = 0
    private(set) var cursorVisible = true
    private(set) var bracketedPaste = false
    private(set) var bells = 0
    /// Lines that scrolled off the top of the main screen, oldest first.
    private(set) var scrollback: [String] = []
    private(set) var unknown: [String] = []

    private var pendingWrap = false
    private var autowrap = true
    private var savedCursor = (row: 0, column: 0)
    private var state = State.ground
    private var utf8: [UInt8] = []
    private var utf8Needed = 0

    private enum State {
        case ground
        case escape
        case csi(String)
        case osc
        case oscEscape
        case charset
    }

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    // MARK: Reading the screen

    /// Whether the alternate screen is shown.
    var isAlternateScreen: Bool { savedMain != nil }

    /// Row `index` as text, trailing blanks removed.
    func line(_ index: Int) -> String {
        guard index >= 0 && index < rows else { return "" }
        return Self.text(of: cells[index])
    }

    /// The visible rows, trailing blank rows removed.
    var lines: [String] {
        var all = (0..<rows).map(line)
        while all.last == "" { all.removeLast() }
        return all
    }

    /// The visible rows as one text.
    var text: String { lines.joined(separator: "\n") }

    /// The row the cursor is on.
    var cursorLine: String { line(cursorRow) }

    /// The cursor's row counted from the first line that scrolled off the top
    /// of the main screen: it only grows as output goes on.
    var absoluteCursorRow: Int { scrollback.count + cursorRow }

    /// Everything on the main screen and above it, for looking for output that
    /// may have scrolled away.
    var history: String {
        let main = savedMain ?? cells
        var all = scrollback + main.map(Self.text(of:))
        while all.last == "" { all.removeLast() }
        return all.joined(separator: "\n")
    }

    /// The screen as a test failure shows it.
    var dump: String {
        var out = "screen \(columns)x\(rows), cursor \(cursorRow),\(cursorColumn)"
        out += isAlternateScreen ? ", alternate screen" : ""
        out += cursorVisible ? "" : ", cursor hidden"
        out += "\n"
        for row in 0..<rows { out += "│" + line(row) + "\n" }
        return out
    }

    private static func text(of row: [String]) -> String {
        var text = row.joined()
        while text.last == " " { text.removeLast() }
        return text
    }

    // MARK: Changing size

    /// The window changed size: rows and columns are cut or padded.
    mutating func resize(columns: Int, rows: Int) {
        func fit(_ grid: [[String]]) -> [[String]] {
            var grid = grid.map { row -> [String] in
                row.count >= columns
                    ? Array(row.prefix(columns)) : row + Array(repeating: " ", count: columns - row.count)
            }
            if grid.count > rows { grid.removeFirst(grid.count - rows) }
            while grid.count < rows { grid.append(Array(repeating: " ", count: columns)) }
            return grid
        }
        let removed = max(0, cells.count - rows)
        self.columns = columns
        self.rows = rows
        cells = fit(cells)
        savedMain = savedMain.map(fit)
        cursorRow = max(0, min(rows - 1, cursorRow - removed))
        cursorColumn = min(cursorColumn, columns - 1)
        pendingWrap = false
    }

    // MARK: Feeding output

    mutating func feed(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { feed(byte) }
    }

    private mutating func feed(_ byte: UInt8) {
        switch state {
        case .ground:
            ground(byte)
        case .escape:
            state = .ground
            switch byte {
            case UInt8(ascii: "["): state = .csi("")
            case UInt8(ascii: "]"): state = .osc
            case UInt8(ascii: "("), UInt8(ascii: ")"): state = .charset
            case UInt8(ascii: "7"): savedCursor = (cursorRow, cursorColumn)
            case UInt8(ascii: "8"): (cursorRow, cursorColumn) = savedCursor
            case UInt8(ascii: "="), UInt8(ascii: ">"): break  // keypad modes
            default: unknown.append("ESC \(Character(Unicode.Scalar(byte)))")
            }
        case .csi(let parameters):
            if (0x40...0x7E).contains(byte) {
                state = .ground
                csi(parameters, final: Character(Unicode.Scalar(byte)))
            } else {
                state = .csi(parameters + String(Character(Unicode.Scalar(byte))))
            }
        case .osc:
            if byte == 0x07 { state = .ground } else if byte == 0x1B { state = .oscEscape }
        case .oscEscape:
            state = .ground
        case .charset:
            state = .ground
        }
    }

    private mutating func ground(_ byte: UInt8) {
        if utf8Needed > 0 {
            utf8.append(byte)
            utf8Needed -= 1
            if utf8Needed == 0 {
                put(String(decoding: utf8, as: UTF8.self))
                utf8.removeAll()
            }
            return
        }
        switch byte {
        case 0x1B: state = .escape
        case 0x0D:
            cursorColumn = 0
            pendingWrap = false
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08:
            cursorColumn = max(0, cursorColumn - 1)
            pendingWrap = false
        case 0x09: cursorColumn = min(columns - 1, (cursorColumn / 8 + 1) * 8)
        case 0x07: bells += 1
        case 0x00..<0x20, 0x7F: break
        case 0xC0..<0xE0:
            utf8 = [byte]
            utf8Needed = 1
        case 0xE0..<0xF0:
            utf8 = [byte]
            utf8Needed = 2
        case 0xF0..<0xF8:
            utf8 = [byte]
            utf8Needed = 3
        case 0x80..<0xC0, 0xF8...0xFF: put("\u{FFFD}")
        default: put(String(Character(Unicode.Scalar(byte))))
        }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if cursorRow == rows - 1 {
            let top = cells.removeFirst()
            if savedMain == nil { scrollback.append(Self.text(of: top)) }
            cells.append(Array(repeating: " ", count: columns))
        } else {
            cursorRow += 1
        }
    }

    private mutating func put(_ text: String) {
        guard let scalar = text.unicodeScalars.first else { return }
        let width = Self.width(of: scalar)
        if width == 0 {
            // A combining mark joins the character before it.
            let column = max(0, (pendingWrap ? cursorColumn : cursorColumn - 1))
            if column < columns { cells[cursorRow][column] += text }
            return
        }
        if pendingWrap || cursorColumn + width > columns {
            if autowrap {
                cursorColumn = 0
                lineFeed()
            } else {
                cursorColumn = columns - width
            }
        }
        pendingWrap = false
        if cells[cursorRow][cursorColumn] == "", cursorColumn > 0 { cells[cursorRow][cursorColumn - 1] = " " }
        cells[cursorRow][cursorColumn] = text
        if width == 2 {
            cells[cursorRow][cursorColumn + 1] = ""
        } else if cursorColumn + 1 < columns, cells[cursorRow][cursorColumn + 1] == "" {
            cells[cursorRow][cursorColumn + 1] = " "
        }
        if cursorColumn + width >= columns {
            cursorColumn = columns - 1
            pendingWrap = true
        } else {
            cursorColumn += width
        }
    }

    private mutating func csi(_ parameters: String, final: Character) {
        let isPrivate = parameters.hasPrefix("?")
        let numbers = (isPrivate ? String(parameters.dropFirst()) : parameters).split(
            separator: ";", omittingEmptySubsequences: false
        )
        .map { Int($0) }
        func number(_ index: Int, default value: Int = 1) -> Int {
            guard index < numbers.count, let n = numbers[index], n > 0 else { return value }
            return n
        }
        if isPrivate {
            guard final == "h" || final == "l" else {
                unknown.append("CSI \(parameters)\(final)")
                return
            }
            let on = final == "h"
            for mode in numbers.compactMap({ $0 }) {
                switch mode {
                case 1049, 1047, 47: switchScreen(alternate: on, saveCursor: mode == 1049)
                case 25: cursorVisible = on
                case 2004: bracketedPaste = on
                case 7: autowrap = on
                case 1, 12: break
                default: unknown.append("CSI ?\(mode)\(final)")
                }
            }
            return
        }
        switch final {
        case "A": cursorRow = max(0, cursorRow - number(0))
        case "B": cursorRow = min(rows - 1, cursorRow + number(0))
        case "C": cursorColumn = min(columns - 1, cursorColumn + number(0))
        case "D": cursorColumn = max(0, min(cursorColumn, columns - 1) - number(0))
        case "E":
            cursorRow = min(rows - 1, cursorRow + number(0))
            cursorColumn = 0
        case "F":
            cursorRow = max(0, cursorRow - number(0))
            cursorColumn = 0
        case "G": cursorColumn = max(0, min(columns - 1, number(0) - 1))
        case "H", "f":
            cursorRow = max(0, min(rows - 1, number(0) - 1))
            cursorColumn = max(0, min(columns - 1, number(1) - 1))
        case "J":
            switch number(0, default: 0) {
            case 0:
                erase(row: cursorRow, from: cursorColumn, to: columns)
                for row in (cursorRow + 1)..<max(cursorRow + 1, rows) { erase(row: row, from: 0, to: columns) }
            case 1:
                for row in 0..<cursorRow { erase(row: row, from: 0, to: columns) }
                erase(row: cursorRow, from: 0, to: cursorColumn + 1)
            default:
                for row in 0..<rows { erase(row: row, from: 0, to: columns) }
            }
        case "K":
            switch number(0, default: 0) {
            case 0: erase(row: cursorRow, from: cursorColumn, to: columns)
            case 1: erase(row: cursorRow, from: 0, to: cursorColumn + 1)
            default: erase(row: cursorRow, from: 0, to: columns)
            }
        case "m": break
        default: unknown.append("CSI \(parameters)\(final)")
        }
        pendingWrap = false
    }

    private mutating func erase(row: Int, from start: Int, to end: Int) {
        guard row >= 0 && row < rows else { return }
        let start = max(0, min(start, columns))
        let end = max(start, min(end, columns))
        for column in start..<end { cells[row][column] = " " }
        if start > 0, cells[row][start - 1] != "", start < columns, cells[row][start] == "" {
            cells[row][start - 1] = " "
        }
        if end < columns, cells[row][end] == "" { cells[row][end] = " " }
    }

    private mutating func switchScreen(alternate: Bool, saveCursor: Bool) {
        if alternate {
            guard savedMain == nil else { return }
            if saveCursor { savedCursor = (cursorRow, cursorColumn) }
            savedMain = cells
            cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        } else {
            guard let main = savedMain else { return }
            cells = main
            savedMain = nil
            if saveCursor { (cursorRow, cursorColumn) = savedCursor }
        }
        pendingWrap = false
    }

    /// Columns a character takes: 2 for East Asian wide characters and emoji,
    /// 0 for combining marks and zero-width characters, else 1.
    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF: 0
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            2
        default: 1
        }
    }
}

extension PTYScreen: CustomTestStringConvertible {
    /// A failed expectation shows the screen, not the model's storage.
    var testDescription: String { dump }
}
