// Fast grapheme-cluster segmentation of UTF-8 bytes, with the width of each cluster.
//
// It implements the extended grapheme cluster rules of UAX #29 (GB3-GB13, with GB9c) over the
// classes of WidthTables.swift, which were derived from Swift's own `Character` segmentation;
// TextTests checks that both agree on a corpus and on generated sequences. It never builds a
// `Character`: one pass over the bytes, one table lookup per non-ASCII scalar.

/// One grapheme cluster of a UTF-8 buffer.
struct ClusterInfo {
    /// Byte offset of the cluster's first byte.
    var start: Int
    /// Byte offset just past the cluster.
    var end: Int
    /// Terminal columns (see `TerminalWidth`).
    var width: Int
    /// The first scalar, as in the text (not sanitized).
    var first: Unicode.Scalar
    /// True when the cluster is that one scalar.
    var isSingleScalar: Bool
}

enum GraphemeSegmenter {
    /// Decodes the scalar at byte `i` of valid UTF-8 (Swift strings always are).
    @inline(__always)
    static func decode(_ p: UnsafePointer<UInt8>, _ i: Int) -> (value: UInt32, length: Int) {
        let b0 = UInt32(p[i])
        if b0 < 0x80 { return (b0, 1) }
        let b1 = UInt32(p[i &+ 1]) & 0x3F
        if b0 < 0xE0 { return ((b0 & 0x1F) &<< 6 | b1, 2) }
        let b2 = UInt32(p[i &+ 2]) & 0x3F
        if b0 < 0xF0 { return ((b0 & 0x0F) &<< 12 | b1 &<< 6 | b2, 3) }
        let b3 = UInt32(p[i &+ 3]) & 0x3F
        return ((b0 & 0x07) &<< 18 | b1 &<< 12 | b2 &<< 6 | b3, 4)
    }

    /// Calls `body` with each cluster of `buffer`, in order, until `body` returns false.
    ///
    /// - Complexity: O(n) in the number of bytes.
    @inline(__always)
    static func forEachCluster(
        in buffer: UnsafeBufferPointer<UInt8>, _ body: (ClusterInfo) -> Bool
    ) {
        forEachCluster(
            in: buffer,
            asciiRun: { start, end in
                for i in start..<end {
                    let info = ClusterInfo(
                        start: i, end: i &+ 1, width: 1, first: Unicode.Scalar(buffer[i]), isSingleScalar: true)
                    if !body(info) { return false }
                }
                return true
            }, body)
    }

    /// Like ``forEachCluster(in:_:)``, but a run of printable ASCII bytes
    /// that are each a cluster of their own (of width 1) is given to
    /// `asciiRun` whole, as the byte offsets `start..<end`, not to `body` a
    /// byte at a time: the ASCII in a name like `Gateway 網關 0`, drawn in
    /// one loop. The byte before a non-ASCII scalar is never in a run (a
    /// combining mark may join it).
    @inline(__always)
    static func forEachCluster(
        in buffer: UnsafeBufferPointer<UInt8>, asciiRun: (_ start: Int, _ end: Int) -> Bool,
        _ body: (ClusterInfo) -> Bool
    ) {
        guard let p = buffer.baseAddress, buffer.count > 0 else { return }
        let n = buffer.count
        let lookup = UnicodeTables.lookup
        var i = 0
        var (value, length) = decode(p, 0)
        // The class of `value`, once looked up (the ASCII fast path does not need it).
        var scalarClass = ScalarClass(bits: 0)
        var classKnown = false
        while true {
            let start = i
            // Printable ASCII followed by printable ASCII (or the end) is a cluster of its own
            // of width 1: only Extend, SpacingMark and ZWJ (never ASCII) join an ASCII scalar,
            // and an ASCII scalar joins nothing before it that is not Prepend (never ASCII).
            // So is the next byte, when it is such a byte too: the run goes on while they are.
            if value &- 0x20 < 0x5F {
                var next = i &+ 1
                if next >= n || p[next] &- 0x20 < 0x5F {
                    while next < n && (next &+ 1 >= n || p[next &+ 1] &- 0x20 < 0x5F) { next &+= 1 }
                    i = next
                    if !asciiRun(start, next) || next >= n { return }
                    (value, length) = decode(p, next)
                    classKnown = false
                    continue
                }
            }
            if !classKnown { scalarClass = ScalarClass(value, in: lookup) }
            var cluster = ClusterState(first: value, class: scalarClass)
            i &+= length
            var atEnd = true
            while i < n {
                let (next, nextLength) = decode(p, i)
                let nextClass = ScalarClass(next, in: lookup)
                if !cluster.joins(next, nextClass) {
                    value = next
                    length = nextLength
                    scalarClass = nextClass
                    classKnown = true
                    atEnd = false
                    break
                }
                cluster.add(next, nextClass)
                i &+= nextLength
            }
            let info = ClusterInfo(
                start: start, end: i, width: cluster.width,
                first: Unicode.Scalar(cluster.first).unsafelyUnwrapped,
                isSingleScalar: cluster.count == 1)
            if !body(info) || atEnd { return }
        }
    }

    /// The sum of the cluster widths of `buffer`.
    ///
    /// - Complexity: O(n); printable ASCII is checked 8 bytes at a time and not segmented.
    static func width(of buffer: UnsafeBufferPointer<UInt8>) -> Int {
        if isPrintableASCII(buffer) { return buffer.count }
        var total = 0
        forEachCluster(in: buffer) { cluster in
            total &+= cluster.width
            return true
        }
        return total
    }

    /// True when every byte is in 0x20...0x7E.
    @inline(__always)
    static func isPrintableASCII(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let p = buffer.baseAddress else { return true }
        let n = buffer.count
        var i = 0
        let raw = UnsafeRawPointer(p)
        // Per byte b < 0x80: b + 0x60 has the high bit iff b >= 0x20, and b + 0x01 has it iff
        // b == 0x7F; no carry crosses bytes unless some byte has the high bit already (rejected).
        var bad: UInt64 = 0
        while i &+ 8 <= n {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            bad |= w | ~(w &+ 0x6060_6060_6060_6060) | (w &+ 0x0101_0101_0101_0101)
            i &+= 8
        }
        if bad & 0x8080_8080_8080_8080 != 0 { return false }
        while i < n {
            if p[i] &- 0x20 >= 0x5F { return false }
            i &+= 1
        }
        return true
    }
}

/// The state of the cluster being scanned: what UAX #29 needs to decide whether the next
/// scalar joins it, and what the width rules need.
struct ClusterState {
    typealias Kind = ScalarClass.Kind
    typealias Conjunct = ScalarClass.Conjunct

    let first: UInt32
    let firstClass: ScalarClass
    var count = 1
    var previousKind: UInt8
    var maxWidth: Int
    /// GB11: 1 after Extended_Pictographic Extend*, 2 after that and a ZWJ.
    var emojiState: UInt8
    /// GB9c: 1 after a conjunct consonant [Extend Linker]*, 2 once a linker was seen.
    var conjunctState: UInt8
    /// Regional indicators in a row, ending at the previous scalar.
    var regionalRun: Int
    var flags: UInt8 = 0

    static let variation16: UInt8 = 1
    static let variation15: UInt8 = 2
    static let modifier: UInt8 = 4
    static let sawZWJ: UInt8 = 8
    static let zwjSequence: UInt8 = 16
    static let flagPair: UInt8 = 32

    @inline(__always)
    static func kind(_ value: UInt32, _ scalarClass: ScalarClass) -> UInt8 {
        let kind = scalarClass.kind
        if kind == Kind.hangulSyllable && (value &- 0xAC00) % 28 != 0 { return Kind.hangulLVT }
        return kind
    }

    @inline(__always)
    init(first: UInt32, class firstClass: ScalarClass) {
        self.first = first
        self.firstClass = firstClass
        previousKind = ClusterState.kind(first, firstClass)
        maxWidth = firstClass.width
        emojiState = firstClass.isExtendedPictographic ? 1 : 0
        conjunctState = firstClass.conjunct == Conjunct.consonant ? 1 : 0
        regionalRun = previousKind == Kind.regionalIndicator ? 1 : 0
    }

    /// Whether `value` continues this cluster (no grapheme break before it).
    @inline(__always)
    func joins(_ value: UInt32, _ scalarClass: ScalarClass) -> Bool {
        if previousKind == Kind.control {  // GB3, GB4
            return first == 0x0D && count == 1 && value == 0x0A
        }
        let kind = ClusterState.kind(value, scalarClass)
        switch kind {
        case Kind.control: return false  // GB5
        case Kind.extend, Kind.spacingMark, Kind.zwj: return true  // GB9, GB9a
        default: break
        }
        if previousKind == Kind.prepend { return true }  // GB9b
        switch previousKind {  // GB6-GB8
        case Kind.hangulL:
            if kind == Kind.hangulL || kind == Kind.hangulV || kind == Kind.hangulSyllable
                || kind == Kind.hangulLVT
            {
                return true
            }
        case Kind.hangulV, Kind.hangulSyllable:
            if kind == Kind.hangulV || kind == Kind.hangulT { return true }
        case Kind.hangulT, Kind.hangulLVT:
            if kind == Kind.hangulT { return true }
        case Kind.regionalIndicator:  // GB12, GB13
            if kind == Kind.regionalIndicator { return regionalRun & 1 == 1 }
        default: break
        }
        if emojiState == 2 && scalarClass.isExtendedPictographic { return true }  // GB11
        if conjunctState == 2 && scalarClass.conjunct == Conjunct.consonant { return true }  // GB9c
        return false  // GB999
    }

    /// Adds `value`, which `joins` accepted, to the cluster.
    @inline(__always)
    mutating func add(_ value: UInt32, _ scalarClass: ScalarClass) {
        let kind = ClusterState.kind(value, scalarClass)
        switch value {
        case 0xFE0F: flags |= ClusterState.variation16
        case 0xFE0E: flags |= ClusterState.variation15
        case 0x200D: flags |= ClusterState.sawZWJ
        case 0x1F3FB...0x1F3FF where firstClass.isEmoji: flags |= ClusterState.modifier
        default:
            if kind == Kind.regionalIndicator && count == 1
                && previousKind == Kind.regionalIndicator
            {
                flags |= ClusterState.flagPair
            }
            if flags & ClusterState.sawZWJ != 0 && scalarClass.isExtendedPictographic {
                flags |= ClusterState.zwjSequence
            }
            if scalarClass.width > maxWidth { maxWidth = scalarClass.width }
        }
        if scalarClass.isExtendedPictographic {
            emojiState = 1
        } else if emojiState == 1 && kind == Kind.extend {
            emojiState = 1
        } else if emojiState == 1 && kind == Kind.zwj {
            emojiState = 2
        } else {
            emojiState = 0
        }
        switch scalarClass.conjunct {
        case Conjunct.consonant: conjunctState = 1
        case Conjunct.linker: conjunctState = conjunctState != 0 ? 2 : 0
        case Conjunct.extend: break
        default: conjunctState = 0
        }
        regionalRun = kind == Kind.regionalIndicator ? regionalRun &+ 1 : 0
        previousKind = kind
        count &+= 1
    }

    /// The cluster's width in terminal columns.
    @inline(__always)
    var width: Int {
        if count == 1 { return maxWidth }
        var width = maxWidth
        if firstClass.isEmoji {
            let emoji = ClusterState.variation16 | ClusterState.modifier | ClusterState.zwjSequence
            if flags & emoji != 0 {
                width = 2
            } else if flags & ClusterState.variation15 != 0 {
                width = 1
            }
        }
        if flags & ClusterState.flagPair != 0 { width = 2 }
        return width
    }
}
