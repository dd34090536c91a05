// MARK: - Serialization

extension JSONValue {
    /// This value as JSON text, compact or pretty; object members in their order.
    ///
    /// Integers are written without a fraction (`.int(3)` → `3`); doubles in Swift's
    /// shortest form that reads back to the same `Double` (`.double(3)` → `3.0`,
    /// `.double(0.1)` → `0.1`); a `.number` as it was written. Strings escape `"`, `\` and control characters, and keep
    /// `/` and non-ASCII text as it is.
    ///
    /// ```swift
    /// let value: JSONValue = ["name": "Ada\n", "ratio": 0.5]
    /// try value.serialized()   // {"name":"Ada\n","ratio":0.5}
    /// ```
    ///
    /// - Throws: `JSONSerializationError` naming the path of a NaN or infinite number.
    package func serialized(_ format: JSONFormat = .compact) throws(JSONSerializationError)
        -> String
    {
        String(decoding: try serializedBytes(format), as: UTF8.self)
    }

    /// This value as UTF-8 JSON text, ready for a file; see `serialized(_:)`.
    package func serializedBytes(_ format: JSONFormat = .compact) throws(JSONSerializationError)
        -> [UInt8]
    {
        var writer = JSONWriter(format: format)
        try writer.write(self)
        return writer.output
    }
}

extension JSONValue: CustomStringConvertible {
    /// Compact JSON, for debugging; NaN and infinities appear as Swift prints them, which
    /// `serialized(_:)` would refuse.
    package var description: String {
        var writer = JSONWriter(format: .compact, writesNonFiniteAsText: true)
        try? writer.write(self)
        return String(decoding: writer.output, as: UTF8.self)
    }
}
