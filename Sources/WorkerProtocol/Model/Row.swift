/// One row: a cell type and attribute values.
package struct Row: Equatable, Sendable {
    package var cell: CellReference
    package var attributes: [AttributeSetting]

    package init(cell: CellReference, attributes: [AttributeSetting]) {
        self.cell = cell
        self.attributes = attributes
    }
}
