/// A cell type by name: as written (so `save` writes it back the same way)
/// and as resolved in the registry.
struct CellReference: Equatable, Sendable {
    var written: String
    var qualified: String
}
