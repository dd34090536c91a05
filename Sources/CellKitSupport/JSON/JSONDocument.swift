/// A parsed JSON value with the source position of every value and key in it, so that a
/// check made after parsing ("record 3 has no 'name'") can point at the file.
///
/// ```swift
/// let document = try JSONParser().parseDocument("""
///   [
///     {"name": "Ada", "age": "36"}
///   ]
///   """)
/// document.position(of: [0])              // 2:3, where the record starts
/// document.position(of: [0, "age"])       // 2:24, where the value of "age" starts
/// document.keyPosition(of: [0, "age"])    // 2:19, where the key "age" starts
/// ```
package struct JSONDocument: Sendable {
    /// The parsed value.
    package let value: JSONValue
    private let root: JSONPositionNode

    init(value: JSONValue, root: JSONPositionNode) {
        self.value = value
        self.root = root
    }

    /// A document of a value parsed without positions (`JSONParser.parse`),
    /// for data known to be valid, whose positions are not needed: every
    /// position but the root's is `nil`.
    ///
    /// ```swift
    /// let document = JSONDocument(unpositioned: try JSONParser().parse("[1]"))
    /// document.position(of: [0])   // nil
    /// ```
    package init(unpositioned value: JSONValue) {
        self.init(value: value, root: JSONPositionNode(start: TextPosition(line: 1, column: 1, offset: 0)))
    }

    /// Where the value at `path` starts (its first character: a quote, bracket, digit...),
    /// or `nil` when the path leads nowhere.
    package func position(of path: JSONPath) -> TextPosition? {
        locate(path.components[...])?.node.start
    }

    /// Where the key of the member at `path` starts (its opening quote), or `nil` when the
    /// path is empty, does not end with a key, or leads nowhere.
    package func keyPosition(of path: JSONPath) -> TextPosition? {
        guard case .key(let key)? = path.components.last,
            let parent = locate(path.components.dropLast()),
            let index = parent.value.objectValue?.index(forKey: key), parent.node.keys.indices.contains(index)
        else { return nil }
        return parent.node.keys[index]
    }

    /// The value at the end of `components` and its positions.
    private func locate(_ components: ArraySlice<JSONPath.Component>)
        -> (value: JSONValue, node: JSONPositionNode)?
    {
        var value = self.value
        var node = root
        for component in components {
            let index: Int
            switch (component, value) {
            case (.index(let position), .array(let elements)) where elements.indices.contains(position):
                index = position
                value = elements[position]
            case (.key(let key), .object(let object)):
                guard let position = object.index(forKey: key) else { return nil }
                index = position
                value = object[position].value
            default:
                return nil
            }
            guard node.children.indices.contains(index) else { return nil }  // parsed without positions
            node = node.children[index]
        }
        return (value, node)
    }
}
