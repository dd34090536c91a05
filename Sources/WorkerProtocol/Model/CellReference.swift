/// A cell type by name: as written (so `save` writes it back the same way)
/// and as resolved in the registry.
package struct CellReference: Equatable, Sendable {
    package var written: String
    package var qualified: String

    package init(written: String, qualified: String) {
        self.written = written
        self.qualified = qualified
    }
}
