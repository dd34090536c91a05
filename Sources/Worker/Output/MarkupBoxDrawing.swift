/// Box-drawing (U+2500…U+257F) and block (U+2580…U+259F) characters drawn as
/// geometry that fills its cell exactly, the way terminal emulators draw
/// them: lines meet their neighbours on every side whatever font the viewer
/// has, so borders join with no gaps between rows or cells.
///
/// Light, heavy and double lines with all their corners, tees, crosses and
/// mixed-weight variants, the rounded corners `╭╮╰╯`, half lines `╴╵╶╷`,
/// and the blocks `▀▁…█▉…▐▔▕▖…▟` are drawn; dashed lines, diagonals and the
/// shades `░▒▓` are left to the font.
///
/// Lengths are in tenths of a pixel; a cell's top-left corner is (`x`, `y`).
///
/// ```swift
/// var path = MarkupBytes()
/// MarkupBoxDrawing.appendPath(of: 0x2500, x: 0, y: 0, cellWidth: 84, cellHeight: 170, to: &path)   // ─
/// path.string   // M4.2 7.9h4.2v1.2h-4.2zM0 7.9h4.2v1.2h-4.2z
/// ```
enum MarkupBoxDrawing {
    /// A light line's thickness.
    static let light = 12
    /// A heavy line's thickness.
    static let heavy = 24
    /// How far each line of a double line is from the middle of the cell.
    static let doubleOffset = 18

    /// Whether `scalar` is drawn as geometry.
    static func draws(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2500...0x257F: return arms(scalar) != nil || (0x256D...0x2570).contains(scalar)
        case 0x2580...0x2590, 0x2594...0x259F: return true
        default: return false
        }
    }

    /// Appends path data (filled, nonzero) that draws `scalar` in the cell at
    /// (`x`, `y`). Returns false, appending nothing, for a character the font draws.
    @discardableResult
    static func appendPath(
        of scalar: UInt32, x: Int, y: Int, cellWidth: Int, cellHeight: Int, to path: inout MarkupBytes
    ) -> Bool {
        let cell = Cell(x: x, y: y, width: cellWidth, height: cellHeight)
        switch scalar {
        case 0x256D...0x2570:
            // ╭ opens right and down; ╮ left and down; ╯ left and up; ╰ right and up.
            let signs: [(Int, Int)] = [(1, 1), (-1, 1), (-1, -1), (1, -1)]
            let (sx, sy) = signs[Int(scalar - 0x256D)]
            appendArc(cell, sx: sx, sy: sy, to: &path)
            return true
        case 0x2500...0x257F:
            guard let arms = arms(scalar) else { return false }
            appendLines(cell, arms: arms, to: &path)
            return true
        case 0x2580...0x2590, 0x2594...0x259F:
            appendBlock(scalar, cell, to: &path)
            return true
        default:
            return false
        }
    }

    // MARK: - Lines

    /// The weight of each arm (up, right, down, left): 0 none, 1 light,
    /// 2 heavy, 3 double; `nil` for dashed lines, diagonals and arcs.
    private static func arms(_ scalar: UInt32) -> [Int]? {
        let i = Int(scalar) - 0x2500
        guard i >= 0, i < table.count, table[i] != "-" else { return nil }
        return table[i].map { Int(String($0))! }
    }

    /// Arms of U+2500…U+257F, up-right-down-left; "-" where the font draws it.
    private static let table: [String] = [
        "0101", "0202", "1010", "2020", "-", "-", "-", "-", "-", "-", "-", "-",  // ─━│┃┄┅┆┇┈┉┊┋
        "0110", "0210", "0120", "0220", "0011", "0012", "0021", "0022",  // ┌┍┎┏┐┑┒┓
        "1100", "1200", "2100", "2200", "1001", "1002", "2001", "2002",  // └┕┖┗┘┙┚┛
        "1110", "1210", "2110", "1120", "2120", "2210", "1220", "2220",  // ├┝┞┟┠┡┢┣
        "1011", "1012", "2011", "1021", "2021", "2012", "1022", "2022",  // ┤┥┦┧┨┩┪┫
        "0111", "0112", "0211", "0212", "0121", "0122", "0221", "0222",  // ┬┭┮┯┰┱┲┳
        "1101", "1102", "1201", "1202", "2101", "2102", "2201", "2202",  // ┴┵┶┷┸┹┺┻
        "1111", "1112", "1211", "1212", "2111", "1121", "2121", "2112",  // ┼┽┾┿╀╁╂╃
        "2211", "1122", "1221", "2212", "1222", "2122", "2221", "2222",  // ╄╅╆╇╈╉╊╋
        "-", "-", "-", "-",  // ╌╍╎╏
        "0303", "3030", "0310", "0130", "0330", "0013", "0031", "0033",  // ═║╒╓╔╕╖╗
        "1300", "3100", "3300", "1003", "3001", "3003", "1310", "3130",  // ╘╙╚╛╜╝╞╟
        "3330", "1013", "3031", "3033", "0313", "0131", "0333", "1303",  // ╠╡╢╣╤╥╦╧
        "3101", "3303", "1313", "3131", "3333",  // ╨╩╪╫╬
        "-", "-", "-", "-", "-", "-", "-",  // ╭╮╯╰╱╲╳ (the arcs are drawn apart)
        "0001", "1000", "0100", "0010", "0002", "2000", "0200", "0020",  // ╴╵╶╷╸╹╺╻
        "0201", "1020", "0102", "2010",  // ╼╽╾╿
    ]

    private struct Cell {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        var cx: Int { x + width / 2 }
        var cy: Int { y + height / 2 }

        /// The distance from the middle to the edge, along arm `d`.
        func reach(_ d: Int) -> Int { d % 2 == 0 ? height / 2 : width / 2 }

        /// A rectangle along arm `d` (0 up, 1 right, 2 down, 3 left) from
        /// `from` to `to` away from the middle, across it from `lo` to `hi`
        /// (negative: up or left of the middle).
        func band(_ d: Int, from: Int, to: Int, lo: Int, hi: Int) -> (Int, Int, Int, Int) {
            switch d {
            case 0: (cx + lo, cy - to, cx + hi, cy - from)
            case 1: (cx + from, cy + lo, cx + to, cy + hi)
            case 2: (cx + lo, cy + from, cx + hi, cy + to)
            default: (cx - to, cy + lo, cx - from, cy + hi)
            }
        }
    }

    private static func half(_ weight: Int) -> Int {
        switch weight {
        case 1: light / 2
        case 2: heavy / 2
        default: 0
        }
    }

    private static func appendLines(_ cell: Cell, arms: [Int], to path: inout MarkupBytes) {
        let g = doubleOffset
        let t = light / 2
        for d in 0..<4 where arms[d] != 0 {
            let w = arms[d]
            let opposite = arms[(d + 2) % 4]
            // The arms across this one: for up/down, left (3) then right (1);
            // for left/right, up (0) then down (2). The first lies at negative offsets.
            let across = d % 2 == 0 ? [3, 1] : [0, 2]
            let side = across.map { arms[$0] }
            if w != 3 {
                let h = half(w)
                var start: Int
                if side.contains(3) {
                    if opposite != 0 {
                        start = -h  // crosses the double line, on to the other side
                    } else if side[0] == 3 && side[1] == 3 {
                        start = g - t  // stops at the near line of a double line that goes on
                    } else {
                        start = -(g + t)  // a corner: reaches the far line
                    }
                } else {
                    start = -max(half(side[0]), half(side[1]))
                }
                appendRect(cell.band(d, from: start, to: cell.reach(d), lo: -h, hi: h), to: &path)
            } else {
                for (i, sign) in [-1, 1].enumerated() {
                    let near = side[i]
                    let far = side[1 - i]
                    let start: Int
                    if near == 3 {
                        start = g - t  // turns into the double arm on this side
                    } else if near != 0 {
                        start = -half(near)
                    } else if far == 3 {
                        start = -(g + t)  // the outside of a corner
                    } else if far != 0 {
                        start = -half(far)
                    } else {
                        start = 0
                    }
                    let offset = sign * g
                    appendRect(cell.band(d, from: start, to: cell.reach(d), lo: offset - t, hi: offset + t), to: &path)
                }
            }
        }
    }

    /// A rounded corner as a filled quarter ring; `sx`/`sy` say which way its
    /// arms go (╭ is right, down).
    private static func appendArc(_ cell: Cell, sx: Int, sy: Int, to path: inout MarkupBytes) {
        let t = light / 2
        let r = cell.width / 2
        let ex = cell.width / 2
        let ey = cell.height / 2
        let outer = sx * sy > 0 ? 1 : 0
        func point(_ dx: Int, _ dy: Int) {
            path.appendTenths(cell.cx + sx * dx)
            path.append(" ")
            path.appendTenths(cell.cy + sy * dy)
        }
        path.append("M")
        point(-t, ey)
        path.append("L")
        point(-t, r)
        path.append("A")
        path.appendTenths(r + t)
        path.append(" ")
        path.appendTenths(r + t)
        path.append(" 0 0 \(outer) ")
        point(r, -t)
        path.append("L")
        point(ex, -t)
        path.append("L")
        point(ex, t)
        path.append("L")
        point(r, t)
        path.append("A")
        path.appendTenths(r - t)
        path.append(" ")
        path.appendTenths(r - t)
        path.append(" 0 0 \(1 - outer) ")
        point(t, r)
        path.append("L")
        point(t, ey)
        path.append("z")
    }

    // MARK: - Blocks

    private static func appendBlock(_ scalar: UInt32, _ cell: Cell, to path: inout MarkupBytes) {
        let (x0, y0, w, h) = (cell.x, cell.y, cell.width, cell.height)
        let (x1, y1) = (x0 + w, y0 + h)
        func eighths(_ n: Int, of length: Int) -> Int { (n * length + 4) / 8 }
        switch scalar {
        case 0x2580: appendRect((x0, y0, x1, y0 + h / 2), to: &path)  // ▀
        case 0x2581...0x2588: appendRect((x0, y1 - eighths(Int(scalar) - 0x2580, of: h), x1, y1), to: &path)  // ▁…█
        case 0x2589...0x258F: appendRect((x0, y0, x0 + eighths(0x2590 - Int(scalar), of: w), y1), to: &path)  // ▉…▏
        case 0x2590: appendRect((x0 + w / 2, y0, x1, y1), to: &path)  // ▐
        case 0x2594: appendRect((x0, y0, x1, y0 + eighths(1, of: h)), to: &path)  // ▔
        case 0x2595: appendRect((x1 - eighths(1, of: w), y0, x1, y1), to: &path)  // ▕
        default:
            // ▖▗▘▙▚▛▜▝▞▟: quadrants; bits 1 upper left, 2 upper right, 4 lower left, 8 lower right.
            let quadrants = [4, 8, 1, 13, 9, 7, 11, 2, 6, 14]
            let bits = quadrants[Int(scalar) - 0x2596]
            let (mx, my) = (x0 + w / 2, y0 + h / 2)
            if bits & 1 != 0 { appendRect((x0, y0, mx, my), to: &path) }
            if bits & 2 != 0 { appendRect((mx, y0, x1, my), to: &path) }
            if bits & 4 != 0 { appendRect((x0, my, mx, y1), to: &path) }
            if bits & 8 != 0 { appendRect((mx, my, x1, y1), to: &path) }
        }
    }

    /// `M x0 y0 h w v h h -w z` for the rectangle (x0, y0)–(x1, y1).
    private static func appendRect(_ r: (Int, Int, Int, Int), to path: inout MarkupBytes) {
        let (x0, y0, x1, y1) = r
        guard x1 > x0, y1 > y0 else { return }
        path.append("M")
        path.appendTenths(x0)
        path.append(" ")
        path.appendTenths(y0)
        path.append("h")
        path.appendTenths(x1 - x0)
        path.append("v")
        path.appendTenths(y1 - y0)
        path.append("h")
        path.appendTenths(x0 - x1)
        path.append("z")
    }
}
