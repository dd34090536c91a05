import CellKitSupport
import Glibc

/// A record's field as `where=` and `sort=` compare it: nothing (`null`, a
/// field the record lacks, an empty CSV field), or a scalar's text and, when
/// the text reads as a decimal number, that number. `true`/`false` are
/// their words.
///
/// ```swift
/// RowValue("42")          // .value(text: "42", number: 42)
/// RowValue("Ada")         // .value(text: "Ada", number: nil)
/// RowValue.compare(RowValue("9"), RowValue("10"))    // .orderedAscending: both numbers
/// RowValue.compare(RowValue("9"), RowValue("x"))     // .orderedAscending: as text, by code point
/// ```
package enum RowValue: Hashable, Sendable {
    /// No value: JSON `null`, a missing field, an empty CSV field.
    case null
    /// A scalar: its text (a number as the file writes it), and its value
    /// when the text is a decimal number.
    case value(text: String, number: Double?)
    /// An array or an object: `where=` and `sort=` compare scalars only
    /// (the words say which it is: "an array").
    case nested(String)

    /// The value of `text`, a number when it reads as one (`42`, `-0.5`,
    /// `1e3`; not `0x10`, `nan` or `inf`).
    package init(_ text: String) {
        self = .value(text: text, number: Self.number(text))
    }

    /// The number `text` writes in decimal, or `nil`.
    package static func number(_ text: String) -> Double? {
        var digits = 0
        var valid = true
        var state = 0  // 0: sign, 1: integer part, 2: fraction, 3: exponent sign, 4: exponent digits
        var exponentDigits = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                if state == 0 {
                    state = 1
                } else if state == 3 {
                    state = 4
                } else {
                    valid = false
                }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if state == 0 { state = 1 }
                if state == 3 { state = 4 }
                if state == 4 { exponentDigits += 1 } else { digits += 1 }
            case UInt8(ascii: "."):
                if state <= 1 { state = 2 } else { valid = false }
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                if (state == 1 || state == 2) && digits > 0 { state = 3 } else { valid = false }
            default:
                valid = false
            }
            if !valid { return nil }
        }
        guard digits > 0, state < 3 || exponentDigits > 0, let number = Double(text), number.isFinite else {
            return nil
        }
        return number
    }

    /// Whether this is nothing.
    package var isNull: Bool {
        if case .null = self { true } else { false }
    }

    /// The number, when this is one.
    package var number: Double? {
        if case .value(_, let number) = self { number } else { nil }
    }

    /// How `a` and `b`, neither null, compare: as numbers when both are
    /// numbers, else as text, by Unicode code point (the order of their
    /// UTF-8 bytes, as SQLite's BINARY collation).
    package static func compare(_ a: RowValue, _ b: RowValue) -> Ordering {
        switch (a, b) {
        case (.value(_, let x?), .value(_, let y?)):
            return x < y ? .ascending : x > y ? .descending : .same
        case (.value(let s, _), .value(let t, _)):
            return compareText(s, t)
        default:
            return .same
        }
    }

    /// How two texts compare by their UTF-8 bytes.
    package static func compareText(_ s: String, _ t: String) -> Ordering {
        var s = s
        var t = t
        return s.withUTF8 { a in
            t.withUTF8 { b in
                let common = min(a.count, b.count)
                let c = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                if c != 0 { return c < 0 ? .ascending : .descending }
                return a.count < b.count ? .ascending : a.count > b.count ? .descending : .same
            }
        }
    }

    /// Which of two values comes first.
    package enum Ordering: Sendable {
        case ascending, same, descending
    }
}
