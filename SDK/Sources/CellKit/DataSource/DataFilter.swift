/// Which records a `rows … where=EXPR` asks a ``DataSource`` for, as a
/// tree of comparisons: given to a source that declares the option
/// `where` (``DataRequest/filter``), which turns it into its own query
/// (SQLite: a `WHERE` clause whose values are bound as parameters).
///
/// ```swift
/// // rows JobCell from "ci.db" table=jobs name=.name where='.status == "failed" and .duration > 30'
/// let failedAndLong: DataFilter = .and(
///     .compare(.field("status"), .equal, .value(.text("failed"))),
///     .compare(.field("duration"), .greater, .value(.integer(30))))
/// assert(request.filter == failedAndLong)
/// assert(failedAndLong.fields == ["status", "duration"])
/// ```
///
/// A comparison with `null` is unknown, as in SQL, except ``DataComparison/equal``
/// and ``DataComparison/notEqual`` with the value `null` itself, which ask
/// whether a field has a value (`IS NULL`, `IS NOT NULL`); a record passes
/// when its filter is true.
public indirect enum DataFilter: Hashable, Sendable {
    /// `A op B`.
    case compare(DataOperand, DataComparison, DataOperand)
    /// Both are true.
    case and(DataFilter, DataFilter)
    /// Either is true.
    case or(DataFilter, DataFilter)
    /// It is false.
    case not(DataFilter)

    /// The fields it reads, in the order they are written.
    public var fields: [String] {
        switch self {
        case .compare(let a, _, let b):
            [a, b].compactMap {
                if case .field(let name) = $0 { name } else { nil }
            }
        case .and(let a, let b), .or(let a, let b): a.fields + b.fields
        case .not(let a): a.fields
        }
    }
}

/// One side of a comparison in a ``DataFilter``: a field of the record, by
/// name, or a value (`null`, `.text`, `.integer`, `.real`).
public enum DataOperand: Hashable, Sendable {
    /// The record's field of this name (a column, a top-level key).
    case field(String)
    /// A literal written in the expression: `null`, text, a whole number or a real.
    case value(DataValue)
}

/// How a ``DataFilter`` compares: numbers as numbers, text as text by code
/// point (SQLite's BINARY collation); ``contains`` is true when the text of
/// the left side holds the text of the right.
public enum DataComparison: String, Hashable, Sendable, CaseIterable {
    /// `==`: the same number, or the same text; with `null`, the field has no value.
    case equal = "=="
    /// `!=`: not ``equal``; with `null`, the field has a value.
    case notEqual = "!="
    /// `<`: smaller, or before by code point.
    case less = "<"
    /// `<=`: ``less`` or ``equal``.
    case lessOrEqual = "<="
    /// `>`: larger, or after by code point.
    case greater = ">"
    /// `>=`: ``greater`` or ``equal``.
    case greaterOrEqual = ">="
    /// `contains`: the left side's text holds the right side's.
    case contains
}

/// One key of the order a `rows … sort=` asks a ``DataSource`` for
/// (``DataRequest/order``): a field, by name, ascending unless
/// `descending`. Records equal on every key keep the source's own order.
public struct DataSortKey: Hashable, Sendable {
    /// The field's name.
    public var field: String
    /// Largest first (`sort=-.field`).
    public var descending: Bool

    /// A key of `field`, ascending unless `descending`.
    public init(_ field: String, descending: Bool = false) {
        self.field = field
        self.descending = descending
    }
}
