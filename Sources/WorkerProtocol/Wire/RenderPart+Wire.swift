/// A render part on the wire: its index, the workers' count, the blocks'
/// first rows and the blocks drawn, checked as they are read (an index out
/// of range, or blocks out of order, are an error, never a trap).
extension RenderPart: WireCodable {
    package func encode(into w: inout WireWriter) {
        w.write(index)
        w.write(count)
        w.write(blocks)
        w.write(drawn.lowerBound)
        w.write(drawn.upperBound)
    }

    package static func decode(_ r: inout WireReader) throws(WireError) -> RenderPart {
        let index = try r.int()
        let count = try r.int()
        let blocks: [Int] = try r.array()
        let first = try r.int()
        let end = try r.int()
        guard count > 0, (0..<count).contains(index), !blocks.isEmpty, 0 <= first, first <= end, end <= blocks.count
        else {
            throw WireError("no render part \(index) of \(count) drawing blocks \(first)..<\(end) of \(blocks.count)")
        }
        if let bad = blocks.indices.first(where: { $0 == 0 ? blocks[0] != 0 : blocks[$0] <= blocks[$0 - 1] }) {
            throw WireError(
                "a render part's blocks start at 0 and go up, not at \(blocks[bad])"
                    + (bad > 0 ? " after \(blocks[bad - 1])" : ""))
        }
        return RenderPart(index: index, count: count, blocks: blocks, drawn: first..<end)
    }
}
