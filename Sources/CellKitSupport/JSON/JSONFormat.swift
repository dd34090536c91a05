/// How `JSONValue.serialized(_:)` lays out its output.
///
/// ```swift
/// let value: JSONValue = ["id": 7, "tags": ["a"], "none": [:]]
/// try value.serialized(.compact)
/// // {"id":7,"tags":["a"],"none":{}}
/// try value.serialized(.pretty)
/// // {
/// //   "id": 7,
/// //   "tags": [
/// //     "a"
/// //   ],
/// //   "none": {}
/// // }
/// ```
package enum JSONFormat: Hashable, Sendable {
    /// One line, no spaces.
    case compact
    /// One element or member a line, indented by two spaces a level, `"key": value`; empty
    /// arrays and objects stay `[]` and `{}`. No newline after the last bracket.
    case pretty
}
