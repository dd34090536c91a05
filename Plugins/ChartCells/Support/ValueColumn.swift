/// The right-hand column charts print values in.
enum ValueColumn {
    /// In rows this wide or wider, the column is at least ``minimum`` wide.
    static let roomyRow = 30
    /// The column's width in roomy rows, so the lines and bars of neighbouring rows end together.
    static let minimum = 6

    /// The column's width for values `natural` columns wide in a row `width` wide.
    static func width(natural: Int, row width: Int) -> Int {
        guard natural > 0 else { return 0 }
        return min(width, width >= roomyRow ? max(natural, minimum) : natural)
    }
}
