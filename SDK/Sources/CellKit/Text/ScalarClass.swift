// The per-code-point properties the text module needs, packed in 16 bits, and their lookup in
// the generated run table (WidthTables.swift).

/// The namespace of the generated tables (see WidthTables.swift).
enum UnicodeTables {
    /// The ScalarClass bits of a code point.
    ///
    /// - Complexity: O(1): ASCII is decided inline; the rest takes two loads from `lookup`.
    @inline(__always)
    static func classBits(_ value: UInt32) -> UInt16 {
        classBits(value, in: lookup)
    }

    /// `classBits(_:)` with the table fetched by the caller, once per string (fetching the
    /// lazily built global costs a `swift_once` check per call).
    @inline(__always)
    static func classBits(_ value: UInt32, in lookup: ClassLookup) -> UInt16 {
        if value < 0x80 {
            // C0 controls and DEL: control, width 1; the rest of ASCII: other, width 1 (the
            // emoji flag of # * 0-9 is looked up, it matters only for keycaps).
            if value < 0x20 || value == 0x7F { return ScalarClass.controlBits }
            if value == 0x23 || value == 0x2A || (value >= 0x30 && value <= 0x39) {
                return ScalarClass.asciiEmojiBits
            }
            return ScalarClass.asciiBits
        }
        return lookup.bits(value)
    }

    /// The two-stage table, built from the runs at first use (thread-safe, once).
    static let lookup = ClassLookup(starts: runStarts, classes: runClasses)

    /// The lookup in the run table itself: binary search for the last start <= `value`. The
    /// source of truth; `lookup` is built from it and the tests compare the two.
    ///
    /// - Complexity: O(log r), r = 1,507 runs (11 probes).
    @inline(__always)
    static func searchedClassBits(_ value: UInt32) -> UInt16 {
        runStarts.withUnsafeBufferPointer { starts in
            var low = 0
            var count = starts.count
            while count > 1 {
                let half = count &>> 1
                if starts[low &+ half] <= value { low &+= half }
                count &-= half
            }
            return runClasses.withUnsafeBufferPointer { $0[low] }
        }
    }
}

/// A two-stage table of the ScalarClass bits of every code point, for O(1) lookups on the hot
/// path: `stage1[v >> 7]` numbers the 128-code-point block of `v`, and `stage2` holds each
/// distinct block once (174 of them for the 8,704 blocks of Unicode: 17 KB + 44 KB).
///
/// Built once from the run table; its storage is never freed (it lives as long as the process).
struct ClassLookup: @unchecked Sendable {  // immutable after init
    private let stage1: UnsafeMutablePointer<UInt16>
    private let stage2: UnsafeMutablePointer<UInt16>

    static let blockShift: UInt32 = 7
    static let blockSize = 1 << blockShift

    /// Builds the table from a run table (`starts` ascending from 0, one class per run).
    ///
    /// - Complexity: O(b + r) for b = 8,704 blocks and r runs: most blocks lie inside one run
    ///   and are shared by class; well under a millisecond.
    init(starts: [UInt32], classes: [UInt16]) {
        let size = ClassLookup.blockSize
        let blockCount = 0x110000 / size
        var firstLevel = [UInt16](repeating: 0, count: blockCount)
        var blocks: [UInt16] = []
        var uniformBlocks: [UInt16: UInt16] = [:]  // class -> block index
        var mixedBlocks: [UInt64: [UInt16]] = [:]  // fingerprint of contents -> block indices
        var lastUniform: (bits: UInt16, index: UInt16) = (.max, 0)  // no class is 0xFFFF
        var run = 0
        for blockNumber in 0..<blockCount {
            let base = UInt32(blockNumber * size)
            let end = base + UInt32(size)
            while run + 1 < starts.count && starts[run + 1] <= base { run += 1 }
            let index: UInt16
            if run + 1 == starts.count || starts[run + 1] >= end {
                let bits = classes[run]
                if bits == lastUniform.bits {
                    index = lastUniform.index
                } else if let known = uniformBlocks[bits] {
                    index = known
                } else {
                    index = UInt16(blocks.count / size)
                    blocks += repeatElement(bits, count: size)
                    uniformBlocks[bits] = index
                }
                lastUniform = (bits, index)
            } else {
                var block: [UInt16] = []
                block.reserveCapacity(size)
                var current = run
                var fingerprint: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
                for value in base..<end {
                    while current + 1 < starts.count && starts[current + 1] <= value { current += 1 }
                    block.append(classes[current])
                    fingerprint = (fingerprint ^ UInt64(classes[current])) &* 0x100_0000_01B3
                }
                let candidates = mixedBlocks[fingerprint, default: []]
                if let known = candidates.first(where: { candidate in
                    let start = Int(candidate) * size
                    return blocks[start..<start + size].elementsEqual(block)
                }) {
                    index = known
                } else {
                    index = UInt16(blocks.count / size)
                    blocks += block
                    mixedBlocks[fingerprint, default: []].append(index)
                }
            }
            firstLevel[blockNumber] = index
        }
        stage1 = .allocate(capacity: firstLevel.count)
        stage1.initialize(from: firstLevel, count: firstLevel.count)
        stage2 = .allocate(capacity: blocks.count)
        stage2.initialize(from: blocks, count: blocks.count)
    }

    /// The class bits of `value`, which must be at most 0x10FFFF.
    @inline(__always)
    func bits(_ value: UInt32) -> UInt16 {
        let block = Int(stage1[Int(value &>> ClassLookup.blockShift)])
        return stage2[block &<< ClassLookup.blockShift | Int(value & 0x7F)]
    }
}

/// What the segmenter and the width rules need to know about one scalar.
///
/// Bits: 0-1 width (0, 1, 2); 2 Emoji; 3 Extended_Pictographic; 4-7 grapheme kind; 8-9 Indic
/// conjunct class (GB9c). The generator of WidthTables.swift writes the same layout.
struct ScalarClass: Equatable {
    var bits: UInt16

    @inline(__always)
    init(bits: UInt16) { self.bits = bits }

    @inline(__always)
    init(_ value: UInt32) { bits = UnicodeTables.classBits(value) }

    @inline(__always)
    init(_ value: UInt32, in lookup: ClassLookup) { bits = UnicodeTables.classBits(value, in: lookup) }

    /// Terminal columns of the scalar drawn on its own: 0, 1 or 2.
    @inline(__always) var width: Int { Int(bits & 3) }
    /// Unicode's Emoji property (also true for # * 0-9, the keycap bases).
    @inline(__always) var isEmoji: Bool { bits & 4 != 0 }
    /// Extended_Pictographic (rule GB11 of UAX #29).
    @inline(__always) var isExtendedPictographic: Bool { bits & 8 != 0 }
    /// The Grapheme_Cluster_Break class, one of the `Kind` constants.
    @inline(__always) var kind: UInt8 { UInt8(truncatingIfNeeded: bits &>> 4) & 0xF }
    /// The Indic_Conjunct_Break class, one of the `Conjunct` constants.
    @inline(__always) var conjunct: UInt8 { UInt8(truncatingIfNeeded: bits &>> 8) & 3 }

    /// Grapheme_Cluster_Break classes (CR and LF are `control`; they are told apart by value).
    enum Kind {
        static let other: UInt8 = 0
        static let control: UInt8 = 1
        static let extend: UInt8 = 2
        static let spacingMark: UInt8 = 3
        static let prepend: UInt8 = 4
        static let regionalIndicator: UInt8 = 5
        static let hangulL: UInt8 = 6
        static let hangulV: UInt8 = 7
        static let hangulT: UInt8 = 8
        /// A precomposed Hangul syllable; LV or LVT is computed from the code point.
        static let hangulSyllable: UInt8 = 9
        static let zwj: UInt8 = 10
        /// Never in the table: the segmenter's name for an LVT syllable (LV keeps `hangulSyllable`).
        static let hangulLVT: UInt8 = 12
    }

    /// Indic_Conjunct_Break classes.
    enum Conjunct {
        static let none: UInt8 = 0
        static let consonant: UInt8 = 1
        static let extend: UInt8 = 2
        static let linker: UInt8 = 3
    }

    static let controlBits: UInt16 = 1 | UInt16(Kind.control) << 4
    static let asciiBits: UInt16 = 1
    static let asciiEmojiBits: UInt16 = 1 | 4
}
