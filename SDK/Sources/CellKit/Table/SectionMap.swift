/// The shape of a table's sections, flattened into a sequence of drawn pieces
/// (headers, rows, separators, footers, gaps) that can be found by index in
/// O(log sections) — so a viewport can start anywhere in ten million rows.
struct SectionMap {
    struct Section {
        var rows: Int
        var header: Bool
        var footer: Bool
        var separators: Bool
        var gap: Bool
        /// Index of the section's first piece.
        var start: Int
        var rowSpan: Int { rows == 0 ? 0 : separators ? rows * 2 - 1 : rows }
        var count: Int { (header ? 1 : 0) + rowSpan + (footer ? 1 : 0) + (gap ? 1 : 0) }
    }

    /// One drawn piece of a section.
    enum Piece: Equatable {
        case header(Int)
        case row(IndexPath)
        case separator(IndexPath)
        case footer(Int)
        case gap(Int)
    }

    private(set) var list: [Section] = []
    private(set) var totalRows = 0
    private(set) var pieceCount = 0

    var count: Int { list.count }

    func rows(_ section: Int) -> Int { list[section].rows }

    mutating func append(rows: Int, header: Bool, footer: Bool, separators: Bool, last: Bool) {
        let section = Section(
            rows: rows, header: header, footer: footer, separators: separators, gap: !last, start: pieceCount)
        list.append(section)
        totalRows += rows
        pieceCount += section.count
    }

    /// The piece at `index` (0 ..< pieceCount).
    func piece(at index: Int) -> Piece {
        var lo = 0
        var hi = list.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if list[mid].start <= index { lo = mid } else { hi = mid - 1 }
        }
        let s = lo
        let section = list[s]
        var offset = index - section.start
        if section.header {
            if offset == 0 { return .header(s) }
            offset -= 1
        }
        if offset < section.rowSpan {
            if section.separators {
                return offset % 2 == 0
                    ? .row(IndexPath(row: offset / 2, section: s)) : .separator(IndexPath(row: offset / 2, section: s))
            }
            return .row(IndexPath(row: offset, section: s))
        }
        offset -= section.rowSpan
        if section.footer {
            if offset == 0 { return .footer(s) }
            offset -= 1
        }
        return .gap(s)
    }

    /// The index of a row's piece.
    func index(of indexPath: IndexPath) -> Int? {
        guard indexPath.section >= 0, indexPath.section < list.count else { return nil }
        let section = list[indexPath.section]
        guard indexPath.row >= 0, indexPath.row < section.rows else { return nil }
        return section.start + (section.header ? 1 : 0) + (section.separators ? indexPath.row * 2 : indexPath.row)
    }
}
