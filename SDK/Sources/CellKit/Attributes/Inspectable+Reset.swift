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
    public func resetAttributesToDefaults() {
        for attribute in AttributeDescriptor.declared(by: Self.self) {
            guard let value = attribute.defaultValue else { continue }
            try? attribute.apply(value, to: self)
        }
    }
}
