import WorkerProtocol

/// The order of `rows … sort=`: fields, each ascending or descending
/// (`sort=-.duration`), the first deciding, the next breaking its ties;
/// records equal on every key keep the file's order.
///
/// A key compares as numbers when every value it has (past `where=`) is a
/// number, else as text by code point. Nothing (null, a missing field, an
/// empty CSV field) comes first ascending and last descending, as in SQLite.
///
/// ```
/// sort=.name                 sort=-.duration
/// sort=[.team, -.duration]   sort="-.stats.p99"
/// ```
package struct RowOrder: Hashable, Sendable {
    package struct Key: Hashable, Sendable {
        package var field: FieldPath
        package var descending: Bool

        package init(field: FieldPath, descending: Bool) {
            self.field = field
            self.descending = descending
        }

        /// `-.a.b` for descending, `.a.b` for ascending.
        package var written: String { (descending ? "-" : "") + field.description }
    }

    package var keys: [Key]

    package init(keys: [Key]) {
        self.keys = keys
    }

    /// One key as text: `.field` or `-.field`.
    package static func parseKey(_ text: String) throws(RowFilter.ParseError) -> Key {
        let c = Array(text)
        var i = 0
        let descending = c.first == "-"
        if descending { i = 1 }
        guard i < c.count, c[i] == "." else {
            throw RowFilter.ParseError(
                message: "expected a field to sort by, found '\(text)'", offset: 0, length: max(1, c.count),
                fix: "write .name to sort by a field, -.name for largest first; several: [.team, -.age]")
        }
        let field = try Tokens.field(c, &i)
        guard i == c.count else {
            throw RowFilter.ParseError(
                message: "unexpected '\(c[i])' after the field \(field)", offset: i, length: 1,
                fix: "write .name to sort by a field, -.name for largest first; several: [.team, -.age]")
        }
        return Key(field: field, descending: descending)
    }

    /// How records with `a` and `b` as their keys' values compare, each key
    /// as numbers where `numeric` says so.
    package func compare(_ a: [RowValue], _ b: [RowValue], numeric: [Bool]) -> RowValue.Ordering {
        for (k, key) in keys.enumerated() {
            var order = Self.compare(a[k], b[k], numeric: numeric[k])
            if key.descending {
                order = order == .ascending ? .descending : order == .descending ? .ascending : .same
            }
            if order != .same { return order }
        }
        return .same
    }

    private static func compare(_ x: RowValue, _ y: RowValue, numeric: Bool) -> RowValue.Ordering {
        switch (x, y) {
        case (.null, .null): return .same
        case (.null, _): return .ascending
        case (_, .null): return .descending
        case (.value(let s, let m), .value(let t, let n)):
            if numeric, let m, let n { return m < n ? .ascending : m > n ? .descending : .same }
            return RowValue.compareText(s, t)
        default: return .same
        }
    }
}
