/// Why a `JSONValue` cannot be written as JSON: it holds a NaN or an infinity, which JSON
/// numbers cannot express.
///
/// ```swift
/// let value: JSONValue = ["rows": [["t": .double(.nan)]]]
/// try value.serialized()
/// // throws $.rows[0].t: NaN cannot be written as JSON; write null or a string instead
/// ```
package struct JSONSerializationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the value the problem is.
    package let path: JSONPath
    /// What is wrong.
    package let message: String
    /// What would fix it.
    package let fix: String

    init(path: JSONPath, message: String, fix: String) {
        self.path = path
        self.message = message
        self.fix = fix
    }

    /// `path: message; fix`.
    package var description: String { "\(path): \(message); \(fix)" }

    /// The same error, one level further from the root: `component` comes first in `path`.
    func prefixed(with component: JSONPath.Component) -> JSONSerializationError {
        JSONSerializationError(
            path: JSONPath([component] + path.components), message: message, fix: fix)
    }
}
