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
    /// In `cellkit`, the attributes a row's script or data sets are left to
    /// the host: it sets each of them right after, to the row's value or to
    /// its default, so the cell ends the same as if they had been reset first.
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
        guard let hostSets = attributesTheHostSets else {
            for (_, reset) in table.resets { reset(self) }
            return
        }
        // The host sets these right after, each to the row's value or its default.
        for (index, reset) in table.resets where index >= hostSets.count || !hostSets[index] { reset(self) }
    }
}
