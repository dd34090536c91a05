/// One row: a cell type and attribute values.
struct Row: Equatable, Sendable {
    var cell: CellReference
    var attributes: [AttributeSetting]
}
