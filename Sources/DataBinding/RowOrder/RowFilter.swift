import CellKit
import WorkerProtocol

/// The expression of `rows … where=EXPR`: which records become rows.
///
/// ```
/// where='.status == "failed" and .duration > 30'
/// where='not (.team contains "ops" or .owner == null)'
/// ```
///
/// A comparison is `OPERAND OP OPERAND`, where an operand is a field
/// (`.name`, `.a.b`, `.tags[0]`, `."Full Name"`) or a literal (a number,
/// `"text"`, `true`, `false`, `null`) and OP one of `==`, `!=`, `<`, `<=`,
/// `>`, `>=`, `contains`; comparisons combine with `not`, `and` and `or`
/// (binding in that order) and parentheses. Values compare as numbers when
/// both are numbers, else as text (``RowValue/compare(_:_:)``). A
/// comparison with `null` is unknown, as in SQL, except `== null` and
/// `!= null`; `not` of unknown is unknown, and a record is a row only when
/// its expression is true.
package indirect enum RowFilter: Hashable, Sendable {
    case compare(RowOperand, DataComparison, RowOperand)
    case and(RowFilter, RowFilter)
    case or(RowFilter, RowFilter)
    case not(RowFilter)

    /// The fields the expression reads, each with the offset (in
    /// characters) where it is written.
    package var fields: [(path: FieldPath, offset: Int)] {
        switch self {
        case .compare(let a, _, let b): [a, b].compactMap { $0.field }
        case .and(let a, let b), .or(let a, let b): a.fields + b.fields
        case .not(let a): a.fields
        }
    }

    /// Three-valued truth, as SQL's: a comparison with nothing is unknown.
    package enum Truth: Sendable {
        case yes, no, unknown

        var negated: Truth {
            switch self {
            case .yes: .no
            case .no: .yes
            case .unknown: .unknown
            }
        }
    }

    /// Whether the record whose fields `value` gives passes; a nested value
    /// (an array, an object) compared is thrown as the field that holds it.
    package func evaluate(_ value: (FieldPath) -> RowValue) throws(NestedValue) -> Truth {
        switch self {
        case .compare(let a, let op, let b):
            return try Self.compare(a.value(value), op, b.value(value))
        case .and(let a, let b):
            let x = try a.evaluate(value)
            if x == .no { return .no }
            let y = try b.evaluate(value)
            return y == .no ? .no : (x == .yes && y == .yes ? .yes : .unknown)
        case .or(let a, let b):
            let x = try a.evaluate(value)
            if x == .yes { return .yes }
            let y = try b.evaluate(value)
            return y == .yes ? .yes : (x == .no && y == .no ? .no : .unknown)
        case .not(let a):
            return try a.evaluate(value).negated
        }
    }

    /// A field whose value is an array or an object, where a scalar is compared.
    package struct NestedValue: Error {
        package var field: FieldPath
        /// "an array", "an object".
        package var kind: String
    }

    private static func compare(_ a: (RowValue, FieldPath?), _ op: DataComparison, _ b: (RowValue, FieldPath?))
        throws(NestedValue) -> Truth
    {
        for (value, field) in [a, b] {
            if case .nested(let kind) = value, let field { throw NestedValue(field: field, kind: kind) }
        }
        let (x, y) = (a.0, b.0)
        // `== null` and `!= null` ask whether a value is there (SQL's IS NULL); a comparison of values that are
        // not is unknown.
        if op == .equal || op == .notEqual, a.1 == nil && x.isNull || b.1 == nil && y.isNull {
            return (x.isNull && y.isNull) == (op == .equal) ? .yes : .no
        }
        guard !x.isNull, !y.isNull else { return .unknown }
        let yes: Bool
        switch op {
        case .contains:
            guard case .value(let s, _) = x, case .value(let t, _) = y else { return .unknown }
            yes = t.isEmpty || s.utf8.firstRange(of: t.utf8) != nil
        case .equal: yes = RowValue.compare(x, y) == .same
        case .notEqual: yes = RowValue.compare(x, y) != .same
        case .less: yes = RowValue.compare(x, y) == .ascending
        case .lessOrEqual: yes = RowValue.compare(x, y) != .descending
        case .greater: yes = RowValue.compare(x, y) == .descending
        case .greaterOrEqual: yes = RowValue.compare(x, y) != .ascending
        @unknown default: return .unknown
        }
        return yes ? .yes : .no
    }
}

/// An operand of a comparison in `where=`: a field of the record, or a literal.
package enum RowOperand: Hashable, Sendable {
    /// `.name`, and the offset (in characters) where it is written.
    case field(FieldPath, offset: Int)
    /// A number, `"text"`, `true`, `false` or `null`.
    case literal(RowValue)

    var field: (path: FieldPath, offset: Int)? {
        if case .field(let path, let offset) = self { (path, offset) } else { nil }
    }

    func value(_ lookup: (FieldPath) -> RowValue) -> (RowValue, FieldPath?) {
        switch self {
        case .field(let path, _): (lookup(path), path)
        case .literal(let value): (value, nil)
        }
    }
}
