/// A way into a JSON value: array indices and object keys from the root.
///
/// Paths name a place in data-file errors and in serialization errors, and look up
/// values (`value[path]`) and source positions (`JSONDocument.position(of:)`).
///
/// ```swift
/// let path: JSONPath = [3, "name"]
/// print(path)   // $[3].name
/// ```
package struct JSONPath: Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// One step: an array index or an object key.
    package enum Component: Hashable, Sendable, ExpressibleByIntegerLiteral,
        ExpressibleByStringLiteral
    {
        /// Element `index` of an array, from 0.
        case index(Int)
        /// The member `key` of an object.
        case key(String)

        /// `.index(value)`.
        package init(integerLiteral value: Int) {
            self = .index(value)
        }

        /// `.key(value)`.
        package init(stringLiteral value: String) {
            self = .key(value)
        }
    }

    /// The steps from the root; empty for the root itself.
    package var components: [Component]

    /// A path through `components`.
    package init(_ components: [Component] = []) {
        self.components = components
    }

    /// A path through `elements`.
    package init(arrayLiteral elements: Component...) {
        self.components = elements
    }

    /// This path, one step further.
    package func appending(_ component: Component) -> JSONPath {
        JSONPath(components + [component])
    }

    /// JSONPath notation: `$` for the root, `[3]` for an index, `.name` for a key that is an
    /// identifier and `["two words"]` for any other key.
    package var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where isIdentifier(key):
                text += "." + key
            case .key(let key):
                var quoted: [UInt8] = []
                JSONWriter.appendQuoted(key, to: &quoted)
                text += "[" + String(decoding: quoted, as: UTF8.self) + "]"
            }
        }
        return text
    }

}
