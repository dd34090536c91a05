/// A reference to a field of a data record, written after `=` with a leading
/// dot: `.name`, `.address.city`, `.tags[0]`, `."First Name"`, or `.` for the
/// record itself.
///
/// `rows` and `items` bind each record of a data file (a JSON array, or a CSV
/// file with a header row) to one row; `attr=.field` sets an attribute from
/// the field. A key that is not a plain name (it has blanks, starts with a
/// digit, ...) is written in double quotes after the dot.
///
/// ```swift
/// let path = FieldPath([.key("tags"), .index(0)])
/// print(path)                               // .tags[0]
/// print(FieldPath([.key("First Name")]))    // ."First Name"
/// ```
package struct FieldPath: Hashable, Sendable, CustomStringConvertible {
    /// One step into a record.
    package enum Component: Hashable, Sendable {
        /// An object member (a JSON key or a CSV column).
        case key(String)
        /// An array element, from 0.
        case index(Int)
    }

    /// The steps, outermost first; empty for the record itself.
    package var components: [Component]

    /// Creates a path.
    package init(_ components: [Component]) {
        self.components = components
    }

    /// The key of a path of one key (`.name`, `."First Name"`: a CSV column
    /// or a record's own member); `nil` for `.a.b`, `.a[0]` or `.`.
    package var topLevelKey: String? {
        guard components.count == 1, case .key(let key) = components[0] else { return nil }
        return key
    }

    /// The path as written in a script: `.a.b[0]`, `."First Name"`, `.`.
    package var description: String {
        guard !components.isEmpty else { return "." }
        var out = ""
        for (position, component) in components.enumerated() {
            switch component {
            case .key(let key):
                out += Lexer.isName(key) ? ".\(key)" : ".\"\(Script.escaped(key))\""
            case .index(let index):
                out += position == 0 ? ".[\(index)]" : "[\(index)]"
            }
        }
        return out
    }
}
