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
        // Row after row, the same resets: those the host leaves to the cell, chosen once.
        if let due = resetsDue, due.type == key {
            for reset in due.resets { reset(self) }
            return
        }
        let table: AttributeTable
        if let cached = attributeTable, cached.type == key {
            table = cached
        } else {
            AttributeDescriptor.prime(Self.self)
            table = AttributeTable(AttributeDescriptor.declared(by: Self.self), type: key)
            attributeTable = table
        }
        // The host sets these right after, each to the row's value or its default.
        let hostSets = attributesTheHostSets ?? []
        let due = AttributeResets(
            type: key,
            resets: table.resets.compactMap { index, reset in
                index < hostSets.count && hostSets[index] ? nil : reset
            })
        resetsDue = due
        for reset in due.resets { reset(self) }
    }
}

/// The resets ``Inspectable/resetAttributesToDefaults()`` runs on one view
/// of `type`, while the view's ``View/attributesTheHostSets`` stays as it was.
final class AttributeResets {
    let type: ObjectIdentifier
    let resets: [@Sendable (View) -> Void]

    init(type: ObjectIdentifier, resets: [@Sendable (View) -> Void]) {
        self.type = type
        self.resets = resets
    }
}
