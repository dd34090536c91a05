/// Where rows come from: one row with literal attributes, or one row per
/// record of a data file.
package enum RowSource: Equatable, Sendable {
    case row(Row)
    case bound(Binding)

    /// The cell type of its rows.
    package var cell: CellReference {
        switch self {
        case .row(let row): row.cell
        case .bound(let binding): binding.cell
        }
    }

    /// Whether its rows come from a data file or a data source.
    package var isBound: Bool {
        if case .bound = self { return true }
        return false
    }

    /// How many rows this source gives.
    package var count: Int {
        switch self {
        case .row: 1
        case .bound(let b): b.count
        }
    }
}
