// The per-code-point properties the text module needs, packed in 16 bits, and their lookup in
// the generated run table (WidthTables.swift).

/// The namespace of the generated tables (see WidthTables.swift).
enum UnicodeTables {
    /// The ScalarClass bits of a code point: binary search for the last run start <= `value`.
    ///
    /// - Complexity: O(log r), r = 1,507 runs (11 probes); ASCII and Latin-1 skip the search.
    @inline(__always)
    static func classBits(_ value: UInt32) -> UInt16 {
        if value < 0x80 {
            // C0 controls and DEL: control, width 1; the rest of ASCII: other, width 1 (the
            // emoji flag of # * 0-9 is looked up, it matters only for keycaps).
            if value < 0x20 || value == 0x7F { return ScalarClass.controlBits }
            if value == 0x23 || value == 0x2A || (value >= 0x30 && value <= 0x39) {
                return ScalarClass.asciiEmojiBits
            }
            return ScalarClass.asciiBits
        }
        return searchedClassBits(value)
    }

    /// The run-table lookup itself, without the ASCII shortcut (the tests compare the two).
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
