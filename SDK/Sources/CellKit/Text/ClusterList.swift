/// The grapheme clusters of a UTF-8 buffer, for the layout functions that walk clusters
/// forwards and backwards. Printable ASCII is not segmented: each byte is a cluster.
///
/// Only valid while the buffer it was made from is.
struct ClusterList {
    let buffer: UnsafeBufferPointer<UInt8>
    /// nil when the buffer is printable ASCII.
    private let items: [ClusterInfo]?
    /// The sum of the cluster widths.
    let totalWidth: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
        if GraphemeSegmenter.isPrintableASCII(buffer) {
            items = nil
            totalWidth = buffer.count
        } else {
            var items: [ClusterInfo] = []
            var total = 0
            GraphemeSegmenter.forEachCluster(in: buffer) { info in
                items.append(info)
                total += info.width
                return true
            }
            self.items = items
            totalWidth = total
        }
    }

    var count: Int { items?.count ?? buffer.count }

    func start(_ i: Int) -> Int { items?[i].start ?? i }
    func end(_ i: Int) -> Int { items?[i].end ?? i + 1 }
    func width(_ i: Int) -> Int { items?[i].width ?? 1 }

    /// The first scalar of cluster `i` and whether it is the whole cluster.
    func scalar(_ i: Int) -> (first: Unicode.Scalar, single: Bool) {
        if let items { return (items[i].first, items[i].isSingleScalar) }
        return (Unicode.Scalar(buffer[i]), true)
    }

    /// True for a cluster that is one space or one tab.
    func isSpace(_ i: Int) -> Bool {
        let (first, single) = scalar(i)
        return single && (first == " " || first == "\t")
    }

    /// The number of leading clusters that fit in `width` columns, and their width.
    func prefix(fitting width: Int, from start: Int = 0) -> (end: Int, width: Int) {
        var i = start
        var used = 0
        while i < count && used + self.width(i) <= width {
            used += self.width(i)
            i += 1
        }
        return (i, used)
    }

    /// The first cluster of the longest suffix (ending before `end`) that fits in `width`.
    func suffix(fitting width: Int, before end: Int? = nil) -> (start: Int, width: Int) {
        var i = end ?? count
        var used = 0
        while i > 0 && used + self.width(i - 1) <= width {
            used += self.width(i - 1)
            i -= 1
        }
        return (i, used)
    }

    /// The text of clusters `range`.
    func string(_ range: Range<Int>) -> String {
        if range.isEmpty { return "" }
        let bytes = UnsafeBufferPointer(rebasing: buffer[start(range.lowerBound)..<end(range.upperBound - 1)])
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The sum of the widths of clusters `range`.
    func width(_ range: Range<Int>) -> Int {
        if items == nil { return range.count }
        var total = 0
        for i in range { total += width(i) }
        return total
    }
}
