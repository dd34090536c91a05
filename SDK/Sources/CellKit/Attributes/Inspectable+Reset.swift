extension Inspectable where Self: View {
    /// Sets every declared attribute back to the value a new view has. Call it
    /// from `prepareForReuse()` so a reused cell shows nothing the previous
    /// row set (a script sets only the attributes it names).
    ///
    /// ```swift
    /// override func prepareForReuse() {
    ///     super.prepareForReuse()
    ///     resetAttributesToDefaults()
    /// }
    /// ```
    ///
    /// - Complexity: O(*attributes*), each a typed property write: the table
    ///   of defaults is looked up once per view and kept with it.
    public func resetAttributesToDefaults() {
        let key = ObjectIdentifier(Self.self)
        let table: AttributeTable
        if let cached = attributeTable, cached.type == key {
            table = cached
        } else {
            AttributeDescriptor.prime(Self.self)
            table = AttributeTable(AttributeDescriptor.declared(by: Self.self), type: key)
            attributeTable = table
        }
        for reset in table.resets { reset(self) }
    }
}
